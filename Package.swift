// swift-tools-version:6.0
import PackageDescription

// No `.package` dependencies by design: the toolchain plus the system SQLite.
let package = Package(
    name: "rkmap",
    products: [
        .executable(name: "rkmap", targets: ["rkmap"]),
        .library(name: "RKMap", targets: ["RKMap"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "RKMap", dependencies: ["CSQLite"], linkerSettings: [.linkedLibrary("m")]),
        .executableTarget(name: "rkmap", dependencies: ["RKMap"]),
        .testTarget(name: "RKMapTests", dependencies: ["RKMap"]),
        .testTarget(name: "RKMapCLITests", dependencies: ["RKMap"]),
    ]
)

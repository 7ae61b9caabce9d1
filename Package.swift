// swift-tools-version:6.0
import PackageDescription

// No `.package` dependencies by design: the toolchain plus the system SQLite.
//
// Three layers (see README, "Architecture"):
// - `RKMap`, the mapping library an app can embed: spec, graph, engine, records,
//   outputs, check. It never prints, exits or reads the environment or terminal.
// - `RKMapCLI`, the command-line application: commands, arguments, help, terminal,
//   exit codes, environment. Not a product; it reaches the library's `package`
//   declarations.
// - `rkmap`, the executable: one call into RKMapCLI.
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
        .target(name: "RKMapCLI", dependencies: ["RKMap"]),
        .executableTarget(name: "rkmap", dependencies: ["RKMapCLI"]),
        .testTarget(name: "RKMapTests", dependencies: ["RKMap"]),
        // Runs the built binary, so it depends on the executable; also unit-tests
        // argument parsing and help in RKMapCLI.
        .testTarget(name: "RKMapCLITests", dependencies: ["rkmap", "RKMapCLI", "RKMap"]),
    ]
)

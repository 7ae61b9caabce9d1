// The one file that names the platform's C library (issue 8: the `#if
// canImport(Glibc)` preamble was repeated in twelve files).
//
// It is re-exported: the library's System files use POSIX calls (open, read,
// rename, poll, ...) without repeating the preamble, and so do the command-line
// target and the tests, which import RKMap. Foundation re-exports the same module
// on every platform, so a program embedding RKMap sees nothing it would not see
// with Foundation.
#if canImport(Glibc)
@_exported import Glibc
private let cRead = Glibc.read
private let cWrite = Glibc.write
#elseif canImport(Musl)
@_exported import Musl
private let cRead = Musl.read
private let cWrite = Musl.write
#elseif canImport(Darwin)
@_exported import Darwin
private let cRead = Darwin.read
private let cWrite = Darwin.write
#else
#error("rkmap needs a POSIX C library (Glibc, Musl or Darwin)")
#endif

/// `read(2)` under a name that methods called `read` do not shadow.
@inline(__always)
package func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    cRead(fd, buffer, count)
}

/// `write(2)` under a name that methods called `write` do not shadow.
@inline(__always)
package func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    cWrite(fd, buffer, count)
}

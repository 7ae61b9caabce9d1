#if canImport(Glibc)
import Glibc
#endif

/// Gives the pages of freed heap blocks back to the system (glibc's
/// `malloc_trim`, looked up at run time; nothing elsewhere).
///
/// glibc keeps the pages of small freed blocks in its heap, where they
/// count in the resident size until blocks of those sizes are asked for
/// again: a form line's runs of objects' text, let go as they are spliced
/// into the line's JSON, stayed resident beside that JSON (about 3× the
/// line in all where 2× is live). Called now and then while such blocks
/// are let go in bulk, the peak is what is live.
enum FreedMemory {
    #if canImport(Glibc)
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()
    #endif

    static func giveBack() {
        #if canImport(Glibc)
        _ = trim?(0)
        #endif
    }
}

extension InputFile {
    /// Reads the documents of `path` (`-` is stdin) through a bounded window,
    /// calling `map` for each run of complete documents (see `DocumentWindowReader`).
    package static func readDocuments(
        _ path: String, window: Int = DocumentWindowReader.defaultWindow,
        map: (_ window: UnsafeRawBufferPointer, _ origin: TextOrigin, _ firstIndex: Int) throws -> (documents: Int, stop: Bool)
    ) throws {
        let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(path: path, errno: errno) }
        defer { if fd != 0 { close(fd) } }
        var reader = DocumentWindowReader(fd: fd, window: window)
        do {
            try reader.read(map)
        } catch let failure as DocumentWindowReader.ReadError {
            throw Failure(path: path, errno: failure.errno)
        }
    }
}

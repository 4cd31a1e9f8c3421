#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be read or written, in the C library's words ("Permission denied").
struct FileError: Error, CustomStringConvertible {
    var description: String
    static func errno() -> FileError { FileError(description: String(cString: strerror(Glibc.errno))) }
}

/// Whole-file reads and writes, no Foundation needed.
enum FileIO {
    /// The file's text; refused when unreadable, larger than `limit` or not UTF-8.
    static func readText(_ path: String, limit: Int = 16 << 20) -> Result<String, FileError> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(.errno()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.errno())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { return .failure(FileError(description: "larger than \(limit >> 20) MiB")) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(FileError(description: "not valid UTF-8"))
        }
        return .success(text)
    }

    static func writeText(_ text: String, to path: String) -> Result<Void, FileError> {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return .failure(.errno()) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.errno())
            }
            offset += n
        }
        return .success(())
    }
}

import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be read or written, in the C library's words ("Permission denied").
struct FileError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
    init(_ errno: Errno) { description = errno.description }
}

/// Whole-file reads and writes for the shell's own files (scripts in, reports out).
enum FileIO {
    /// The file's text; refused when unreadable, larger than `limit` or not UTF-8.
    static func readText(_ path: String, limit: Int = 16 << 20) -> Result<String, FileError> {
        do {
            let fd = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
            return try fd.closeAfter {
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0, retryOnInterrupt: true) }
                    if n == 0 { break }
                    bytes.append(contentsOf: chunk[0..<n])
                    if bytes.count > limit { return .failure(FileError("larger than \(limit >> 20) MiB")) }
                }
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    // Where, so the line can be found and fixed (an editor's Latin-1 "é").
                    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    let line = (lines.firstIndex { String(validating: $0, as: UTF8.self) == nil } ?? 0) + 1
                    return .failure(FileError("not valid UTF-8 (line \(line))"))
                }
                return .success(text)
            }
        } catch let errno as Errno {
            return .failure(FileError(errno))
        } catch {
            return .failure(FileError("\(error)"))
        }
    }

    /// The device and inode of an existing file, to tell whether two paths name one file.
    static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}

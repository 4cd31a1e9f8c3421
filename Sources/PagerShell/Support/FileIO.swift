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
                    return .failure(FileError("not valid UTF-8"))
                }
                return .success(text)
            }
        } catch let errno as Errno {
            return .failure(FileError(errno))
        } catch {
            return .failure(FileError("\(error)"))
        }
    }

    /// Writes `text` to `path` all at once or not at all: into a new temporary file beside it,
    /// synced, then renamed over the name. A reader never sees half a report, a full disk leaves
    /// the old file as it was, and a symbolic link at `path` is replaced rather than written
    /// through.
    static func writeAtomically(_ text: String, to path: String) -> Result<Void, FileError> {
        let target = FilePath(path)
        let directory = target.removingLastComponent()
        guard let name = target.lastComponent?.string, !name.isEmpty, name != ".", name != ".." else {
            return .failure(FileError("not a file name"))
        }
        var template = Array(((directory.isEmpty ? "" : directory.string + "/") + ".\(name).pagervoice-XXXXXX").utf8CString)
        let raw = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard raw >= 0 else { return .failure(FileError(Errno(rawValue: errno))) }
        _ = fcntl(raw, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fd = FileDescriptor(rawValue: raw)
        do {
            try fd.closeAfter {
                // mkostemp creates mode 0600; a report is as readable as any file the user makes.
                let mask = umask(0)
                umask(mask)
                _ = fchmod(raw, 0o644 & ~mask)
                _ = try Array(text.utf8).withUnsafeBytes { try fd.writeAll($0) }
                guard fsync(raw) == 0 else { throw Errno(rawValue: errno) }
            }
            guard rename(temporary, path) == 0 else { throw Errno(rawValue: errno) }
            return .success(())
        } catch {
            unlink(temporary)
            return .failure((error as? Errno).map(FileError.init) ?? FileError("\(error)"))
        }
    }

    /// The device and inode of an existing file, to tell whether two paths name one file.
    static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }
}

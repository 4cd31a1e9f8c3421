import Glibc

/// Whole-file reads with plain POSIX calls.
///
/// Foundation's file readers in this toolchain (`String(contentsOfFile:)`, `Data(contentsOf:)`,
/// `FileManager.contents(atPath:)`) leak a 4 KiB buffer every time they read a file whose size is
/// reported as 0: an empty file, or anything in /proc. Fixtures poll output files that start
/// empty, so they read through this instead (LeakSanitizer found it: `make sanitize`).
public enum FileContents {
    /// The file's bytes, or nil if it cannot be opened or read.
    public static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// The file as text (invalid UTF-8 repaired), or nil if it cannot be read.
    public static func text(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }
}

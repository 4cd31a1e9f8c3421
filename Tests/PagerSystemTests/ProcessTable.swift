#if canImport(Glibc)
    import Glibc
#endif

/// What /proc says about one process, read independently of the code under test.
enum ProcessTable {
    /// Whether `pid` is a process that has not exited (a zombie has).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = read("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? String(decoding: bytes[..<count], as: UTF8.self) : nil
    }

    /// Whether anything exists at `path` (a link is not followed).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

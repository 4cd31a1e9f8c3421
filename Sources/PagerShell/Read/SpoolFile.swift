import PagerSystem
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An unnamed temporary file for what cannot be read twice (standard input, a pipe): created
/// with `mkstemp` in `$TMPDIR` (else /tmp) and unlinked at once, so it disappears with its
/// descriptor, also if the process is killed. The raw C calls of the read feature live here.
enum SpoolFile {
    static func create() throws(Errno) -> FileDescriptor {
        let folder = Environment.nonEmptyValue("TMPDIR") ?? "/tmp"
        // mkstemp replaces the template's last six characters, which must be X, with a unique name.
        var template = Array("\(folder)/pagervoice-read-\(String(repeating: "X", count: 6))".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return FileDescriptor(rawValue: fd)
    }
}

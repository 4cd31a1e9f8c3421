#if canImport(Glibc)
    import Glibc
#endif

/// Buffered writing to a file descriptor that notices when the reader went away (EPIPE), so the
/// program can stop quietly instead of dying of SIGPIPE or printing an error nobody reads.
public final class OutputStream: @unchecked Sendable {
    public let fd: Int32
    private var buffer: [UInt8] = []
    public private(set) var isClosed = false

    public init(fd: Int32) { self.fd = fd }

    public static let standardOutput = OutputStream(fd: STDOUT_FILENO)
    public static let standardError = OutputStream(fd: STDERR_FILENO)

    public func writeLine(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(10)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    /// Writes out what is buffered; returns false once the reader has gone.
    @discardableResult
    public func flush() -> Bool {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard !isClosed else { return false }
        var offset = 0
        while offset < buffer.count {
            let n = buffer.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                isClosed = true  // EPIPE or a closed descriptor: nobody is reading any more
                return false
            }
            offset += n
        }
        return true
    }
}

import PagerSystem
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Our end of the DevTools pipe, and the raw calls on it.
///
/// Chromium's `--remote-debugging-pipe` reads commands from its descriptor 3 and writes replies
/// to its descriptor 4; any stream works there. A Unix socket pair is used instead of two pipes
/// for one reason: writing to a browser that has died then fails with EPIPE (`MSG_NOSIGNAL`)
/// instead of killing this whole process with SIGPIPE. Both of the browser's numbers are given
/// the one socket of its end. Ours is non-blocking, so a write to a browser that stopped reading
/// waits in poll with a deadline instead of forever.
struct DevToolsSocket: Sendable {
    let descriptor: FileDescriptor

    /// A connected pair: ours (non-blocking) and the browser's; both close-on-exec.
    static func pair() throws(Errno) -> (ours: DevToolsSocket, browsers: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        _ = try Interrupted.check { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (DevToolsSocket(descriptor: FileDescriptor(rawValue: ends[0])), FileDescriptor(rawValue: ends[1]))
    }

    /// Writes all of `bytes`, waiting for room at most until `deadline`. Throws `.timedOut` when
    /// the browser did not take them in time, or the error that broke the connection.
    func writeAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) throws(Errno) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                Interrupted.retry { send(descriptor.rawValue, raw.baseAddress! + written, raw.count - written, Int32(MSG_NOSIGNAL)) }
            }
            if count >= 0 {
                written += count
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw Errno(rawValue: errno) }
            var descriptors = [pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)]
            guard Interrupted.poll(&descriptors, until: deadline) > 0 else { throw .timedOut }
        }
    }

    /// Waits until there is something to read (or the connection ended), then reads it into
    /// `buffer`: the count, 0 at the end of the connection.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            var descriptors = [pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)]
            guard Interrupted.poll(&descriptors, until: nil) >= 0 else { throw Errno(rawValue: errno) }
            let count = Interrupted.retry { recv(descriptor.rawValue, buffer.baseAddress, buffer.count, 0) }
            if count >= 0 { return count }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw Errno(rawValue: errno) }
        }
    }

    /// Ends the connection both ways without closing the descriptor: a read in progress on
    /// another thread returns 0, and the browser sees its pipe close.
    func shutDown() {
        _ = shutdown(descriptor.rawValue, Int32(SHUT_RDWR))
    }

    func close() {
        try? descriptor.close()
    }
}

import Foundation
import Glibc

/// A server that accepts connections and never says a word: what a hung or hostile PulseAudio
/// looks like to a client. It counts the connections it accepted, so a test can also prove that
/// a program never contacted it at all.
public final class SilentServer: @unchecked Sendable {
    public enum Kind: Sendable, CustomStringConvertible {
        case tcp
        case unix

        public var description: String { self == .tcp ? "tcp" : "unix" }
    }

    /// The value for `PULSE_SERVER`: `tcp:127.0.0.1:PORT` or `unix:/…/silent.sock`.
    public let address: String
    private let listener: Int32
    private let directory: String?
    private let lock = NSLock()
    private var accepted: [Int32] = []
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    public init(_ kind: Kind) throws {
        (listener, address, directory) = try Self.listen(kind)
        let thread = Thread { [self] in acceptForever() }
        thread.start()
    }

    private static func listen(_ kind: Kind) throws -> (Int32, String, String?) {
        switch kind {
        case .tcp:
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            try check(
                withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }, "bind")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            try check(
                withUnsafeMutablePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
                }, "getsockname")
            try check(Glibc.listen(fd, 64), "listen")
            return (fd, "tcp:127.0.0.1:\(UInt16(bigEndian: address.sin_port))", nil)
        case .unix:
            let folder = try TemporaryDirectory.create(prefix: "pv-silent")
            let path = folder + "/silent.sock"
            let fd = try listeningUnixSocket(path: path, backlog: 64)
            return (fd, "unix:" + path, folder)
        }
    }

    deinit {
        stop()
    }

    /// How many connections were accepted so far.
    public var connectionCount: Int { lock.withLock { accepted.count } }

    public func stop() {
        let wasStopped = lock.withLock { () -> Bool in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        // Wakes the blocked accept, which then fails and ends the thread.
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        lock.withLock {
            accepted.forEach { close($0) }
            accepted.removeAll()
        }
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    private func acceptForever() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                break
            }
            let keep = lock.withLock { () -> Bool in
                if stopped { return false }
                accepted.append(connection)
                return true
            }
            if !keep {
                close(connection)
                break
            }
            // Not inherited by the programs the test starts (accept4 is not in Swift's Glibc).
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        }
        finished.signal()
    }

    private static func check(_ result: Int32, _ call: String) throws {
        if result != 0 { throw SystemCallError(call: call, code: errno) }
    }
}

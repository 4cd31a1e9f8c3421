import Foundation
import Glibc
import PagerTestSupport

/// A speech-dispatcher that greets every connection and answers every setting, but never
/// answers SPEAK: what a daemon with a worker stuck inside it looks like from outside. It is in
/// addition to the real daemon of the other tests, for the one case a real daemon cannot be
/// made to show on demand (alive to a new connection, dead to ours).
final class StuckSpeechDispatcher: @unchecked Sendable {
    /// The socket's path, for `SpeechDispatcherAddress.unixSocket`.
    let path: String
    private let folder: TemporaryDirectory
    private let listener: Int32
    private let lock = NSLock()
    /// Connections open now: a reader takes its own out (under the lock) before closing it, so
    /// `stop` never shuts down a descriptor number the process has since reused.
    private var connections: Set<Int32> = []
    private var accepted = 0
    private var stopped = false
    private let acceptorEnded = DispatchSemaphore(value: 0)

    init() throws {
        folder = try TemporaryDirectory(prefix: "pv-stuck-ssip")
        path = folder.path + "/speechd.sock"
        listener = try listeningUnixSocket(path: path)
        Thread { [self] in acceptForever() }.start()
    }

    deinit { stop() }

    /// How many connections it accepted: the client's own, and each greeting.
    var connectionCount: Int { lock.withLock { accepted } }

    func stop() {
        let wasStopped = lock.withLock { () -> Bool in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptorEnded.wait()
        close(listener)
        lock.withLock {
            // Shutting each connection down ends its reader; the reader closes it.
            connections.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptForever() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                break
            }
            let keep = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                connections.insert(connection)
                accepted += 1
                return true
            }
            guard keep else {
                close(connection)
                break
            }
            Thread { [self] in serve(connection) }.start()
        }
        acceptorEnded.signal()
    }

    /// Answers each command line as speech-dispatcher would, except SPEAK.
    private func serve(_ connection: Int32) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        reading: while true {
            let count = read(connection, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[0..<count]
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                pending.removeSubrange(...newline)
                let command = line.uppercased()
                let reply: String
                if command.hasPrefix("SPEAK") {
                    continue  // Stuck: no reply, ever.
                } else if command.hasPrefix("QUIT") {
                    break reading
                } else if command.hasPrefix("SET SELF CLIENT_NAME") {
                    reply = "208 OK CLIENT NAME SET\r\n"
                } else if command.hasPrefix("HISTORY GET CLIENT_ID") {
                    reply = "245-1\r\n245 OK CLIENT ID SENT\r\n"
                } else {
                    reply = "200 OK\r\n"
                }
                let bytes = Array(reply.utf8)
                guard write(connection, bytes, bytes.count) == bytes.count else { break reading }
            }
        }
        lock.withLock {
            connections.remove(connection)
            close(connection)
        }
    }
}

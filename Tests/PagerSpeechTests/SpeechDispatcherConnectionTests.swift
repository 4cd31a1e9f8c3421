import CSpeechd
import Dispatch
import Glibc
import PagerSystem
import PagerTestSupport
import SystemPackage
import Testing

@testable import PagerSpeech

/// One libspeechd connection as `SpeechDispatcherRaw` holds it, against a real daemon: the
/// descriptors it owns, and which it may still act on once the daemon has hung up.
@Suite struct SpeechDispatcherConnectionTests {
    /// When the daemon hangs up, libspeechd's reader closes its descriptor but leaves the number
    /// in the connection, and the process's next descriptor gets that number. Closing our
    /// connection afterwards must not shut that descriptor down: it did, and one test's daemon
    /// stopping cut off another test's speech mid-sentence ("speech-dispatcher closed the
    /// connection").
    @Test func closingAfterTheDaemonHungUpLeavesTheNumberItsDescriptorHadAlone() throws {
        let server = try SpeechDispatcherServer()
        defer { server.stop() }
        var tried = 0
        var exercised = false
        // Other tests open descriptors all the time; if one takes the freed number before we
        // do, nothing was checked, so try again (the daemon hangs up on each connection alone).
        while !exercised && tried < 20 {
            tried += 1
            let handle = try #require(
                try? SpeechDispatcherRaw.open(clientName: "pagervoice-test", address: .unixSocket(path: server.socketPath)).get())
            let number = handle.pointer.pointee.socket
            // Close-on-exec, both libspeechd's descriptor (made without) and ours: a child the
            // program starts must not keep the daemon's connection to us open.
            #expect(fcntl(number, F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(SpeechDispatcherRaw.socketDescriptor(handle), F_GETFD) & FD_CLOEXEC != 0)
            // QUIT: the daemon answers, then closes the connection, as when it stops.
            _ = SpeechDispatcherRaw.execute(handle, "QUIT")
            // The reader reads end-of-file and closes its descriptor, `number`.
            #expect(waitUntil(.seconds(10)) { handle.pointer.pointee.stream == nil })
            guard let taken = DescriptorNumberTaker.take(number) else {
                SpeechDispatcherRaw.close(handle)
                continue
            }
            exercised = true
            defer { taken.close() }
            SpeechDispatcherRaw.close(handle)
            #expect(!taken.hungUp, "closing the connection shut down descriptor \(number), which it no longer owned")
            #expect(taken.carriesBytes)
        }
        #expect(exercised, "another test took the freed descriptor number first \(tried) times")
    }

    /// libspeechd 0.11 formats some commands (notifications, the rate, a message's priority) in
    /// static buffers that every connection of the process shares. Two connections set up at the
    /// same moment (two clients, or a test starting while another stops) must still each send
    /// their own commands: one connection's rate must never land on the other, and no command may
    /// be garbled into one the daemon refuses ("it refused SET SELF NOTIFICATION").
    @Test func twoConnectionsSettingAtOnceEachSendTheirOwnCommands() throws {
        let server = try SpeechDispatcherServer()
        defer { server.stop() }
        let address = SpeechDispatcherAddress.unixSocket(path: server.socketPath)
        let first = try #require(try? SpeechDispatcherRaw.open(clientName: "pagervoice-test", address: address).get())
        defer { SpeechDispatcherRaw.close(first) }
        let second = try #require(try? SpeechDispatcherRaw.open(clientName: "pagervoice-test", address: address).get())
        defer { SpeechDispatcherRaw.close(second) }
        let handles = [first, second]
        // Rates no other command contains, so a mixed-up one shows.
        let rates = [-37, 61]
        let problems = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let handle = handles[index]
            for round in 0..<10_000 {
                guard SpeechDispatcherRaw.setRate(handle, rates[index]) else {
                    problems.withLock { $0.append("connection \(index), round \(round): SET SELF RATE refused") }
                    return
                }
                let rate = currentRate(handle)
                if rate != rates[index] {
                    problems.withLock { $0.append("connection \(index), round \(round): rate \(rate.map(String.init) ?? "unknown")") }
                    return
                }
            }
        }
        #expect(problems.withLock { $0 }.isEmpty)
    }
}

/// The connection's rate as the daemon has it (`GET RATE`: `251-61`, then `251 OK GET RETURNED`).
private func currentRate(_ handle: SpeechDispatcherRaw.Handle) -> Int? {
    guard case .accepted(let reply) = SpeechDispatcherRaw.execute(handle, "GET RATE") else { return nil }
    let first = reply.split(separator: "\r\n").first ?? ""
    guard first.hasPrefix("251-") else { return nil }
    return Int(first.dropFirst(4))
}

/// A connected pair of sockets of ours, one end of which has a chosen descriptor number: the
/// stand-in for whatever else in the process (another client's connection) reuses a number.
private struct DescriptorNumberTaker {
    let end: FileDescriptor
    let peer: FileDescriptor

    /// Opens socket pairs until one end gets `number` (the lowest free number is always the one
    /// given, so holes below it fill first); nil if something else already has it.
    static func take(_ number: Int32) -> DescriptorNumberTaker? {
        var spare: [Int32] = []
        defer { spare.forEach { _ = Glibc.close($0) } }
        while true {
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else { return nil }
            if pair[0] == number || pair[1] == number {
                let end = pair[0] == number ? pair[0] : pair[1]
                let peer = pair[0] == number ? pair[1] : pair[0]
                return DescriptorNumberTaker(end: FileDescriptor(rawValue: end), peer: FileDescriptor(rawValue: peer))
            }
            spare += pair
            if pair[0] > number && pair[1] > number { return nil }
        }
    }

    /// Whether either end was shut down or closed under us (a hang-up shows at once; no waiting).
    var hungUp: Bool {
        let peerClosed: Int16 = 0x2000  // POLLRDHUP
        var entries = [
            pollfd(fd: end.rawValue, events: peerClosed, revents: 0),
            pollfd(fd: peer.rawValue, events: peerClosed, revents: 0),
        ]
        _ = poll(&entries, 2, 0)
        return entries.contains { $0.revents != 0 }
    }

    /// Whether a few bytes still go from one end to the other.
    var carriesBytes: Bool {
        let sent = (try? peer.writeAll(Array("ping".utf8))) == 4
        var buffer = [UInt8](repeating: 0, count: 4)
        let read = try? buffer.withUnsafeMutableBytes { try end.read(into: $0) }
        return sent && read == 4 && buffer == Array("ping".utf8)
    }

    func close() {
        try? end.close()
        try? peer.close()
    }
}

import Foundation
import Glibc
import PagerListen
import PagerTestSupport
import Testing

/// Live capture through a private PulseAudio server: flite's voice is played into the null sink
/// by `paplay` (another process) and heard on the sink's monitor.
@Suite struct ListenPulseTests {
    /// Plays a WAV into the server's sink and waits for `paplay` to finish.
    private func play(_ path: String, on server: PulseAudioServer) throws {
        let paplay = try #require(PulseAudioServer.findExecutable("paplay"))
        let process = try SpawnedProcess(
            executable: paplay, arguments: ["--device=\(server.sinkName)", path], environment: server.clientEnvironment())
        #expect(process.wait(timeout: .seconds(30)) == 0)
    }

    /// A listener on the server's null-sink monitor, logging its events.
    private func listen(
        to server: PulseAudioServer, configuration: ListenConfiguration = ListenFixtures.configuration, into events: EventLog
    ) throws -> Listener {
        try Listener(
            source: .pulseAudio(device: server.sinkName + ".monitor", server: server.serverAddress),
            titles: ListenFixtures.titles, count: 3, configuration: configuration
        ) { events.append($0) }
    }

    @Test func hearsACommandPlayedIntoTheSink() throws {
        let server = try PulseAudioServer(sinkName: "listen_sink")
        defer { server.stop() }
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let path = try ListenFixtures.recording(["next page", "go to Collect"], by: .flite("slt"), in: folder.path)
        let events = EventLog()
        let listener = try listen(to: server, configuration: ListenFixtures.configuration, into: events)
        try play(path, on: server)
        #expect(events.wait(timeout: .seconds(20)) { $0.actions.count >= 2 })
        #expect(events.all.actions == [.command("next"), .command("go 2")])
        listener.stop()
        #expect(events.all.last == .finished(.stopped))
        #expect(listener.isFinished)
    }

    @Test func ignoresAudioWhileSpeakingAndForTheTail() throws {
        let server = try PulseAudioServer(sinkName: "duplex_sink")
        defer { server.stop() }
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let path = try ListenFixtures.recording(["next page"], by: .flite("slt"), in: folder.path, gap: 0.3)
        let events = EventLog()
        var configuration = ListenFixtures.configuration
        configuration.echoTail = .seconds(30)
        let listener = try listen(to: server, configuration: configuration, into: events)
        // While "speaking", and during the (long) tail after it, the command is not heard.
        listener.speakingBegan()
        try play(path, on: server)
        listener.speakingEnded()
        try play(path, on: server)
        listener.stop()
        #expect(events.all.actions.isEmpty)
        #expect(events.all.last == .finished(.stopped))

        // With a short tail, the same recording played after the tail is heard.
        let heard = EventLog()
        configuration.echoTail = .milliseconds(100)
        let second = try listen(to: server, configuration: configuration, into: heard)
        second.speakingBegan()
        second.speakingEnded()
        let tailOver = ContinuousClock.now + .milliseconds(100)
        while ContinuousClock.now < tailOver { usleep(10_000) }
        try play(path, on: server)
        #expect(heard.wait(timeout: .seconds(20)) { $0.actions == [.command("next")] })
    }

    @Test func theServerGoingAwayEndsListeningWithOneError() throws {
        let server = try PulseAudioServer(sinkName: "killed_sink")
        defer { server.stop() }
        let events = EventLog()
        let listener = try listen(to: server, into: events)
        server.kill()
        #expect(listener.waitUntilFinished(timeout: .seconds(10)))
        guard case .finished(.failed(let error))? = events.all.last else {
            Issue.record("listening did not fail: \(events.all)")
            return
        }
        guard case .audioLost = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(!error.description.contains("\n"))
        // The handle still answers: the grammar can be rebuilt, stop returns at once.
        #expect(listener.updatePages(titles: ["Explore"], count: 1).phraseCount > 0)
        listener.stop()
    }

    @Test func aMissingSourceIsOneError() throws {
        let server = try PulseAudioServer(sinkName: "device_sink")
        defer { server.stop() }
        #expect(throws: ListenError.deviceNotFound("no_such_source")) {
            _ = try Listener(
                source: .pulseAudio(device: "no_such_source", server: server.serverAddress), titles: [], count: 0,
                configuration: ListenFixtures.configuration
            ) { _ in }
        }
    }

    @Test func aServerThatNeverAnswersFailsWithinTheDeadline() throws {
        // A unix socket server that accepts connections and never says a word: libpulse alone
        // would wait for it forever.
        let server = try SilentServer(.unix)
        defer { server.stop() }
        let started = ContinuousClock.now
        do {
            _ = try Listener(
                source: .pulseAudio(server: server.address), titles: [], count: 0,
                configuration: ListenFixtures.configuration
            ) { _ in }
            Issue.record("listening started on a server that never answered")
        } catch {
            guard case .audioUnavailable = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
        let elapsed = ContinuousClock.now - started
        // The model loads first (about half a second), then at most 2 s for PulseAudio.
        #expect(elapsed < .seconds(5))
        #expect(elapsed >= .seconds(2))
        #expect(server.connectionCount >= 1, "the server was really asked")
    }

    @Test func noServerIsOneError() throws {
        #expect(throws: ListenError.self) {
            _ = try Listener(
                source: .pulseAudio(server: "unix:/nonexistent/pagervoice/native"), titles: [], count: 0,
                configuration: ListenFixtures.configuration
            ) { _ in }
        }
    }
}

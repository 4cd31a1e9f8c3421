import Dispatch
import Foundation
import Glibc
import PagerSpeech
import PagerSystem
import PagerTestSupport
import SystemPackage
import Testing

/// The speech-dispatcher client against a real daemon: a private speech-dispatcher with the
/// espeak-ng module playing into a private PulseAudio null sink, whose monitor we record. What
/// the daemon said is checked in the recording, not taken on trust from its notifications.
@Suite struct SpeechDispatcherClientTests {
    // MARK: Heard

    @Test func anAnnouncementIsHeardAndMarkupIsReadOut() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (recording, log, client) = (rig.recording, rig.log, rig.client)

        let start = recording.sampleCount()
        let id = client.speak("Page 2 of 3")
        #expect(client.drain(timeout: .seconds(30)))
        let event = try #require(log.event(for: id))
        #expect(event.outcome == .finished)
        #expect(event.text == "Page 2 of 3")
        #expect(log.sequence == ["begin \(id)", "finished \(id)"])
        let page = try #require(recording.sound(after: start), "the announcement reached the sink")
        let pageSeconds = PCMAnalysis.voicedDuration(page, sampleRate: recording.sampleRate)
        #expect(pageSeconds > 0.3)

        // Plain-text mode: the tags are words to say ("speak emphasis hello emphasis speak"), so
        // this takes several times as long as "hello" alone, which is all SSML would say.
        let plainStart = recording.sampleCount()
        client.speak("hello")
        #expect(client.drain(timeout: .seconds(30)))
        let plain = try #require(recording.sound(after: plainStart))
        let markupStart = recording.sampleCount()
        let markup = client.speak("<speak><emphasis>hello</emphasis></speak>")
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: markup)?.outcome == .finished)
        let spoken = try #require(recording.sound(after: markupStart))
        let plainSeconds = PCMAnalysis.voicedDuration(plain, sampleRate: recording.sampleRate)
        let markupSeconds = PCMAnalysis.voicedDuration(spoken, sampleRate: recording.sampleRate)
        #expect(markupSeconds > 2 * plainSeconds, "markup \(markupSeconds) s, plain \(plainSeconds) s")
        #expect(log.notices.isEmpty)
    }

    @Test func twoLowAnnouncementsAreHeardInOrder() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (recording, log, client) = (rig.recording, rig.log, rig.client)

        let start = recording.sampleCount()
        let short = client.speak("Yes", priority: .low)
        let long = client.speak("Lemon marmalade on a warm morning in May", priority: .low)
        #expect(client.drain(timeout: .seconds(30)))
        // The second is sent only after the first ended: nothing was cut.
        #expect(log.sequence == ["begin \(short)", "finished \(short)", "begin \(long)", "finished \(long)"])
        // Heard: the short one on its own, then the long one. (The long one may come in more than
        // one burst: on a busy machine the daemon's audio can stall and PulseAudio fills the gap
        // with silence.)
        let sound = try #require(recording.sound(after: start))
        let found = SpeechDispatcherLog.bursts(sound, sampleRate: recording.sampleRate)
        #expect(found.count >= 2, "bursts: \(found)")
        if found.count >= 2 {
            let first = PCMAnalysis.voicedDuration(Array(sound[found[0]]), sampleRate: recording.sampleRate)
            let rest = PCMAnalysis.voicedDuration(Array(sound[found[1].lowerBound...]), sampleRate: recording.sampleRate)
            #expect(first > 0 && first < rest, "the short one first: \(first) s, then \(rest) s; bursts \(found)")
        }
    }

    // MARK: Priorities

    @Test func highCutsALongDefaultAnnouncement() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (recording, log, client) = (rig.recording, rig.log, rig.client)
        let rate = recording.sampleRate
        let urgentText = "Error: the page could not be loaded"

        // How long the urgent announcement sounds on its own.
        let aloneStart = recording.sampleCount()
        client.speak(urgentText, priority: .high)
        #expect(client.drain(timeout: .seconds(30)))
        let alone = try #require(recording.sound(after: aloneStart))
        let urgentSeconds = PCMAnalysis.voicedDuration(alone, sampleRate: rate)
        #expect(urgentSeconds > 0.5)

        let longStart = recording.sampleCount()
        let long = client.speak(longText, priority: .default)
        #expect(
            waitUntil(.seconds(30)) { log.begun.contains(long) && PCMAnalysis.peakRMS(recording.samples(from: longStart)) > 500 },
            "the long announcement is audible")
        let cut = recording.sampleCount()
        let urgent = client.speak(urgentText, priority: .high)
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: long)?.outcome == .interrupted)
        #expect(log.event(for: urgent)?.outcome == .finished)

        let after = try #require(recording.sound(after: cut))
        let heard = PCMAnalysis.voicedDuration(after, sampleRate: rate)
        let lastLoud = Double(SpeechDispatcherLog.lastLoudSample(after) ?? 0) / Double(rate)
        // At eSpeak's fastest the long text would still need this long.
        let longSecondsAtLeast = Double(longText.split(separator: " ").count) / 450 * 60
        // After the cut: the urgent announcement, whole (its own length, give or take the few
        // tens of milliseconds the default sounded before the daemon cut it), and then nothing:
        // no more speech than that, and the sound ends long before the default could have.
        // Speech is measured, not the time it spans: on a busy machine the daemon's audio can
        // stall and PulseAudio fills the gap with silence.
        #expect(heard > 0.8 * urgentSeconds, "heard \(heard) s after the cut; alone it is \(urgentSeconds) s")
        #expect(heard < urgentSeconds + 0.5, "heard \(heard) s after the cut; alone it is \(urgentSeconds) s")
        #expect(Double(cut - longStart) / Double(rate) + lastLoud < longSecondsAtLeast, "sound went on until \(lastLoud) s after the cut")
    }

    @Test func defaultsWaitBehindHighTheNewestReplacingTheWaitingOne() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (log, client) = (rig.log, rig.client)

        // A default cuts the default speaking.
        let first = client.speak(longText)
        #expect(waitUntil(.seconds(30)) { log.begun.contains(first) })
        let second = client.speak("Page 2 of 3")
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: first)?.outcome == .interrupted)
        #expect(log.event(for: second)?.outcome == .finished)

        // A high is not cut: defaults wait behind it, the newer replacing the waiting one, and a
        // low waits for all of them.
        log.reset()
        let urgent = client.speak("This message is important and is heard to its end", priority: .high)
        #expect(waitUntil(.seconds(30)) { log.begun.contains(urgent) })
        let replaced = client.speak("Page 3 of 3")
        let newest = client.speak("Page 4 of 4")
        let low = client.speak("Later", priority: .low)
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: urgent)?.outcome == .finished)
        #expect(log.event(for: replaced)?.outcome == .interrupted)
        #expect(log.event(for: newest)?.outcome == .finished)
        #expect(log.event(for: low)?.outcome == .finished)
        #expect(log.begun == [urgent, newest, low], "the replaced one never began")
    }

    @Test func stopSilencesAtOnceAndDropsWhatWaits() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (recording, log, client) = (rig.recording, rig.log, rig.client)
        let rate = recording.sampleRate

        let start = recording.sampleCount()
        let long = client.speak(longText)
        let low = client.speak("Later", priority: .low)
        #expect(waitUntil(.seconds(30)) { PCMAnalysis.peakRMS(recording.samples(from: start)) > 500 })
        client.stop()
        let stopped = recording.sampleCount()
        #expect(client.drain(timeout: .seconds(10)))
        #expect(log.event(for: long)?.outcome == .interrupted)
        #expect(log.event(for: low)?.outcome == .interrupted)
        #expect(!log.begun.contains(low))
        // A second of recording from the moment `stop` returned: silent after the first 0.2 s.
        #expect(waitUntil(.seconds(10)) { recording.sampleCount() >= stopped + rate })
        let tail = recording.samples(from: stopped)
        let lastLoud = SpeechDispatcherLog.lastLoudSample(Array(tail.prefix(rate))) ?? 0
        #expect(Double(lastLoud) / Double(rate) < 0.2, "sound until \(Double(lastLoud) / Double(rate)) s after stop")
    }

    // MARK: Voice and rate

    @Test func rateAndVoiceAreAppliedOnlyWhenGiven() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (server, recording, log, usual) = (rig.server, rig.recording, rig.log, rig.client)
        let sentence = "The quick brown fox jumps over the lazy dog"

        func spokenSeconds(_ client: SpeechDispatcherClient) throws -> Double {
            let start = recording.sampleCount()
            let id = client.speak(sentence)
            #expect(client.drain(timeout: .seconds(60)))
            #expect(log.event(for: id)?.outcome == .finished)
            let sound = try #require(recording.sound(after: start))
            return PCMAnalysis.voicedDuration(sound, sampleRate: recording.sampleRate)
        }
        let slow = try log.client(for: server, rate: 80)
        let slowSeconds = try spokenSeconds(slow)
        slow.close()
        let fast = try log.client(for: server, rate: 450)
        let fastSeconds = try spokenSeconds(fast)
        let usualSeconds = try spokenSeconds(usual)
        // 80, 449 and the module's normal 170 words per minute.
        #expect(slowSeconds > 1.5 * usualSeconds, "slow \(slowSeconds) s, usual \(usualSeconds) s")
        #expect(usualSeconds > 1.5 * fastSeconds, "usual \(usualSeconds) s, fast \(fastSeconds) s")

        let voices = try usual.voices()
        #expect(voices.count > 100)
        let english = try #require(voices.first { $0.language.hasPrefix("en") && $0.variant == nil })
        #expect(voices.contains { $0.variant != nil }, "the espeak-ng module lists variants too")
        try usual.setVoice(english.name.uppercased())
        try usual.setVoice("es")
        #expect(throws: SpeechError.speechDispatcherHasNoVoice("klingon-xx")) { try usual.setVoice("klingon-xx") }
        #expect(try spokenSeconds(usual) > 0.5, "still speaks after the changes")
        #expect(throws: SpeechError.speechDispatcherHasNoVoice("nobody")) {
            _ = try log.client(for: server, voice: "nobody")
        }
        #expect(throws: SpeechError.invalidSetting(name: "rate", value: 20, allowed: 80...450)) {
            _ = try log.client(for: server, rate: 20)
        }
        fast.close()
    }

    // MARK: No daemon

    @Test func noDaemonIsOneClearLine() throws {
        let directory = try TemporaryDirectory(prefix: "pv-speechd-none")
        let path = directory.path + "/speechd.sock"
        let started = ContinuousClock.now
        let error = #expect(throws: SpeechError.self) {
            _ = try SpeechDispatcherClient(configuration: .init(address: .unixSocket(path: path), onNotice: { _ in }))
        }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(error == .speechDispatcherNotRunning(address: .unixSocket(path: path), .cannotConnect(.noSuchFileOrDirectory)))
        #expect(
            error?.description
                == "speech-dispatcher is not running (unix_socket:\(path): No such file or directory); start it or use --audio auto")

        // Over TCP: a port bound by nobody listening refuses at once.
        let closed = try ClosedTCPPort()
        defer { closed.close() }
        let tcp = SpeechDispatcherAddress.inetSocket(host: "127.0.0.1", port: closed.port)
        let refused = #expect(throws: SpeechError.self) {
            _ = try SpeechDispatcherClient(configuration: .init(address: tcp, onNotice: { _ in }))
        }
        #expect(refused == .speechDispatcherNotRunning(address: tcp, .cannotConnect(.connectionRefused)))

        // The same from SPEECHD_ADDRESS, the way the shell resolves it.
        let fromEnvironment = try SpeechDispatcherAddress.fromEnvironment(["SPEECHD_ADDRESS": "unix_socket:" + path])
        #expect(fromEnvironment == .unixSocket(path: path))
    }

    @Test func aSocketThatNeverAnswersFailsWithinTheBound() throws {
        let directory = try TemporaryDirectory(prefix: "pv-speechd-mute")
        let path = directory.path + "/speechd.sock"
        let listener = try SilentListener(path: path)
        defer { listener.close() }
        let started = ContinuousClock.now
        let error = #expect(throws: SpeechError.self) {
            _ = try SpeechDispatcherClient(configuration: .init(address: .unixSocket(path: path), onNotice: { _ in }))
        }
        let waited = ContinuousClock.now - started
        // The bound, not a moment less; and once, not per step (connecting, sending, reading).
        // The slack above it is for a busy machine waking us late.
        #expect(waited >= .milliseconds(1900) && waited < .seconds(3), "waited \(waited)")
        #expect(error == .speechDispatcherNotRunning(address: .unixSocket(path: path), .noReply(after: .seconds(2))))
    }

    @Test func somethingElseOnTheSocketIsAnErrorNotAnExit() throws {
        let directory = try TemporaryDirectory(prefix: "pv-speechd-other")
        let path = directory.path + "/speechd.sock"
        // libspeechd would call exit() on this reply; our handshake sees it first.
        let listener = try SilentListener(path: path, reply: "HTTP/1.1 400 Bad Request\r\n\r\n")
        defer { listener.close() }
        let error = #expect(throws: SpeechError.self) {
            _ = try SpeechDispatcherClient(configuration: .init(address: .unixSocket(path: path), onNotice: { _ in }))
        }
        #expect(error == .speechDispatcherNotRunning(address: .unixSocket(path: path), .notSSIP(firstLine: "HTTP/1.1 400 Bad Request")))
    }

    @Test func theDaemonGoingAwayFailsWhatIsInFlight() throws {
        let rig = try Rig()
        defer { rig.stop() }
        let (server, log, client) = (rig.server, rig.log, rig.client)

        let long = client.speak(longText)
        let low = client.speak("Later", priority: .low)
        #expect(waitUntil(.seconds(30)) { log.begun.contains(long) })
        server.stopDaemon()
        #expect(client.drain(timeout: .seconds(10)))
        let lost = UtteranceEvent.Outcome.failed(.audioLost(reason: "speech-dispatcher closed the connection"))
        #expect(log.event(for: long)?.outcome == lost)
        #expect(log.event(for: low)?.outcome == lost)
        // The events say it; a notice as well would tell a session twice.
        #expect(log.notices == [])

        let after = client.speak("Anyone there?")
        #expect(client.drain(timeout: .seconds(5)))
        #expect(log.event(for: after)?.outcome == lost)
        #expect(throws: SpeechError.speechDispatcherClosed) { _ = try client.voices() }
    }

    /// A daemon that still greets new connections but never answers our SPEAK (a worker stuck
    /// inside it) is waited for `slowReplyRounds` bounds, greeted after each, then given up:
    /// slow is allowed, never forever.
    @Test func aDaemonThatGreetsButNeverAnswersIsGivenUpInTheEnd() throws {
        let daemon = try StuckSpeechDispatcher()
        defer { daemon.stop() }
        let bound = Duration.milliseconds(200)
        let events = Locked<[UtteranceEvent]>([])
        let client = try SpeechDispatcherClient(
            configuration: .init(
                address: .unixSocket(path: daemon.path), connectTimeout: .seconds(5), commandTimeout: bound,
                onEvent: { event in events.withLock { $0.append(event) } }, onNotice: { _ in }))
        defer { client.close() }
        let connectedBefore = daemon.connectionCount
        let spoken = client.speak("Page 2 of 3")
        #expect(client.drain(timeout: .seconds(60)))
        let rounds = SpeechDispatcherClient.slowReplyRounds
        let outcome = events.withLock { $0.first { $0.id == spoken }?.outcome }
        #expect(outcome == .failed(.speechDispatcherNoReply(command: "SPEAK", after: bound * rounds)))
        // Greeted after each bound but the last, each time on a connection of its own.
        #expect(daemon.connectionCount - connectedBefore == rounds - 1)
    }

    /// A daemon stopped between two announcements (SIGSTOP) keeps its socket open and answers
    /// nothing: the next SPEAK gets no reply within 2 s, the daemon is given up, and the
    /// announcement fails with why instead of waiting forever; so does every later one.
    @Test func aDaemonThatStopsAnsweringIsGivenUp() throws {
        let rig = try Rig()
        defer {
            kill(rig.server.pid, SIGCONT)
            rig.stop()
        }
        let (log, client) = (rig.log, rig.client)
        let first = client.speak("One")
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: first)?.outcome == .finished)
        #expect(kill(rig.server.pid, SIGSTOP) == 0)
        let clock = ContinuousClock()
        let started = clock.now
        let second = client.speak("Two")
        #expect(client.drain(timeout: .seconds(20)))
        #expect(clock.now - started < .seconds(10))
        let givenUp = UtteranceEvent.Outcome.failed(.speechDispatcherNoReply(command: "SPEAK", after: .seconds(2)))
        #expect(log.event(for: second)?.outcome == givenUp)
        let third = client.speak("Three")
        #expect(client.drain(timeout: .seconds(5)))
        #expect(log.event(for: third)?.outcome == givenUp)
        #expect(log.notices == [])
    }

    /// Letting go of a client closes its connection: nothing it started (libspeechd's callbacks,
    /// the hang-up watch, its queues) keeps it alive, and what it had not reported yet is
    /// reported interrupted.
    /// A daemon stopped (SIGSTOP) is given up; continued, it is connected to again by itself and
    /// speaks, and its voices can be listed: speech-dispatcher comes back as a sound server does.
    @Test func aDaemonGivenUpIsConnectedToAgainWhenItAnswers() throws {
        let server = try SpeechDispatcherServer()
        defer {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        let log = SpeechDispatcherLog()
        let bound = Duration.milliseconds(500)
        let client = try log.client(for: server, commandTimeout: bound)
        defer { client.close() }
        let long = client.speak(longText)
        #expect(waitUntil(.seconds(30)) { log.begun.contains(long) })
        #expect(kill(server.pid, SIGSTOP) == 0)
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: long)?.outcome == .failed(.speechDispatcherNoReply(command: "HISTORY GET CLIENT_ID", after: bound)))
        let meanwhile = client.speak("Page 2 of 3")
        #expect(client.drain(timeout: .seconds(5)))
        #expect(log.event(for: meanwhile)?.outcome == .failed(.speechDispatcherNoReply(command: "HISTORY GET CLIENT_ID", after: bound)))
        #expect(log.reconnections == 0)

        #expect(kill(server.pid, SIGCONT) == 0)
        #expect(waitUntil(.seconds(30)) { log.reconnections == 1 }, "never connected again")
        let again = client.speak("Page 3 of 3")
        #expect(client.drain(timeout: .seconds(30)))
        #expect(log.event(for: again)?.outcome == .finished)
        #expect(try client.voices().isEmpty == false)
        #expect(log.notices == [])
    }

    /// Letting go of the client closes its connection, and what it was saying is interrupted.
    /// With the daemon away, what it was saying failed already, and the client still goes: the
    /// reconnection thread holds it only for one attempt.
    @Test(arguments: [false, true]) func releasingTheClientClosesItsConnection(daemonAway: Bool) throws {
        let server = try SpeechDispatcherServer()
        defer { server.stop() }
        let log = SpeechDispatcherLog()
        weak var released: SpeechDispatcherClient?
        let id: UtteranceID
        do {
            let client = try log.client(for: server)
            released = client
            id = client.speak(longText)
            #expect(waitUntil(.seconds(30)) { log.begun.contains(id) })
            if daemonAway {
                server.stopDaemon()
                #expect(waitUntil(.seconds(10)) { log.event(for: id) != nil })
            }
        }
        #expect(waitUntil(.seconds(10)) { released == nil })
        let outcome: UtteranceEvent.Outcome =
            daemonAway ? .failed(.audioLost(reason: "speech-dispatcher closed the connection")) : .interrupted
        #expect(waitUntil(.seconds(5)) { log.event(for: id)?.outcome == outcome })
    }
}

// MARK: - Helpers

/// A private daemon on a private PulseAudio server, the sink's monitor being recorded, and one
/// client connected to it that reports into a log.
private struct Rig {
    let server: SpeechDispatcherServer
    let recording: MonitorRecording
    let log = SpeechDispatcherLog()
    let client: SpeechDispatcherClient

    init() throws {
        server = try SpeechDispatcherServer()
        do {
            recording = try server.pulse.startRecording()
            client = try log.client(for: server)
        } catch {
            server.stop()
            throw error
        }
    }

    func stop() {
        client.close()
        server.stop()
    }
}

/// Everything a client reports, in delivery order, and the waiting the tests need.
private final class SpeechDispatcherLog: Sendable {
    private struct Record {
        var sequence: [String] = []
        var events: [UtteranceEvent] = []
        var begun: [UtteranceID] = []
        var notices: [String] = []
        var reconnections = 0
    }

    private let state = Locked(Record())

    var sequence: [String] { state.withLock { $0.sequence } }
    var begun: [UtteranceID] { state.withLock { $0.begun } }
    var notices: [String] { state.withLock { $0.notices } }
    var reconnections: Int { state.withLock { $0.reconnections } }

    func event(for id: UtteranceID) -> UtteranceEvent? {
        state.withLock { $0.events.first { $0.id == id } }
    }

    func reset() {
        state.withLock { $0 = Record() }
    }

    func client(
        for server: SpeechDispatcherServer, rate: Int? = nil, voice: String? = nil, commandTimeout: Duration = .seconds(2)
    ) throws -> SpeechDispatcherClient {
        try SpeechDispatcherClient(
            configuration: .init(
                address: .unixSocket(path: server.socketPath), voice: voice, rate: rate, commandTimeout: commandTimeout,
                onEvent: { [self] event in
                    state.withLock { record in
                        let word =
                            switch event.outcome {
                            case .finished: "finished"
                            case .interrupted: "interrupted"
                            case .failed: "failed"
                            }
                        record.sequence.append("\(word) \(event.id)")
                        record.events.append(event)
                    }
                },
                onBegin: { [self] id in
                    state.withLock { record in
                        record.sequence.append("begin \(id)")
                        record.begun.append(id)
                    }
                },
                onNotice: { [self] line in state.withLock { $0.notices.append(line) } },
                onReconnected: { [self] in state.withLock { $0.reconnections += 1 } }))
    }

    /// Stretches of sound separated by at least `gap` seconds of quiet.
    static func bursts(_ samples: [Int16], sampleRate: Int, gap: Double = 0.2, window: Int = 256) -> [Range<Int>] {
        let loud = PCMAnalysis.windowedRMS(samples, window: window).map { $0 > 300 }
        let gapWindows = Int(gap * Double(sampleRate) / Double(window))
        var found: [Range<Int>] = []
        var start: Int?
        var lastLoud = 0
        for (index, isLoud) in loud.enumerated() {
            if isLoud {
                if start == nil { start = index }
                lastLoud = index
            } else if let begun = start, index - lastLoud > gapWindows {
                found.append(begun * window..<(lastLoud + 1) * window)
                start = nil
            }
        }
        if let begun = start { found.append(begun * window..<(lastLoud + 1) * window) }
        return found
    }

    /// The index just past the last loud window, if any window is loud.
    static func lastLoudSample(_ samples: [Int16], window: Int = 256) -> Int? {
        PCMAnalysis.windowedRMS(samples, window: window).lastIndex { $0 > 300 }.map { ($0 + 1) * window }
    }
}

extension MonitorRecording {
    fileprivate func sampleCount() -> Int { byteCount() / 2 }

    fileprivate func samples(from start: Int) -> [Int16] {
        let all = samples()
        return start < all.count ? Array(all[start...]) : []
    }

    /// What was recorded from `start` on, once it holds sound followed by half a second of quiet
    /// (the speech is over and has left PulseAudio's buffers); nil if no sound came within 10 s.
    fileprivate func sound(after start: Int, timeout: Duration = .seconds(10)) -> [Int16]? {
        let quiet = sampleRate / 2
        var recorded: [Int16] = []
        let ended = waitUntil(timeout) {
            recorded = samples(from: start)
            guard let last = SpeechDispatcherLog.lastLoudSample(recorded) else { return false }
            return recorded.count - last >= quiet
        }
        return ended ? recorded : nil
    }
}

/// Polls `condition` every 5 ms until it holds or `timeout` passes. (The speech-dispatcher suites
/// share it.)
func waitUntil(_ timeout: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        usleep(5_000)
    }
    return true
}

/// A unix socket that accepts connections (the kernel does, into its backlog) but never answers;
/// or, given `reply`, answers the first connection with it and closes.
private final class SilentListener: Sendable {
    private let descriptor: Int32

    init(path: String, reply: String? = nil) throws {
        do {
            descriptor = try listeningUnixSocket(path: path, backlog: 8)
        } catch {
            throw Errno(rawValue: error.code)
        }
        guard let reply else { return }
        let listening = descriptor
        DispatchQueue.global().async {
            let connection = accept(listening, nil, nil)
            guard connection >= 0 else { return }
            var buffer = [UInt8](repeating: 0, count: 256)
            _ = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            let bytes = Array(reply.utf8)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            Glibc.close(connection)
        }
    }

    func close() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }
}

/// A TCP port on the loopback interface that is bound (so nobody else takes it) but not
/// listening: connecting to it is refused.
private final class ClosedTCPPort: Sendable {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            Glibc.close(descriptor)
            throw Errno(rawValue: code)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}

import Dispatch
import Glibc
import PagerSystem
import Synchronization

/// Voice commands: listens to a PulseAudio source or reads a WAV file, and reports each phrase
/// it hears as the REPL command it means (`ListenEvent`).
///
/// One owned thread does everything (swift-nio style): it runs PulseAudio's main loop or reads
/// the file, feeds PocketSphinx, and calls `onEvent`; other threads hand it work (new pages)
/// and wait for the answer. The shell gives word lists and gets phrases back: nothing here knows
/// the pager model.
public final class Listener: Sendable {
    public enum Source: Hashable, Sendable {
        /// A PulseAudio source (`device` nil: the server's default source; `server` nil: libpulse's
        /// default server, as `$PULSE_SERVER` and the user's session say).
        case pulseAudio(device: String? = nil, server: String? = nil)
        /// A WAV recording, read to its end as fast as it decodes; then `.finished(.endOfFile)`.
        case wavFile(String)
    }

    private let core: ListenerCore
    /// What the grammar of the pages given at `init` had to leave out.
    public let initialReport: GrammarReport
    /// What the source is likely to cost in accuracy, one line each, for the shell to print
    /// beside the grammar's notices (empty when nothing is known against it).
    public let sourceNotices: [String]

    /// Loads the model, opens the source (PulseAudio within `configuration.connectTimeout`) and
    /// starts listening. Throws one `ListenError` when any of that fails; nothing is left running.
    ///
    /// `onEvent` is called on the listener's thread, in order; it may call `updatePages`,
    /// `speakingBegan`/`speakingEnded` and `stop` (which then returns at once).
    public init(
        source: Source, titles: [String], count: Int, configuration: ListenConfiguration = .init(),
        onEvent: @escaping @Sendable (ListenEvent) -> Void
    ) throws(ListenError) {
        let core = ListenerCore(source: source, configuration: configuration, onEvent: onEvent)
        (initialReport, sourceNotices) = try core.start(titles: titles, count: count)
        self.core = core
    }

    deinit {
        core.shutDown()
    }

    /// Rebuilds the grammar for new pages (titles in page order, `count` pages) and returns what
    /// it had to leave out. An utterance in progress is dropped.
    @discardableResult
    public func updatePages(titles: [String], count: Int) -> GrammarReport {
        core.updatePages(titles: titles, count: count)
    }

    /// PagerVoice started speaking: audio is ignored from now until `echoTail` after
    /// `speakingEnded` (live sources only; a file has no echo of us in it).
    public func speakingBegan() {
        core.gate.began()
    }

    /// PagerVoice finished speaking (call it once playback has drained).
    public func speakingEnded() {
        core.gate.ended()
    }

    /// Puts listening to sleep (only "wake up" is understood, nothing else is reported) or wakes
    /// it; reported as `.asleep` or `.awake` when it changes. An utterance in progress is dropped.
    public func setAsleep(_ asleep: Bool) {
        core.setAsleep(asleep)
    }

    /// Puts listening to sleep if it is awake, else wakes it (the toggle key). Decided on the
    /// listener's thread, against the state it is in then: presses that come faster than their
    /// reports each toggle, where a caller's `setAsleep(!asleep)` would repeat one request.
    public func toggleAsleep() {
        core.toggleAsleep()
    }

    /// Stops listening; returns once `.finished(.stopped)` (or an earlier end) was delivered.
    /// From inside `onEvent` it returns at once and listening ends after the callback.
    public func stop() {
        core.stop(wait: true)
    }

    /// Waits until listening has finished (end of file, "quit listening", a failure, `stop`);
    /// false on timeout.
    public func waitUntilFinished(timeout: Duration) -> Bool {
        core.waitUntilFinished(timeout: timeout)
    }

    /// Whether listening has finished.
    public var isFinished: Bool { core.isFinished }
}

/// The state the listener's thread works on; the thread holds it, not the public handle, so the
/// handle going away is what stops the thread.
final class ListenerCore: @unchecked Sendable {
    let gate: HalfDuplexGate
    private let source: Listener.Source
    private let configuration: ListenConfiguration
    private let onEvent: @Sendable (ListenEvent) -> Void

    /// Jobs for the thread, and how to interrupt its wait for audio.
    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let waker = Locked<(@Sendable () -> Void)?>(nil)
    private let stopRequested = Atomic<Bool>(false)
    /// The handle went away: the thread ends once its queued jobs are done.
    private let shutDownRequested = Atomic<Bool>(false)
    private let finishedFlag = Atomic<Bool>(false)
    private let finishedSignal = DispatchSemaphore(value: 0)
    private let jobSignal = DispatchSemaphore(value: 0)
    private let threadID = Atomic<UInt>(0)

    // Thread-confined from here on: only the listener thread touches these.
    private var recogniser: Recogniser?
    private var commands: VoiceCommands?
    /// The phrases the recogniser has now: the commands, or "wake up" alone while asleep.
    private var active: [VoiceCommands.Phrase] = []
    private var asleep: Bool
    private var capture: PulseCapture?
    private var reader: WAVReader?
    private var resampler: Resampler?

    init(source: Listener.Source, configuration: ListenConfiguration, onEvent: @escaping @Sendable (ListenEvent) -> Void) {
        self.source = source
        self.configuration = configuration
        self.onEvent = onEvent
        asleep = configuration.startsAsleep
        gate = HalfDuplexGate(tail: configuration.echoTail)
    }

    private var isCurrentThread: Bool { threadID.load(ordering: .acquiring) == UInt(pthread_self()) }
    var isFinished: Bool { finishedFlag.load(ordering: .acquiring) }

    /// The grammar's report and the source's notices (`Listener.sourceNotices`).
    func start(titles: [String], count: Int) throws(ListenError) -> (GrammarReport, [String]) {
        let outcome = Locked<Result<(GrammarReport, [String]), ListenError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        OwnedThread.start(name: "pagervoice-listen", stackSize: 4 << 20) { [self] in
            threadID.store(UInt(pthread_self()), ordering: .releasing)
            let result: Result<(GrammarReport, [String]), ListenError>
            do throws(ListenError) {
                result = .success(try open(titles: titles, count: count))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            ready.signal()
            if case .success = result {
                if asleep { onEvent(.asleep) }
                recogniser?.prepareSecondLook()
                run()
            }
            close()
        }
        ready.wait()
        switch outcome.withLock({ $0 })! {
        case .success(let opened): return opened
        case .failure(let error):
            finishedFlag.store(true, ordering: .releasing)
            throw error
        }
    }

    private func open(titles: [String], count: Int) throws(ListenError) -> (GrammarReport, [String]) {
        let recogniser = try Recogniser(configuration: configuration)
        self.recogniser = recogniser
        let report = try rebuild(titles: titles, count: count)
        var notices: [String] = []
        switch source {
        case .pulseAudio(let device, let server):
            let capture = try PulseCapture(server: server, device: device, timeout: configuration.connectTimeout)
            self.capture = capture
            waker.withLock { $0 = { capture.wakeUp() } }
        case .wavFile(let path):
            let reader = try WAVReader(path: path)
            self.reader = reader
            resampler = Resampler(from: reader.sampleRate, to: Recogniser.sampleRate)
            // Resampling cannot put back what a narrowband recording never held: the model was
            // trained on wideband speech, and a narrowband voice ran wrong commands that the
            // same voice at 16 kHz did not (docs/VOICE.md, Tuning history).
            if reader.sampleRate < Recogniser.sampleRate {
                recogniser.narrowband = true
                notices.append(
                    "voice: the recording is \(reader.sampleRate) Hz; the model is made for \(Recogniser.sampleRate) Hz and up, "
                        + "so commands in it may be misheard")
            }
        }
        return (report, notices)
    }

    private func rebuild(titles: [String], count: Int) throws(ListenError) -> GrammarReport {
        guard let recogniser else { return VoiceCommands(titles: titles, count: count, canPronounce: { _ in false }).report }
        let commands = VoiceCommands(
            titles: titles, count: count, canPronounce: recogniser.canPronounce, wakeWord: configuration.wakeWord)
        self.commands = commands
        try loadGrammar()
        return commands.report
    }

    /// Hands the recogniser the phrases of the state listening is in.
    private func loadGrammar() throws(ListenError) {
        guard let recogniser, let commands else { return }
        let phrases = asleep ? VoiceCommands.asleep(wakeWord: configuration.wakeWord) : commands.phrases
        try recogniser.load(phrases: phrases.map(\.words))
        active = phrases
    }

    /// On the listener's thread: changes state, loads its grammar and reports the change.
    private func changeState(asleep: Bool) {
        // A change asked for as listening ended (Ctrl-T during the last utterance) would report
        // a state after `.finished`, which listening no longer has.
        guard !isFinished, asleep != self.asleep else { return }
        self.asleep = asleep
        try? loadGrammar()
        onEvent(asleep ? .asleep : .awake)
    }

    func setAsleep(_ asleep: Bool) {
        onListenerThread { [self] in changeState(asleep: asleep) }
    }

    func toggleAsleep() {
        onListenerThread { [self] in changeState(asleep: !asleep) }
    }

    /// Runs `job` now when called on the listener's thread (from `onEvent`), else hands it there.
    private func onListenerThread(_ job: @escaping @Sendable () -> Void) {
        if isCurrentThread { job() } else { submit(job) }
    }

    /// The loop: jobs first, then audio, until an end.
    private func run() {
        var end: ListenEnd?
        while end == nil {
            runJobs()
            if stopRequested.load(ordering: .acquiring) {
                end = .stopped
                break
            }
            do {
                if let capture {
                    try capture.waitAndRead(timeoutMicroseconds: 500_000) { samples in
                        if end == nil { end = hear(samples, live: true) }
                    }
                } else if let reader, var resampler {
                    let piece = try reader.read(frames: max(reader.sampleRate / 10, 1))
                    let samples = resampler.process(piece, final: piece.isEmpty)
                    self.resampler = resampler
                    end = samples.withUnsafeBufferPointer { hear($0, live: false) }
                    if end == nil && piece.isEmpty {
                        if let outcome = recogniser?.finish() { end = report(outcome) }
                        end = end ?? reader.end
                    }
                }
            } catch {
                end = .failed(error)
            }
        }
        // Audio stops here; the thread stays for `updatePages` until the handle goes away.
        capture = nil
        reader = nil
        waker.withLock { $0 = nil }
        finish(end!)
        while !shutDownRequested.load(ordering: .acquiring) || !jobs.withLock({ $0.isEmpty }) {
            jobSignal.wait()
            runJobs()
        }
    }

    private func hear(_ samples: UnsafeBufferPointer<Int16>, live: Bool) -> ListenEnd? {
        guard let recogniser else { return nil }
        if live && gate.isClosed {
            recogniser.abandonUtterance()
            return nil
        }
        for outcome in recogniser.feed(samples) {
            if let end = report(outcome) { return end }
            // `stop()` from inside `onEvent`: nothing more is reported.
            if stopRequested.load(ordering: .acquiring) { return .stopped }
        }
        return nil
    }

    private func report(_ outcome: Recogniser.Outcome) -> ListenEnd? {
        switch outcome {
        case .phrase(let index, let score):
            guard active.indices.contains(index) else { return nil }
            let phrase = active[index]
            onEvent(.heard(HeardPhrase(text: phrase.words.joined(separator: " "), action: phrase.action, score: score)))
            switch phrase.action {
            case .quitListening: return .quitListening
            case .sleep: changeState(asleep: true)
            case .wake: changeState(asleep: false)
            case .command, .noSuchPage: break
            }
            return nil
        case .rejected(let words):
            // Asleep, nothing but "wake up" is reported: a room's conversation prints nothing.
            // With a wake word the same holds for speech the recogniser did not begin with it:
            // talk not addressed to us is not ours to answer ("not understood" and its tone for
            // every sentence in the room), while "computer, mumble" still is.
            guard !asleep else { return nil }
            if let wakeWord = configuration.wakeWord, words.first != wakeWord { return nil }
            onEvent(.notUnderstood(words: words))
            return nil
        case .noise:
            return nil
        }
    }

    private func finish(_ end: ListenEnd) {
        onEvent(.finished(end))
        finishedFlag.store(true, ordering: .releasing)
        finishedSignal.signal()
    }

    private func runJobs() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job()
        }
    }

    private func close() {
        capture = nil
        reader = nil
        recogniser = nil
    }

    private func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        jobSignal.signal()
        waker.withLock { $0?() }
    }

    func updatePages(titles: [String], count: Int) -> GrammarReport {
        if isCurrentThread {
            return (try? rebuild(titles: titles, count: count)) ?? commandsReportFallback(titles: titles, count: count)
        }
        let box = Locked<GrammarReport?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit { [self] in
            let report = (try? rebuild(titles: titles, count: count)) ?? commandsReportFallback(titles: titles, count: count)
            box.withLock { $0 = report }
            done.signal()
        }
        done.wait()
        return box.withLock { $0! }
    }

    /// When PocketSphinx refused the grammar (it never has): no phrase is reachable.
    private func commandsReportFallback(titles: [String], count: Int) -> GrammarReport {
        VoiceCommands(titles: titles, count: count, canPronounce: { _ in false }).report
    }

    func stop(wait: Bool) {
        stopRequested.store(true, ordering: .releasing)
        jobSignal.signal()
        waker.withLock { $0?() }
        if wait && !isCurrentThread && !isFinished {
            finishedSignal.wait()
            finishedSignal.signal()
        }
    }

    func shutDown() {
        shutDownRequested.store(true, ordering: .releasing)
        stop(wait: false)
    }

    func waitUntilFinished(timeout: Duration) -> Bool {
        if isFinished { return true }
        let parts = timeout.components
        let nanoseconds = Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000)
        guard finishedSignal.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return false }
        finishedSignal.signal()
        return true
    }
}

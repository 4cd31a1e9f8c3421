import Dispatch
import Glibc
import PagerSystem
import Synchronization
import SystemPackage

/// The announcement queue the REPL talks to: speak, interrupt, stop, wait.
///
/// Priorities follow iOS 17; the rules themselves are `AnnouncementQueue`, a pure state machine
/// this class feeds and whose effects it carries out: cut the current utterance off, report the
/// dropped ones, start the next on the engine thread. Everything is callable from synchronous
/// code on any thread: `speak` returns at once with an id, `drain` blocks until every queued
/// announcement has been spoken (heard, with playback) or has failed or been interrupted, and
/// `stop` silences everything before it returns. Exactly one `UtteranceEvent` is delivered per
/// `speak` call, so no announcement disappears without a trace.
///
/// Events arrive on the engine thread for spoken utterances, and on the calling thread for ones
/// that never started (audio off, unknown voice, dropped by `stop`).
public final class Announcer: Sendable {
    /// Where `init(configuration:)` sends the sound (what `--audio` asks for).
    public enum Playback: String, Hashable, Sendable, CaseIterable {
        /// PulseAudio if a server answers, else ALSA if there is a card, else one notice and silence.
        case auto
        /// PulseAudio or a typed error.
        case pulse
        /// ALSA or a typed error.
        case alsa
        /// Synthesise and discard: every cost of speech, no sound.
        case null
        /// No synthesis at all; announcements complete at once.
        case off
    }

    /// How `init(configuration:)` sets itself up; mirrors the command-line options.
    public struct Configuration: Sendable {
        public var playback: Playback
        /// Also write each utterance to DIR/0001.wav, DIR/0002.wav, …
        public var wavDirectory: String?
        /// Used when `speak` is given no settings.
        public var settings: VoiceSettings
        /// The name PulseAudio shows for our stream.
        public var applicationName: String
        /// One line per notice (no device, device lost, text cut). Default: standard error.
        public var onNotice: @Sendable (String) -> Void
        public var onEvent: @Sendable (UtteranceEvent) -> Void
        /// Whether losing the audio device mid-run is also a notice. The utterance that met the
        /// loss carries it in its event's `problems` either way; a caller that reports it there
        /// (the shell, as an error that fails the run) turns the notice off, so it is told once.
        public var noticesLostAudio = true
        /// Told the device's name the moment a lost PulseAudio server answers again (on the
        /// sink's reconnection thread), before any utterance plays through it; the first that
        /// does also says so in its event (`restoredAudio`).
        public var onAudioBack: @Sendable (String) -> Void = { _ in }

        public init(
            playback: Playback = .auto, wavDirectory: String? = nil,
            settings: VoiceSettings = .standard, applicationName: String = "pagervoice",
            onNotice: @escaping @Sendable (String) -> Void = Announcer.printNotice,
            onEvent: @escaping @Sendable (UtteranceEvent) -> Void = { _ in }
        ) {
            self.playback = playback
            self.wavDirectory = wavDirectory
            self.settings = settings
            self.applicationName = applicationName
            self.onNotice = onNotice
            self.onEvent = onEvent
        }
    }

    /// Writes a notice as one line on standard error (a raw write: no buffering, no locale). A
    /// notice that cannot be written (stderr closed or full) is dropped: there is nowhere to say so.
    public static let printNotice: @Sendable (String) -> Void = { line in
        _ = try? FileDescriptor.standardError.writeAll((line.hasSuffix("\n") ? line : line + "\n").utf8)
    }

    /// nil when audio is off: nothing is synthesised.
    public let engine: SpeechEngine?
    public let sinks: [any AudioSink]
    /// The settings `speak` uses when given none.
    public let settings: VoiceSettings
    /// Where sound goes, for `status`: "PulseAudio", "ALSA", "null", "off", or for explicit
    /// sinks "none" or "custom".
    public let output: String
    /// `--audio auto` found no device at all: sound goes to PulseAudio once a server answers
    /// (the configuration's `onAudioBack` is told), and nowhere until then.
    public let silentAtStart: Bool

    private let onNotice: @Sendable (String) -> Void
    private let onEvent: @Sendable (UtteranceEvent) -> Void

    private struct Pending: Sendable {
        let id: UtteranceID
        let text: String
        let spoken: String
        let priority: SpeechPriority
        let voice: VoiceSettings.Resolved
        /// An earcon's samples, played instead of synthesising `spoken`.
        var tone: [Int16]? = nil
    }

    /// The utterance being spoken, and the line between "before its interruption" and "after".
    ///
    /// Every buffer goes to the sinks inside `deliver`, under the lock; an interruption first
    /// raises the stop flag (lock-free, so eSpeak's next callback returns 1) and then closes the
    /// gate under the same lock. Once `close` returns, no sample of this utterance can reach a
    /// sink, which is what "an interrupted utterance delivers nothing after the interrupt" means.
    private final class Active: Sendable {
        let pending: Pending
        private let stopRequested = Atomic<Bool>(false)
        private let closed = Locked<Bool>(false)

        init(_ pending: Pending) {
            self.pending = pending
        }

        var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

        /// Runs `body` (hand a buffer to the sinks) unless the utterance was stopped; returns
        /// whether it ran.
        func deliver(_ body: () -> Void) -> Bool {
            closed.withLock { closed in
                if closed || stopRequested.load(ordering: .acquiring) { return false }
                body()
                return true
            }
        }

        /// Step one of an interruption: eSpeak stops at its next callback and `deliver` refuses.
        func requestStop() {
            stopRequested.store(true, ordering: .releasing)
        }

        /// Step two: waits for a buffer being delivered right now, then shuts the gate and, if the
        /// utterance had not already finished, runs `afterClosing` while still holding the lock
        /// (so the engine cannot move on to the next utterance until it has run).
        func close(_ afterClosing: () -> Void = {}) {
            closed.withLock { closed in
                if closed { return }
                closed = true
                afterClosing()
            }
        }
    }

    /// Process-wide, so ids from different announcers never collide in a shared log or test.
    private static let nextID = Atomic<UInt64>(1)

    private struct State {
        /// Who speaks, who waits: the iOS 17 rules.
        var queue = AnnouncementQueue()
        /// What each announcement in `queue` says.
        var pending: [UtteranceID: Pending] = [:]
        /// `queue.speaking`, with its gate.
        var active: Active?
        /// `speak` calls whose event has not been delivered yet; `drain` waits for zero.
        var outstanding = 0
        var drainWaiters: [DispatchSemaphore] = []
        /// Set by `shutDown`: nothing more is spoken.
        var shutDown = false
    }

    private let state = Locked(State())

    /// An announcer over explicit sinks; `engine: nil` means audio off (nothing is synthesised).
    public init(
        engine: SpeechEngine?, sinks: [any AudioSink], settings: VoiceSettings = .standard,
        output: String? = nil, silentAtStart: Bool = false,
        onNotice: @escaping @Sendable (String) -> Void = Announcer.printNotice,
        onEvent: @escaping @Sendable (UtteranceEvent) -> Void = { _ in }
    ) {
        self.engine = engine
        self.sinks = sinks
        self.settings = settings
        self.output = output ?? (engine == nil ? "off" : (sinks.isEmpty ? "none" : "custom"))
        self.silentAtStart = silentAtStart
        self.onNotice = onNotice
        self.onEvent = onEvent
    }

    /// Starts the engine (unless audio is off), checks the settings, prepares the WAV folder and
    /// opens the audio output. Throws what the user must fix (missing voice data, unknown voice,
    /// unwritable folder, an explicitly requested device that is not there); `auto` without a
    /// device is not an error, only one notice.
    public convenience init(configuration: Configuration) throws(SpeechError) {
        if configuration.playback == .off {
            if let directory = configuration.wavDirectory {
                configuration.onNotice("Audio is off, so nothing is synthesised and no WAV files are written to \(directory).")
            }
            self.init(
                engine: nil, sinks: [], settings: configuration.settings, output: "off",
                onNotice: configuration.onNotice, onEvent: configuration.onEvent)
            return
        }
        let engine = try SpeechEngine.shared()
        try engine.validate(configuration.settings)
        var sinks: [any AudioSink] = []
        if let directory = configuration.wavDirectory {
            sinks.append(try WAVSink(directory: directory))
        }
        let notice = configuration.onNotice
        let noticesLoss = configuration.noticesLostAudio
        let lossNotice: @Sendable (String) -> Void = { line in if noticesLoss { notice(line) } }
        let output: String
        var silentAtStart = false
        switch configuration.playback {
        case .auto:
            let playback = PlaybackSink.openAutomatically(
                sampleRate: engine.sampleRate,
                applicationName: configuration.applicationName,
                onNotice: configuration.onNotice, onLoss: lossNotice, onBack: configuration.onAudioBack)
            sinks.insert(playback, at: 0)
            output = playback.backend.rawValue
            silentAtStart = playback.isLost
        case .pulse, .alsa:
            let backend: PlaybackSink.Backend = configuration.playback == .pulse ? .pulse : .alsa
            let playback = try PlaybackSink.open(
                backend, sampleRate: engine.sampleRate,
                applicationName: configuration.applicationName,
                onNotice: lossNotice, onBack: configuration.onAudioBack)
            sinks.insert(playback, at: 0)
            output = backend.rawValue
        case .null:
            // Every utterance is still synthesised to the end and counted: it just goes nowhere.
            output = "null"
        case .off:
            output = "off"
        }
        self.init(
            engine: engine, sinks: sinks, settings: configuration.settings, output: output, silentAtStart: silentAtStart,
            onNotice: configuration.onNotice, onEvent: configuration.onEvent)
    }

    // MARK: Speaking

    /// Queues `text` by `priority` and returns at once, in the announcer's settings but with
    /// `voice` (a name, identifier or language code, see `VoiceSettings.voice`) when given. The
    /// rules are `AnnouncementQueue`'s. Text is sanitised (see `TextSanitizer`); if it had to be
    /// cut, a notice says so before this returns.
    @discardableResult
    public func speak(_ text: String, priority: SpeechPriority = .default, voice: String?) -> UtteranceID {
        var settings = self.settings
        if let voice { settings.voice = voice }
        return speak(text, priority: priority, settings: settings)
    }

    /// `speak(_:priority:voice:)` with settings of its own (the announcer's when nil).
    @discardableResult
    public func speak(
        _ text: String, priority: SpeechPriority = .default,
        settings: VoiceSettings? = nil
    ) -> UtteranceID {
        let sanitized = TextSanitizer.sanitize(text)
        if let notice = sanitized.truncationNotice { onNotice(notice) }
        guard let engine else {
            let id = Self.takeID()
            onEvent(
                event(
                    id: id, text: text, spoken: sanitized.text, priority: priority,
                    outcome: .finished, sampleRate: 0))
            return id
        }
        let voice: VoiceSettings.Resolved
        do {
            voice = try engine.resolve(settings ?? self.settings)
        } catch {
            let id = Self.takeID()
            onEvent(
                event(
                    id: id, text: text, spoken: sanitized.text, priority: priority,
                    outcome: .failed(error), sampleRate: engine.sampleRate))
            return id
        }
        let (id, effects) = state.withLock { state -> (UtteranceID, Carried) in
            let id = Self.takeID()
            state.outstanding += 1
            let pending = Pending(id: id, text: text, spoken: sanitized.text, priority: priority, voice: voice)
            if state.shutDown { return (id, Carried(dropped: [pending])) }
            state.pending[id] = pending
            return (id, carryOut(state.queue.send(.enqueue(.init(id: id, priority: priority))), &state))
        }
        finish(effects, engine: engine)
        return id
    }

    /// Queues an earcon at low priority: it waits for whatever is being said and is cut off by
    /// the next announcement, so it never delays one. It goes to the same sinks as speech (a
    /// loudspeaker, `--wav-dir`), and its event's text is "earcon: NAME". Nothing when audio is
    /// off.
    @discardableResult
    public func play(_ earcon: Earcon) -> UtteranceID {
        let text = "earcon: \(earcon.rawValue)"
        guard let engine, let voice = try? engine.resolve(settings) else {
            let id = Self.takeID()
            onEvent(event(id: id, text: text, spoken: text, priority: .low, outcome: .finished, sampleRate: 0))
            return id
        }
        let tone = earcon.samples(sampleRate: engine.sampleRate)
        let (id, effects) = state.withLock { state -> (UtteranceID, Carried) in
            let id = Self.takeID()
            state.outstanding += 1
            let pending = Pending(id: id, text: text, spoken: text, priority: .low, voice: voice, tone: tone)
            if state.shutDown { return (id, Carried(dropped: [pending])) }
            state.pending[id] = pending
            return (id, carryOut(state.queue.send(.enqueue(.init(id: id, priority: .low))), &state))
        }
        finish(effects, engine: engine)
        return id
    }

    /// Silences everything now (the user pressed Ctrl-C): the current utterance is cut, queued
    /// ones are dropped, each with an `.interrupted` event. Returns once no more sound can come.
    public func stop() {
        let effects = state.withLock { state -> Carried in
            var effects = carryOut(state.queue.send(.stop), &state)
            // Cut off already (by an announcement on another thread that may not have finished
            // cutting): wait for it here too, so no sound can follow.
            effects.interrupted = state.active
            return effects
        }
        if let engine { finish(effects, engine: engine) }
    }

    /// What `carryOut` leaves to do once the state lock is released.
    private struct Carried {
        var interrupted: Active?
        var dropped: [Pending] = []
        var started: Active?
    }

    /// Does, under the state lock, what must happen before anyone else sees the new state: the
    /// interruption begins (so the engine cannot move on to the next utterance in between) and
    /// the next announcement becomes the active one.
    private func carryOut(_ effects: AnnouncementQueue.Effects, _ state: inout State) -> Carried {
        var carried = Carried()
        if effects.interrupt != nil, let active = state.active {
            beginInterrupting(active)
            carried.interrupted = active
        }
        carried.dropped = effects.drop.compactMap { state.pending.removeValue(forKey: $0.id) }
        if let start = effects.start, let pending = state.pending[start.id] {
            let active = Active(pending)
            state.active = active
            carried.started = active
        }
        return carried
    }

    /// The rest, without the lock: finish cutting off, start speaking, report what was dropped.
    private func finish(_ carried: Carried, engine: SpeechEngine) {
        if let interrupted = carried.interrupted { finishInterrupting(interrupted) }
        if let started = carried.started { engine.thread.submit { self.pump(from: started) } }
        reportNeverStarted(carried.dropped)
    }

    /// For a process about to end (Ctrl-C on a script, just before `_exit`): silences speech as
    /// `stop()` does and shuts every sink for good. When this returns no sound plays and no WAV
    /// file can appear any more; a file being written is removed, never left half written under
    /// a final name (the process may exit at once). Later `speak` calls report `.interrupted`.
    /// Safe from any thread, such as a signal-watching one, while the engine thread is speaking:
    /// it waits for nothing but a buffer being handed to the sinks at that instant.
    public func shutDown() {
        state.withLock { $0.shutDown = true }
        // The sinks first: from here on no file can appear, whatever the engine thread does.
        for sink in sinks { sink.shutDown() }
        stop()
    }

    /// Delivers `.interrupted` for announcements removed from the queue before they began.
    private func reportNeverStarted(_ removed: [Pending]) {
        for pending in removed {
            onEvent(
                event(
                    id: pending.id, text: pending.text, spoken: pending.spoken,
                    priority: pending.priority, outcome: .interrupted,
                    sampleRate: engine?.sampleRate ?? 0))
        }
        completed(removed.count)
    }

    /// Blocks until every announcement made so far has been spoken, failed or been interrupted,
    /// and its event delivered. What the REPL calls after each line read from a pipe.
    public func drain() {
        _ = drain(timeout: nil)
    }

    /// `drain()` with a limit; returns whether everything finished in time. From the engine
    /// thread (an event callback) it cannot wait for itself, and only says whether all is done.
    @discardableResult
    public func drain(timeout: Duration?) -> Bool {
        if let engine, engine.thread.isCurrent {
            return state.withLock { $0.outstanding == 0 }
        }
        let semaphore = DispatchSemaphore(value: 0)
        let idle = state.withLock { state -> Bool in
            if state.outstanding == 0 { return true }
            state.drainWaiters.append(semaphore)
            return false
        }
        if idle { return true }
        guard let timeout else {
            semaphore.wait()
            return true
        }
        let nanoseconds =
            timeout.components.seconds * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(max(nanoseconds, 0)))) == .success {
            return true
        }
        return state.withLock { state in
            state.drainWaiters.removeAll { $0 === semaphore }
            return state.outstanding == 0
        }
    }

    /// Whether anything is being spoken or waiting to be.
    public var isSpeaking: Bool { state.withLock { $0.outstanding > 0 } }

    // MARK: Interruption

    /// Called with the state lock held, so the engine cannot move on to the next utterance in
    /// between: eSpeak stops at its next callback and the device drops what it has buffered
    /// (this flush is also what releases a playback write blocked on a full buffer).
    private func beginInterrupting(_ active: Active) {
        active.requestStop()
        for sink in sinks { sink.flush() }
    }

    /// Waits for a buffer in flight, shuts the gate and flushes again for anything that buffer
    /// left behind. After this returns no sample of `active` reaches any sink.
    private func finishInterrupting(_ active: Active) {
        active.close {
            for sink in sinks { sink.flush() }
        }
    }

    // MARK: Engine thread

    /// Speaks `first`, then each announcement the queue starts after it, until none is left.
    /// Runs on the engine thread, so cached replays and eSpeak calls need no further hand-off.
    private func pump(from first: Active) {
        guard let engine else { return }
        var next: Active? = first
        while let active = next {
            let event = speak(active, engine: engine)
            next = state.withLock { state -> Active? in
                let id = active.pending.id
                state.pending[id] = nil
                state.active = nil
                // Finishing only ever starts the next one: nothing to interrupt or drop.
                return carryOut(state.queue.send(.finish(id)), &state).started
            }
            onEvent(event)
            completed(1)
        }
    }

    private func speak(_ active: Active, engine: SpeechEngine) -> UtteranceEvent {
        let pending = active.pending
        func finish(
            _ outcome: UtteranceEvent.Outcome, samples: Int = 0, wavPath: String? = nil,
            rendered: SpeechEngine.RenderOutcome? = nil, problems: [SpeechError] = [], restoredAudio: String? = nil
        ) -> UtteranceEvent {
            event(
                id: pending.id, text: pending.text, spoken: pending.spoken, priority: pending.priority,
                outcome: outcome, sampleCount: samples, sampleRate: engine.sampleRate,
                wavPath: wavPath, fromCache: rendered?.fromCache ?? false,
                trimmedLeadingSamples: rendered?.trimmedLeadingSamples ?? 0, problems: problems,
                restoredAudio: restoredAudio)
        }
        // Nothing to say, or stopped before it began: no sink hears of it (no empty WAV file).
        if pending.spoken.isEmpty || active.isStopRequested {
            active.close()
            return finish(active.isStopRequested ? .interrupted : .finished)
        }
        let info = UtteranceInfo(
            id: pending.id, text: pending.spoken, sampleRate: engine.sampleRate,
            priority: pending.priority)
        for sink in sinks { sink.begin(info) }
        var delivered = 0
        let sinks = self.sinks
        let rendered: SpeechEngine.RenderOutcome
        if let tone = pending.tone {
            // In 20 ms buffers, as eSpeak NG delivers speech, so an interruption cuts it as fast.
            let slice = engine.sampleRate / 50
            var start = 0
            while start < tone.count {
                let end = min(start + slice, tone.count)
                let ran = tone[start..<end].withUnsafeBufferPointer { buffer in
                    active.deliver {
                        for sink in sinks { sink.write(buffer) }
                        delivered += buffer.count
                    }
                }
                if !ran { break }
                start = end
            }
            rendered = SpeechEngine.RenderOutcome(ending: start < tone.count ? .stopped : .completed)
        } else {
            rendered = engine.render(pending.spoken, voice: pending.voice) { buffer in
                active.deliver {
                    for sink in sinks { sink.write(buffer) }
                    delivered += buffer.count
                }
            }
        }
        var failure: SpeechError?
        if case .failed(let error) = rendered.ending { failure = error }
        let cutShort = failure != nil || active.isStopRequested
        let reports = sinks.map { $0.end(info, interrupted: cutShort) }
        active.close()
        let outcome: UtteranceEvent.Outcome
        if let failure {
            outcome = .failed(failure)
        } else if active.isStopRequested {
            outcome = .interrupted
        } else if let sinkFailure = reports.lazy.compactMap(\.failure).first {
            outcome = .failed(sinkFailure)
        } else {
            outcome = .finished
        }
        return finish(
            outcome, samples: delivered, wavPath: reports.lazy.compactMap(\.filePath).first,
            rendered: rendered, problems: reports.compactMap(\.problem),
            restoredAudio: reports.lazy.compactMap(\.restored).first)
    }

    // MARK: Bookkeeping

    private static func takeID() -> UtteranceID {
        UtteranceID(rawValue: nextID.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    private func completed(_ count: Int) {
        guard count > 0 else { return }
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.outstanding -= count
            guard state.outstanding == 0 else { return [] }
            defer { state.drainWaiters.removeAll() }
            return state.drainWaiters
        }
        for waiter in waiters { waiter.signal() }
    }

    private func event(
        id: UtteranceID, text: String, spoken: String, priority: SpeechPriority,
        outcome: UtteranceEvent.Outcome, sampleCount: Int = 0, sampleRate: Int,
        wavPath: String? = nil, fromCache: Bool = false, trimmedLeadingSamples: Int = 0,
        problems: [SpeechError] = [], restoredAudio: String? = nil
    ) -> UtteranceEvent {
        UtteranceEvent(
            id: id, text: text, spokenText: spoken, priority: priority, outcome: outcome,
            sampleCount: sampleCount, sampleRate: sampleRate, wavPath: wavPath,
            fromCache: fromCache, trimmedLeadingSamples: trimmedLeadingSamples, problems: problems,
            restoredAudio: restoredAudio)
    }
}

import PagerSystem
import Synchronization
import SystemPackage

/// Live sound: our own PulseAudio stream (`PulsePlaybackStream`), else ALSA through pcaudiolib.
///
/// Synthesis runs far faster than real time, so `write` blocks once the device buffer is full
/// (`announcementBuffer` with PulseAudio); that back-pressure keeps memory flat during long
/// text. An interruption must not wait for the buffer to play out, so `flush` reaches the device
/// straight away: with PulseAudio from the interrupting thread (the stream locks internally, and
/// the flush is what releases a waiting write). ALSA's flush reopens the device and cannot
/// overlap a write, so while one is in progress the flush is left to the engine thread, which
/// performs it as soon as that write returns; the interrupting thread never waits.
///
/// If the device fails mid-utterance (the server was killed or stopped, the card unplugged), the
/// sink reports it once, in that utterance's `SinkReport` and through the loss callback (which a
/// caller reporting the report itself makes silent), and carries on silently; speech, events and
/// WAV files continue. With PulseAudio it then tries to reconnect, once a second on a thread of
/// its own (`reconnect()`), since a sound server is restarted far more often than a program
/// that speaks through it (`pulseaudio -k`, a desktop session's restart, a crash); the first
/// utterance to begin after a connection succeeds plays through it, and its report says sound is
/// back. A stream is never swapped mid-utterance, so no sentence resumes from its middle. ALSA's
/// device is not reopened: a card that is gone is gone until it is plugged in again, and
/// pcaudiolib cannot tell which card came back.
public final class PlaybackSink: AudioSink {
    public enum Backend: String, Sendable, CaseIterable {
        case pulse = "PulseAudio"
        case alsa = "ALSA"
    }

    /// How much must be buffered before PulseAudio starts playing: one eSpeak buffer (20 ms),
    /// which the engine hands over within a fraction of a millisecond of the first, so sound
    /// starts with the first buffer. This, not the buffer's size, is what decides how soon an
    /// announcement is heard (`make bench`, "to the ear").
    ///
    /// Why these numbers: docs/VOICE.md, Tuning history (speech).
    public static let announcementStart: Duration = .milliseconds(20)
    /// The PulseAudio stream's buffer (`tlength`, with the sink run at a matching latency). An
    /// interruption empties it at once whatever its size, so it is sized against running dry
    /// (gaps in long text) when this process or the server is kept off the CPU on a busy machine.
    /// (pcaudiolib's `pa_simple` leaves the server's 2 s default.)
    public static let announcementBuffer: Duration = .milliseconds(500)

    public let backend: Backend
    public let sampleRate: Int
    private let applicationName: String
    /// The device in use: replaced (under `io`, at an utterance's start) when a lost PulseAudio
    /// server answers again; read under this lock's brief hold by flushes from other threads.
    private let current: Locked<Device>
    private var device: Device { current.withLock { $0 } }
    /// A stream a reconnection opened, waiting for the next utterance to begin.
    private let reconnected = Locked<PulsePlaybackStream?>(nil)
    /// The device came back since the last report.
    private let pendingRestored = Locked<String?>(nil)
    /// Serialises writes and drains (and, for ALSA, flushes).
    private let io = Locked<Void>(())
    private let lost = Atomic<Bool>(false)
    private let flushes = Atomic<Int>(0)
    /// ALSA only: a flush requested while the device was busy, owed by the engine thread.
    private let flushOwed = Atomic<Bool>(false)
    /// A device failure not yet reported in an utterance's `SinkReport`.
    private let pendingProblem = Locked<SpeechError?>(nil)
    private let onNotice: @Sendable (String) -> Void
    /// Told (on the reconnection's thread) the moment a lost server answers again, before any
    /// utterance plays through it: what the sink reports is true from then on, so `status`
    /// should not wait for the next announcement to stop saying the sound is lost.
    private let onBack: @Sendable (String) -> Void

    /// The device behind the sink; every call returns 0 or a code for `message`.
    private enum Device: Sendable {
        case pulse(PulsePlaybackStream)
        /// `audio_object *`, kept as a bit pattern: the pointer itself is not `Sendable`, but the
        /// object lives exactly as long as the sink and every use is serialised as described above.
        case alsa(UInt)
        /// No server yet (`waitingForPulse`): the sink is lost from the start, so nothing calls
        /// these until a reconnection replaces it.
        case none

        var object: OpaquePointer? {
            if case .alsa(let handle) = self { return OpaquePointer(bitPattern: handle) }
            return nil
        }

        func write(_ samples: UnsafeBufferPointer<Int16>) -> Int32 {
            switch self {
            case .pulse(let stream): stream.write(samples)
            case .alsa: PCAudioRaw.write(object!, samples)
            case .none: -1
            }
        }

        func drain() -> Int32 {
            switch self {
            case .pulse(let stream): stream.drain()
            case .alsa: PCAudioRaw.drain(object!)
            case .none: -1
            }
        }

        func flush() -> Int32 {
            switch self {
            case .pulse(let stream): stream.flush()
            case .alsa: PCAudioRaw.flush(object!)
            case .none: -1
            }
        }

        func message(_ code: Int32) -> String {
            switch self {
            case .pulse: PulsePlaybackStream.message(code)
            case .alsa: PCAudioRaw.message(object!, code)
            case .none: "no server"
            }
        }
    }

    /// How long a lost PulseAudio server is left before it is asked again. Asking one that is
    /// gone costs a refused connection; one that is stopped costs the 2 s handshake deadline,
    /// spent on the reconnection's own thread, never on the speech thread.
    public static let reconnectInterval: Duration = .seconds(1)

    private init(
        backend: Backend, device: Device, sampleRate: Int, applicationName: String,
        onNotice: @escaping @Sendable (String) -> Void, onBack: @escaping @Sendable (String) -> Void
    ) {
        self.backend = backend
        self.current = Locked(device)
        self.sampleRate = sampleRate
        self.applicationName = applicationName
        self.onNotice = onNotice
        self.onBack = onBack
    }

    deinit {
        if let object = device.object { PCAudioRaw.closeAndDestroy(object) }
    }

    /// Opens exactly this backend, or throws why not (`--audio pulse`, `--audio alsa`). A
    /// PulseAudio server gets 2 s to answer. `onBack` is told the backend's name when a lost
    /// server answers again.
    public static func open(
        _ backend: Backend, sampleRate: Int = 22050,
        applicationName: String = "pagervoice",
        onNotice: @escaping @Sendable (String) -> Void,
        onBack: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(SpeechError) -> PlaybackSink {
        switch backend {
        case .pulse:
            switch openPulseStream(sampleRate: sampleRate, applicationName: applicationName) {
            case .success(let stream):
                return PlaybackSink(
                    backend: backend, device: .pulse(stream), sampleRate: sampleRate, applicationName: applicationName,
                    onNotice: onNotice, onBack: onBack)
            case .failure(let error):
                throw error
            }
        case .alsa:
            PCAudioRaw.silenceALSAErrors()
            guard let object = PCAudioRaw.createALSA(applicationName: applicationName, description: "announcements") else {
                throw .audioUnavailable(mode: "alsa", reason: "ALSA refused the connection")
            }
            let code = PCAudioRaw.open(object, sampleRate: sampleRate)
            if code != 0 {
                let reason = PCAudioRaw.message(object, code)
                PCAudioRaw.closeAndDestroy(object)
                throw .audioUnavailable(mode: "alsa", reason: reason)
            }
            let handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(object)))
            return PlaybackSink(
                backend: backend, device: .alsa(handle), sampleRate: sampleRate, applicationName: applicationName,
                onNotice: onNotice, onBack: onBack)
        }
    }

    private static func openPulseStream(sampleRate: Int, applicationName: String) -> Result<PulsePlaybackStream, SpeechError> {
        PulseConnection.open(applicationName: applicationName).flatMap { connection in
            PulsePlaybackStream.open(
                on: connection, sampleRate: sampleRate, name: "announcements",
                bufferDuration: announcementBuffer, startDuration: announcementStart)
        }
    }

    /// `--audio auto`: PulseAudio if a server answers within 2 s, else ALSA if the kernel lists
    /// a card, else, after exactly one notice line (and no ALSA library noise), a PulseAudio sink
    /// that is silent until a server answers (`isLost`; see `waitingForPulse`).
    /// `onLoss` is told when the device chosen is lost later (default: `onNotice`), `onBack` when
    /// a lost server, or the first, answers.
    public static func openAutomatically(
        sampleRate: Int = 22050, applicationName: String = "pagervoice",
        onNotice: @escaping @Sendable (String) -> Void, onLoss: (@Sendable (String) -> Void)? = nil,
        onBack: @escaping @Sendable (String) -> Void = { _ in }
    ) -> PlaybackSink {
        var reasons: [String] = []
        do {
            return try open(
                .pulse, sampleRate: sampleRate, applicationName: applicationName, onNotice: onLoss ?? onNotice, onBack: onBack)
        } catch {
            reasons.append(error.reason)
        }
        if alsaHasCard() {
            do {
                return try open(.alsa, sampleRate: sampleRate, applicationName: applicationName, onNotice: onLoss ?? onNotice)
            } catch {
                reasons.append("ALSA: \(error.reason)")
            }
        } else {
            reasons.append("ALSA lists no sound card")
        }
        onNotice("No audio output (\(reasons.joined(separator: "; "))); continuing without sound until a PulseAudio server answers.")
        return waitingForPulse(sampleRate: sampleRate, applicationName: applicationName, onNotice: onLoss ?? onNotice, onBack: onBack)
    }

    /// A PulseAudio sink with no server yet: lost from the start, asking for one once a second
    /// as after a loss, so a sound server that starts after us (a desktop session's, started
    /// after the terminal that runs us; `pulseaudio --start` later) is heard from the next
    /// utterance on. Until then speech is synthesised and goes nowhere, as with no device.
    static func waitingForPulse(
        sampleRate: Int, applicationName: String, onNotice: @escaping @Sendable (String) -> Void,
        onBack: @escaping @Sendable (String) -> Void
    ) -> PlaybackSink {
        let sink = PlaybackSink(
            backend: .pulse, device: .none, sampleRate: sampleRate, applicationName: applicationName, onNotice: onNotice,
            onBack: onBack)
        sink.lost.store(true, ordering: .releasing)
        sink.reconnect()
        return sink
    }

    /// Whether the device failed and the sink has gone quiet.
    public var isLost: Bool { lost.load(ordering: .acquiring) }

    /// Takes up a stream a reconnection opened, between utterances (see the type's comment).
    public func begin(_ utterance: UtteranceInfo) {
        guard isLost, let stream = reconnected.withLock({ $0.take() }) else { return }
        io.withLock { _ in current.withLock { $0 = .pulse(stream) } }
        lost.store(false, ordering: .releasing)
        pendingRestored.withLock { $0 = backend.rawValue }
        onNotice("Audio output is back (\(backend.rawValue)).")
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        payFlushDebt()
        guard !isLost else { return }
        let before = flushes.load(ordering: .acquiring)
        let code = io.withLock { _ in device.write(samples) }
        if code != 0 && flushes.load(ordering: .acquiring) == before {
            deviceFailed(code)
        }
        payFlushDebt()
    }

    public func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
        payFlushDebt()
        if interrupted {
            // The interrupting thread flushed already, but a write that was in flight may have
            // left its tail in the device after that; nothing of this utterance may play on.
            // (A failure here shows up, and is reported, at the next write.)
            if !isLost { _ = io.withLock { _ in device.flush() } }
        } else if !isLost {
            let before = flushes.load(ordering: .acquiring)
            let code = io.withLock { _ in device.drain() }
            // A drain cut short by an interrupting flush is not a device failure.
            if code != 0 && flushes.load(ordering: .acquiring) == before {
                deviceFailed(code)
            }
        }
        return SinkReport(
            problem: pendingProblem.withLock { $0.take() },
            restored: pendingRestored.withLock { $0.take() })
    }

    public func flush() {
        flushes.add(1, ordering: .acquiringAndReleasing)
        guard !isLost else { return }
        let code: Int32
        switch backend {
        case .pulse:
            code = device.flush()
        case .alsa:
            guard let result = io.withLockIfAvailable({ _ in device.flush() }) else {
                flushOwed.store(true, ordering: .releasing)
                return
            }
            code = result
        }
        if code != 0 {
            deviceFailed(code)
        }
    }

    /// Engine thread: performs an ALSA flush that an interrupting thread could not.
    private func payFlushDebt() {
        guard flushOwed.exchange(false, ordering: .acquiringAndReleasing), !isLost else { return }
        let code = io.withLock { _ in device.flush() }
        if code != 0 { deviceFailed(code) }
    }

    private func deviceFailed(_ code: Int32) {
        let reason = device.message(code)
        guard !lost.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let error = SpeechError.audioLost(reason: "\(backend.rawValue): \(reason)")
        pendingProblem.withLock { $0 = error }
        guard backend == .pulse else {
            return onNotice("Audio output stopped (\(backend.rawValue): \(reason)); continuing without sound.")
        }
        onNotice("Audio output stopped (\(backend.rawValue): \(reason)); continuing without sound until the server is back.")
        reconnect()
    }

    /// Asks for the server once every `reconnectInterval` on a thread of its own until a stream
    /// opens (or the sink is gone); the stream waits in `reconnected` for the next utterance.
    /// One such thread per loss: `deviceFailed` starts it only on the change to lost.
    private func reconnect() {
        let sampleRate = self.sampleRate
        let applicationName = self.applicationName
        OwnedThread.start(name: "pulse reconnect", stackSize: 256 << 10) { [weak self] in
            while true {
                let attempt = PlaybackSink.openPulseStream(sampleRate: sampleRate, applicationName: applicationName)
                // The sink is held only here, never across the pause: one no one holds is let go.
                do {
                    guard let sink = self, sink.isLost else { return }
                    if case .success(let stream) = attempt {
                        sink.reconnected.withLock { $0 = stream }
                        return sink.onBack(sink.backend.rawValue)
                    }
                }
                OwnedThread.sleep(for: PlaybackSink.reconnectInterval)
            }
        }
    }

    // MARK: Is there an ALSA card?

    /// Whether the kernel lists at least one ALSA sound card: a cheap, silent check before ALSA is
    /// asked to open one, because asking ALSA directly is how a headless machine ends up with a
    /// screenful of `ALSA lib …` lines. (PulseAudio needs no such check: `PulseConnection` asks
    /// the server itself, with a deadline and without autospawn.)
    static func alsaHasCard(cardsFile: String = "/proc/asound/cards") -> Bool {
        guard let text = readSmallFile(cardsFile) else { return false }
        if text.contains("no soundcards") { return false }
        return text.split(separator: "\n").contains { line in
            line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).first?.isNumber == true
        }
    }

    /// The first 64 KiB of a file, read with plain POSIX calls: Foundation's readers leak a 4 KiB
    /// buffer for every file that reports size 0, which is every file in /proc (LeakSanitizer).
    static func readSmallFile(_ path: String) -> String? {
        guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return nil }
        defer { try? file.close() }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
            }
            guard let n else { return nil }
            if n == 0 { break }
            count += n
        }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}

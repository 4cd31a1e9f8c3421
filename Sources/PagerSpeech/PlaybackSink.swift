import Synchronization

/// Live sound through pcaudiolib (PulseAudio, else ALSA).
///
/// Synthesis runs far faster than real time, so `write` blocks once the device buffer is full
/// (about a quarter of a second with PulseAudio); that back-pressure keeps memory flat during
/// long text. An interruption must not wait for the buffer to play out, so `flush` reaches the
/// device straight away: with PulseAudio from the interrupting thread (`pa_simple` locks
/// internally, and the flush is what unblocks a waiting write). ALSA's flush reopens the device
/// and cannot overlap a write, so while one is in progress the flush is left to the engine
/// thread, which performs it as soon as that write returns; the interrupting thread never waits.
///
/// If the device fails mid-utterance (the server was killed, the card unplugged), the sink
/// reports it once through the notice callback and carries on silently; speech, events and WAV
/// files continue.
public final class PlaybackSink: AudioSink {
    public enum Backend: String, Sendable, CaseIterable {
        case pulse = "PulseAudio"
        case alsa = "ALSA"
    }

    public let backend: Backend
    public let sampleRate: Int
    /// `audio_object *`, kept as a bit pattern: the pointer itself is not `Sendable`, but the
    /// object lives exactly as long as this sink and every use is serialised as described above.
    private let handle: UInt
    /// Serialises writes and drains (and, for ALSA, flushes).
    private let io = Locked<Void>(())
    private let lost = Atomic<Bool>(false)
    private let flushes = Atomic<Int>(0)
    /// ALSA only: a flush requested while the device was busy, owed by the engine thread.
    private let flushOwed = Atomic<Bool>(false)
    /// A device failure not yet reported in an utterance's `SinkReport`.
    private let pendingProblem = Locked<SpeechError?>(nil)
    private let onNotice: @Sendable (String) -> Void

    private var object: OpaquePointer { OpaquePointer(bitPattern: handle)! }

    private init(
        backend: Backend, object: OpaquePointer, sampleRate: Int,
        onNotice: @escaping @Sendable (String) -> Void
    ) {
        self.backend = backend
        self.handle = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(object)))
        self.sampleRate = sampleRate
        self.onNotice = onNotice
    }

    deinit {
        PCAudioRaw.closeAndDestroy(object)
    }

    /// Opens exactly this backend, or throws why not (`--audio pulse`, `--audio alsa`).
    public static func open(
        _ backend: Backend, sampleRate: Int = 22050,
        applicationName: String = "pagervoice",
        onNotice: @escaping @Sendable (String) -> Void
    ) throws(SpeechError) -> PlaybackSink {
        let mode = backend == .pulse ? "pulse" : "alsa"
        switch backend {
        case .pulse:
            if let problem = AudioProbe.pulseServerProblem(applicationName: applicationName) {
                throw .audioUnavailable(mode: mode, reason: problem.reason)
            }
        case .alsa:
            PCAudioRaw.silenceALSAErrors()
        }
        guard
            let object = PCAudioRaw.create(
                backend == .pulse ? .pulse : .alsa,
                applicationName: applicationName,
                description: "announcements")
        else {
            throw .audioUnavailable(mode: mode, reason: "\(backend.rawValue) refused the connection")
        }
        let code = PCAudioRaw.open(object, sampleRate: sampleRate)
        if code != 0 {
            let reason = PCAudioRaw.message(object, code)
            PCAudioRaw.closeAndDestroy(object)
            throw .audioUnavailable(mode: mode, reason: reason)
        }
        return PlaybackSink(backend: backend, object: object, sampleRate: sampleRate, onNotice: onNotice)
    }

    /// `--audio auto`: PulseAudio if a server answers, else ALSA if the kernel lists a card, else
    /// nil after exactly one notice line (and no ALSA library noise).
    public static func openAutomatically(
        sampleRate: Int = 22050, applicationName: String = "pagervoice",
        onNotice: @escaping @Sendable (String) -> Void
    ) -> PlaybackSink? {
        var reasons: [String] = []
        if let problem = AudioProbe.pulseServerProblem(applicationName: applicationName) {
            reasons.append(problem.reason)
        } else {
            do {
                return try open(.pulse, sampleRate: sampleRate, applicationName: applicationName, onNotice: onNotice)
            } catch {
                reasons.append("PulseAudio: \(error.reason)")
            }
        }
        if AudioProbe.alsaHasCard() {
            do {
                return try open(.alsa, sampleRate: sampleRate, applicationName: applicationName, onNotice: onNotice)
            } catch {
                reasons.append("ALSA: \(error.reason)")
            }
        } else {
            reasons.append("ALSA lists no sound card")
        }
        onNotice("No audio output (\(reasons.joined(separator: "; "))); continuing without sound.")
        return nil
    }

    /// Whether the device failed and the sink has gone quiet.
    public var isLost: Bool { lost.load(ordering: .acquiring) }

    public func begin(_ utterance: UtteranceInfo) {}

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        payFlushDebt()
        guard !isLost else { return }
        let before = flushes.load(ordering: .acquiring)
        let code = io.withLock { _ in PCAudioRaw.write(object, samples) }
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
            if !isLost { _ = io.withLock { _ in PCAudioRaw.flush(object) } }
        } else if !isLost {
            let before = flushes.load(ordering: .acquiring)
            let code = io.withLock { _ in PCAudioRaw.drain(object) }
            // A drain cut short by an interrupting flush is not a device failure.
            if code != 0 && flushes.load(ordering: .acquiring) == before {
                deviceFailed(code)
            }
        }
        return SinkReport(
            problem: pendingProblem.withLock { problem in
                defer { problem = nil }
                return problem
            })
    }

    public func flush() {
        flushes.add(1, ordering: .acquiringAndReleasing)
        guard !isLost else { return }
        let code: Int32
        switch backend {
        case .pulse:
            code = PCAudioRaw.flush(object)
        case .alsa:
            guard let result = io.withLockIfAvailable({ _ in PCAudioRaw.flush(object) }) else {
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
        let code = io.withLock { _ in PCAudioRaw.flush(object) }
        if code != 0 { deviceFailed(code) }
    }

    private func deviceFailed(_ code: Int32) {
        let reason = PCAudioRaw.message(object, code)
        guard !lost.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let error = SpeechError.audioLost(reason: "\(backend.rawValue): \(reason)")
        pendingProblem.withLock { $0 = error }
        onNotice("Audio output stopped (\(backend.rawValue): \(reason)); continuing without sound.")
    }
}

import PagerCore
import PagerSpeech

/// The REPL's speech: announcements go to PagerSpeech's `Announcer` (eSpeak NG on its own thread),
/// in the voice of the pager's current language unless `--voice` chose one.
public final class EspeakSpeaker: Speaker {
    let announcer: Announcer
    let base: VoiceSettings
    private let failed: SpeechFailures

    /// Opens the audio the options ask for. A voice that does not exist is refused here, before
    /// the session starts, rather than on the first announcement.
    init(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws(SpeechError) {
        var settings = VoiceSettings(voice: options.voice)
        if let rate = options.rate { settings.rate = rate }
        base = settings
        let failed = SpeechFailures()
        let configuration = Announcer.Configuration(
            playback: options.audio,
            wavDirectory: options.wavDir,
            settings: settings,
            onNotice: notice,
            onEvent: { event in
                // A failed utterance is an error of the line that asked for it (the REPL prints
                // it as one, in text or JSON); interruptions are what the user asked for.
                if case .failed(let error) = event.outcome {
                    failed.append("could not speak \"\(event.text.clipped())\": \(error)")
                }
            }
        )
        announcer = try Announcer(configuration: configuration)
        self.failed = failed
        if let engine = announcer.engine, options.voice != nil {
            try engine.validate(settings)
        }
    }

    public func speak(_ text: String, priority: AnnouncementPriority, voice: String) {
        var settings = base
        if settings.voice == nil { settings.voice = voice }
        announcer.speak(text, priority: Self.speechPriority(priority), settings: settings)
    }

    public func stop() { announcer.stop() }
    public func drain() { announcer.drain() }

    /// On the engine thread, so each line's `drain` synthesises in place rather than waking the
    /// engine thread and then being woken by it (see `SpeechEngine.runOnEngineThread`).
    public func runScript<T>(_ body: @escaping () -> T) -> T {
        guard let engine = announcer.engine else { return body() }
        return engine.runOnEngineThread(body)
    }

    public func voiceLines() -> [String] {
        announcer.engine.map(VoiceList.lines) ?? []
    }

    public func takeFailures() -> [String] { failed.take() }

    /// Played through PulseAudio or ALSA; `null` and WAV files make no sound.
    public var isAudible: Bool {
        announcer.output == PlaybackSink.Backend.pulse.rawValue || announcer.output == PlaybackSink.Backend.alsa.rawValue
    }

    public var summary: String {
        let voice = base.voice ?? "by language"
        return "voice \(voice), rate \(base.rate) wpm, audio \(announcer.output)"
    }

    static func speechPriority(_ priority: AnnouncementPriority) -> SpeechPriority {
        switch priority {
        case .low: .low
        case .default: .default
        case .high: .high
        }
    }
}

/// Utterances that failed (a WAV file not written, a synthesis error), recorded on the engine
/// thread and taken by the shell, which reports each as an error and sets the exit status.
final class SpeechFailures: Sendable {
    private let messages = Locked<[String]>([])

    func append(_ message: String) { messages.withLock { $0.append(message) } }

    func take() -> [String] {
        messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}

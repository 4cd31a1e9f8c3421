import PagerCore
import PagerSpeech

/// The REPL's speech: announcements go to PagerSpeech's `Announcer` (eSpeak NG on its own thread),
/// in the voice of the pager's current language unless `--voice` chose one.
public final class EspeakSpeaker: Speaker {
    let announcer: Announcer
    let base: VoiceSettings

    /// Opens the audio the options ask for. A voice that does not exist is refused here, before
    /// the session starts, rather than on the first announcement.
    public init(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws(SpeechError) {
        var settings = VoiceSettings(voice: options.voice)
        if let rate = options.rate { settings.rate = rate }
        base = settings
        let configuration = Announcer.Configuration(
            playback: PlaybackMode(rawValue: options.audio.rawValue) ?? .auto,
            wavDirectory: options.wavDirectory,
            settings: settings,
            onNotice: notice,
            onEvent: { event in
                // A failed utterance is said once; interruptions are what the user asked for.
                if case .failed(let error) = event.outcome { notice("could not speak \"\(event.text.clipped())\": \(error)") }
            }
        )
        announcer = try Announcer(configuration: configuration)
        if let engine = announcer.engine, options.voice != nil {
            try engine.validate(settings)
        }
    }

    public func speak(_ text: String, priority: AnnouncementPriority, language: String) {
        let voice = base.voice ?? SpokenStrings.forLanguage(language)?.voice ?? language
        announcer.speak(text, priority: Self.speechPriority(priority), voice: voice)
    }

    public func stop() { announcer.stop() }
    public func drain() { announcer.drain() }

    public func runScript<T>(_ body: @escaping () -> T) -> T { body() }

    public func voiceLines() -> [String] {
        guard let engine = announcer.engine else { return [] }
        let width = (engine.voices.map(\.name.count).max() ?? 0) + 2
        return engine.voices.map { voice in
            Formatting.padRight(voice.name, width) + voice.languages.map(\.code).joined(separator: ", ")
        }
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

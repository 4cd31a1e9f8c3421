import PagerCore
import PagerSpeech

extension SpeechClient {
    /// eSpeak NG in this process (`Announcer`): sound through PulseAudio or ALSA, or nowhere
    /// (`--audio null`), and WAV files with `--wav-dir`. A voice that does not exist is refused
    /// here, before the session starts, rather than on the first announcement.
    static func espeak(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws(SpeechError) -> SpeechClient {
        var settings = VoiceSettings(voice: options.voice)
        if let rate = options.rate { settings.rate = rate }
        let failures = SpeechFailures()
        let playback: PlaybackMode =
            switch options.audio {
            case .pulse: .pulse
            case .alsa: .alsa
            case .null: .null
            default: .auto
            }
        let announcer = try Announcer(
            configuration: .init(
                playback: playback, wavDirectory: options.wavDir, settings: settings, onNotice: notice,
                onEvent: { failures.record($0) }))
        if let engine = announcer.engine, options.voice != nil { try engine.validate(settings) }
        let chosen = options.voice
        let output = announcer.output
        return SpeechClient(
            speak: { text, priority, voice in announcer.speak(text, priority: Self.priority(priority), voice: chosen ?? voice) },
            stop: { announcer.stop() },
            shutDown: { announcer.shutDown() },
            drain: { announcer.drain() },
            takeFailures: { failures.take() },
            voiceLines: { announcer.engine.map(VoiceList.lines) ?? [] },
            summary: "voice \(chosen ?? "by language"), rate \(settings.rate) wpm, audio \(output)",
            isAudible: output == PlaybackSink.Backend.pulse.rawValue || output == PlaybackSink.Backend.alsa.rawValue)
    }
}

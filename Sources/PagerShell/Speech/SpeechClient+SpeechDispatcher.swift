import PagerCore
import PagerSpeech
import Synchronization

extension SpeechClient {
    /// The user's own speech-dispatcher (`--audio speechd`), as Orca uses it: their synthesiser,
    /// voice and rate, unless `--voice` or `--rate` were given; the pager's language is passed on
    /// as the language to speak. Never fights Orca for the audio device. Priorities map onto
    /// speech-dispatcher's as `SpeechDispatcherClient` documents (IMPORTANT, TEXT, and a low
    /// announcement held until ours are done).
    static func speechDispatcher(
        _ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void
    ) throws(SpeechError) -> SpeechClient {
        let failures = SpeechFailures()
        let client = try SpeechDispatcherClient(
            configuration: .init(
                address: nil, voice: options.voice, rate: options.rate, onEvent: { failures.record($0) }, onNotice: notice))
        // The language last asked for, so it is only sent when it changes.
        let language = Mutex<String?>(nil)
        let chosen = options.voice
        return SpeechClient(
            speak: { text, priority, voice in
                if chosen == nil, language.withLock({ $0 }) != voice {
                    language.withLock { $0 = voice }
                    do {
                        try client.setVoice(voice)
                    } catch {
                        notice("speech-dispatcher: \(error)")
                    }
                }
                client.speak(text, priority: Self.priority(priority))
            },
            stop: { client.stop() },
            shutDown: { client.close() },
            drain: { client.drain() },
            takeFailures: { failures.take() },
            voiceLines: {
                ((try? client.voices()) ?? []).map { voice in
                    [voice.name, voice.language, voice.variant].compactMap { $0 }.joined(separator: "  ")
                }
            },
            summary:
                "speech-dispatcher at \(client.address), voice \(chosen ?? "the user's"), rate \(options.rate.map { "\($0) wpm" } ?? "the user's")",
            isAudible: true)
    }
}

import PagerSpeech

/// The installed voices as `voices` prints them: name, then the languages each speaks.
enum VoiceList {
    static func lines(_ engine: SpeechEngine) -> [String] {
        let width = (engine.voices.map(\.name.count).max() ?? 0) + 2
        return engine.voices.map { voice in
            Formatting.padRight(voice.name, width) + voice.languages.map(\.code).joined(separator: ", ")
        }
    }
}

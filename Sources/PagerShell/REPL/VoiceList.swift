import PagerCore
import PagerSpeech

/// The installed voices as `voices` prints them: name, the languages each speaks, and which
/// PagerVoice speaks in its own words (a full translation in `SpokenStrings.table`).
enum VoiceList {
    static func lines(_ engine: SpeechEngine) -> [String] {
        // A translation names its voice the way eSpeak's file names do ("de", "pt-br").
        var translations: [String: [SpokenStrings]] = [:]
        for strings in SpokenStrings.table { translations[strings.voice.lowercased(), default: []].append(strings) }
        let width = (engine.voices.map(\.name.count).max() ?? 0) + 2
        let languages = engine.voices.map { $0.languages.map(\.code).joined(separator: ", ") }
        let languageWidth = (languages.map(\.count).max() ?? 0) + 2
        var lines = zip(engine.voices, languages).map { voice, codes in
            let file = voice.identifier.split(separator: "/").last.map { $0.lowercased() } ?? ""
            let translated = translations[file].map { " PagerVoice: " + $0.map(\.code).joined(separator: ", ") } ?? ""
            return (Formatting.padRight(voice.name, width) + Formatting.padRight(codes, languageWidth) + translated)
                .trimmingSpaces()
        }
        lines.append("")
        lines.append(
            "PagerVoice: the voice speaks that translation of PagerVoice's own words (\(SpokenStrings.table.count) languages; --lang)."
        )
        return lines
    }
}

/// Which language PagerVoice speaks, and a one-line reason a `status` line can show.
///
/// `--lang` wins. Without it the language comes from the locale environment the way every POSIX
/// program finds its message language: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set
/// and not empty decides, even when it names no language (`LC_ALL=C` means "no translation", not
/// "look further"). English is spoken when that variable names no language or one PagerVoice does
/// not speak, and when none is set. GNU's `LANGUAGE` priority list is not consulted: POSIX does not
/// define it, and it only reorders languages the locale already allows.
public struct LanguageChoice: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// `--lang TAG` (or the same option of `verify`).
        case option(tag: String)
        /// The locale variable that decided, and its value.
        case environment(variable: String, value: String)
        /// Nothing set: the English default.
        case none
    }

    public var strings: SpokenStrings
    public var source: Source
    /// "de from LANG=de_DE.UTF-8", "en: LC_ALL=C names no language", "pt-BR from --lang pt_br".
    public var reason: String

    public init(strings: SpokenStrings, source: Source, reason: String) {
        self.strings = strings
        self.source = source
        self.reason = reason
    }

    /// The variables consulted, strongest first.
    public static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// Chooses the language. An explicit tag that matches no translation is refused
    /// (`PagerError.unknownLanguage`, whose message suggests the nearest); the environment never
    /// fails, because a locale PagerVoice cannot speak is not the user's mistake.
    public static func resolve(explicit: String?, environment: [String: String]) throws(PagerError) -> LanguageChoice {
        if let explicit {
            guard let strings = SpokenStrings.forLanguage(explicit) else { throw .unknownLanguage(explicit) }
            return LanguageChoice(
                strings: strings, source: .option(tag: explicit),
                reason: "\(strings.code) from --lang \(Printable.clipped(explicit))")
        }
        for variable in localeVariables {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let setting = "\(variable)=\(Printable.clipped(value))"
            let source = Source.environment(variable: variable, value: value)
            guard let tag = LanguageTag(value) else {
                return LanguageChoice(strings: .english, source: source, reason: "en: \(setting) names no language")
            }
            guard let strings = tag.translation else {
                return LanguageChoice(
                    strings: .english, source: source, reason: "en: \(setting) names \(tag.language), which PagerVoice does not speak")
            }
            return LanguageChoice(strings: strings, source: source, reason: "\(strings.code) from \(setting)")
        }
        return LanguageChoice(strings: .english, source: .none, reason: "en: no locale variable set")
    }
}

/// One installed eSpeak NG voice, as `espeak_ListVoices` describes it.
///
/// The list is read once when the engine starts (voice files do not change while we run), so
/// listing and validating voices never has to wait for the engine thread to finish speaking.
public struct Voice: Hashable, Sendable, CustomStringConvertible {
    /// A language this voice speaks; a lower priority number means eSpeak prefers the voice more.
    public struct Language: Hashable, Sendable {
        public let code: String
        public let priority: Int

        public init(code: String, priority: Int) {
            self.code = code
            self.priority = priority
        }
    }

    public enum Gender: String, Hashable, Sendable {
        case unspecified, male, female, neutral
    }

    /// Human name, e.g. "Spanish (Spain)".
    public let name: String
    /// File under espeak-ng-data/voices, e.g. "roa/es"; unique, so it is what we select by.
    public let identifier: String
    public let languages: [Language]
    public let gender: Gender
    /// Age in years, 0 when eSpeak does not say.
    public let age: Int

    public init(name: String, identifier: String, languages: [Language], gender: Gender, age: Int) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
        self.gender = gender
        self.age = age
    }

    /// The language eSpeak lists first, which is what `espeak-ng --voices` shows.
    public var primaryLanguage: String { languages.first?.code ?? "" }

    public var description: String {
        "\(name) [\(identifier)] " + languages.map(\.code).joined(separator: ",")
    }

    /// Whether `code` names one of this voice's languages, or a region of it
    /// (`en` matches `en-us`), ignoring case and `_` versus `-`.
    func priority(forLanguage code: String) -> (exact: Bool, priority: Int)? {
        let wanted = Voice.normalisedLanguage(code)
        var best: (exact: Bool, priority: Int)?
        for language in languages {
            let have = Voice.normalisedLanguage(language.code)
            let candidate: (exact: Bool, priority: Int)
            if have == wanted {
                candidate = (true, language.priority)
            } else if have.hasPrefix(wanted + "-") {
                candidate = (false, language.priority)
            } else {
                continue
            }
            if let current = best {
                if (candidate.exact && !current.exact)
                    || (candidate.exact == current.exact && candidate.priority < current.priority)
                {
                    best = candidate
                }
            } else {
                best = candidate
            }
        }
        return best
    }

    static func normalisedLanguage(_ code: String) -> String {
        code.lowercased().replacing("_", with: "-")
    }
}

/// One synthesis voice of the daemon's output module, as `LIST SYNTHESIS_VOICES` reports it.
///
/// The espeak-ng module lists every voice once plain and once per eSpeak variant
/// ("English (America)+klatt4", variant "klatt4"): 13 362 entries with Debian's espeak-ng-data.
public struct SpeechDispatcherVoice: Hashable, Sendable, CustomStringConvertible {
    /// What `SET SELF SYNTHESIS_VOICE` takes, e.g. "English (America)".
    public let name: String
    /// A language code as the module gives it, e.g. "en-us".
    public let language: String
    /// The module's variant or dialect, nil when it says "none".
    public let variant: String?

    public init(name: String, language: String, variant: String?) {
        self.name = name
        self.language = language
        self.variant = variant
    }

    public var description: String {
        "\(name) [\(language)]" + (variant.map { " variant \($0)" } ?? "")
    }

    /// Whether `code` is this voice's language or a wider form of it (`en` matches `en-us`),
    /// ignoring case and `_` versus `-`.
    func speaks(_ code: String) -> Bool {
        let wanted = Self.normalised(code)
        let have = Self.normalised(language)
        return !wanted.isEmpty && (have == wanted || have.hasPrefix(wanted + "-"))
    }

    static func normalised(_ code: String) -> String {
        String(code.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}

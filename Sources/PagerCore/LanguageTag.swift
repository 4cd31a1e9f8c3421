/// The parts of a BCP 47 language tag that choosing a translation needs: language, script and
/// region ("pt-BR", "zh-Hant-TW", "es-419").
///
/// People type tags in many spellings, and the locale environment spells them the POSIX way, so
/// parsing accepts any case, `_` for `-`, and a POSIX codeset or modifier (`de_DE.UTF-8`,
/// `ca_ES@valencia`). Variants and extensions (`de-CH-1996`, `en-US-u-ca-gregory`) are checked for
/// shape and then ignored: no translation depends on them. Anything else (`C`, `POSIX`, `x-klingon`,
/// `12`, `de--AT`, spaces) is not a language, and the parser says so with nil rather than guessing.
public struct LanguageTag: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Lowercased ISO 639 code, two or three letters ("pt", "yue").
    public var language: String
    /// Titlecased ISO 15924 code ("Hant"), if the tag names a script.
    public var script: String?
    /// Uppercased ISO 3166 code or UN M.49 number ("BR", "419"), if the tag names a region.
    public var region: String?

    public init(language: String, script: String? = nil, region: String? = nil) {
        self.language = language
        self.script = script
        self.region = region
    }

    /// Parses a BCP 47 tag or a POSIX locale name; nil when the text names no language.
    public init?(_ text: String) {
        var body = Substring(text)
        // POSIX: language[_territory][.codeset][@modifier]; the codeset and modifier say nothing
        // about which words to speak.
        if let cut = body.firstIndex(where: { $0 == "." || $0 == "@" }) {
            let suffix = body[cut...].unicodeScalars
            guard
                suffix.allSatisfy({
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.@".unicodeScalars.contains($0))
                })
            else { return nil }
            body = body[..<cut]
        }
        let subtags = body.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = subtags.first, Self.isLetters(first, count: 2...3) else { return nil }
        guard subtags.allSatisfy({ Self.isAlphanumeric($0, count: 1...8) }) else { return nil }
        var language = first.lowercased()
        var rest = subtags.dropFirst()
        // An extended language subtag names the language itself: "zh-yue" is Cantonese, "zh-cmn"
        // is Mandarin (BCP 47 §2.2.2 prefers the extlang as the primary subtag).
        if let extlang = rest.first, Self.isLetters(extlang, count: 3...3) {
            language = extlang.lowercased()
            rest = rest.dropFirst()
        }
        var script: String?
        if let next = rest.first, Self.isLetters(next, count: 4...4) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            rest = rest.dropFirst()
        }
        var region: String?
        if let next = rest.first, Self.isLetters(next, count: 2...2) || Self.isDigits(next, count: 3...3) {
            region = next.uppercased()
            rest = rest.dropFirst()
        }
        // Whatever follows must have the shape of variants and extensions; "en-US-Latn" (a script
        // after the region) or "de-AT-x" is a typing mistake, not a tag to half-read.
        guard Self.areVariantsAndExtensions(rest) else { return nil }
        self.init(language: language, script: script, region: region)
    }

    /// "pt-BR", "zh-Hant-TW": the canonical spelling.
    public var description: String {
        [language, script, region].compactMap { $0 }.joined(separator: "-")
    }

    /// Variants ("1996", "valencia"), then extensions ("u-ca-gregory") and private use ("x-foo").
    private static func areVariantsAndExtensions(_ subtags: ArraySlice<Substring>) -> Bool {
        var rest = subtags.drop { $0.count >= 5 || ($0.count == 4 && $0.first?.isNumber == true) }
        while let singleton = rest.first {
            guard singleton.count == 1 else { return false }
            if singleton.lowercased() == "x" { return rest.count > 1 }
            rest = rest.dropFirst()
            let extensionLength = rest.prefix { $0.count >= 2 }.count
            guard extensionLength > 0 else { return false }
            rest = rest.dropFirst(extensionLength)
        }
        return true
    }

    private static func isLetters(_ text: Substring, count: ClosedRange<Int>) -> Bool {
        count.contains(text.count) && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    private static func isDigits(_ text: Substring, count: ClosedRange<Int>) -> Bool {
        count.contains(text.count) && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isAlphanumeric(_ text: Substring, count: ClosedRange<Int>) -> Bool {
        count.contains(text.count)
            && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}

extension LanguageTag {
    /// The translation that speaks for this tag: the most specific table entry, falling back
    /// from script and region to the language. nil when PagerVoice does not speak the language.
    ///
    /// Where plain fallback would pick the wrong entry, the choice follows the platforms:
    /// - `pt` alone, or Portuguese from Brazil or anywhere else not listed below, is Brazilian
    ///   Portuguese (`pt-BR`): CLDR, and so Android and Apple, read plain `pt` as Brazil's. Portuguese
    ///   from Portugal and the countries that write its norm (AO, MZ, CV, GW, ST, TL, MO, GQ, LU, CH)
    ///   is `pt-PT`.
    /// - Chinese: Traditional script or Taiwan is `zh-Hant` (Mandarin in Traditional characters);
    ///   Hong Kong and Macau are Cantonese (`yue`): TalkBack's zh-rHK strings are written Cantonese
    ///   and the platforms' Hong Kong voices speak it; a tag that asks for Simplified script
    ///   (`zh-Hans-HK`) gets `zh`, as does everything else (Mandarin, Simplified). `cmn` and `zh-cmn`
    ///   are Mandarin, `zh-yue` is Cantonese.
    /// - Norwegian: `no` (the macrolanguage) and `nn` (Nynorsk) get Bokmål (`nb`), the written
    ///   standard most Norwegians use and every Nynorsk reader reads; there is no Nynorsk
    ///   translation and no Nynorsk eSpeak NG voice, and English would help nobody more.
    /// - Retired and three-letter codes mean what they always meant: `iw` is Hebrew, `in`
    ///   Indonesian, `mo` Romanian, and ISO 639-2 codes (`deu`, `fra`, `jpn`, …) their languages.
    public var translation: SpokenStrings? {
        let language = Self.aliases[language] ?? language
        let code: String
        switch language {
        case "pt":
            code = region.map { Self.europeanPortugueseRegions.contains($0) } == true ? "pt-PT" : "pt-BR"
        case "zh":
            switch (script, region) {
            case ("Hans"?, _): code = "zh"
            case (_, "HK"?), (_, "MO"?): code = "yue"
            case ("Hant"?, _), (_, "TW"?): code = "zh-Hant"
            default: code = "zh"
            }
        default:
            let candidates = [
                [language, script, region], [language, script], [language, region], [language],
            ].map { $0.compactMap { $0 }.joined(separator: "-").lowercased() }
            return candidates.lazy.compactMap { Self.byLowercasedCode[$0] }.first
        }
        return Self.byLowercasedCode[code.lowercased()]
    }

    private static let byLowercasedCode = Dictionary(
        SpokenStrings.table.map { ($0.code.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })

    private static let europeanPortugueseRegions: Set<String> = ["PT", "AO", "MZ", "CV", "GW", "ST", "TL", "MO", "GQ", "LU", "CH"]

    /// Codes that name a language the table has under another code.
    static let aliases: [String: String] = [
        // Retired two-letter codes and the Norwegian choice documented above.
        "iw": "he", "in": "id", "mo": "ro", "no": "nb", "nn": "nb",
        // ISO 639-2/T and /B, and ISO 639-3 individual languages.
        "ara": "ar", "arb": "ar", "ben": "bn", "bul": "bg", "cat": "ca", "ces": "cs", "cze": "cs",
        "dan": "da", "deu": "de", "ger": "de", "ell": "el", "gre": "el", "eng": "en", "spa": "es",
        "fas": "fa", "per": "fa", "pes": "fa", "fin": "fi", "fra": "fr", "fre": "fr", "heb": "he",
        "hin": "hi", "hun": "hu", "ind": "id", "ita": "it", "jpn": "ja", "kor": "ko", "msa": "ms",
        "may": "ms", "zsm": "ms", "nob": "nb", "nor": "nb", "nno": "nb", "nld": "nl", "dut": "nl",
        "pol": "pl", "por": "pt", "ron": "ro", "rum": "ro", "rus": "ru", "slk": "sk", "slo": "sk",
        "swe": "sv", "tur": "tr", "ukr": "uk", "vie": "vi", "zho": "zh", "chi": "zh", "cmn": "zh",
    ]
}

import Testing

@testable import PagerCore

/// BCP 47 and POSIX spellings, and which translation each one gets.
@Suite struct LanguageTagTests {
    @Test(
        arguments: [
            ("pt-BR", "pt", nil, "BR"), ("PT_br", "pt", nil, "BR"), ("zh-Hant-TW", "zh", "Hant", "TW"), ("zh-hant", "zh", "Hant", nil),
            ("es-419", "es", nil, "419"), ("de_DE.UTF-8", "de", nil, "DE"), ("ca_ES@valencia", "ca", nil, "ES"),
            ("en-US-u-ca-gregory", "en", nil, "US"), ("de-CH-1996", "de", nil, "CH"), ("sr-Latn-RS", "sr", "Latn", "RS"),
            ("zh-yue-HK", "yue", nil, "HK"), ("zh-cmn-Hans-CN", "cmn", "Hans", "CN"), ("en-x-pirate", "en", nil, nil),
            ("DE", "de", nil, nil),
        ] as [(String, String, String?, String?)])
    func parsesTheParts(text: String, language: String, script: String?, region: String?) throws {
        let tag = try #require(LanguageTag(text))
        #expect(tag == LanguageTag(language: language, script: script, region: region))
    }

    @Test(arguments: [
        "", "C", "POSIX", "C.UTF-8", "x-klingon", "i-default", "12", "de--AT", "-de", "de-", "en US", "en-US-Latn", "de-AT-x",
        "deutsch", "e", "😀", "de-AT-u", "zh_TW.Big5\u{1}x", "d\u{0}e",
    ])
    func refusesWhatIsNoTag(text: String) {
        #expect(LanguageTag(text) == nil, "\(text.debugDescription)")
    }

    @Test func canonicalSpelling() {
        #expect(LanguageTag("ZH_hant_tw.UTF-8")?.description == "zh-Hant-TW")
        #expect(LanguageTag("es_419")?.description == "es-419")
        #expect(LanguageTag("de")?.description == "de")
    }

    /// Region and script fall back to the language; the special cases follow the platforms.
    @Test(arguments: [
        ("pt-BR", "pt-BR"), ("pt_BR.UTF-8", "pt-BR"), ("pt", "pt-BR"), ("pt-PT", "pt-PT"), ("pt-AO", "pt-PT"), ("pt-MZ", "pt-PT"),
        ("es-419", "es"), ("es-MX", "es"), ("es", "es"), ("de-AT", "de"), ("de-CH-1996", "de"), ("DE", "de"), ("en-GB", "en"),
        ("en_US.UTF-8", "en"), ("zh-Hans", "zh"), ("zh", "zh"), ("zh-CN", "zh"), ("zh-SG", "zh"), ("zh-Hans-HK", "zh"),
        ("zh-TW", "zh-Hant"), ("zh-Hant", "zh-Hant"), ("zh_TW.UTF-8", "zh-Hant"), ("zh-Hant-TW", "zh-Hant"), ("cmn-Hant", "zh-Hant"),
        ("zh-HK", "yue"), ("zh-Hant-HK", "yue"), ("zh-MO", "yue"), ("yue", "yue"), ("zh-yue", "yue"), ("cmn", "zh"),
        ("no", "nb"), ("nn-NO", "nb"), ("nb_NO.UTF-8", "nb"), ("iw", "he"), ("in-ID", "id"), ("mo", "ro"), ("deu", "de"),
        ("jpn", "ja"), ("fa-IR", "fa"), ("ar-EG", "ar"), ("he_IL.UTF-8", "he"), ("ja_JP.eucJP", "ja"), ("ko-KR", "ko"),
    ])
    func choosesTheTranslation(tag: String, code: String) {
        #expect(SpokenStrings.forLanguage(tag)?.code == code, "\(tag)")
    }

    @Test(arguments: ["xx", "klingon", "C", "", "de--AT", "sw", "sw-KE", "tlh", "en-US-Latn", "😀"])
    func noTranslationIsNil(tag: String) {
        #expect(SpokenStrings.forLanguage(tag) == nil, "\(tag)")
    }

    @Test func theReducerTakesTagsAndRefusesOthersUnchanged() throws {
        var pager = Pager(index: 1)
        try pager.reduce(.setLanguage("pt_br"))
        #expect(pager.strings.code == "pt-BR")
        #expect(pager.announcementText == "Página 2 de 3")
        let before = pager
        #expect(throws: PagerError.unknownLanguage("zz-ZZ")) { try pager.reduce(.setLanguage("zz-ZZ")) }
        #expect(pager == before)
    }

    @Test func theErrorSuggestsTheNearestOrSaysWhereTheListIs() {
        #expect(
            PagerError.unknownLanguage("xx").description
                == "unknown language 'xx': use a BCP 47 tag such as de, es-419, pt-BR or zh-Hant; `help` lists all 36 languages")
        let suggestions = [
            ("german", "'de' (Deutsch)"), ("Deutsch", "'de' (Deutsch)"), ("portuguese", "'pt-BR' (Português (Brasil))"),
            ("fren", "'fr' (Français)"), ("fr-", "'fr' (Français)"), ("de_AT,UTF-8", "'de' (Deutsch)"), ("dee", "'de' (Deutsch)"),
            ("日本語", "'ja' (日本語)"), ("cantonese", "'yue' (粵語)"),
        ]
        for (typed, suggestion) in suggestions {
            #expect(SpokenStrings.unknownLanguageMessage(typed) == "unknown language '\(typed)': did you mean \(suggestion)?")
        }
        // Ambiguous or far: no guess.
        for typed in ["dr", "q", "zzz", "   "] {
            #expect(!SpokenStrings.unknownLanguageMessage(typed).contains("did you mean"), "\(typed)")
        }
    }

    @Test func theErrorNeverPrintsControlCharactersOrAnEssay() {
        let message = SpokenStrings.unknownLanguageMessage("\u{1B}[31mred\u{202E}x")
        #expect(message.hasPrefix("unknown language '?[31mred?x': "))
        #expect(!message.unicodeScalars.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
        let long = SpokenStrings.unknownLanguageMessage(String(repeating: "q", count: 500))
        #expect(long.hasPrefix("unknown language '\(String(repeating: "q", count: 40))…': use a BCP 47 tag"))
    }
}

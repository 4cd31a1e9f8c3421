import Testing

@testable import PagerCore

/// `--lang`, then `LC_ALL`, `LC_MESSAGES`, `LANG`, then English; with the reason `status` shows.
@Suite struct LanguageChoiceTests {
    func choose(_ environment: [String: String], lang explicit: String? = nil) throws -> LanguageChoice {
        try LanguageChoice.resolve(explicit: explicit, environment: environment)
    }

    @Test func langSpeaksItsLanguage() throws {
        let choice = try choose(["LANG": "de_DE.UTF-8"])
        #expect(choice.strings.code == "de")
        #expect(choice.strings.announcementText(page: 2, count: 3) == "Seite 2 von 3")
        #expect(choice.source == .environment(variable: "LANG", value: "de_DE.UTF-8"))
        #expect(choice.reason == "de from LANG=de_DE.UTF-8")
    }

    @Test func lcAllWinsOverEverything() throws {
        let c = try choose(["LC_ALL": "C", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(c.strings.code == "en")
        #expect(c.reason == "en: LC_ALL=C names no language")
        let french = try choose(["LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(french.strings.code == "fr")
        #expect(french.reason == "fr from LC_ALL=fr_FR.UTF-8")
    }

    @Test func lcMessagesComesBetween() throws {
        let japanese = try choose(["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(japanese.strings.code == "ja")
        #expect(japanese.reason == "ja from LC_MESSAGES=ja_JP.UTF-8")
        // An empty variable counts as unset (POSIX: "defined and not null").
        let skipped = try choose(["LC_ALL": "", "LC_MESSAGES": "ko_KR.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(skipped.strings.code == "ko")
        let posix = try choose(["LC_MESSAGES": "POSIX", "LANG": "de_DE.UTF-8"])
        #expect(posix.strings.code == "en")
        #expect(posix.reason == "en: LC_MESSAGES=POSIX names no language")
        // Other categories say nothing about messages.
        #expect(try choose(["LC_CTYPE": "de_DE.UTF-8", "LC_TIME": "fr_FR"]).strings.code == "en")
    }

    @Test func anExplicitTagWinsOverAll() throws {
        let choice = try choose(["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "ja_JP.UTF-8"], lang: "pt-BR")
        #expect(choice.strings.code == "pt-BR")
        #expect(choice.source == .option(tag: "pt-BR"))
        #expect(choice.reason == "pt-BR from --lang pt-BR")
        let fallback = try choose([:], lang: "de-AT")
        #expect(fallback.strings.code == "de")
        #expect(fallback.reason == "de from --lang de-AT")
        #expect(throws: PagerError.unknownLanguage("xx")) { try choose(["LANG": "de_DE.UTF-8"], lang: "xx") }
        #expect(throws: PagerError.unknownLanguage("")) { try choose([:], lang: "") }
    }

    @Test func englishWhenNothingMatches() throws {
        let none = try choose([:])
        #expect(none.strings == .english)
        #expect(none.source == .none)
        #expect(none.reason == "en: no locale variable set")
        let swahili = try choose(["LANG": "sw_KE.UTF-8"])
        #expect(swahili.strings.code == "en")
        #expect(swahili.reason == "en: LANG=sw_KE.UTF-8 names sw, which PagerVoice does not speak")
        #expect(try choose(["LANG": "C.UTF-8"]).reason == "en: LANG=C.UTF-8 names no language")
    }

    @Test(arguments: [
        ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.UTF-8", "yue"), ("zh_CN.GB18030", "zh"), ("nn_NO.UTF-8", "nb"), ("pt_PT.UTF-8", "pt-PT"),
        ("pt_BR.UTF-8", "pt-BR"), ("fa_IR.UTF-8", "fa"), ("he_IL.UTF-8", "he"), ("ca_ES.UTF-8@valencia", "ca"), ("sr_RS@latin", "en"),
    ])
    func localesOfTheWorld(lang: String, code: String) throws {
        #expect(try choose(["LANG": lang]).strings.code == code)
    }

    @Test func outsideTextIsShownSafely() throws {
        let choice = try choose(["LANG": "de_DE\u{1B}[2J.UTF-8"])
        #expect(!choice.reason.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(choice.reason == "en: LANG=de_DE?[2J.UTF-8 names no language")
    }
}

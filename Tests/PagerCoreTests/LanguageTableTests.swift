import Testing

@testable import PagerCore

/// Every translation in `SpokenStrings.table`, walked field by field.
@Suite struct LanguageTableTests {
    /// The languages issue #16 asks for, by the code the table uses.
    static let required = [
        "en", "es", "ar", "de", "fr", "it", "pt-BR", "pt-PT", "nl", "sv", "da", "nb", "fi", "pl", "cs", "sk", "hu", "ro", "el",
        "tr", "ru", "uk", "bg", "he", "fa", "hi", "bn", "ja", "ko", "zh", "vi", "id", "ms", "ca",
    ]

    /// Languages whose templates put the count before the page, as their screen readers do.
    static let countFirst: Set<String> = ["bn", "hi", "ja", "ko", "tr", "yue"]

    @Test func thirtyLanguagesAndEveryRequiredOne() {
        let codes = SpokenStrings.table.map(\.code)
        #expect(codes.count >= 30)
        #expect(Set(codes).count == codes.count, "codes repeat")
        for code in Self.required {
            #expect(codes.contains(code), "missing \(code)")
        }
        #expect(SpokenStrings.english.code == "en")
        #expect(Set(SpokenStrings.englishNames.keys) == Set(codes))
    }

    @Test(arguments: SpokenStrings.table.map(\.code))
    func templatesUseExactlyTheirPlaceholders(code: String) throws {
        let strings = try #require(SpokenStrings.forLanguage(code))
        #expect(Set(strings.value.placeholders) == ["page", "count"])
        #expect(Set(strings.announcement.placeholders) == ["page", "count"])
        #expect(Set(strings.focus.placeholders) == ["label", "value", "trait", "hint"])
        #expect(Set(strings.terseFocus.placeholders) == ["label", "value", "trait"])
        #expect(Set(strings.valueFocus.placeholders) == ["label", "value"])
        // Each placeholder once: a template that says the page twice is a typing slip.
        for template in [strings.value, strings.announcement, strings.focus, strings.terseFocus, strings.valueFocus] {
            #expect(template.placeholders.count == Set(template.placeholders).count, "\(template)")
        }
    }

    @Test(arguments: SpokenStrings.table.map(\.code))
    func everyStringIsWrittenAndTrimmed(code: String) throws {
        let strings = try #require(SpokenStrings.forLanguage(code))
        let texts = [
            strings.name, strings.voice, strings.label, strings.none, strings.adjustableTrait, strings.adjustableHint, strings.notFound,
            strings.value.description, strings.announcement.description, strings.focus.description,
            strings.terseFocus.description, strings.valueFocus.description,
        ]
        for text in texts {
            #expect(!text.isEmpty)
            #expect(text.trimmingWhitespace() == text, "'\(text)' has spaces at an end")
            #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "'\(text)'")
        }
    }

    @Test(arguments: SpokenStrings.table.map(\.code))
    func pageTwoOfThreeRendersCompletely(code: String) throws {
        var pager = Pager(index: 1)
        try pager.reduce(.setLanguage(code))
        let strings = pager.strings
        #expect(strings.code == code)
        let element = pager.accessibilityElement
        let rendered = [
            pager.announcementText, pager.valueText, element.focusDescription(), element.focusDescription(verbosity: .terse),
            strings.valueFocus.render(["label": element.label, "value": element.value]),
        ]
        for text in rendered {
            #expect(!text.contains("{") && !text.contains("}"), "\(code): \(text)")
            // Digits stay ASCII: each voice reads them in its own language.
            #expect(text.contains("2") && text.contains("3"), "\(code): \(text)")
            #expect(!text.unicodeScalars.contains { $0.properties.numericType == .decimal && !$0.isASCII }, "\(code): \(text)")
        }
        #expect(pager.announcementText == strings.announcement.render(["page": "2", "count": "3"]))
        #expect(element.focusDescription().contains(strings.adjustableHint))
        #expect(!element.focusDescription(verbosity: .terse).contains(strings.adjustableHint))
        #expect(element.focusDescription(verbosity: .terse).contains(strings.adjustableTrait))
    }

    @Test(arguments: SpokenStrings.table.map(\.code))
    func anEmptyPagerSaysNone(code: String) throws {
        var pager = Pager(pages: [])
        try pager.reduce(.setLanguage(code))
        let none = pager.strings.none
        #expect(pager.announcementText == none)
        #expect(pager.valueText == none)
        let focus = pager.accessibilityElement.focusDescription()
        #expect(focus.contains(none) && !focus.contains("{") && !focus.contains("0"), "\(code): \(focus)")
    }

    @Test(arguments: SpokenStrings.table.map(\.code))
    func wordOrderFollowsTheLanguage(code: String) throws {
        let strings = try #require(SpokenStrings.forLanguage(code))
        let text = strings.announcementText(page: 2, count: 3)
        let page = try #require(text.firstIndex(of: "2"))
        let count = try #require(text.firstIndex(of: "3"))
        #expect((count < page) == Self.countFirst.contains(code), "\(code): \(text)")
    }

    @Test func arabicAndPersianUseTheirOwnComma() throws {
        for code in ["ar", "fa"] {
            let strings = try #require(SpokenStrings.forLanguage(code))
            for template in [strings.focus, strings.terseFocus, strings.valueFocus] {
                #expect(template.description.contains("،") && !template.description.contains(","), "\(code): \(template)")
            }
        }
        // Hebrew writes the Latin comma.
        #expect(SpokenStrings.forLanguage("he")?.focus.description.contains(",") == true)
    }

    @Test func eachCodeIsItsOwnCanonicalTag() {
        for strings in SpokenStrings.table {
            #expect(LanguageTag(strings.code)?.description == strings.code)
            #expect(LanguageTag(strings.code)?.translation == strings)
            #expect(SpokenStrings.forLanguage(strings.code.uppercased()) == strings)
        }
    }

    @Test func knownTranslationsReadAsTheirScreenReadersSayThem() throws {
        // TalkBack's own strings (values-de, values-ja in kana, values-ko, values-zh-rCN, values-tr).
        #expect(SpokenStrings.forLanguage("de")?.announcementText(page: 2, count: 3) == "Seite 2 von 3")
        #expect(SpokenStrings.forLanguage("ja")?.announcementText(page: 2, count: 3) == "3 ページちゅう 2 ページめです")
        #expect(SpokenStrings.forLanguage("ko")?.announcementText(page: 2, count: 3) == "총 3페이지 중 2페이지")
        #expect(SpokenStrings.forLanguage("zh")?.announcementText(page: 2, count: 3) == "第 2 页，共 3 页")
        #expect(SpokenStrings.forLanguage("tr")?.announcementText(page: 2, count: 3) == "Toplam 3 sayfadan 2.")
        // VoiceOver's German focus, as AccessibilitySnapshot records the trait and hint.
        var pager = Pager(index: 1)
        try pager.reduce(.setLanguage("de"))
        #expect(
            pager.accessibilityElement.focusDescription()
                == "Seite, 2 von 3, einstellbar. Zum Anpassen des Wertes mit einem Finger nach oben oder unten streichen.")
    }
}

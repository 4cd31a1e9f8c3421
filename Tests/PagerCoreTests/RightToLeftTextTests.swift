import Testing

@testable import PagerCore

/// FSI/RLI … PDI isolates for terminal lines, checked byte by byte.
@Suite struct RightToLeftTextTests {
    static let fsi: [UInt8] = [0xE2, 0x81, 0xA8]  // U+2068 FIRST STRONG ISOLATE
    static let rli: [UInt8] = [0xE2, 0x81, 0xA7]  // U+2067 RIGHT-TO-LEFT ISOLATE
    static let pdi: [UInt8] = [0xE2, 0x81, 0xA9]  // U+2069 POP DIRECTIONAL ISOLATE

    func strings(_ code: String) throws -> SpokenStrings { try #require(SpokenStrings.forLanguage(code)) }

    @Test func exactlyArabicHebrewAndPersianAreRightToLeft() {
        #expect(Set(SpokenStrings.table.filter(\.isRightToLeft).map(\.code)) == ["ar", "he", "fa"])
    }

    @Test(arguments: ["ar", "he", "fa"])
    func aRightToLeftAnnouncementIsOneFirstStrongIsolate(code: String) throws {
        let strings = try strings(code)
        let text = strings.announcementText(page: 2, count: 3)
        let marked = strings.isolatedForTerminal(text)
        #expect(Array(marked.utf8) == Self.fsi + Array(text.utf8) + Self.pdi)
        let focus = Pager(index: 1).accessibilityElement.focusDescription()  // English: untouched
        #expect(Array(strings.isolatedForTerminal(focus).utf8) == Array(focus.utf8))
    }

    @Test func theArabicBytesInFull() throws {
        let marked = try strings("ar").isolatedForTerminal("الصفحة 2 من 3")
        // FSI, then the words in logical order with the digits where they are spoken, then PDI.
        #expect(
            Array(marked.utf8) == [
                0xE2, 0x81, 0xA8,
                0xD8, 0xA7, 0xD9, 0x84, 0xD8, 0xB5, 0xD9, 0x81, 0xD8, 0xAD, 0xD8, 0xA9,  // الصفحة
                0x20, 0x32, 0x20,  // " 2 "
                0xD9, 0x85, 0xD9, 0x86,  // من
                0x20, 0x33,  // " 3"
                0xE2, 0x81, 0xA9,
            ])
    }

    @Test func leftToRightTextIsUnchanged() throws {
        for code in ["en", "de", "ja", "zh", "ar"] {
            let strings = try strings(code)
            for text in ["Page 2 of 3", "2 3", "", "Seite, 2 von 3, einstellbar.", "第 2 页"] {
                #expect(strings.isolatedForTerminal(text) == text, "\(code): \(text)")
            }
        }
    }

    @Test func anArabicSentenceStartingWithALatinTitleStaysRightToLeft() throws {
        let text = "Welcome، الصفحة 2 من 3"
        #expect(Array(try strings("ar").isolatedForTerminal(text).utf8) == Self.rli + Array(text.utf8) + Self.pdi)
        // In an English line the same Hebrew word sits in a first-strong (here left-to-right) isolate.
        let english = "Page 2 of 3: שלום"
        #expect(Array(try strings("en").isolatedForTerminal(english).utf8) == Self.fsi + Array(english.utf8) + Self.pdi)
    }

    @Test func isolateMarksInTheTextCannotEndOursEarly() throws {
        let ar = try strings("ar")
        // A stray PDI is dropped; an isolate the text opens is closed before ours.
        #expect(ar.isolatedForTerminal("عنوان\u{2069}x") == "\u{2068}عنوانx\u{2069}")
        #expect(ar.isolatedForTerminal("عنوان\u{2068}x") == "\u{2068}عنوان\u{2068}x\u{2069}\u{2069}")
        #expect(ar.isolatedForTerminal("عن\u{2066}ab\u{2069}وان") == "\u{2068}عن\u{2066}ab\u{2069}وان\u{2069}")
    }

    @Test func eachLineIsIsolatedOnItsOwn() throws {
        let marked = try strings("he").isolatedForTerminal("עמוד 2 מתוך 3\nPage\nשלום")
        #expect(marked == "\u{2068}עמוד 2 מתוך 3\u{2069}\nPage\n\u{2068}שלום\u{2069}")
    }
}

import Testing

@testable import PagerAudit

/// Selectors shortened for a report line keep what tells them apart: their last steps.
@Suite struct SelectorTextTests {
    /// The three content tabs of a page built with MkDocs' Material theme, as the probe names
    /// them: clipped at the end they read alike, and a person could not tell which to choose.
    static let materialTabSets = (1...3).map {
        "body > div:nth-of-type(3) > main > div > div:nth-of-type(3) > article > div:nth-of-type(\($0))"
    }

    @Test func siblingsStayApartWhenShortened() {
        let shown = Self.materialTabSets.map { $0.clippedSelector(60) }
        #expect(shown[1] == "body > … > div:nth-of-type(3) > article > div:nth-of-type(2)")
        #expect(Set(shown).count == 3, "\(shown)")
        for (line, selector) in zip(shown, Self.materialTabSets) {
            #expect(line.count <= 60, "\(line)")
            #expect(line.hasPrefix("body > … > "))
            #expect(selector.hasSuffix(line.dropFirst("body > … > ".count)))
        }
        // The old clipping, for the record of what it hid.
        #expect(Set(Self.materialTabSets.map { $0.clipped(60) }).count == 1)
    }

    @Test func aShortSelectorIsWholeAndOneLongStepIsClippedAtItsEnd() {
        #expect("#tabs > label:nth-of-type(2)".clippedSelector(60) == "#tabs > label:nth-of-type(2)")
        let oneStep = "#" + String(repeating: "a", count: 70)
        #expect(oneStep.clippedSelector(60) == String(oneStep.prefix(60)) + "…")
        // A last step longer than the room left: clipped as any text, from its start.
        let longLast = "body > main > div > #" + String(repeating: "b", count: 60)
        #expect(longLast.clippedSelector(60) == String(longLast.prefix(60)) + "…")
    }

    /// Outside text: an id can hold anything, and a terminal must not act on it.
    @Test func controlCharactersAreShownNotSent() {
        let selector = "body > div > section > div:nth-of-type(4) > #a\u{1B}]0;owned\u{07}b > ul > li:nth-of-type(2)"
        let shown = selector.clippedSelector(60)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 }, "\(shown)")
        #expect(shown.hasSuffix(" > ul > li:nth-of-type(2)"), "\(shown)")
    }

    /// The note on other carousels names each whole where it can; where one is clipped or left
    /// out, it says where the whole selectors are, since a clipped one pasted into --carousel
    /// matches nothing.
    @Test func theNoteOnOtherCarouselsSaysWhereWholeSelectorsAre() {
        let short = ["#a", "#b"]
        #expect(AuditReport.othersNote(short) == "note: the page has 2 more carousels (#a, #b); choose one with --carousel")
        #expect(AuditReport.othersNote(["#a"]) == "note: the page has 1 more carousel (#a); choose one with --carousel")
        let clipped = AuditReport.othersNote(Self.materialTabSets)
        #expect(clipped.hasPrefix("note: the page has 3 more carousels (body > … > "), "\(clipped)")
        #expect(clipped.hasSuffix("); choose one with --carousel (--format json lists each whole, in \"others\")"), "\(clipped)")
        let five = AuditReport.othersNote(["#a", "#b", "#c", "#d", "#e"])
        #expect(
            five
                == "note: the page has 5 more carousels (#a, #b, #c, and 2 more); choose one with --carousel (--format json lists each whole, in \"others\")"
        )
        // Escaped for the terminal is not clipped: the JSON holds the same escaped text.
        let odd = AuditReport.othersNote(["#a\u{1B}b"])
        #expect(!odd.contains("--format json"), "\(odd)")
        #expect(!odd.unicodeScalars.contains { $0.value < 0x20 }, "\(odd)")
    }
}

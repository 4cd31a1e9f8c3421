import PagerTestSupport
import Testing

@testable import PagerCore

/// Feeds `bytes` to a scanner the way `Document` does: pieces of `chunk` bytes, the unconsumed
/// rest held and passed again with the next piece.
func scanOutline(
    _ bytes: [UInt8], format: TextFormat = .markdown, pageLines: Int = 24, chunk: Int = 1 << 20,
    maximumPages: Int = Pager.maximumPageCount, maximumPageBytes: Int = DocumentScanner.maximumPageBytes,
    maximumLineBytes: Int = DocumentScanner.maximumLineBytes
) throws -> DocumentOutline {
    var scanner = DocumentScanner(
        format: format, pageLines: pageLines, maximumPages: maximumPages, maximumPageBytes: maximumPageBytes,
        maximumLineBytes: maximumLineBytes)
    var held: [UInt8] = []
    var offset = 0
    while true {
        let piece = bytes[offset..<min(offset + chunk, bytes.count)]
        offset += piece.count
        held += piece
        let isFinal = piece.isEmpty
        let consumed = try held.withUnsafeBytes { raw in try scanner.scan(raw, isFinal: isFinal) }
        held.removeFirst(consumed)
        if isFinal { break }
    }
    #expect(held.isEmpty)
    return scanner.outline()
}

func scanOutline(_ text: String, format: TextFormat = .markdown, pageLines: Int = 24, chunk: Int = 1 << 20) throws -> DocumentOutline {
    try scanOutline(Array(text.utf8), format: format, pageLines: pageLines, chunk: chunk)
}

extension DocumentOutline {
    func texts(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return pages.map { String(decoding: bytes[$0.bytes], as: UTF8.self) }
    }

    func titles(_ text: String, format: TextFormat = .markdown) -> [String?] {
        let bytes = Array(text.utf8)
        return pages.map { page in
            page.titleLine.flatMap { PageTitle.make(lineBytes: bytes[$0], format: format, continued: page.isContinuation) }
        }
    }
}

@Suite struct DocumentScannerTests {
    static let readme = """
        Intro line before any heading.

        # Install *now*

        Run the installer.

        ```sh
        # not a heading: a comment in a code block
        make install
        ```

        ### A level-3 heading stays inside its section

        ## Usage

        Type `pagervoice read FILE`.
        """

    @Test func markdownHeadingsMakePagesButNotInsideCodeBlocks() throws {
        let outline = try scanOutline(Self.readme)
        #expect(outline.structure == .headings)
        #expect(outline.titles(Self.readme) == ["Intro line before any heading.", "Install now", "Usage"])
        let texts = outline.texts(Self.readme)
        #expect(texts[1].hasPrefix("# Install *now*\n"))
        #expect(texts[1].contains("# not a heading: a comment in a code block\nmake install\n```"))
        #expect(texts[1].contains("### A level-3 heading"))
        #expect(texts[2] == "## Usage\n\nType `pagervoice read FILE`.")
        #expect(outline.pages.map(\.firstLine) == [1, 3, 14])
        // Pages tile the text: nothing is lost between sections.
        #expect(texts.joined() == Self.readme)
    }

    @Test func setextHeadingsTakeTheWholeParagraphAbove() throws {
        let text = "Title\n=====\n\nSome text.\n\nA heading over\ntwo lines\n---\nBody.\n"
        let outline = try scanOutline(text)
        #expect(outline.structure == .headings)
        #expect(outline.titles(text) == ["Title", "A heading over"])
        #expect(outline.texts(text)[1] == "A heading over\ntwo lines\n---\nBody.\n")
    }

    @Test func thematicBreaksListsAndFrontMatterAreNotHeadings() throws {
        let text = "---\ntitle: Front matter\n---\n\n# First\n\n- item\n---\n\ntext\n\n---\n\n# Second\nend\n"
        let outline = try scanOutline(text)
        #expect(outline.structure == .headings)
        #expect(outline.titles(text) == ["First", "Second"])
        // The front matter has no text of its own to name a page: it goes with the first.
        #expect(outline.pages[0].bytes.lowerBound == 0)
    }

    @Test func oneHeadingIsATitleNotAStructure() throws {
        let text = "# Only title\n" + (1...60).map { "Line \($0) has words" }.joined(separator: "\n")
        let outline = try scanOutline(text)
        #expect(outline.structure == .lines(perPage: 24))
        #expect(outline.titles(text).first == "Only title")
        #expect(outline.pages.count == 3)
    }

    @Test func plainTextHasNoHeadings() throws {
        let text = "# comment one\nx=1\n# comment two\ny=2\n"
        let outline = try scanOutline(text, format: .plain)
        #expect(outline.structure == .lines(perPage: 24))
        #expect(outline.titles(text, format: .plain) == ["# comment one"])
    }

    @Test func formFeedsWinAndTheirLinesBelongToNoPage() throws {
        let text = "Page one\nmore\n\u{0C}\nPage two\n\u{0C}Page three\n# Heading\n# Another\n"
        let outline = try scanOutline(text)
        #expect(outline.structure == .formFeeds)
        #expect(outline.texts(text) == ["Page one\nmore\n", "Page two\n", "Page three\n# Heading\n# Another\n"])
        #expect(outline.titles(text) == ["Page one", "Page two", "Page three"])
        #expect(outline.pages.map(\.firstLine) == [1, 4, 5])
    }

    @Test func blankPagesBetweenFormFeedsGoWithTheirNeighbours() throws {
        let text = "\u{0C}\n\u{0C}\nOne\n\u{0C}\n\n\u{0C}\nTwo\n\u{0C}\n"
        let outline = try scanOutline(text)
        #expect(outline.titles(text) == ["One", "Two"])
        #expect(outline.texts(text).map { $0.filter { !$0.isWhitespace && $0 != "\u{0C}" } } == ["One", "Two"])
    }

    /// Paragraphs of 5 to 12 lines: every page ends with a paragraph, 18 to 30 lines long.
    @Test func headinglessTextIsCutAtParagraphEnds() throws {
        var generator = SplitMix64(seed: 14)
        var paragraphs: [String] = []
        for p in 0..<40 {
            let lines = Int.random(in: 5...12, using: &generator)
            paragraphs.append((0..<lines).map { "Paragraph \(p) line \($0) of it" }.joined(separator: "\n"))
        }
        let text = paragraphs.joined(separator: "\n\n") + "\n"
        let outline = try scanOutline(text, format: .plain)
        #expect(outline.structure == .lines(perPage: 24))
        let texts = outline.texts(text)
        #expect(texts.joined() == text)
        for page in texts.dropLast() {
            #expect(page.hasSuffix("of it\n\n"), "\(page.suffix(30))")
            let lines = page.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect((18...30).contains(lines), "\(lines) lines")
        }
        #expect(outline.titles(text, format: .plain).allSatisfy { $0?.hasPrefix("Paragraph ") == true })
    }

    @Test func withoutBlankLinesASentenceEndIsNextBest() throws {
        var lines = (1...40).map { "word \($0) and more" }
        lines[19] = "This sentence ends on line 20."
        lines[26] = "And this one ends on line 27."
        let text = lines.joined(separator: "\n")
        let outline = try scanOutline(text, format: .plain)
        // 20 is 4 from 24, 27 is 3 from it: the nearer one wins.
        #expect(outline.pages.map(\.firstLine) == [1, 28])
        let noStops = (1...60).map { "word \($0)" }.joined(separator: "\n")
        #expect(try scanOutline(noStops, format: .plain).pages.map(\.firstLine) == [1, 25, 49])
    }

    @Test func pageLinesOneMakesAPageOfEachLine() throws {
        let text = "a\nb\n\nc\n"
        let outline = try scanOutline(text, format: .plain, pageLines: 1)
        #expect(outline.titles(text, format: .plain) == ["a", "b", "c"])
    }

    @Test func emptyAndBlankTextsHaveNoPages() throws {
        for text in ["", "\n", "   \n\t\n\r\n", "\u{0C}", "\u{FEFF}"] {
            let outline = try scanOutline(text)
            #expect(outline.pages.isEmpty, "\(Array(text.utf8))")
        }
        #expect(try scanOutline("").byteCount == 0)
    }

    @Test func aByteOrderMarkBelongsToNoPage() throws {
        let text = "\u{FEFF}# One\na\n# Two\nb\n"
        let outline = try scanOutline(text, chunk: 1)
        #expect(outline.pages.first?.bytes.lowerBound == 3)
        #expect(outline.titles(text) == ["One", "Two"])
    }

    @Test func problemsAreFoundWithTheirOffsetAndLine() {
        let cases: [(bytes: [UInt8], problem: DocumentScanner.Problem)] = [
            (Array("ok\nfine\nab".utf8) + [0, 0x41], .init(kind: .nul, offset: 10, line: 3)),
            (Array("é\n".utf8) + [0xC3, 0x28], .init(kind: .invalidUTF8, offset: 3, line: 2)),
            (Array("x".utf8) + [0xC0, 0x80], .init(kind: .invalidUTF8, offset: 1, line: 1)),  // overlong
            ([0xED, 0xA0, 0x80], .init(kind: .invalidUTF8, offset: 0, line: 1)),  // surrogate
            (Array("a\n\n".utf8) + [0xF4, 0x90, 0x80, 0x80], .init(kind: .invalidUTF8, offset: 3, line: 3)),  // > U+10FFFF
            (Array("end".utf8) + [0xE2, 0x82], .init(kind: .invalidUTF8, offset: 3, line: 1)),  // cut short
            (Array("\u{0C}x".utf8) + [0xFF], .init(kind: .invalidUTF8, offset: 2, line: 1)),
        ]
        for (bytes, problem) in cases {
            for chunk in [1, 2, 1 << 20] {
                #expect(throws: problem) { try scanOutline(bytes, chunk: chunk) }
            }
        }
    }

    /// Cutting the input differently never changes the pages.
    @Test func piecesOfAnySizeGiveTheSameOutline() throws {
        var generator = SplitMix64(seed: 2026)
        let parts = [
            "# Heading\n", "## Sub *heading*\n", "text line.\n", "more text\n", "\n", "```\n", "# in code\n", "~~~\n",
            "Setext\n", "===\n", "---\n", "\u{0C}", "- item\n", "é ü 中文 line\n", "\r\n",
            "a very long line " + String(repeating: "x", count: 300) + "\n",
        ]
        for round in 0..<30 {
            let count = Int.random(in: 0...400, using: &generator)
            let text = (0..<count).map { _ in parts.randomElement(using: &generator)! }.joined()
            let bytes = Array(text.utf8)
            for format in TextFormat.allCases {
                let whole = try scanOutline(bytes, format: format, pageLines: 7, maximumLineBytes: 128)
                for chunk in [1, 3, 64, 129, 1000] {
                    let pieces = try scanOutline(bytes, format: format, pageLines: 7, chunk: chunk, maximumLineBytes: 128)
                    #expect(pieces == whole, "round \(round), \(format), chunk \(chunk)")
                }
                // Every character with a glyph is on a page, in order.
                let covered = whole.pages.flatMap { bytes[$0.bytes] }.filter { $0 > 0x20 }
                #expect(covered == bytes.filter { $0 > 0x20 }, "round \(round), \(format)")
                #expect(zip(whole.pages, whole.pages.dropFirst()).allSatisfy { $0.bytes.upperBound <= $1.bytes.lowerBound })
            }
        }
    }

    @Test func aLongSectionGoesOnOverContinuedPages() throws {
        let body = (1...40).map { "Sentence number \($0) of the long section." }.joined(separator: "\n")
        let text = "# Short\nx\n# Long one\n" + body + "\n# Last\ny\n"
        let outline = try scanOutline(Array(text.utf8), maximumPageBytes: 300, maximumLineBytes: 64)
        #expect(outline.structure == .headings)
        let titles = outline.titles(text)
        #expect(titles.first == "Short")
        #expect(titles[1] == "Long one")
        #expect(titles.last == "Last")
        let continued = titles.dropFirst(2).dropLast()
        #expect(continued.count >= 3)
        #expect(continued.allSatisfy { $0 == "Long one (continued)" })
        #expect(outline.pages.allSatisfy { $0.bytes.count <= 300 })
        #expect(outline.texts(text).joined() == text)
    }

    @Test func anOverlongLineIsCutAtSpacesIntoPagesOfBoundedSize() throws {
        let words = (0..<20_000).map { "w\($0)é" }.joined(separator: " ")
        let outline = try scanOutline(Array(words.utf8), format: .plain, maximumPageBytes: 4096, maximumLineBytes: 1024)
        let texts = outline.texts(words)
        #expect(texts.joined() == words)
        #expect(outline.pages.allSatisfy { $0.bytes.count <= 4096 })
        // Cut after a space: no word is split between pages.
        #expect(texts.dropLast().allSatisfy { $0.hasSuffix(" ") })
        #expect(outline.lineCount == 1)
    }

    @Test func moreSectionsThanThePagerHoldsAreJoinedEvenly() throws {
        let text = (1...95).map { "# Section \($0)\nbody \($0)\n" }.joined()
        let outline = try scanOutline(Array(text.utf8), maximumPages: 10)
        #expect(outline.structure == .headings)
        #expect(outline.pages.count == 10)
        #expect(outline.sectionsPerPage == 10)
        #expect(outline.titles(text).first == "Section 1")
        #expect(outline.titles(text)[1] == "Section 11")
        #expect(outline.texts(text).joined() == text)

        // Past eight times the maximum the list is halved as it grows; still at most the maximum.
        let lines = (1...1000).map { "line \($0)" }.joined(separator: "\n")
        let many = try scanOutline(Array(lines.utf8), format: .plain, pageLines: 1, maximumPages: 10)
        #expect(many.pages.count <= 10)
        #expect(many.structure == .lines(perPage: many.sectionsPerPage))
        #expect(many.sectionsPerPage >= 100)
        #expect(many.texts(lines).joined() == lines)
    }
}

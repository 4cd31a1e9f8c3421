import PagerTestSupport
import Testing

@testable import PagerCore

@Suite struct SpokenMarkdownTests {
    static let page = """
        # Getting *started* ##

        Read the **full** guide at [the docs](https://example.com/docs "Docs") or see
        ![a diagram of the pager](images/pager.png). Run `make test` first; it takes
        __about__ a minute. ~~Old~~ text &amp; more: <https://example.org/raw>.

        > A quoted <em>remark</em>.

        - first item
        * second item with a [reference link][ref]
        1. numbered step

        | Key | Action |
        |-----|:------:|
        | `n` | next page |
        | `b` | previous |

        ```swift
        let product = a * b  // keep *this*
        ```

            indented code_block

        <!-- a comment
        spread over lines -->
        Setext heading
        --------------

        [ref]: https://example.com/ref
        """

    @Test func markupIsNotSpokenAndWordsAre() {
        let spoken = SpokenMarkdown.text(Self.page)
        for word in [
            "Getting started", "Read the full guide at the docs or see", "a diagram of the pager", "Run make test first",
            "about a minute", "Old text & more", "https://example.org/raw", "A quoted remark", "first item",
            "second item with a reference link", "1. numbered step", "Key, Action", "n, next page", "b, previous",
            "let product = a * b  // keep *this*", "indented code_block", "Setext heading",
        ] {
            #expect(spoken.contains(word), "missing: \(word)\n\(spoken)")
        }
        for markup in [
            "#", "**", "__", "`", "~~", "](", "https://example.com/docs", "images/pager.png", "<em>", "|", "---", "> ",
            "- first", "* second", "comment", "[ref]", "https://example.com/ref", "&amp;", "```",
        ] {
            #expect(!spoken.contains(markup), "still there: \(markup)\n\(spoken)")
        }
        // Each block ends as a sentence, so the voice pauses after the heading.
        #expect(spoken.hasPrefix("Getting started.\n\n"))
    }

    /// Found by `make fuzz` (target document): `&#x1;` decoded to U+0001, eSpeak NG's
    /// embedded-command mark. A reference to a control character is not text to read.
    @Test func entitiesNeverMakeControlCharacters() {
        #expect(SpokenMarkdown.line("pages &amp; &#x1; &#27;[31m &#x85;") == "pages & \u{FFFD} \u{FFFD}[31m \u{FFFD}")
        #expect(SpokenMarkdown.line("caf&#233; &#x2603;") == "café ☃")
    }

    @Test func charactersThatAreNotMarkupStay() {
        for text in [
            "2 * 3 = 6", "snake_case_name and __init__.py", "~/bin and ~5 minutes", "Array<Int> and <T>", "*.txt files",
            "a_b_c", "x < y > z", "C# and F#", "50% & rising", "escaped \\*stars\\*",
        ] {
            let spoken = SpokenMarkdown.text(text)
            let expected: String
            switch text {
            case "snake_case_name and __init__.py": expected = "snake_case_name and init.py."
            case "escaped \\*stars\\*": expected = "escaped *stars*."
            default: expected = text + "."
            }
            #expect(spoken == expected, "\(text) → \(spoken)")
        }
    }

    @Test func aPageThatStartsInsideACodeBlockReadsItAsCode() {
        let text = "let x = *p\n```\n# Next heading\nWords *here*.\n"
        #expect(SpokenMarkdown.text(text, startsInCodeBlock: true) == "let x = *p\n\nNext heading.\n\nWords here.")
        #expect(SpokenMarkdown.text(text) != SpokenMarkdown.text(text, startsInCodeBlock: true))
    }

    @Test func terminalEscapesAreNotWords() {
        #expect(
            TerminalEscapes.removed(from: "a\u{1B}[1;31mred\u{1B}[0m b\u{1B}]0;title\u{07}c\u{1B}]8;;url\u{1B}\\d\u{9B}2Je") == "ared bcde")
        #expect(TerminalEscapes.removed(from: "trailing \u{1B}") == "trailing ")
        #expect(SpokenMarkdown.text("# \u{1B}[32mGreen\u{1B}[0m") == "Green.")
    }

    @Test func emphasisPairsAcrossTheLinesOfAParagraph() {
        #expect(SpokenMarkdown.text("one *two\nthree* four") == "one two\nthree four.")
    }

    @Test func titlesAreValidForThePager() throws {
        func title(_ text: String, _ format: TextFormat = .markdown, continued: Bool = false) -> String? {
            PageTitle.make(lineBytes: Array(text.utf8), format: format, continued: continued)
        }
        #expect(title("## Install *now* ##") == "Install now")
        #expect(title("> - [Link text](http://x.y)") == "Link text")
        #expect(title("| a | b |") == "a, b")
        #expect(title("**bold**\tand\u{1B}[31m red\u{7}") == "bold and red")
        #expect(title("# log *star*", .plain) == "# log *star*")
        #expect(title("---") == nil)
        #expect(title("```swift") == nil)
        #expect(title("  \t ") == nil)
        #expect(title("Chapter", continued: true) == "Chapter (continued)")
        // A line cut inside a character by the byte limit loses that character only.
        #expect(PageTitle.make(lineBytes: Array("café".utf8).dropLast(), format: .plain) == "caf")

        var generator = SplitMix64(seed: 12)
        var titles: [String] = []
        for _ in 0..<200 {
            let length = Int.random(in: 0...600, using: &generator)
            let scalars = (0..<length).map { _ -> Unicode.Scalar in
                let pool: [UInt32] = [0x1B, 0x09, 0x20, 0x41, 0x2A, 0x5F, 0x23, 0x60, 0xE9, 0x301, 0x4E2D, 0x1F600, 0x85, 0x7F, 0x0A]
                return Unicode.Scalar(pool.randomElement(using: &generator)!)!
            }
            let text = String(String.UnicodeScalarView(scalars))
            for format in TextFormat.allCases {
                for continued in [false, true] {
                    if let made = PageTitle.make(
                        lineBytes: Array(text.utf8).prefix(DocumentScanner.maximumTitleBytes), format: format, continued: continued)
                    {
                        titles.append(made)
                        #expect(made.count <= Pager.maximumTitleLength)
                    }
                }
            }
        }
        #expect(titles.count > 100)
        var pager = Pager()
        // The model's own check accepts every one of them.
        #expect(throws: Never.self) { try pager.reduce(.setPages(titles)) }
        #expect(pager.count == titles.count)
    }

    @Test func textCheckAgreesWithTheStandardLibrary() {
        var generator = SplitMix64(seed: 8)
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x90, 0x8F,
        ]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            let problem = bytes.withUnsafeBytes { TextCheck.firstProblem(in: $0) }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((problem == nil) == (valid && !bytes.contains(0)), "\(bytes)")
            if let problem {
                // Everything before the problem is text.
                let before = Array(bytes[..<problem.offset])
                #expect(String(validating: before, as: UTF8.self) != nil && !before.contains(0), "\(bytes)")
            }
        }
    }

    /// Markup's edges: what is not markup is read as written, what is markup goes, even unclosed.
    @Test func inlineEdgesAreReadAsAListenerNeedsThem() {
        // A backslash before a letter escapes nothing, and stays.
        #expect(SpokenMarkdown.line("C:\\Users and \\d+") == "C:\\Users and \\d+")
        #expect(SpokenMarkdown.line("a \\q b") == "a \\q b")
        // An exclamation mark and a bracket that open no image are text.
        #expect(SpokenMarkdown.line("Wow![not closed") == "Wow![not closed")
        // An escaped bracket inside a link's target does not end it.
        #expect(SpokenMarkdown.line("see [the spec](https://example.com/a\\)b) now") == "see the spec now")
        // An HTML comment goes, whether or not it is closed.
        #expect(SpokenMarkdown.line("before <!-- hidden --> after") == "before  after")
        #expect(SpokenMarkdown.line("kept <!-- never closed") == "kept ")
        #expect(SpokenMarkdown.line("kept <!-- a > b, never closed") == "kept ")
        // A mail address in angle brackets is kept; a word with an at sign and no dot after it
        // is no address, and no tag either, so it stays.
        #expect(SpokenMarkdown.line("write to <pager@example.com>") == "write to pager@example.com")
        #expect(SpokenMarkdown.line("x <a@b> y") == "x <a@b> y")
    }
}

import PagerCore
import PagerTestSupport
import SystemPackage
import Testing

@testable import PagerShell

#if canImport(Glibc)
    import Glibc
#endif

/// Writes `bytes` to a new file `name` in `folder`, returning its path.
func writeFile(_ folder: TemporaryDirectory, _ name: String, _ bytes: [UInt8]) throws -> String {
    let path = folder.path + "/" + name
    let fd = try FileDescriptor.open(FilePath(path), .writeOnly, options: [.create, .exclusiveCreate], permissions: .ownerReadWrite)
    defer { try? fd.close() }
    try fd.writeAll(bytes)
    return path
}

func writeFile(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws -> String {
    try writeFile(folder, name, Array(text.utf8))
}

/// Documents opened from real files made at test time.
@Suite struct DocumentTests {
    static let markdown = """
        # PagerVoice

        Pages you can *hear*.

        ## Install

        Run `make install`, then see [the guide](https://example.com/guide).

        ```sh
        # this comment is not a heading
        make install
        ```

        ## Read a file

        - **space** or `n`: next page
        - `b`: previous page

        | Key | Action |
        |-----|--------|
        | `q` | quit   |

        """

    @Test func aMarkdownFileHasAPagePerHeading() throws {
        let folder = try TemporaryDirectory()
        let path = try writeFile(folder, "README.md", Self.markdown)
        let document = try Document(path: path)
        #expect(document.format == .markdown)
        #expect(document.structure == .headings)
        #expect(document.titles == ["PagerVoice", "Install", "Read a file"])
        #expect(document.name == path)
        #expect(document.byteCount == Self.markdown.utf8.count)
        let install = try document.text(ofPage: 1)
        #expect(install.hasPrefix("## Install\n"))
        #expect(install.contains("# this comment is not a heading\nmake install\n```"))
        #expect(try document.displayText(ofPage: 0) == "# PagerVoice\n\nPages you can *hear*.")
        // The pager model takes the titles as they are.
        var pager = Pager()
        try pager.reduce(.setPages(document.titles))
        #expect(pager.announcementText == "Page 1 of 3")
    }

    @Test func speechHasTheWordsAndNotTheMarkup() throws {
        let folder = try TemporaryDirectory()
        let document = try Document(path: try writeFile(folder, "guide.markdown", Self.markdown))
        let install = try document.speech(ofPage: 1).text
        #expect(install.contains("Install."))
        #expect(install.contains("Run make install, then see the guide."))
        #expect(install.contains("# this comment is not a heading\nmake install"))
        #expect(!install.contains("`") && !install.contains("https://") && !install.contains("##") && !install.contains("]("))
        let keys = try document.speech(ofPage: 2).text
        #expect(keys == "Read a file.\n\nspace or n: next page.\n\nb: previous page.\n\nKey, Action.\n\nq, quit.")
        for markup in ["*", "|", "-", "`", "#"] { #expect(!keys.contains(markup)) }

        // The same file as plain text: nothing is taken out.
        let plain = try Document(path: document.name, format: .plain)
        #expect(plain.count == 1)
        #expect(try plain.speech(ofPage: 0).text == Self.markdown.trimmingSuffixNewlines())
    }

    @Test func formFeedsMakeThePages() throws {
        let folder = try TemporaryDirectory()
        let text = "Chapter one\nIt begins.\n\u{0C}\nChapter two\nIt goes on.\n\u{0C}\nChapter three\r\nIt ends.\r\n"
        let document = try Document(path: try writeFile(folder, "book.txt", text))
        #expect(document.format == .plain)
        #expect(document.structure == .formFeeds)
        #expect(document.titles == ["Chapter one", "Chapter two", "Chapter three"])
        #expect(try document.text(ofPage: 1) == "Chapter two\nIt goes on.\n")
        #expect(try document.displayText(ofPage: 2) == "Chapter three\nIt ends.")
        #expect(document.pages.map(\.firstLine) == [1, 4, 7])
    }

    @Test func aTextWithoutHeadingsIsCutAtParagraphEnds() throws {
        let folder = try TemporaryDirectory()
        // Paragraphs of 10 lines: 20 lines (two paragraphs) is the nearest paragraph end to 24.
        let paragraph = (1...10).map { "A line of prose number \($0)" }.joined(separator: "\n")
        let text = Array(repeating: paragraph, count: 6).joined(separator: "\n\n") + "\n"
        let document = try Document(path: try writeFile(folder, "notes.txt", text))
        #expect(document.structure == .lines(perPage: 24))
        #expect(document.count == 3)
        for index in 0..<document.count {
            let page = try document.text(ofPage: index)
            #expect(page.hasPrefix("A line of prose number 1\n"))
            #expect(page.trimmingSuffixNewlines().hasSuffix("A line of prose number 10"))
        }
        #expect(document.pages.map(\.firstLine) == [1, 23, 45])
        #expect(document.titles == Array(repeating: "A line of prose number 1", count: 3))

        let shorter = try Document(path: document.name, pageLines: 10)
        #expect(shorter.count == 6)
    }

    @Test func anEmptyFileHasNoPages() throws {
        let folder = try TemporaryDirectory()
        let document = try Document(path: try writeFile(folder, "empty.md", ""))
        #expect(document.count == 0)
        #expect(document.byteCount == 0)
        #expect(throws: DocumentError.noSuchPage(page: 1, count: 0)) { try document.text(ofPage: 0) }
        #expect(try document.search("x", after: 0) == nil)
        var pager = Pager()
        try pager.reduce(.setPages(document.titles))
        #expect(pager.announcementText == "None")
    }

    @Test func invalidUTF8IsRefusedWithWhereItIs() throws {
        let folder = try TemporaryDirectory()
        let path = try writeFile(folder, "latin1.txt", Array("caf\u{E9} ok\nna".utf8) + [0xEF, 0x76, 0x65, 0x0A])
        #expect(throws: DocumentError.notText(name: path, .init(kind: .invalidUTF8, offset: 11, line: 2))) {
            try Document(path: path)
        }
        let message = DocumentError.notText(name: path, .init(kind: .invalidUTF8, offset: 11, line: 2)).description
        #expect(message == "\(path) is not UTF-8 text: invalid UTF-8 at byte offset 11 (line 2)")
    }

    @Test func binaryIsRefused() throws {
        let folder = try TemporaryDirectory()
        var elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
        elf += [UInt8](repeating: 0, count: 56)
        let path = try writeFile(folder, "program", elf)
        do {
            _ = try Document(path: path)
            Issue.record("a binary file opened")
        } catch {
            #expect(error == .notText(name: path, .init(kind: .nul, offset: 7, line: 1)))
            #expect(error.description == "\(path) is binary, not text: a NUL byte at byte offset 7 (line 1)")
        }
    }

    @Test func whatCannotBeOpenedSaysWhy() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: DocumentError.isDirectory(name: folder.path)) { try Document(path: folder.path) }
        let missing = folder.path + "/missing.md"
        #expect(throws: DocumentError.cannotOpen(name: missing, .noSuchFileOrDirectory)) { try Document(path: missing) }
        #expect(
            DocumentError.cannotOpen(name: missing, .noSuchFileOrDirectory).description
                == "cannot open \(missing): No such file or directory")
        #expect(throws: DocumentError.badPageLines(0)) { try Document(path: missing, pageLines: 0) }
        // A name with an escape sequence is printed made visible.
        #expect(DocumentError.isDirectory(name: "a\u{1B}]0;x\u{07}").description == "a\\u{1B}]0;x\\u{7} is a directory, not a text file")
    }

    @Test func aTerminalNeverGetsRawControlCharacters() throws {
        let folder = try TemporaryDirectory()
        let document = try Document(path: try writeFile(folder, "colours.log", "\n\nred \u{1B}[31mRED\u{1B}[0m\r\nbell\u{07}\ttab\n\n"))
        let shown = try document.displayText(ofPage: 0)
        #expect(shown == "red \\u{1B}[31mRED\\u{1B}[0m\nbell\\u{7}\ttab")
        #expect(!shown.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && $0.properties.generalCategory == .control })
        // Spoken and as a title, escape sequences are not words.
        #expect(document.titles == ["red RED"])
        #expect(try document.speech(ofPage: 0).text == "red RED\r\nbell\u{07}\ttab")
    }

    @Test func searchFindsTheNextPageWithTheTextAndWraps() throws {
        let folder = try TemporaryDirectory()
        let text = (1...5).map { "# Part \($0)\n\nWords of part \($0).\n" + ($0 == 2 || $0 == 4 ? "The NEEDLE is here.\n" : "") }.joined()
        let document = try Document(path: try writeFile(folder, "parts.md", text))
        #expect(document.count == 5)
        #expect(try document.search("needle", after: 0) == 1)
        #expect(try document.search("Needle", after: 1) == 3)
        #expect(try document.search("needle", after: 3) == 1)  // wrapped past the last page
        #expect(try document.search("part 3", after: 2) == 2)  // only on the current page: found last
        #expect(try document.search("haystack", after: 0) == nil)
        #expect(try document.search("", after: 0) == nil)
        #expect(throws: DocumentError.noSuchPage(page: 6, count: 5)) { try document.search("x", after: 5) }
        #expect(throws: DocumentError.searchTooLong(limit: 1024)) {
            try document.search(String(repeating: "x", count: 1025), after: 0)
        }
    }

    /// A match across the 1 MiB pieces search reads is found.
    @Test func searchFindsAMatchAcrossItsReadingPieces() throws {
        let folder = try TemporaryDirectory()
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: Document.bufferSize - 3)
        bytes += Array("NEEDLE".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 100)
        let document = try Document(path: try writeFile(folder, "one-line.txt", bytes))
        #expect(document.count > 1)
        let found = try #require(try document.search("needle", after: document.count - 1))
        #expect(try document.text(ofPage: found).contains("NEEDLE") || document.text(ofPage: found).hasSuffix("NEE"))
    }

    @Test func aPipeIsSpooledAndReadLikeAFile() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let text = "# One\nfirst\n# Two\nsecond " + String(repeating: "word ", count: 100_000) + "\n"
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            _ = writeFully(fd, Array(text.utf8))
            close(fd)
        }
        writer.start()
        let document = try Document(path: fifo)
        #expect(document.titles == ["One", "Two"] + Array(repeating: "Two (continued)", count: document.count - 2))
        #expect(document.count > 2)
        #expect(try (0..<document.count).map { try document.text(ofPage: $0) }.joined() == text)
        #expect(try document.search("SECOND", after: 0) == 1)
    }

    @Test func aPipeLongerThanTheSpoolLimitIsRefused() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path + "/endless"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let fd = open(fifo, O_WRONLY)
            // Like `yes`: until the reader goes away (EPIPE; SIGPIPE is ignored by the fixtures).
            signal(SIGPIPE, SIG_IGN)
            while writeFully(fd, Array(String(repeating: "y\n", count: 4096).utf8)) {}
            close(fd)
        }
        writer.start()
        #expect(throws: DocumentError.tooLong(name: fifo, limit: 3 << 20)) {
            try Document(path: fifo, format: nil, pageLines: 24, spoolLimit: 3 << 20)
        }
        #expect(
            DocumentError.tooLong(name: "standard input", limit: Document.maximumSpooledBytes).description
                == "standard input is longer than 1 GiB: save it to a file and read that")
    }

    @Test func aFileThatShrankAfterOpeningIsReportedNotMisread() throws {
        let folder = try TemporaryDirectory()
        let text = (1...100).map { "# Heading \($0)\nbody\n" }.joined()
        let path = try writeFile(folder, "shrinking.md", text)
        let document = try Document(path: path)
        #expect(document.count == 100)
        #expect(truncate(path, 10) == 0)
        #expect(throws: DocumentError.changed(name: path)) { try document.text(ofPage: 99) }
        #expect(throws: DocumentError.changed(name: path)) { try document.speech(ofPage: 50) }
    }
}

extension String {
    func trimmingSuffixNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

import Foundation
import Glibc
import PagerTestSupport
import Testing

/// Issue 11, as a hostile or careless user tries it against the built executable: nothing the
/// user owns is destroyed, a failure is never an exit status 0, a script that checks nothing never
/// passes, nothing hangs, and no outside text reaches the terminal raw.
@Suite struct TrustTests {
    /// Runs pagervoice through `sh -c`, so a redirection (`>/dev/full`, `<&-`) applies to it alone.
    static func run(_ arguments: [String], redirect: String, input: String = "") throws -> Pagervoice.Run {
        try Pagervoice.run(arguments, input: input, launcher: ["/bin/sh", "-c", "exec \"$@\" \(redirect)", "sh"])
    }

    // MARK: Falsely green

    @Test func crlfAndCrScriptsAreReadLineByLine() throws {
        let dir = try TemporaryDirectory()
        for (name, ending) in [("crlf", "\r\n"), ("cr", "\r"), ("lf", "\n")] {
            let script = dir.path + "/\(name).pv"
            try ["# t", "next", "expect \"WRONG\"", "expect \"Page 2 of 3\""].joined(separator: ending)
                .write(toFile: script, atomically: true, encoding: .utf8)
            let run = try Pagervoice.run(["verify", script])
            #expect(run.status == 1, "\(name)")
            #expect(run.lines == ["\(script):3: expected \"WRONG\", got \"Page 2 of 3\"", "1 passed, 1 failed"], "\(name)")
        }
    }

    /// A script saved with a byte order mark (Windows editors write one) failed on line 1 as
    /// "unknown command '\u{FEFF}next'".
    @Test func aByteOrderMarkIsNotPartOfTheFirstLine() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/bom.pv"
        try "\u{FEFF}next\r\nexpect \"Page 2 of 3\"\r\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", script])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.lines == ["1 passed, 0 failed"])
    }

    /// A script with a byte that is not UTF-8 (an editor's Latin-1 "é") says on which line.
    @Test func aScriptThatIsNotUTF8SaysWhere() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/latin1.pv"
        try Data("next\n# caf".utf8 + [0xE9] + Data("\nexpect \"Page 2 of 3\"\n".utf8)).write(to: URL(fileURLWithPath: script))
        let run = try Pagervoice.run(["verify", script])
        #expect(run.status == 1)
        #expect(run.errorLines == ["\(script): cannot read: not valid UTF-8 (line 2)"])
    }

    @Test func aScriptWithoutChecksFails() throws {
        let dir = try TemporaryDirectory()
        let empty = dir.path + "/empty.pv"
        let commandsOnly = dir.path + "/commands.pv"
        try "".write(toFile: empty, atomically: true, encoding: .utf8)
        try "# only commands\nnext\nnext\n".write(toFile: commandsOnly, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", empty, commandsOnly])
        #expect(run.status == 1)
        #expect(run.lines == ["\(empty): no checks", "\(commandsOnly): no checks", "0 passed, 2 failed"])
    }

    // MARK: Data loss

    @Test func junitReportNeverReplacesAScript() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/mine.pv"
        let text = "next\nexpect \"Page 2 of 3\"\n"
        try text.write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", "--junit", script, script])
        #expect(run.status == 2)
        #expect(run.errorLines.first == "Error: --junit \(script) is the script \(script); choose another report file")
        #expect(try String(contentsOfFile: script, encoding: .utf8) == text)
        // The same file by another name is the same file.
        let link = dir.path + "/link.pv"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: script)
        #expect(try Pagervoice.run(["verify", "--junit", link, script]).status == 2)
        #expect(try String(contentsOfFile: script, encoding: .utf8) == text)
    }

    /// The page of `--url` and the document of `--read` are inputs too: the report was written
    /// over either without a word (exit 0, the page gone).
    @Test func junitReportNeverReplacesThePageOrTheDocument() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/mine.pv"
        try "expect-page 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        let page = dir.path + "/page.html"
        let html = "<!doctype html><title>mine</title><p>keep me</p>\n"
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let document = dir.path + "/guide.md"
        let markdown = "# One\n\nkeep me\n"
        try markdown.write(toFile: document, atomically: true, encoding: .utf8)
        // Given as a file:// address with a query, and the report by a hard link: the same file.
        let link = dir.path + "/report.xml"
        #expect(link.withCString { to in page.withCString { Glibc.link($0, to) } } == 0)
        let onPage = try Pagervoice.run(["verify", "--url", "file://\(page)?slide=1", "--junit", link, script])
        #expect(onPage.status == 2)
        #expect(onPage.errorLines.first == "Error: --junit \(link) is the page \(page); choose another report file")
        let onDocument = try Pagervoice.run(["verify", "--read", document, "--junit", document, script])
        #expect(onDocument.status == 2)
        #expect(onDocument.errorLines.first == "Error: --junit \(document) is the document \(document); choose another report file")
        #expect(try String(contentsOfFile: page, encoding: .utf8) == html)
        #expect(try String(contentsOfFile: document, encoding: .utf8) == markdown)
    }

    @Test func junitReportIsWrittenWhole() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/mine.pv"
        try "next\nexpect \"Page 2 of 3\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let report = dir.path + "/report.xml"
        try "old report".write(toFile: report, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", "--junit", report, script])
        #expect(run.status == 0)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.hasSuffix("</testsuites>\n"))
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["mine.pv", "report.xml"])
        // A report that cannot be written is an error, and the old file is as it was.
        let locked = dir.path + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        let intoFolder = try Pagervoice.run(["verify", "--junit", locked, script])
        #expect(intoFolder.status == 1)
        #expect(intoFolder.errorLines.first?.hasPrefix("pagervoice verify: cannot write \(locked): ") == true)
    }

    /// stdout on a full disk: one line on stderr, status 1, and the lines read still get their
    /// speech and files (issue 11 item 5).
    @Test func aFullStdoutIsAnErrorAndTheWavFilesAreStillWritten() throws {
        let dir = try TemporaryDirectory()
        let run = try Self.run(
            ["--audio", "null", "--wav-dir", dir.path], redirect: ">/dev/full", input: "next\nprev\n")
        #expect(run.status == 1)
        #expect(run.errorLines == ["pagervoice: cannot write to standard output: No space left on device"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).contains("0001.wav"))
    }

    @Test func everySubcommandReportsAFullStdout() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/s.pv"
        try "next\nexpect \"Page 2 of 3\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        for (arguments, command) in [
            (["say", "--audio", "null", "hello"], "pagervoice say"),
            (["verify", script], "pagervoice verify"),
            (["audit", "--rule", "label"], "pagervoice audit"),
            (["voices"], "pagervoice voices"),
            (["--audio", "off"], "pagervoice"),
        ] {
            let run = try Self.run(arguments, redirect: ">/dev/full", input: "next\n")
            #expect(run.status == 1, "\(arguments)")
            #expect(run.errorLines == ["\(command): cannot write to standard output: No space left on device"], "\(arguments)")
        }
    }

    @Test func aReaderThatLeavesIsAQuietEnd() throws {
        // `| head -1`: the pipe closes after one line; no message, no failure.
        let run = try Pagervoice.run(
            ["--audio", "off"], input: String(repeating: "next\nprev\n", count: 20_000),
            launcher: ["/bin/sh", "-c", "\"$@\" | head -1", "sh"])
        #expect(run.status == 0)
        #expect(run.lines == ["Page 2 of 3"])
        #expect(run.stderr == "")
    }

    @Test func aClosedStdoutDiscardsOutputButNotFiles() throws {
        let dir = try TemporaryDirectory()
        let run = try Self.run(["--audio", "null", "--wav-dir", dir.path], redirect: ">&-", input: "next\nprev\n")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["0001.wav", "0002.wav"])
    }

    // MARK: Hangs

    /// A closed stdin is end of input; the interrupt pipe can no longer take descriptor 0.
    @Test func aClosedStdinEndsAtOnce() throws {
        let run = try Self.run(["--audio", "null"], redirect: "<&-")
        #expect(run.status == 0)
        #expect(run.stdout == "")
        #expect(run.stderr == "")
        let json = try Self.run(["--audio", "off", "--json"], redirect: "<&- 2>&-")
        #expect(json.status == 0)
    }

    // MARK: Raw bytes on the terminal

    @Test func verifyShowsScriptTextAndFileNamesEscaped() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/e\u{1B}[2J.pv"
        try "say \u{1B}[32mhi\u{9B}1m\u{202E}\nexpect \"x\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", script])
        #expect(run.status == 1)
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" })
        let shown = dir.path + "/e\\u{1B}[2J.pv"
        #expect(run.lines.first == "\(shown):2: expected \"x\", got \"\\u{1B}[32mhi\\u{9B}1m\\u{202E}\"")
    }

    @Test func optionErrorsEchoValuesEscaped() throws {
        let hostile = "\u{1B}]0;PWN\u{7}"
        for arguments in [
            ["--lang", hostile], ["--voice", hostile], ["--audio", hostile], ["--\(hostile)"], [hostile],
            ["audit", "--transition", hostile], ["audit", "--format", hostile], ["audit", "--style", hostile],
            ["audit", "--rule", hostile], ["verify", dir(hostile)],
        ] {
            let run = try Pagervoice.run(arguments + (arguments.first == "--voice" ? ["--audio", "null"] : []))
            #expect(run.status != 0, "\(arguments)")
            #expect(!run.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("\\u{1B}]0;PWN\\u{7}"), "\(arguments): \(run.stderr)")
        }
    }

    func dir(_ name: String) -> String { "/tmp/no-such-\(name).pv" }

    @Test func jsonEscapesC1ControlsAndLineSeparators() throws {
        let run = try Pagervoice.run(["--audio", "off", "--json"], input: "say a\u{85}b\u{9B}c\u{2028}d\u{7F}\n")
        #expect(run.status == 0)
        #expect(run.lines == [#"{"type":"say","text":"a\u0085b\u009bc\u2028d\u007f"}"#])
    }

    @Test func textModeAnnouncementsAndStatusAreEscaped() throws {
        // Titles cannot hold control characters, but they can hold a bidi override.
        let run = try Pagervoice.run(["--audio", "off", "--pages", "A\u{202E}gnp.exe,B"], input: "status\nsay \u{1B}[31mred\n")
        #expect(run.status == 0)
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{1B}" })
        #expect(run.lines.contains("Page 1 of 2: A\\u{202E}gnp.exe"))
        #expect(run.lines.contains("\\u{1B}[31mred"))
    }
}

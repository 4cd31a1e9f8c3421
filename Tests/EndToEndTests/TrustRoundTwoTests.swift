import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31, found by a hostile run of the last round's features: each item reproduced on the
/// built executable, with the behaviour it has now.
@Suite struct TrustRoundTwoTests {
    /// Item 6: a label a screen reader says nothing for is no label. Each of these holds only
    /// characters that draw nothing and are not spoken.
    @Test(arguments: [
        "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{200C}", "\u{200E}", "\u{034F}", "\u{3164}", "\u{2800}", " \u{200B} ",
    ])
    func invisibleLabelsFailTheLabelRule(label: String) throws {
        let run = try Pagervoice.run(["audit", "--label", label, "--rule", "label"])
        #expect(run.status == 1, "\(label.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(run.lines.first?.hasPrefix("FAIL label (WCAG 4.1.2): ") == true, "\(run.stdout)")
        // The message never prints the invisible character raw: it is shown as an escape or not at all.
        #expect(!run.stdout.unicodeScalars.contains { $0 == "\u{200B}" || $0 == "\u{FEFF}" || $0 == "\u{2060}" })
    }

    @Test func aVisibleLabelStillPasses() throws {
        let run = try Pagervoice.run(["audit", "--label", "Seite", "--rule", "label"])
        #expect(run.status == 0)
        #expect(run.lines.first == "PASS label (WCAG 4.1.2): the page dots are labelled \"Seite\" on every page and when empty")
    }

    /// Item 4: a bidi override or an invisible character from a title or a label is shown the
    /// same visible way in every format and every message, never raw (U+202E reversed a
    /// paragraph of the HTML report in Chromium).
    @Test(arguments: ["text", "json", "sarif", "html"])
    func reportsShowControlsVisiblyInEveryFormat(format: String) throws {
        let run = try Pagervoice.run([
            "audit", "--format", format, "--label", "\u{202E}egaP\u{200B}", "--pages", "Ex\u{2066}plore,Col\u{FEFF}lect", "--rule",
            "label,focus-order",
        ])
        #expect(run.status == 0 || run.status == 1)
        // What a reader of each format sees: the text, the page, or the decoded JSON strings.
        var shown = run.stdout
        if format == "json" || format == "sarif" {
            func strings(_ value: Any) -> [String] {
                if let text = value as? String { return [text] }
                if let array = value as? [Any] { return array.flatMap(strings) }
                if let object = value as? [String: Any] { return object.values.flatMap(strings) }
                return []
            }
            shown = strings(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))).joined(separator: "\n")
        }
        let hidden: [Unicode.Scalar] = ["\u{202E}", "\u{200B}", "\u{2066}", "\u{FEFF}"]
        #expect(!shown.unicodeScalars.contains { hidden.contains($0) }, "\(format)")
        #expect(shown.contains("\\u{202E}egaP\\u{200B}"), "\(format): \(shown.prefix(400))")
        #expect(shown.contains("Ex\\u{2066}plore"), "\(format)")
    }

    /// Item 5: GitHub code scanning refused the configuration audit's SARIF ("expected at least
    /// one location"). Every result has one now: a relative artifact path with a line (GitHub's
    /// ingestion rules GH1001, GH1003, GH1005) and a logical location for the element.
    @Test func sarifResultsCarryLocationsGitHubAccepts() throws {
        let run = try Pagervoice.run(["audit", "--format", "sarif"])
        #expect(run.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        #expect(results.count == 16)
        for result in results {
            #expect(result["ruleId"] is String)
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
            let locations = try #require(result["locations"] as? [[String: Any]])
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
            let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(uri == "pagervoice-audit-configuration")
            #expect((physical["region"] as? [String: Any])?["startLine"] as? Int == 1)
            let logical = try #require((locations[0]["logicalLocations"] as? [[String: Any]])?.first)
            #expect(logical["kind"] as? String == "element")
        }
    }

    /// Item 2: a speech-dispatcher stopped (SIGSTOP) after the first announcement froze the
    /// session forever. Every reply is now waited for 2 s: the session says once that nothing
    /// more will be spoken, carries out the rest of its lines, and exits 1.
    @Test func aDaemonStoppedMidSessionIsGivenUpAndTheLinesGoOn() throws {
        let server = try SpeechDispatcherServer()
        defer {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = server.address
        let lines = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "speechd"], environment: environment, onLine: { lines.add($0) })
        #expect(child.send(lines: ["next"]))
        // The first line was carried out (and is being spoken): now the daemon stops.
        #expect(lines.wait(timeout: 30) { $0.contains("Page 2 of 3") })
        #expect(kill(server.pid, SIGSTOP) == 0)
        #expect(child.send(lines: ["next", "status"]))
        let clock = ContinuousClock()
        let started = clock.now
        let status = child.finish(timeout: .seconds(60))
        let took = clock.now - started
        #expect(status == 1, "\(child.errorOutput)")
        #expect(took < .seconds(15), "took \(took)")
        #expect(lines.all.contains("Page 3 of 3"), "\(lines.all)")
        #expect(lines.all.contains { $0.hasPrefix("speech: speech-dispatcher at ") }, "status ran: \(lines.all)")
        let errors = child.errorOutput.split(separator: "\n")
        #expect(errors.count == 1, "\(child.errorOutput)")
        #expect(errors.first?.contains("speech-dispatcher stopped answering: no reply to ") == true, "\(child.errorOutput)")
        #expect(errors.first?.hasSuffix("within 2 s; silent until speech-dispatcher answers again") == true, "\(child.errorOutput)")

        // Continued, the daemon finds our connection shut and serves the next session as before.
        #expect(kill(server.pid, SIGCONT) == 0)
        let again = try Pagervoice.run(["--audio", "speechd"], input: "next\n", environment: ["SPEECHD_ADDRESS": server.address])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr == "")
    }

    /// Item 2: a daemon that is there but stopped was reported as "not running".
    @Test func aStoppedDaemonAtStartIsNotCalledNotRunning() throws {
        let server = try SpeechDispatcherServer()
        defer {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        #expect(kill(server.pid, SIGSTOP) == 0)
        let run = try Pagervoice.run(
            ["--audio", "speechd"], input: "next\n", environment: ["SPEECHD_ADDRESS": server.address], timeout: .seconds(30))
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(
            run.errorLines == [
                "pagervoice: speech-dispatcher at \(server.address) is not answering: it accepted the connection but said nothing "
                    + "within 2 s (stopped or hung); restart it or use --audio auto"
            ])
    }

    /// Item 8: `/` alone repeats the last search from a pipe too, as the help says.
    @Test func aSlashAloneRepeatsTheSearchFromAPipe() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/doc.md"
        try "# A\nfoo\n# B\nbar\n# C\nfoo again\n".write(toFile: path, atomically: false, encoding: .utf8)
        let run = try Pagervoice.run(["read", path, "--audio", "off"], input: "/foo\n/\n/\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines.filter { $0.hasPrefix("Page ") } == ["Page 1 of 3", "Page 3 of 3", "Page 1 of 3", "Page 3 of 3"])
    }

    /// Item 8: an empty document answers `n`, `G` and `g` alike: the edge, not an error.
    @Test func anEmptyDocumentAnswersEveryMoveAlike() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/empty.txt"
        try "".write(toFile: path, atomically: false, encoding: .utf8)
        let run = try Pagervoice.run(["read", path, "--audio", "off", "--json"], input: "n\nG\ng\n")
        #expect(run.status == 0, "\(run.stdout)")
        let moves = run.events.dropFirst()
        #expect(moves.count == 3)
        #expect(
            moves.allSatisfy {
                $0["type"] as? String == "announcement" && $0["boundary"] as? Bool == true && $0["text"] as? String == "None"
            })
    }

    /// Item 8: what fails before the first line is read is blamed on no line ("line 0" was).
    @Test func anErrorBeforeTheFirstLineHasNoLineNumber() throws {
        let run = try Pagervoice.run(
            ["read", "-", "--audio", "off", "--max-input", "1K"], input: (1...1000).map { "\($0)\n" }.joined())
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["error: standard input is longer than 1 KiB: only its first 1 KiB are paged (--max-input sets the limit)"])
        #expect(run.lines.first?.hasPrefix("Page 1 of ") == true)
    }

    /// Item 8: a verify check of the whole script is no line's: no "line" rather than line 0.
    @Test func aCheckOfTheWholeScriptHasNoLine() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/empty.pv"
        try "next\n".write(toFile: script, atomically: false, encoding: .utf8)
        let run = try Pagervoice.run(["verify", script, "--json"])
        #expect(run.status == 1)
        let check = try #require(run.events.first)
        #expect(check["type"] as? String == "check")
        #expect(check["expected"] as? String == "at least one check")
        #expect(check["line"] == nil, "\(run.stdout)")
    }

    /// Item 8: a 5,000-character value is pointed at, not printed back in full.
    @Test func aHugeOptionValueIsNotEchoedInFull() throws {
        let tag = String(repeating: "x", count: 5000)
        let run = try Pagervoice.run(["--lang", tag])
        #expect(run.status == 2)
        #expect(run.stderr.count < 1000, "\(run.stderr.count) characters")
        #expect(run.errorLines.first?.contains("… (5000 characters)") == true, "\(run.stderr.prefix(300))")
    }

    /// Item 8: with --json, failures before the session starts are error events as well.
    @Test func startUpFailuresAreErrorEventsWithJSON() throws {
        let folder = try TemporaryDirectory()
        let runs = [
            try Pagervoice.run(["read", folder.path + "/nonexistent", "--json"]),
            try Pagervoice.run(
                ["--audio", "speechd", "--json"], environment: ["SPEECHD_ADDRESS": "unix_socket:\(folder.path)/none.sock"]),
        ]
        for run in runs {
            #expect(run.status == 1)
            #expect(run.stderr == "")
            #expect(run.events.count == 1)
            #expect(run.events.first?["type"] as? String == "error", "\(run.stdout)")
            #expect((run.events.first?["message"] as? String)?.isEmpty == false)
        }
    }

    /// Item 8: text too long to say in full is a failure: said in part, one error, status 1
    /// (it was a notice, and status 0, with 2,000 characters unspoken).
    @Test func textTooLongToSayIsAFailure() throws {
        let text = String(repeating: "ab ", count: 2000)
        let said = try Pagervoice.run(["say", "--audio", "null", text])
        #expect(said.status == 1)
        #expect(said.errorLines.count == 1)
        #expect(
            said.errorLines.first?.hasPrefix("pagervoice say: the text has 6000 characters, more than the 4000 that can be spoken") == true)
        let scripted = try Pagervoice.run(["--audio", "null", "--json"], input: "say \(text)\n")
        #expect(scripted.status == 1)
        #expect(scripted.stderr == "", "the notice is an error event, not text")
        #expect(scripted.events.first?["type"] as? String == "error")
        #expect(scripted.events.first?["line"] as? Int == 1)
    }

    /// Item 8: `pagervoice --audio <Tab>` offered the subcommands; options before any
    /// subcommand are the REPL's, and complete as they do after `repl`.
    @Test func bashCompletesTheREPLsOptionsBeforeASubcommand() throws {
        let script = try Pagervoice.run(["--generate-completion-script", "bash"]).stdout
        #expect(
            try CompletionTests.complete(["pagervoice", "--audio", ""], script: script) == [
                "auto", "pulse", "alsa", "speechd", "null", "off",
            ])
        #expect(try CompletionTests.complete(["pagervoice", "--json", "--tra"], script: script) == ["--transition"])
        #expect(Set(try CompletionTests.complete(["pagervoice", "re"], script: script)) == ["repl", "read"])
    }

    /// Item 8: ArgumentParser's own message for an unknown shell is lines, not one line of `\u{A}`.
    @Test func anUnknownCompletionShellIsLinesOfText() throws {
        let run = try Pagervoice.run(["--generate-completion-script", "powershell"])
        #expect(run.status == 2)
        #expect(!run.stderr.contains("\\u{A}"), "\(run.stderr)")
        #expect(run.errorLines.first == "Error: Can't generate completion scripts for 'powershell'.")
        #expect(run.errorLines.contains("    zsh bash fish"))
        // A line feed typed in an argument is still shown, not obeyed.
        let typed = try Pagervoice.run(["--lang", "x\ny"])
        #expect(typed.errorLines.first?.contains("'x\\u{A}y'") == true, "\(typed.stderr)")
    }

    /// Item 8: a file whose lines end in a carriage return alone (classic Mac OS) was one line.
    @Test func carriageReturnsAloneEndLines() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/mac.txt"
        try (1...60).map { "entry \($0)\r" }.joined().write(toFile: path, atomically: false, encoding: .utf8)
        let run = try Pagervoice.run(["read", path, "--audio", "off"], input: "n\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Page 1 of 3")
        #expect(run.lines.dropFirst().first == "── entry 1 · \(path), line 1")
        #expect(run.lines.contains("entry 24"))
        #expect(!run.stdout.contains("\\u{D}"), "a carriage return ends a line; it is not shown")
        #expect(run.lines.contains("── entry 25 · \(path), line 25"))
    }

    /// Item 8: search ignored case for ASCII letters only.
    @Test(arguments: [("/STRASSE", 2), ("/école", 3), ("/ΣΟΦΊΑ", 3), ("/ÇA", 1)])
    func searchIgnoresCaseInEveryScript(query: String, page: Int) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path + "/words.md"
        try "# Eins\nça va\n# Zwei\nDie Straße ist lang\n# Drei\nL’ÉCOLE, σοφία\n".write(toFile: path, atomically: false, encoding: .utf8)
        // From page 1 for a match further on; from the last page for one on page 1.
        let start = page == 1 ? "G\n" : ""
        let run = try Pagervoice.run(["read", path, "--audio", "off"], input: start + query + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Not found"), "\(query)")
        let expected = ["Page 1 of 3"] + (page == 1 ? ["Page 3 of 3"] : []) + ["Page \(page) of 3"]
        #expect(run.lines.filter { $0.hasPrefix("Page ") } == expected, "\(query): \(run.stdout)")
    }

    /// Item 8: a file whose name is not UTF-8 (a Latin-1 `café.txt`) could not be opened: the
    /// name's own bytes are opened now, and it is shown with the byte escaped.
    @Test func aFileNameThatIsNotUTF8Opens() throws {
        let folder = try TemporaryDirectory()
        let script = """
            printf 'bonjour\\n' > "$(printf '%s/caf\\351.txt' "$1")"
            exec "$0" read "$(printf '%s/caf\\351.txt' "$1")" --audio off
            """
        let run = try Pagervoice.run([folder.path], launcher: ["/bin/sh", "-c", script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "Page 1 of 1")
        #expect(run.lines.dropFirst().first == "── bonjour · \(folder.path)/caf\\xE9.txt, line 1")
    }

    /// Item 8: the REPL's `help` was laid out wider than a 120-column terminal (which wrapped it
    /// mid-word), and its language grid counted characters, not columns, so CJK and Indic names
    /// pushed the next column out of line.
    @Test(arguments: [120, 72])
    func helpFitsTheTerminalAndItsLanguageGridLinesUp(columns: Int) throws {
        let (codes, helps) = try Self.helpContents()
        let terminal = try PseudoTerminal(arguments: ["--audio", "off"])
        var size = winsize(ws_row: 50, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        #expect(ioctl(terminal.master, UInt(TIOCSWINSZ), &size) == 0)
        #expect(terminal.sendLine("help", afterPrompt: 1))
        #expect(terminal.waitForPrompt(2))
        terminal.send("quit\n")
        _ = terminal.waitForExit()
        let text = terminal.text
        let start = try #require(text.range(of: "Commands (page numbers are 1-based):"))
        let end = try #require(text.range(of: "pager> ", options: .backwards, range: start.upperBound..<text.endIndex))
        let lines = text[start.lowerBound..<end.lowerBound].components(separatedBy: "\r\n").map(Self.withoutEscapes)
        #expect(lines.count > 40)
        for line in lines { #expect(Self.columnsOf(line) <= columns, "\(Self.columnsOf(line)) columns: \(line)") }
        // Every word of every command's help is whole on some line.
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        let helpWords = Set(helps.flatMap { $0.split(separator: " ").map(String.init) })
        #expect(helpWords.count > 100)
        #expect(helpWords.subtracting(words).isEmpty, "cut: \(helpWords.subtracting(words).sorted())")
        // The grid: in every row, each column starts at the same place as in the first row.
        let grid = lines.drop { !$0.hasPrefix("Languages") }.dropFirst().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(grid.count >= 9)
        var starts: [[Int]] = []
        for row in grid {
            let visible = row.unicodeScalars.filter { !($0.value == 0x2068 || $0.value == 0x2069) }
            let plain = String(String.UnicodeScalarView(visible))
            var columnsHere: [Int] = []
            var index = plain.startIndex
            while index < plain.endIndex {
                let rest = plain[index...]
                let before = plain[..<index]
                let atStart = before.hasSuffix("  ") || before == "  "
                if atStart, let code = codes.first(where: { rest.hasPrefix($0 + " ") }) {
                    columnsHere.append(Self.columnsOf(String(before)))
                    index = plain.index(index, offsetBy: code.count)
                } else {
                    index = plain.index(after: index)
                }
            }
            starts.append(columnsHere)
        }
        let first = try #require(starts.first)
        #expect(first.count >= 2)
        for (row, here) in zip(grid, starts) { #expect(here == Array(first.prefix(here.count)), "\(row)") }
    }

    /// Item 8: `frames --svg` drew its title past the picture's right edge (docs/settle-curve.png,
    /// made from it, no longer matched). The drawn title is whole and ends inside the margin.
    @Test func theFramesPlotsTitleFitsThePicture() throws {
        let chromium = try HeadlessChromium()
        let folder = try TemporaryDirectory()
        let path = folder.path + "/settle.svg"
        let run = try Pagervoice.run(["frames", "--svg", path])
        #expect(run.status == 0, "\(run.stderr)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        let title = try #require(Self.firstMatch(#"<title id="plot-title">([^<]*)</title>"#, in: svg))
        let drawn = try #require(Self.firstMatch(#"<text x="24" y="34"[^>]*>([^<]*)</text>"#, in: svg))
        #expect(drawn == title, "the title is drawn whole")
        let width = try #require(Self.firstMatch(#"<svg [^>]*width="([0-9.]+)""#, in: svg).flatMap(Double.init))
        let height = try #require(Self.firstMatch(#"<svg [^>]*height="([0-9.]+)""#, in: svg).flatMap(Double.init))
        let image = try chromium.screenshot(of: path, width: Int(width), height: Int(height), to: folder.path + "/settle.png")
        // The title's band, from its top to below its baseline: ink somewhere, none in the right margin.
        func inked(_ x: Int, _ y: Int) -> Bool {
            let pixel = image.pixel(x: x, y: y)
            return Int(pixel.red) + Int(pixel.green) + Int(pixel.blue) < 3 * 0x80
        }
        let band = 12..<40
        #expect(band.contains { y in (24..<200).contains { inked($0, y) } }, "the title is drawn")
        let margin = (image.width - 24)..<image.width
        #expect(!band.contains { y in margin.contains { inked($0, y) } }, "no ink in the right margin")
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The language codes (longest first) and every command's help, from `help` in JSON.
    private static func helpContents() throws -> (codes: [String], helps: [String]) {
        let run = try Pagervoice.run(["--audio", "off", "--json"], input: "help\n")
        let languages = try #require(run.events.first?["languages"] as? [[String: Any]])
        let commands = try #require(run.events.first?["commands"] as? [[String: Any]])
        return (
            languages.compactMap { $0["code"] as? String }.sorted { $0.count > $1.count },
            commands.compactMap { $0["help"] as? String }
        )
    }

    private static func withoutEscapes(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\r", with: "")
    }

    /// Terminal columns, as wcwidth counts them for the scripts the languages use: CJK and Hangul
    /// two, combining marks and format characters none.
    private static func columnsOf(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return sum
            default: break
            }
            let wide =
                (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0xFF00...0xFF60).contains(scalar.value) || (0xFFE0...0xFFE6).contains(scalar.value)
            return sum + (wide ? 2 : 1)
        }
    }
}

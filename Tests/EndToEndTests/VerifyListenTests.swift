import Foundation
import PagerTestSupport
import Testing

/// `pagervoice verify --listen` on the built executable, with real eSpeak NG and PocketSphinx:
/// each `expect "TEXT"` becomes a second check, by ear, which passes when the spoken text is
/// heard as itself among the pager's announcements and fails, naming what was heard, when not.
@Suite struct VerifyListenTests {
    static let script = """
        # nine pages: announcements differ by one number word
        count 9
        go 3
        expect "Page 3 of 9"
        go 7
        expect "Page 7 of 9"
        """

    private static func write(_ text: String, in folder: TemporaryDirectory, name: String = "ear.pv") throws -> String {
        let path = folder.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// PocketSphinx's log goes to the state folder: a fresh one, never the tester's.
    private static func run(_ arguments: [String], in folder: TemporaryDirectory) throws -> Pagervoice.Run {
        try Pagervoice.run(arguments, environment: ["XDG_STATE_HOME": folder.path + "/state"])
    }

    private static func checks(_ run: Pagervoice.Run) throws -> [[String: Any]] {
        try run.lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            .filter { $0["type"] as? String == "check" }
    }

    @Test func announcementsSpokenInTheSessionsVoiceAreHeardAsThemselves() throws {
        let folder = try TemporaryDirectory(prefix: "pv-ear")
        let path = try Self.write(Self.script, in: folder)
        let plain = try Self.run(["verify", path], in: folder)
        #expect(plain.lines == ["2 passed, 0 failed"])

        let heard = try Self.run(["verify", "--listen", "--json", path], in: folder)
        #expect(heard.status == 0, "\(heard.stdout) \(heard.errorLines)")
        let checks = try Self.checks(heard)
        // Each expect is checked twice: as text, then by ear, on the same line.
        #expect(checks.map { $0["line"] as? Int } == [4, 4, 6, 6])
        #expect(checks.allSatisfy { $0["status"] as? String == "pass" })
        #expect(checks[1]["expected"] as? String == "to hear \"Page 3 of 9\" in en-us as 'page three of nine'", "the voice is named")
        #expect((checks[1]["got"] as? String)?.hasPrefix("heard 'page three of nine' (next best 'page ") == true)
        #expect((checks[3]["got"] as? String)?.hasPrefix("heard 'page seven of nine'") == true)
        // The recogniser's log went to the state folder, nothing to the terminal.
        #expect(heard.errorLines.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/state/pagervoice/pocketsphinx.log"))
    }

    @Test func pageTitlesAreHeardToo() throws {
        let folder = try TemporaryDirectory(prefix: "pv-ear")
        let path = try Self.write(
            "next\nexpect \"Page 2 of 3\"\nfocus next\nexpect-focus \"Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.\"\nsay Collect\nexpect \"Collect\"\n",
            in: folder)
        let run = try Self.run(["verify", "--listen", path], in: folder)
        #expect(run.status == 0, "\(run.lines) \(run.errorLines)")
        #expect(run.lines.last == "5 passed, 0 failed")
    }

    /// A voice that cannot say English (German rules reading "Page 3 of 9") is not heard as the
    /// announcement: the check by ear fails though the text matches, and names what it heard.
    @Test func speechThatIsHeardAsSomethingElseFails() throws {
        let folder = try TemporaryDirectory(prefix: "pv-ear")
        let path = try Self.write(Self.script, in: folder)
        let run = try Self.run(["verify", "--listen", "--voice", "de", path], in: folder)
        #expect(run.status == 1)
        let failures = run.lines.dropLast()
        #expect(!failures.isEmpty)
        for line in failures {
            #expect(
                line.hasPrefix("\(path):4: expected to hear \"Page 3 of 9\" in de as 'page three of nine', got heard '")
                    || line.hasPrefix("\(path):6: expected to hear \"Page 7 of 9\" in de as 'page seven of nine', got heard '"), "\(line)")
            #expect(!line.contains("got heard 'page three of nine'") && !line.contains("got heard 'page seven of nine'"))
        }
        #expect(run.lines.last == "\(4 - failures.count) passed, \(failures.count) failed")
    }

    @Test func otherLanguagesFailAndSaySo() throws {
        let folder = try TemporaryDirectory(prefix: "pv-ear")
        let path = try Self.write("next\nexpect \"Seite 2 von 3\"\n", in: folder)
        let run = try Self.run(["verify", "--listen", "--lang", "de", path], in: folder)
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "\(path):2: expected to hear \"Seite 2 von 3\", got not heard: verify --listen hears English only, and the script speaks Deutsch (de) here",
                "1 passed, 1 failed",
            ])
    }

    @Test func listeningOptionsNeedListen() throws {
        let folder = try TemporaryDirectory(prefix: "pv-ear")
        let path = try Self.write(Self.script, in: folder)
        for arguments in [["--rate", "200"], ["--voice", "en-gb"]] {
            let run = try Self.run(["verify"] + arguments + [path], in: folder)
            #expect(run.status == 2)
            #expect(run.errorLines.first == "Error: --voice and --rate only change what verify --listen hears; add --listen")
            #expect(run.stdout.isEmpty)
        }
        let unknown = try Self.run(["verify", "--listen", "--voice", "zz", path], in: folder)
        // A mistake on the command line, as `pagervoice --voice zz` is: exit 2, and eSpeak NG is
        // not said to be missing.
        #expect(unknown.status == 2)
        #expect(unknown.errorLines == ["pagervoice verify: --listen: unknown voice 'zz' (list them with `voices`)"])
        #expect(unknown.stdout.isEmpty)
    }
}

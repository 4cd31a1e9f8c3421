import Foundation
import PagerTestSupport
import Testing

/// The bad-input battery: one clear error each, state unchanged, the session goes on.
@Suite struct BadInputTests {
    @Test func everyBadLineGetsOneErrorAndChangesNothing() throws {
        let bad = [
            "jump", "incremnt", "next now", "swipe up", "drag", "drag abc", "drag NaN", "drag inf", "drag -inf",
            "drag 1e400", "go 0", "go 4", "go 1000000000000000000000000000000", "go 1e30", "go 2.5", "go -1",
            "count -1", "count 1e30", "width -1", "width nan", "move 5", "release", "lang xx", "reduce-motion maybe",
            "transition fade", "say", "pages", "pages A,,B", String(repeating: "x", count: 300),
        ]
        let script = (["next"] + bad + ["status"]).joined(separator: "\n") + "\n"
        let run = try Pagervoice.run(["--audio", "off"], input: script)
        #expect(run.status == 1)
        #expect(run.errorLines.count == bad.count)
        for (i, line) in run.errorLines.enumerated() {
            #expect(line.hasPrefix("line \(i + 2): "), "\(line)")
            #expect(line.count < 200, "\(line)")
        }
        // State unchanged: still page 2 of 3 with the demo pages.
        #expect(run.lines.first == "Page 2 of 3")
        #expect(run.lines.contains("Page 2 of 3: Collect"))
        #expect(run.lines.contains("pages: Explore, Collect, Share"))
    }

    @Test func jsonErrorsAreEvents() throws {
        let run = try Pagervoice.run(["--audio", "off", "--json"], input: "bogus\ngo 9\nnext\n")
        #expect(run.status == 1)
        #expect(run.stderr == "")
        #expect(run.events.map { $0["type"] as? String } == ["error", "error", "announcement"])
        #expect(run.events[0]["message"] as? String == "unknown command 'bogus'; type help for the list")
        #expect(run.events[1]["message"] as? String == "there is no page 9: pages are 1 to 3")
        #expect(run.events[1]["line"] as? Int == 2)
    }

    @Test func invalidUTF8AndHugeLinesAreRefusedWhole() throws {
        var data = Data("next\n".utf8)
        data.append(contentsOf: [0x6E, 0x65, 0xC3, 0x28, 0x0A])  // "ne" + a broken two-byte sequence
        data.append(Data(repeating: 0x61, count: 1_048_576))
        data.append(Data("\nnext\n".utf8))
        let run = try Pagervoice.run(["--audio", "off"], inputData: data)
        #expect(run.status == 1)
        #expect(run.lines == ["Page 2 of 3", "Page 3 of 3"])
        #expect(
            run.errorLines == [
                "line 2: line is not valid UTF-8, so it was ignored",
                "line 3: line is 1048576 bytes long; the limit is 65536, so it was ignored",
            ])
    }

    @Test func emptyLinesAreIgnoredAndSucceed() throws {
        let run = try Pagervoice.run(["--audio", "off"], input: "\n\n   \nnext\n\n")
        #expect(run.status == 0)
        #expect(run.lines == ["Page 2 of 3"])
        #expect(run.stderr == "")
    }

    @Test func markupInTitlesAndSayIsKeptAsText() throws {
        let run = try Pagervoice.run(
            ["--audio", "off", "--json"],
            input: """
                pages <speak>Hi</speak>, <audio src="/etc/passwd"/>
                status
                say <prosody rate="x-slow">slow</prosody> &amp;
                """)
        #expect(run.status == 0)
        let status = run.events.first { $0["type"] as? String == "status" }
        #expect(status?["pages"] as? [String] == ["<speak>Hi</speak>", "<audio src=\"/etc/passwd\"/>"])
        let say = run.events.first { $0["type"] as? String == "say" }
        #expect(say?["text"] as? String == "<prosody rate=\"x-slow\">slow</prosody> &amp;")
    }

    @Test func commandLineMistakesExitTwoWithArgumentParsersMessage() throws {
        for (arguments, message) in [
            (["--count", "-1"], "Error: The value '-1' is invalid for '--count <n>': must be between 0 and 10000"),
            (["--width", "nan"], "Error: The value 'nan' is invalid for '--width <pt>': must be a finite number"),
            (["--width", "1e400"], "Error: The value '1e400' is invalid for '--width <pt>': must be a finite number"),
            (["--count", "2.5"], "Error: The value '2.5' is invalid for '--count <n>': must be a whole number"),
            (["--lang", "xx"], "Error: The value 'xx' is invalid for '--lang <tag>': unknown language 'xx': "),
            (
                ["--lang", "german"],
                "Error: The value 'german' is invalid for '--lang <tag>': unknown language 'german': did you mean 'de' (Deutsch)?"
            ),
            (["--audio", "loud"], "Error: The value 'loud' is invalid for '--audio <mode>'. Please provide one of"),
            (["--rate", "5000"], "Error: The value '5000' is invalid for '--rate <wpm>': must be between 80 and 450"),
            (["--jsn"], "Error: Unknown option '--jsn'. Did you mean '--json'?"),
            (["--pages", "A,,B"], "Error: --pages: a page title cannot be empty"),
            (["--wav-dir", ""], "Error: --wav-dir needs a folder name (an empty one would mean the current folder)"),
            (
                ["--audio", "off", "--wav-dir", "/tmp"],
                "Error: --wav-dir needs synthesis, but --audio off synthesises nothing; use --audio null to only write files"
            ),
            (["extra"], "Error: Unexpected argument 'extra'"),
            (["say"], "Error: say needs some text"),
            (["voices", "--fast"], "Error: Unknown option '--fast'"),
            (["audit", "--format", "xml"], "Error: The value 'xml' is invalid for '--format <format>'"),
            (["--listen-file", "a.wav", "--listen"], "Error: --listen-file hears a recording, --listen a microphone: choose one"),
            (["--listen-device", " "], "Error: --listen-device needs a source name"),
            (["--audio", "speechd", "--wav-dir", "/tmp"], "Error: --wav-dir needs PagerVoice's own synthesis"),
            (["verify", "--voice", "en", "x.pv"], "Error: --voice and --rate only change what verify --listen hears; add --listen"),
            (
                ["verify", "--listen", "--rate", "5000", "x.pv"],
                "Error: The value '5000' is invalid for '--rate <wpm>': must be between 80 and 450"
            ),
        ] {
            let run = try Pagervoice.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errorLines.first?.hasPrefix(message) == true, "\(arguments): \(run.errorLines)")
            #expect(run.errorLines.last?.hasPrefix("  See 'pagervoice") == true, "\(arguments): \(run.errorLines)")
            #expect(run.stdout == "", "\(arguments)")
        }
    }

    @Test func helpAndVersionTellTheTruth() throws {
        let help = try Pagervoice.run(["--help"])
        #expect(help.status == 0)
        for option in [
            "--pages", "--count", "--width", "--reduce-motion", "--rtl", "--lang", "--voice", "--rate",
            "--audio", "--wav-dir", "--json", "--terse", "--help", "--version", "--style", "--text-size",
            "--transition", "verify", "audit", "say", "voices",
        ] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        // `help` and `-h` say the same.
        #expect(try Pagervoice.run(["help"]).stdout == help.stdout)
        #expect(try Pagervoice.run(["-h"]).stdout == help.stdout)
        let version = try Pagervoice.run(["--version"])
        #expect(version.lines == ["pagervoice 0.2.0"])
        let commands = try Pagervoice.run(["--audio", "off"], input: "help\n")
        for command in [
            "increment|next", "decrement|previous|prev", "scroll trailing|leading", "swipe left|right",
            "drag DX [PREDICTED]", "press", "move DX", "release [PREDICTED]", "go N", "count N",
            "pages A, B, C", "width PT", "reduce-motion on|off", "direction ltr|rtl", "lang",
            "transition interactive|parallax-push|slide-scale", "focus", "layout", "frames", "repeat",
            "say TEXT", "stop", "status", "voices", "help", "quit",
        ] {
            #expect(commands.stdout.contains(command), "\(command)")
        }
    }

    /// Help speaks the words users know (SwiftUI's page index view, the pager's own dots), never
    /// the names of the design references PagerVoice was built from.
    @Test func helpNamesNoDesignReference() throws {
        var texts = [try Pagervoice.run(["--audio", "off"], input: "help\n").stdout]
        for command in [[], ["repl"], ["verify"], ["audit"], ["frames"], ["read"], ["say"], ["voices"]] {
            let run = try Pagervoice.run(command + ["--help"])
            #expect(run.status == 0, "\(command)")
            texts.append(run.stdout)
        }
        for text in texts {
            #expect(!text.lowercased().contains("seed"), "\(text.split(separator: "\n").filter { $0.lowercased().contains("seed") })")
        }
    }
}

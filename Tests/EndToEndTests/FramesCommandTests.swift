import Foundation
import PagerTestSupport
import Testing

/// `frames --svg FILE` in the REPL and `pagervoice frames …`: the plot is written whole, to a new
/// file only; the table and JSON match the REPL's `frames`.
@Suite struct FramesCommandTests {
    @Test func theSubcommandDrawsANewFileAndNeverReplacesOne() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path + "/settle.svg"
        let run = try Pagervoice.run(["frames", "--svg", svg])
        #expect(run.status == 0)
        #expect(run.lines.first == "smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames")
        #expect(run.errorLines == ["wrote \(svg): smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames"])
        let picture = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(picture.hasPrefix("<?xml") || picture.hasPrefix("<svg"))
        #expect(picture.contains("</svg>"))
        // The same name again: refused, the first picture untouched, no scratch file left.
        let again = try Pagervoice.run(["frames", "--reduce-motion", "--svg", svg])
        #expect(again.status == 1)
        #expect(again.errorLines.last == "pagervoice frames: \(svg) already exists; choose another name or remove it first")
        #expect(try String(contentsOfFile: svg, encoding: .utf8) == picture)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["settle.svg"])
    }

    @Test func theSubcommandRunsTheCommandsGiven() throws {
        let json = try Pagervoice.run(["frames", "go 3", "--transition", "parallax-push", "--json"])
        #expect(json.status == 0)
        #expect(json.events.count == 1)
        #expect(json.events[0]["type"] as? String == "frames")
        #expect(json.events[0]["style"] as? String == "parallax-push")
        #expect(json.events[0]["to_page"] as? Int == 3)
        // smooth(duration: 0.7) from rest: e^(-ωt)(1 + ωt) with ω = 2π/0.7 first stays under 0.001
        // on the 0.1 s grid at 1.1 s (at 1.0 s it is still 0.00126).
        #expect(json.events[0]["settled_ms"] as? Int == 1100)
        let reduced = try Pagervoice.run(["frames", "--reduce-motion", "next"])
        #expect(reduced.lines.first == "none (changes at once): 1 frame")
        let bad = try Pagervoice.run(["frames", "go 9"])
        #expect(bad.status == 1)
        #expect(bad.errorLines == ["pagervoice frames: go 9: there is no page 9: pages are 1 to 3"])
    }

    @Test func theREPLWritesThePlotOfTheLastChange() throws {
        let dir = try TemporaryDirectory()
        let svg = dir.path + "/last change.svg"
        let run = try Pagervoice.run(["--audio", "off"], input: "next\nframes --svg \(svg)\nframes --svg \(svg)\n")
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "Page 2 of 3", "wrote \(svg): smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames",
            ])
        #expect(run.errorLines == ["line 3: \(svg) already exists; choose another name or remove it first"])
        #expect(FileManager.default.fileExists(atPath: svg))
    }
}

import Foundation
import Testing

/// Text and JSON transcripts of the real executable, in LTR and RTL, three languages, with and
/// without Reduce Motion. `--audio off` here: speech has its own end-to-end tests.
@Suite struct REPLTranscriptTests {
    @Test func textTranscriptOfEveryNavigationAction() throws {
        let run = try Pagervoice.run(
            ["--audio", "off"],
            input: """
                increment
                next
                next
                decrement
                previous
                prev
                scroll trailing
                scroll leading
                swipe left
                swipe right
                drag -200
                drag 200
                drag -100
                go 3
                """)
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(
            run.lines == [
                "Page 2 of 3", "Page 3 of 3", "Page 3 of 3", "Page 2 of 3", "Page 1 of 3", "Page 1 of 3",
                "Page 2 of 3", "Page 1 of 3", "Page 2 of 3", "Page 1 of 3", "Page 2 of 3", "Page 1 of 3", "Page 3 of 3",
            ])
    }

    @Test(arguments: [(false, [2, 1, 1, 2, 3, 2]), (true, [1, 2, 3, 2, 3, 2])])
    func swipesAndDragsMirrorInRightToLeft(rtl: Bool, pages: [Int]) throws {
        let run = try Pagervoice.run(
            ["--audio", "off", "--json"] + (rtl ? ["--rtl"] : []),
            input: """
                swipe left
                swipe right
                drag 200
                drag -200
                scroll trailing
                scroll leading
                """)
        #expect(run.status == 0)
        #expect(run.events.map { $0["page"] as? Int } == pages)
        #expect(run.events.allSatisfy { $0["type"] as? String == "announcement" })
    }

    @Test func jsonAnnouncementsCarryEveryField() throws {
        let run = try Pagervoice.run(["--audio", "off", "--json"], input: "next\nnext\nnext\ndrag -100\ndrag 300\n")
        #expect(
            run.lines == [
                #"{"type":"announcement","action":"increment","text":"Page 2 of 3","page":2,"count":3,"boundary":false,"priority":"default","settle_ms":450}"#,
                #"{"type":"announcement","action":"increment","text":"Page 3 of 3","page":3,"count":3,"boundary":false,"priority":"default","settle_ms":450}"#,
                #"{"type":"announcement","action":"increment","text":"Page 3 of 3","page":3,"count":3,"boundary":true,"priority":"default","settle_ms":0}"#,
                #"{"type":"announcement","action":"drag","text":"Page 2 of 3","page":2,"count":3,"boundary":false,"priority":"default","settle_ms":450}"#,
            ])
    }

    /// Right-to-left text is one isolate in text mode (FSI U+2068 … PDI U+2069), so a terminal
    /// keeps "2" and "3" where an Arabic reader expects them; JSON carries the plain text.
    @Test(arguments: [("en", "Page 2 of 3"), ("es", "Página 2 de 3"), ("ar", "\u{2068}الصفحة 2 من 3\u{2069}")])
    func languages(code: String, text: String) throws {
        let run = try Pagervoice.run(["--audio", "off", "--lang", code], input: "next\n")
        #expect(run.lines == [text])
        let switched = try Pagervoice.run(["--audio", "off"], input: "lang \(code)\nnext\n")
        #expect(switched.lines == [text])
        let json = try Pagervoice.run(["--audio", "off", "--lang", code, "--json"], input: "next\n")
        #expect(json.events.first?["text"] as? String == text.filter { $0 != "\u{2068}" && $0 != "\u{2069}" })
        #expect(!json.stdout.unicodeScalars.contains { (0x2066...0x2069).contains($0.value) })
    }

    @Test func reduceMotionSettlesInstantly() throws {
        let on = try Pagervoice.run(["--audio", "off", "--json", "--reduce-motion"], input: "next\ndrag -300\nlayout\nframes\n")
        #expect(on.events.prefix(2).map { $0["settle_ms"] as? Int } == [0, 0])
        // One frame, already at the target: nothing moves.
        let frames = on.events[3]
        #expect(frames["animation"] as? String == "none")
        #expect(frames["settled_ms"] as? Int == 0)
        #expect((frames["frames"] as? [[String: Any]])?.map { $0["position"] as? Double } == [2.0])
        let layout = on.events[2]
        let pages = layout["pages"] as? [[String: Any]] ?? []
        #expect(pages.map { $0["scale"] as? Double } == [1, 1])
        #expect(pages.map { $0["brightness"] as? Double } == [0, 0])
        #expect(pages.map { $0["offset_x"] as? Double } == [-390, 0])
        let off = try Pagervoice.run(["--audio", "off", "--json"], input: "next\nframes\n")
        #expect(off.events.first?["settle_ms"] as? Int == 450)
        #expect(off.events[1]["animation"] as? String == "smooth")
        #expect(off.events[1]["settled_ms"] as? Int == 700)
        #expect((off.events[1]["frames"] as? [Any])?.count == 43)
    }

    @Test func layoutMatchesTheContractExample() throws {
        let run = try Pagervoice.run(["--audio", "off", "--json"], input: "next\nlayout\n")
        #expect(
            run.lines[1].hasPrefix(
                #"{"type":"layout","page":2,"count":3,"position":1.0,"width":390,"direction":"ltr","reduce_motion":false,"pages":[{"page":1,"offset_x":-117.0,"scale":0.92,"brightness":-0.25,"z_index":0,"hit_testable":false,"accessibility_hidden":true"#
            ))
    }

    @Test func optionsShapeTheStartingPager() throws {
        let run = try Pagervoice.run(
            ["--audio", "off", "--pages", "One, Two", "--count", "4", "--width", "320"],
            input: "status\n")
        #expect(run.lines.first == "Page 1 of 4: One")
        #expect(run.lines.contains("pages: One, Two, Page 3, Page 4"))
        #expect(run.lines.contains { $0.hasPrefix("width 320.0 pt, ltr") })
    }
}

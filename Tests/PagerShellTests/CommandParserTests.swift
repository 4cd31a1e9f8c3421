import PagerCore
import Testing

@testable import PagerShell

@Suite struct CommandParserTests {
    func parse(_ line: String, count: Int? = 3) throws -> ShellCommand? {
        try CommandParser.parse(line, pageCount: count)
    }

    func error(_ line: String, count: Int? = 3) -> String? {
        do {
            _ = try CommandParser.parse(line, pageCount: count)
            return nil
        } catch { return error.message }
    }

    @Test func everyCommandAndAlias() throws {
        #expect(try parse("increment") == .action(.increment))
        #expect(try parse("next") == .action(.increment))
        #expect(try parse("  NEXT  ") == .action(.increment))
        #expect(try parse("decrement") == .action(.decrement))
        #expect(try parse("previous") == .action(.decrement))
        #expect(try parse("prev") == .action(.decrement))
        #expect(try parse("scroll trailing") == .action(.scroll(.trailing)))
        #expect(try parse("scroll leading") == .action(.scroll(.leading)))
        #expect(try parse("swipe left") == .action(.swipe(.left)))
        #expect(try parse("swipe\tright") == .action(.swipe(.right)))
        #expect(try parse("drag -200") == .action(.drag(translation: -200, predicted: nil)))
        #expect(try parse("drag 40 300.5") == .action(.drag(translation: 40, predicted: 300.5)))
        #expect(try parse("press") == .action(.dragBegan))
        #expect(try parse("move -12.5") == .action(.dragChanged(translation: -12.5)))
        #expect(try parse("release") == .action(.dragEnded(predicted: nil)))
        #expect(try parse("release -500") == .action(.dragEnded(predicted: -500)))
        #expect(try parse("go 2") == .action(.goTo(1)))
        #expect(try parse("count 5") == .action(.setCount(5)))
        #expect(try parse("pages A, B ,C") == .action(.setPages(["A", "B", "C"])))
        #expect(try parse("pages <b>Bold</b>, a & b") == .action(.setPages(["<b>Bold</b>", "a & b"])))
        #expect(try parse("width 320") == .action(.setWidth(320)))
        #expect(try parse("reduce-motion on") == .action(.setReduceMotion(true)))
        #expect(try parse("reduce-motion off") == .action(.setReduceMotion(false)))
        #expect(try parse("direction rtl") == .action(.setDirection(.rightToLeft)))
        #expect(try parse("direction ltr") == .action(.setDirection(.leftToRight)))
        #expect(try parse("lang es") == .action(.setLanguage("es")))
        #expect(try parse("transition parallax-push") == .action(.setPageChangeStyle(.parallaxPush)))
        #expect(try parse("transition slide-scale") == .action(.setPageChangeStyle(.slideScale)))
        #expect(try parse("transition interactive") == .action(.setPageChangeStyle(.interactive)))
        #expect(try parse("focus") == .focus)
        #expect(try parse("layout") == .layout)
        #expect(try parse("frames") == .frames(svg: nil))
        #expect(try parse("frames --svg my plot.svg") == .frames(svg: "my plot.svg"))
        #expect(throws: UsageError.self) { try parse("frames --svg") }
        #expect(try parse("repeat") == .repeatLast)
        #expect(try parse("say  Hello <speak>there</speak>") == .say("Hello <speak>there</speak>"))
        #expect(try parse("stop") == .stop)
        #expect(try parse("status") == .status)
        #expect(try parse("voices") == .voices)
        #expect(try parse("help") == .help(nil))
        #expect(try parse("help drag") == .help("drag"))
        #expect(try parse("quit") == .quit)
        #expect(try parse("exit") == .quit)
        #expect(try parse("") == nil)
        #expect(try parse("   \t ") == nil)
    }

    @Test func everyDocumentedCommandParses() throws {
        // help lists exactly what the parser knows: each name parses (with a sample argument).
        let samples = [
            "scroll": "trailing", "swipe": "left", "drag": "10", "move": "5", "go": "1", "count": "3",
            "pages": "A", "width": "300", "reduce-motion": "on", "direction": "ltr", "lang": "en",
            "transition": "interactive", "say": "hi", "style": "indicator", "text-size": "AX3", "search": "Share",
        ]
        for name in CommandInfo.allNames {
            let line = samples[name].map { "\(name) \($0)" } ?? name
            #expect(try parse(line) != nil, "\(line)")
        }
    }

    @Test func badInputGetsOneClearError() {
        #expect(error("jump") == "unknown command 'jump'; type help for the list")
        #expect(error("incremnt") == "unknown command 'incremnt' (did you mean 'increment'?); type help for the list")
        #expect(error("swpie left") == "unknown command 'swpie' (did you mean 'swipe'?); type help for the list")
        #expect(error("next 2") == "next takes no arguments")
        #expect(error("swipe up") == "swipe takes left or right, not 'up'")
        #expect(error("swipe") == "swipe needs left or right")
        #expect(error("scroll") == "scroll needs trailing or leading")
        #expect(error("drag") == "drag takes DX, an optional PREDICTED and an optional --dy DY, in points")
        #expect(error("drag 1 2 3") == "drag takes DX, an optional PREDICTED and an optional --dy DY, in points")
        #expect(error("drag abc") == "DX must be a number, not 'abc'")
        #expect(error("drag nan") == "DX must be a finite number, not 'nan'")
        #expect(error("drag inf") == "DX must be a finite number, not 'inf'")
        #expect(error("drag 1e400") == "DX must be a finite number, not '1e400'")
        #expect(error("drag 1e30") == "DX must be between -1000000 and 1000000, not 1e30")
        #expect(error("move") == "move takes DX and an optional DY, in points")
        #expect(error("release 1 2") == "release takes at most PREDICTED, in points")
        #expect(error("go 0") == "there is no page 0: pages are 1 to 3")
        #expect(error("go -1") == "there is no page -1: pages are 1 to 3")
        #expect(error("go 1000000000000000000000000000000") == "there is no page 1000000000000000000000000000000: pages are 1 to 3")
        #expect(error("go 1e30") == "there is no page 1e30: pages are 1 to 3")
        #expect(error("go 2.5") == "page must be a whole number, not '2.5'")
        #expect(error("go two") == "page must be a whole number, not 'two'")
        #expect(error("go 1", count: 0) == nil)  // the model refuses it with "there are no pages"
        #expect(error("go 0", count: 0) == "there are no pages")
        #expect(error("count -1") == "count must be between 0 and 10000, not -1")
        #expect(error("count 1e30") == "count must be between 0 and 10000, not 1e30")
        #expect(error("count 99999999999999999999999") == "count must be between 0 and 10000, not 99999999999999999999999")
        #expect(error("width -5") == "width must be between 0 and 1000000, not -5")
        #expect(error("width NaN") == "width must be a finite number, not 'NaN'")
        #expect(error("pages") == "pages needs titles separated by commas (use count 0 for none)")
        #expect(error("reduce-motion maybe") == "reduce-motion takes on or off, not 'maybe'")
        #expect(error("lang xx")?.hasPrefix("unknown language 'xx': use a BCP 47 tag such as de,") == true)
        #expect(error("lang german") == "unknown language 'german': did you mean 'de' (Deutsch)?")
        #expect(error("transition fade") == "transition takes interactive, parallax-push or slide-scale, not 'fade'")
        #expect(error("say") == "say needs some text")
        #expect(error("help a b") == "help takes at most one command name")
        #expect(error("quit now") == "quit takes no arguments")
    }

    @Test func errorsNeverEchoControlCharactersOrFloods() {
        let message = error("\u{1B}[31mred") ?? ""
        #expect(!message.contains("\u{1B}"))
        let long = error(String(repeating: "x", count: 10_000)) ?? ""
        #expect(long.count < 120)
    }

    @Test func suggestions() {
        #expect(Suggest.nearest(to: "incremnt", among: CommandInfo.allNames) == "increment")
        #expect(Suggest.nearest(to: "trans", among: CommandInfo.allNames) == "transition")
        #expect(Suggest.nearest(to: "zzzzzz", among: CommandInfo.allNames) == nil)
        #expect(Suggest.editDistance("kitten", "sitting") == 3)
        #expect(Suggest.editDistance("", "abc") == 3)
    }
}

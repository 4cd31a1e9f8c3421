import PagerCore
import Testing

@testable import PagerShell

@Suite struct SessionTests {
    func run(_ lines: [String], session: inout Session) -> [SessionOutput] {
        lines.flatMap { session.handle($0) }
    }

    @Test func announcementsFlowFromTheModel() {
        var session = Session()
        let outputs = run(["next", "next", "next"], session: &session)
        #expect(outputs.compactMap(\.spokenText) == ["Page 2 of 3", "Page 3 of 3", "Page 3 of 3"])
        #expect(session.pager.index == 2)
        #expect(session.lastAnnouncement?.isBoundary == true)
    }

    @Test func errorsLeaveTheStateUnchanged() {
        var session = Session()
        _ = session.handle("next")
        let before = session.pager
        for line in [
            "bogus", "go 0", "go 99", "drag nan", "width -1", "count -3", "lang xx", "move 5", "release",
            "pages A,,B", "next please", String(repeating: "é", count: 70_000),
        ] {
            let outputs = session.handle(line)
            #expect(outputs.count == 1, "\(line.prefix(20))")
            if case .error = outputs.first {} else { Issue.record("no error for \(line.prefix(20))") }
            #expect(session.pager == before, "\(line.prefix(20))")
        }
    }

    @Test func repeatSaysTheLastAnnouncementAgain() {
        var session = Session()
        #expect(session.handle("repeat") == [.error("nothing has been announced yet")])
        _ = session.handle("next")
        guard case .announcement(let again) = session.handle("repeat").first else {
            Issue.record("repeat said nothing")
            return
        }
        #expect(again.text == "Page 2 of 3")
        #expect(again.action == "repeat")
        #expect(again.settleMilliseconds == 0)
    }

    @Test func focusHonoursVerbosityAndLanguage() {
        var session = Session(verbosity: .terse)
        #expect(session.handle("focus").first?.spokenText == "Page, 1 of 3, adjustable.")
        session.verbosity = .normal
        _ = session.handle("lang es")
        #expect(
            session.handle("focus").first?.spokenText
                == "Página, 1 de 3, ajustable. Desliza hacia arriba o hacia abajo con un dedo para ajustar el valor.")
        #expect(session.handle("next").first?.spokenText == "Página 2 de 3")
    }

    @Test func sayKeepsMarkupLiterally() {
        var session = Session()
        let outputs = session.handle("say <audio src=\"/etc/passwd\"/> & <b>bold</b>")
        #expect(outputs.first?.spokenText == "<audio src=\"/etc/passwd\"/> & <b>bold</b>")
    }

    @Test func framesShowTheLastPageChange() {
        var session = Session()
        guard case .info(let resting) = session.handle("frames").first else {
            Issue.record("no frames")
            return
        }
        #expect(resting.json.serialized().contains(#""animation":"none""#))
        _ = session.handle("next")
        _ = session.handle("status")
        guard case .info(let info) = session.handle("frames").first else {
            Issue.record("no frames")
            return
        }
        #expect(info.text.first == "smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames")
        #expect(
            info.json.serialized().hasPrefix(
                #"{"type":"frames","animation":"smooth","duration":0.45,"bounce":0,"fps":60,"logically_complete_ms":450,"settled_ms":700,"frames":[{"t":0,"position":0.0,"pages":["#
            ))
    }

    @Test func quitAndStopAreSignalled() {
        var session = Session()
        #expect(session.handle("quit") == [.quit])
        #expect(session.handle("stop") == [.stopSpeech])
    }

    @Test func helpListsEveryCommand() {
        var session = Session()
        guard case .info(let info) = session.handle("help").first else {
            Issue.record("no help")
            return
        }
        for command in CommandInfo.all {
            #expect(info.text.contains { $0.contains(command.usage) }, "\(command.usage)")
        }
        #expect(session.handle("help nope").first == .error("no command 'nope'"))
    }
}

@Suite struct OutputRendererTests {
    /// The exact announcement line of DESIGN.md §8.
    @Test func announcementJSONMatchesTheContract() {
        var session = Session()
        let output = session.handle("increment")[0]
        #expect(
            OutputRenderer(json: true).render(output).stdout == [
                #"{"type":"announcement","action":"increment","text":"Page 2 of 3","page":2,"count":3,"boundary":false,"priority":"default","settle_ms":450}"#
            ])
        #expect(OutputRenderer(json: false).render(output).stdout == ["Page 2 of 3"])
    }

    /// The layout example of DESIGN.md §8, field by field (the contract shows only the first page).
    @Test func layoutJSONMatchesTheContract() {
        var session = Session()
        _ = session.handle("next")
        let line = OutputRenderer(json: true).render(session.handle("layout")[0]).stdout[0]
        #expect(
            line.hasPrefix(
                #"{"type":"layout","page":2,"count":3,"position":1.0,"width":390,"direction":"ltr","reduce_motion":false,"pages":[{"page":1,"offset_x":-117.0,"scale":0.92,"brightness":-0.25,"z_index":0,"hit_testable":false,"accessibility_hidden":true"#
            ))
        #expect(
            line.contains(
                #""dots":{"style":"pager","label":"Page","value":"2 of 3","dots":[{"width":8,"height":8,"opacity":0.45},{"width":22,"height":8,"opacity":1.0},{"width":8,"height":8,"opacity":0.45}]},"elements":[{"element":"page","label":"Collect","value":"","traits":["static-text"],"hint":"","focused":false},{"element":"dots","label":"Page","value":"2 of 3","traits":["adjustable"],"hint":"Swipe up or down with one finger to adjust the value.","focused":true}]}"#
            ))
    }

    @Test func sayNeverSendsEscapeSequencesToTheTerminal() {
        var session = Session()
        let output = session.handle("say red \u{1B}[31mtext\u{7} and\ttab")[0]
        // Spoken as typed (the speech side strips what eSpeak would act on)…
        #expect(output.spokenText == "red \u{1B}[31mtext\u{7} and\ttab")
        // …printed harmlessly in text mode (the stream makes every text line terminal-safe)…
        let stream = OutputStream(capturing: ())
        for line in OutputRenderer(json: false).render(output).stdout { stream.writeLine(line) }
        #expect(stream.captured == #"red \u{1B}[31mtext\u{7} and"# + "\ttab\n")
        // …and escaped by JSON.
        #expect(OutputRenderer(json: true).render(output).stdout == [#"{"type":"say","text":"red \u001b[31mtext\u0007 and\ttab"}"#])
    }

    @Test func errorsGoToStderrInTextAndStdoutInJSON() {
        let text = OutputRenderer(json: false).render(.error("bad"), lineNumber: 4)
        #expect(text.stdout.isEmpty && text.stderr == ["line 4: bad"])
        #expect(OutputRenderer(json: false).render(.error("bad")).stderr == ["error: bad"])
        let json = OutputRenderer(json: true).render(.error("bad \"x\""), lineNumber: 4)
        #expect(json.stderr.isEmpty && json.stdout == [#"{"type":"error","message":"bad \"x\"","line":4}"#])
    }
}

@Suite struct JSONTests {
    @Test func numbersAndStrings() {
        #expect(JSON.double(1).serialized() == "1.0")
        #expect(JSON.double(-0.0).serialized() == "0.0")
        #expect(JSON.double(.nan).serialized() == "null")
        #expect(JSON.points(390).serialized() == "390")
        #expect(JSON.points(8.5).serialized() == "8.5")
        #expect(JSON.string("a\"b\\c\n\u{1}\u{2028}é").serialized() == #""a\"b\\c\n\u0001\u2028é""#)
        #expect(JSON.object([("b", .int(1)), ("a", .array([.bool(true), .null]))]).serialized() == #"{"b":1,"a":[true,null]}"#)
    }
}

import ArgumentParser
import PagerCore
import PagerSpeech

/// `pagervoice verify FILE…`: pin what a screen reader says, as text anyone can diff in CI.
struct VerifyCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Run scripts of REPL commands with checks; print N passed, N failed.",
        discussion: """
            Runs each script from a fresh pager (shaped by the pager options) and checks it. Lines \
            are REPL commands, comments (# …) and checks:
              expect "TEXT"      the last thing spoken was TEXT
              expect-page N      the current page is N (1-based; 0 when empty)
              expect-boundary    the last announcement hit an edge
              expect-silence     nothing was spoken since the previous check
              expect-focus "T"   VoiceOver's cursor is on the element it describes as T
              expect-read "T"    the page being read (with --read FILE) holds T
              expect-position N of M  the position and count conveyed are N of M
            With --url, each script runs on a real page's carousel in headless Chromium and on the \
            model beside it, configured from the carousel (its slides, their names, its direction, \
            the slide it starts on): next and previous press its own controls \
            from the keyboard (or the arrow keys on a tablist's selected tab or a group's checked \
            radio button, or, for a slide deck found by its keys, with focus on nothing), go N \
            activates its N-th dot or tab (Space on a radio button), first and last use Home and \
            End on a tablist or a slide deck, focus next and previous are Tab and Shift-Tab. \
            expect-page and expect-position hold when every channel the carousel uses (selected or \
            current dot, checked radio button, the shown slide's "N of M", the slider) conveys that \
            page and the \
            model agrees; expect "TEXT" is what a screen reader is given for the focused element \
            (name, role, states, and aria-current as NVDA says it: "current step", "current page", "current"). A carousel that rotates is stopped with its own control first; one \
            that cannot be stopped fails the run. The model stops at its ends, so a step past an end \
            of a carousel that wraps around fails, and says so.
            With --listen, each expect "TEXT" is also checked by ear: eSpeak NG says TEXT in the \
            voice the model hears best (en-us; each check names it) or --voice, PocketSphinx hears it among every announcement of the pager, \
            what the script has said and its expected texts, and the check fails when it is heard \
            as something else (English only: a check in another language fails and says so).
            A command that fails is a failed check, and so is a script with no check at all. Line \
            ends may be LF, CRLF or CR. Prints FILE:LINE for each failure, then 'N passed, N failed'; \
            exit status 1 when anything failed, 2 for a mistake on the command line.
            """)

    @OptionGroup(title: "Pager options") var pager: PagerOptions

    @Option(
        help: ArgumentHelp(
            "Also write JUnit XML (one testcase per script) to FILE, replacing a regular file whole (never a script, the --url page or the --read document); a named pipe, a device or /dev/stdout is written to.",
            valueName: "file"),
        completion: .file())
    var junit: String?

    @Flag(help: "Print results as JSON lines instead of text.")
    var json = false

    @Flag(help: "Terse verbosity: focus descriptions without hints.")
    var terse = false

    @Option(
        help: ArgumentHelp(
            "Run each script on this document's pages, as pagervoice read FILE would (the first page is arrived on first; expect-read checks what is read).",
            valueName: "file"),
        completion: .file())
    var read: String?

    @Flag(help: "Also hear each expect \"TEXT\": speak it with eSpeak NG and recognise it back with PocketSphinx (English only).")
    var listen = false

    @Option(
        help: ArgumentHelp(
            "With --listen: the eSpeak NG voice to speak in (default: en-us, the voice the recogniser hears best).", valueName: "name"))
    var voice: String?

    @Option(
        help: ArgumentHelp(
            "With --listen: the speaking rate in words per minute, \(SpeechOptions.rateRange.lowerBound) to \(SpeechOptions.rateRange.upperBound) (default 175).",
            valueName: "wpm"),
        transform: { try ArgumentCheck.int($0, in: SpeechOptions.rateRange) })
    var rate: Int?

    @OptionGroup(title: "A real page (run each script on its carousel and on the model beside it)") var page: PageOptions

    @Argument(help: "Scripts to run.", completion: .file(extensions: ["pv"]))
    var files: [String] = []

    init() {}

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("verify needs at least one script FILE") }
        if page.url == nil {
            try page.checkWithoutURL()
        } else {
            // The model is configured from the page's carousel: nothing else may shape it.
            let shaping =
                pager.shape.given + (pager.rtl ? ["--rtl"] : []) + (pager.lang != nil ? ["--lang"] : [])
                + (read != nil ? ["--read"] : []) + (listen ? ["--listen"] : [])
            if let first = shaping.first {
                throw ValidationError(
                    "\(first) shapes the model, which --url configures from the page's carousel (leave out \(shaping.joined(separator: ", ")))"
                )
            }
            _ = try page.address()
        }
        if !listen && (voice != nil || rate != nil) {
            throw ValidationError("--voice and --rate only change what verify --listen hears; add --listen")
        }
        if let voice, voice.trimmingSpaces().isEmpty || voice.count > 100 {
            throw ValidationError("--voice needs a voice name, e.g. en, en-gb")
        }
        if let junit {
            guard !junit.isEmpty else { throw ValidationError("--junit needs a file name") }
            // Writing the report over an input would destroy the very thing being verified: a
            // script, the document of --read, the page of --url.
            if let report = FileIO.identity(junit) {
                let inputs =
                    files.map { ("the script", $0) } + (read.map { [("the document", $0)] } ?? [])
                    + ((try? page.address())?.flatMap(\.file).map { [("the page", $0)] } ?? [])
                if let (kind, path) = inputs.first(where: { FileIO.identity($0.1).map { $0 == report } ?? false }) {
                    throw ValidationError("--junit \(junit.clipped(200)) is \(kind) \(path.clipped(200)); choose another report file")
                }
            }
        }
    }

    func execute(_ io: ShellIO) -> Int32 {
        guard var start = try? pager.makePager() else { return 2 }
        let out = io.out
        func emit(_ event: JSON) { out.writeRaw(event.serialized()) }
        /// A failure of the run rather than of a check: with --json an error event on standard
        /// output, where a reader of the events looks (it was plain text on standard error), else
        /// a line on standard error.
        func runFailed(_ error: some CustomStringConvertible) {
            if json { emit(OutputRenderer.errorEvent("\(error)")) } else { io.err.writeLine("pagervoice verify: \(error)") }
        }
        if let junit {
            // Before any script runs: a report that could never be written (a folder, a missing
            // folder, a link to a file) fails the run now, not after minutes of listening.
            do {
                try AtomicFile.check(junit, rule: .report)
            } catch {
                runFailed(error)
                io.finish(command: "pagervoice verify")
                return 1
            }
        }
        var document: Document?
        if let read {
            do {
                let opened = try Document(path: read)
                start = Pager(
                    pages: opened.titles, width: start.width, direction: start.direction, reduceMotion: start.reduceMotion,
                    strings: start.strings, pageChangeStyle: start.pageChangeStyle, dotsStyle: start.dotsStyle, textSize: start.textSize)
                document = opened
            } catch {
                runFailed(error)
                io.finish(command: "pagervoice verify")
                return 1
            }
        }
        var hearing: ScriptRunner.Hearing?
        if listen {
            do {
                let check = try ListeningCheck(voice: voice, rate: rate ?? VoiceSettings.standard.rate, stateFolder: StateFolder.path())
                hearing = { text, session, said in
                    let outcome = check.hear(text, session: session, said: said)
                    return (outcome.passed, outcome.expected, outcome.got)
                }
            } catch {
                runFailed(error)
                io.finish(command: "pagervoice verify")
                return error.exitStatus
            }
        }
        let runner = ScriptRunner(initial: Session(pager: start, verbosity: terse ? .terse : .normal, document: document))
        var pages: PageVerify?
        if let address = try? page.address() {
            if let problem = address.fileProblem() {
                runFailed(problem)
                io.finish(command: "pagervoice verify")
                return 1
            }
            do {
                pages = try PageVerify(
                    address: address, carousel: page.carousel, clicks: page.click, browser: page.browser, loadTimeout: page.loadTimeout)
            } catch {
                runFailed(error)
                io.finish(command: "pagervoice verify")
                return 1
            }
        }
        var results: [ScriptRunner.Result] = []
        var unreadable = 0
        for file in files {
            let text: String
            switch FileIO.readText(file) {
            case .success(let contents):
                // A byte order mark, as Windows editors write one, is not part of line 1's command.
                text = contents.hasPrefix("\u{FEFF}") ? String(contents.dropFirst()) : contents
            case .failure(let error):
                unreadable += 1
                let message = "\(file): cannot read: \(error)"
                if json {
                    emit(OutputRenderer.errorEvent(message, file: file))
                } else {
                    io.err.writeLine(message)
                }
                results.append(
                    .init(
                        file: file,
                        checks: [.init(file: file, line: 0, passed: false, expected: "a readable script", got: error.description)],
                        nanoseconds: 0))
                continue
            }
            let result: ScriptRunner.Result
            if let pages {
                do {
                    result = try pages.run(file: file, text: text)
                } catch {
                    runFailed(error)
                    io.finish(command: "pagervoice verify")
                    return 1
                }
            } else {
                result = runner.run(file: file, text: text, hearing: hearing)
            }
            results.append(result)
            for check in result.checks {
                if json {
                    // A check of the whole script (it has none, its carousel cannot be stopped) is
                    // no line's: it has no "line" rather than line 0.
                    var event: [(String, JSON)] = [("type", .string("check")), ("file", .string(check.file))]
                    if check.line > 0 { event.append(("line", .int(check.line))) }
                    event += [
                        ("status", .string(check.passed ? "pass" : "fail")),
                        ("expected", .string(check.expected)), ("got", .string(check.got)),
                    ]
                    if let detail = check.detail, !check.passed { event.append(("message", .string(detail))) }
                    if let url = result.url { event.append(("url", .string(url))) }
                    emit(.object(event))
                } else if !check.passed {
                    out.writeLine(check.failureLine)
                }
            }
        }
        let passed = results.reduce(0) { $0 + $1.checks.filter(\.passed).count }
        let failed = results.reduce(0) { $0 + $1.failed.count }
        var reportFailed = false
        if let junit {
            // What was printed goes first: the report may be written to standard output itself.
            out.flush()
            do {
                try AtomicFile.write(JUnitReport.xml(results), to: junit, rule: .report)
            } catch {
                runFailed(error)
                reportFailed = true
            }
        }
        if json {
            emit(
                .object([
                    ("type", .string("summary")), ("passed", .int(passed)), ("failed", .int(failed)),
                    ("scripts", .int(results.count)),
                ]))
        } else {
            out.writeLine("\(passed) passed, \(failed) failed")
        }
        let written = io.finish(command: "pagervoice verify")
        return failed > 0 || unreadable > 0 || reportFailed || !written ? 1 : 0
    }
}

import ArgumentParser
import PagerCore
import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

extension TextFormat: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `pagervoice read FILE`: a text file paged like `less`, through the same pager, actions and
/// announcements as everything else, and read aloud a page at a time.
struct ReadCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "read",
        abstract: "Page through a text file by voice: hear where you are, then the page.",
        discussion: """
            One page per section: form feeds when the file has them, else level-1/2 Markdown \
            headings, else about --page-lines lines cut at a paragraph or sentence end. Arriving \
            on a page announces "Page 4 of 12" and reads the page; any command interrupts the \
            reading. FILE - reads standard input (keys then come from the terminal).

            Keys on a terminal, as in less: space or n next page, b or p previous, g first, \
            G last, a number then Enter to go there, /text then Enter to find the next page \
            holding it (/ alone repeats), r read the page again, s stop speaking, = status, \
            : then any REPL command, q quit. From a pipe, each line is one key or one command.
            Standard input and other pipes are paged as they arrive, as less does: the first page \
            shows once it is complete (or the input pauses), the rest is read behind it, at most \
            --max-input of it.
            Binary files and invalid UTF-8 are refused with where the problem is.
            """)

    @Argument(help: ArgumentHelp("The text file to read, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        help: ArgumentHelp(
            "Lines per page when the file has neither form feeds nor headings, 1 to \(Document.maximumPageLines) (default 24).",
            valueName: "n"),
        transform: { try ArgumentCheck.int($0, in: 1...Document.maximumPageLines) })
    var pageLines: Int = 24

    @Option(
        help: ArgumentHelp(
            "Read the file as markdown (headings make pages, markup is not spoken) or plain text (default: from the file name).",
            valueName: "format"))
    var format: TextFormat?

    @Option(
        help: ArgumentHelp(
            "Language of what is said, a BCP 47 tag (default: from LC_ALL, LC_MESSAGES or LANG, else English).", valueName: "tag"),
        transform: ArgumentCheck.language)
    var lang: String?

    @Option(
        help: ArgumentHelp(
            "The most of standard input or a pipe kept for paging (in an unlinked file in $TMPDIR), "
                + "in bytes or with K, M or G, at most 1G (default 64M).",
            valueName: "size"),
        transform: ArgumentCheck.byteSize)
    var maxInput: Int = Document.defaultSpooledBytes

    @OptionGroup(title: "Speech options") var speech: SpeechOptions
    @OptionGroup(title: "Output options") var output: OutputOptions
    @OptionGroup(title: "Voice commands") var listening: ListenOptions

    func validate() throws {
        guard !file.isEmpty else { throw ValidationError("read needs a FILE, or - for standard input") }
    }

    func execute(_ io: ShellIO) -> Int32 {
        guard let language = try? LanguageChoice.resolve(explicit: lang, environment: Environment.current) else { return 2 }
        let document: Document
        do {
            // A document typed at the terminal is read to its end (Ctrl-D) first: read behind the
            // session, it would take the keys meant for the pager.
            let typed = file == Document.standardInputPath && Terminal.stdinIsTTY
            document = try Document(
                path: file, format: format, pageLines: pageLines, spoolLimit: maxInput, streaming: !typed,
                rawPath: RawArguments.bytes(of: file))
        } catch {
            io.startFailed(error.description, command: "pagervoice read", json: output.json)
            return 1
        }
        let err = io.err
        let speaker: SpeechClient
        do {
            speaker = try SpeechClient.make(speech, noticesTo: err)
        } catch {
            io.startFailed("\(error)", command: "pagervoice read", json: output.json)
            return SpeechClient.exitStatus(for: error)
        }
        let pager = Pager(pages: document.titles, strings: language.strings)
        var session = Session(
            pager: pager, verbosity: output.verbosity, voiceList: { speaker.voiceLines() }, speechDescription: speaker.description,
            languageReason: language.reason, document: document)
        if !output.json { session.terminalColumns = { Terminal.columns() } }

        // Keys come from the terminal: stdin's, or (when stdin is the document) /dev/tty's.
        let keysFromTerminal = file == Document.standardInputPath ? open("/dev/tty", O_RDONLY | O_CLOEXEC) : STDIN_FILENO
        let keys = keysFromTerminal >= 0 ? KeyReader(fd: keysFromTerminal, echo: io.out) : nil
        defer {
            keys?.restore()
            if keysFromTerminal > STDIN_FILENO { close(keysFromTerminal) }
        }
        let runner = REPLRunner(
            session: session, renderer: output.renderer, speaker: speaker, interactive: keys != nil,
            out: io.out, err: io.err, earcons: listening.earcons == .on,
            halfDuplex: !listening.headphones)
        InterruptWatcher.silencing(speaker, interactive: keys != nil).start()

        let status: Int32
        // Keys (a terminal), lines (a pipe), or nothing (the document was standard input).
        let input: (any LineSource)? =
            keys ?? (file == Document.standardInputPath ? nil : ReadKeysLineSource(base: FileLineReader()))
        if listening.isListening {
            // "next page", "page seven", "read", "stop" by voice, beside the keys.
            let keyboard = input ?? NoLines()
            var (queue, voice) = SessionListener.queue(listening, pages: pager.pages, out: io.out, err: io.err) { queue in
                // Ctrl-T, as at the REPL's prompt: sleep and wake, or listen again once stopped.
                keys?.onToggleListening = { queue.push(.toggleListening) }
                queue.feed(from: keyboard)
            }
            let relisten = keys == nil ? nil : SessionListener.relisten(listening, queue: queue, out: io.out)
            status = runner.run(queue: queue, voice: &voice, relisten: relisten, startingWith: .arrive)
        } else if let keys {
            var source = keys
            status = runner.run(&source, startingWith: .arrive)
        } else if var lines = input {
            status = runner.run(&lines, startingWith: .arrive)
        } else {
            // The document was standard input and there is no terminal for keys: the first page.
            var nothing = NoLines()
            status = runner.run(&nothing, startingWith: .arrive)
        }
        return io.finish(command: "pagervoice read") ? status : 1
    }
}

/// No input at all.
struct NoLines: LineSource {
    mutating func nextLine() -> LineResult? { nil }
}

import PagerCore
import PagerListen

/// The session's voice-command listener (`--listen`, `--listen-device`, `--listen-file`): started
/// from the options with the pager's pages, its events queued beside the keyboard's lines, its
/// grammar rebuilt whenever the pages change.
final class SessionListener: Sendable {
    let listener: Listener
    /// The word every phrase begins with, if any.
    let wakeWord: String?
    /// Watches standard output for its reader leaving while nothing is printed (`ReaderWatch`).
    private let readerWatch: ReaderWatch?

    private init(listener: Listener, wakeWord: String?, readerWatch: ReaderWatch?) {
        self.listener = listener
        self.wakeWord = wakeWord
        self.readerWatch = readerWatch
    }

    deinit {
        readerWatch?.stop()
    }

    /// Starts listening, or says in one line why it cannot (no model, no device, no server);
    /// returns the notices of the grammar and the source.
    static func start(
        _ options: ListenOptions, pages: [String], queue: InputQueue, out: OutputStream
    ) throws(ListenError) -> (SessionListener, [String]) {
        let source: Listener.Source =
            options.listenFile.map { .wavFile($0) } ?? .pulseAudio(device: options.listenDevice)
        var configuration = ListenConfiguration()
        configuration.stateFolder = StateFolder.path()  // PocketSphinx logs there, never to the terminal
        configuration.wakeWord = options.grammarWakeWord
        configuration.startsAsleep = options.listenAsleep
        let listener = try Listener(source: source, titles: pages, count: pages.count, configuration: configuration) { event in
            queue.push(.voice(event))
            if case .finished = event { queue.finished() }
        }
        let watch = ReaderWatch.start(fd: out.fd.rawValue) { queue.push(.readerGone) }
        return (
            SessionListener(listener: listener, wakeWord: configuration.wakeWord, readerWatch: watch),
            listener.initialReport.notices + listener.sourceNotices
        )
    }

    /// New pages: a new grammar ("go to <title>", "page <number>" up to the count). Returns the
    /// notices for words the dictionary cannot pronounce.
    func pagesChanged(_ pages: [String]) -> [String] {
        listener.updatePages(titles: pages, count: pages.count).notices
    }

}

/// What the listener reported, as the session shows it.
enum VoiceReport {
    static func heard(_ phrase: HeardPhrase) -> SessionOutput {
        .info(
            .init(
                text: ["heard: \(phrase.text)"],
                json: .object([
                    ("type", .string("heard")), ("text", .string(phrase.text)), ("command", .string(phrase.action.description)),
                    ("score", .double(phrase.score)),
                ])))
    }

    /// Listening began: a screen-reader user hears nothing of it, so it is printed (and in JSON
    /// it tells a script when to start talking). With a wake word the line says to begin with
    /// it: without it nothing is answered at all.
    static func started(_ source: String, wakeWord: String? = nil) -> SessionOutput {
        .info(
            .init(
                text: ["listening to \(source.terminalSafe)" + (wakeWord.map { ": begin each command with \"\($0)\"" } ?? "")],
                json: .object([("type", .string("listening")), ("state", .string("started")), ("source", .string(source))])))
    }

    /// Asleep: only "wake up" (after the wake word) is obeyed, and nothing else is printed.
    static func asleep(wakeWord: String?) -> SessionOutput {
        let phrase = (wakeWord.map { "\($0) " } ?? "") + "wake up"
        return .info(
            .init(
                text: ["listening asleep: say \"\(phrase)\" to wake it"],
                json: .object([("type", .string("listening")), ("state", .string("asleep"))])))
    }

    static func awake(wakeWord: String?) -> SessionOutput {
        .info(
            .init(
                text: ["listening awake" + (wakeWord.map { ": begin each command with \"\($0)\"" } ?? "")],
                json: .object([("type", .string("listening")), ("state", .string("awake"))])))
    }

    static func notUnderstood(_ words: [String]) -> SessionOutput {
        .info(
            .init(
                text: ["not understood"],
                json: .object([("type", .string("not_understood")), ("words", .array(words.map { .string($0) }))])))
    }

    /// Listening ended: why, in one line (a failure is a notice: the session goes on by keyboard),
    /// and, when `relisten`, that the toggle key listens again.
    static func ended(_ end: ListenEnd, relisten: Bool = false) -> SessionOutput {
        let state =
            switch end {
            case .endOfFile: "ended"
            case .quitListening, .stopped: "stopped"
            case .failed: "failed"
            }
        let hint =
            if !relisten {
                ""
            } else if case .failed(.audioLost) = end {
                " (listening again when it is back; Ctrl-T tries now)"
            } else {
                " (Ctrl-T listens again)"
            }
        return .info(
            .init(
                text: ["listening \(state): \(reason(end).terminalSafe)\(hint)"],
                json: .object([("type", .string("listening")), ("state", .string(state)), ("reason", .string(reason(end)))])))
    }

    /// Why listening ended, in a few words.
    static func reason(_ end: ListenEnd) -> String {
        switch end {
        case .endOfFile: "the recording was heard to its end"
        case .quitListening: "quit listening"
        case .stopped: "stopped"
        case .failed(let error): error.description
        }
    }
}

extension SessionListener {
    /// The queue a listening session reads: the keyboard's (or pipe's) lines, which `feedKeyboard`
    /// starts reading on a thread of their own (`InputQueue.feed`, `LivePrompt.feed`), and the
    /// listener's events. When the listener cannot start, the queue says why first and the
    /// session goes on with the keyboard alone.
    static func queue(
        _ options: ListenOptions, pages: [String], out: OutputStream, err: OutputStream,
        feedKeyboard: (InputQueue) -> Void
    ) -> (InputQueue, SessionListener?) {
        let queue = InputQueue(producers: 2)
        var voice: SessionListener?
        do {
            let (started, notices) = try start(options, pages: pages, queue: queue, out: out)
            voice = started
            queue.pushFirst(.listening(source(of: options)))
            for notice in notices { err.writeLine("pagervoice: \(notice)") }
        } catch {
            queue.pushFirst(.listeningOff("\(error)"))
            queue.finished()
        }
        err.flush()
        feedKeyboard(queue)
        return (queue, voice)
    }

    /// What `options` listen to, as the session names it.
    static func source(of options: ListenOptions) -> String {
        options.listenFile.map { "the recording \($0)" }
            ?? options.listenDevice.map { "the PulseAudio source \($0)" } ?? "the default PulseAudio source"
    }

    /// How a terminal's session listens again once listening has stopped ("quit listening", a
    /// source lost, or one that could not start): a false "quit listening" from a room's talk
    /// must not cost voice control for the rest of the session, and a PulseAudio server started
    /// late should not need a new session. Nil for a recording, which is heard once, and for a
    /// script, which has no key to press.
    static func relisten(_ options: ListenOptions, queue: InputQueue, out: OutputStream) -> Relisten? {
        guard options.listenFile == nil else { return nil }
        return Relisten(
            source: source(of: options),
            start: { pages, asleep throws(ListenError) in
                var again = options
                again.listenAsleep = asleep
                queue.producerStarted()
                do throws(ListenError) {
                    return try start(again, pages: pages, queue: queue, out: out)
                } catch {
                    queue.finished()
                    throw error
                }
            },
            watch: { SourceWatch.start(device: options.listenDevice, queue: queue) })
    }
}

/// Starts listening again with the session's options and the pages it has now.
struct Relisten {
    /// What it listens to ("the default PulseAudio source").
    let source: String
    /// With the pages of the moment, awake (the key was pressed to be heard) or asleep (a source
    /// back after a loss, which found listening asleep).
    let start: (_ pages: [String], _ asleep: Bool) throws(ListenError) -> (SessionListener, [String])
    /// Waits for the source, lost mid-session, to answer again (`ShellInput.sourceBack`).
    let watch: () -> SourceWatch
}

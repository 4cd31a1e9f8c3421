import Dispatch
import PagerCore
import PagerListen
import PagerSpeech

/// The read–reduce–print–speak loop. On a terminal it is a conversation (prompt, editing, speech
/// interrupted by the next announcement like VoiceOver); from a pipe it is a script: no prompt,
/// each line's speech finishes before the next line runs, errors carry line numbers, and the exit
/// status says whether any line failed.
final class REPLRunner {
    public private(set) var session: Session
    let renderer: OutputRenderer
    let speaker: SpeechClient
    let interactive: Bool
    let out: OutputStream
    let err: OutputStream
    /// Whether voice commands get their tones (`--earcons`).
    let earcons: Bool
    /// Whether the microphone is ignored while speech plays (`--headphones` turns it off).
    let halfDuplex: Bool

    init(
        session: Session, renderer: OutputRenderer, speaker: SpeechClient, interactive: Bool,
        out: OutputStream = .standardOutput, err: OutputStream = .standardError, earcons: Bool = true, halfDuplex: Bool = true
    ) {
        self.earcons = earcons
        self.halfDuplex = halfDuplex
        self.session = session
        self.renderer = renderer
        self.speaker = speaker
        self.interactive = interactive
        self.out = out
        self.err = err
    }

    /// Runs until end of input or `quit`; returns the exit status: 1 when a scripted line failed,
    /// when speech could not be written (a WAV file on a full disk), when listening could not
    /// start or broke off in a scripted run, or when standard output could not be written; else
    /// 0. `first` runs before any line is read (a `read` session arrives on its first page).
    public func run<Source: LineSource>(_ source: inout Source, startingWith first: ShellCommand? = nil) -> Int32 {
        var voice: SessionListener? = nil
        return run(startingWith: first, voice: &voice) {
            source.nextLine().map { .line($0) }
        }
    }

    /// Runs on lines and voice commands together, as `queue` delivers them: a phrase heard is
    /// printed ("heard: next page"), then run exactly as the typed command would be; whenever the
    /// pages change, `voice` learns the new ones. With a `prompt` on the screen, what no line
    /// asked for prints above it, and each line typed is finished before the prompt comes back;
    /// with `relisten`, the prompt's toggle key starts listening again once it has stopped, and
    /// `voice` is then the new listener (the one it replaces is let go, with its recogniser).
    func run(
        queue: InputQueue, voice: inout SessionListener?, prompt: LivePrompt? = nil, relisten: Relisten? = nil,
        startingWith first: ShellCommand? = nil
    ) -> Int32 {
        run(startingWith: first, voice: &voice, prompt: prompt, relisten: relisten) { queue.next() }
    }

    private func run(
        startingWith first: ShellCommand?, voice: inout SessionListener?, prompt: LivePrompt? = nil, relisten: Relisten? = nil,
        next: () -> ShellInput?
    )
        -> Int32
    {
        let speaker = self.speaker
        /// How listening ended, once the session has reported it (nil while it runs).
        var ended: ListenEnd? = nil
        // Half duplex: the listener ignores the microphone from the moment we speak until speech
        // has drained (plus its echo tail), so it never obeys its own voice from a speaker.
        // Only speech a microphone could hear is gated: --audio off, null and WAV files make none,
        // and headphones keep it from the microphone.
        let halfDuplex = speaker.isAudible && self.halfDuplex
        var listener: Listener? { halfDuplex ? voice?.listener : nil }
        /// Whether the input being carried out says something (speech or a tone).
        var spoke = false
        /// Closes the microphone for what this input says: once an input, as `finishLine` opens
        /// it once. (Closed once per utterance, a voice command's announcement and its tone left
        /// the count at one, and the microphone closed for good after the first command.)
        func willSpeak() {
            if !spoke { listener?.speakingBegan() }
            spoke = true
        }
        var failed = false
        var speechFailed = false
        var lineNumber = 0
        /// Whether the input being carried out is not a line read (a voice command, listening
        /// that failed to start): its errors carry no line number, and a misheard or impossible
        /// command does not fail the run.
        var notALine = false
        /// Prints one output.
        func emit(_ output: SessionOutput) {
            // Line 0 is what runs before any line is read (arriving on a document's first page).
            let lines = renderer.render(output, lineNumber: interactive || notALine || lineNumber == 0 ? nil : lineNumber)
            let language = session.pager.strings
            for line in lines.stdout { renderer.json ? out.writeRaw(line) : out.writeLines(line, language: language) }
            for line in lines.stderr { err.writeLine(line, language: language) }
        }
        /// Speech that failed since the last look is an error of the line that asked for it.
        func reportSpeechFailures() {
            for message in speaker.takeFailures() {
                speechFailed = true
                emit(.error(message))
            }
            for notice in speaker.takeNotices() { err.writeLine("pagervoice: " + notice) }
            session.speechDescription = speaker.description
        }
        /// Prints, writes and speaks what one line produced; whether it asked to quit.
        func carryOut(_ outputs: [SessionOutput]) -> Bool {
            var quit = false
            for output in outputs {
                switch output {
                case .error: failed = failed || !notALine
                case .stopSpeech: speaker.stop()
                case .quit: quit = true
                default: break
                }
                if case .file(let request) = output {
                    // The one place the REPL writes a file of its own.
                    do {
                        try AtomicFile.write(request.contents, to: request.path, rule: request.rule)
                        emit(.info(request.written))
                    } catch {
                        failed = true
                        emit(.error(error.description))
                    }
                    continue
                }
                emit(output)
                if let text = output.spokenText {
                    willSpeak()
                    speaker.speak(text, Self.priority(of: output), session.pager.strings.voice)
                }
            }
            return quit
        }
        /// Listening is off, and why: an error event in JSON, else a notice on standard error
        /// (printed clear of the prompt). On a terminal that can listen again, the key is named.
        func listeningOff(_ reason: String) -> ([SessionOutput], [String]) {
            let line = "listening is off: \(reason)" + (relisten == nil ? "" : "; Ctrl-T tries again")
            return renderer.json ? ([.error(line)], []) : ([], [line])
        }
        /// Shown while it is spoken; then, from a pipe, spoken to its end before the next line.
        /// False when the run must end: the reader left (quietly) or output is being lost.
        func finishLine() -> Bool {
            err.flush()
            if !out.flush() && out.failure == .readerGone {
                // Nobody reads our output any more (`| head -1`): stop quietly.
                speaker.stop()
                return false
            }
            if !interactive { speaker.drain() }
            if spoke {
                spoke = false
                if let listener, interactive {
                    // Drain returns only when nothing at all is left to say, whatever was queued
                    // meanwhile; each waiter therefore ends a truly silent moment.
                    DispatchQueue.global().async {
                        speaker.drain()
                        listener.speakingEnded()
                    }
                } else {
                    listener?.speakingEnded()
                }
            }
            reportSpeechFailures()
            err.flush()
            if !out.flush() {
                if out.failure == .readerGone { speaker.stop() }
                // Output is being lost (a full disk): what this line asked to say is still said
                // and written to its files, then the run ends with the error (ShellIO.finish
                // reports it).
                return false
            }
            return true
        }

        if let first {
            let quit = carryOut(session.run(first))
            if !finishLine() || quit { return finish(failed: failed, speechFailed: speechFailed) }
        }
        var pages = session.pager.pages
        var asleep = false
        /// Waits for a source lost mid-session; cancelled when it is replaced or the run ends.
        var sourceWatch: SourceWatch? = nil {
            willSet { sourceWatch?.cancel() }
        }
        defer { sourceWatch = nil }
        var asleepWhenLost = false
        if let voice { session.listening = Self.listeningState(asleep: false, wakeWord: voice.wakeWord) }
        while let input = next() {
            var outputs: [SessionOutput] = []
            /// The tone that follows what this input says (voice commands only).
            var earcon: Earcon?
            /// Lines for standard error, each after "pagervoice: " (listening that is off, the
            /// notices of a grammar built for listening started again).
            var notices: [String] = []
            notALine = if case .line = input { false } else { true }
            /// Starts listening again, as Ctrl-T does once listening has stopped.
            func listenAgain(_ relisten: Relisten, asleep startAsleep: Bool = false) {
                sourceWatch = nil
                do {
                    let started: SessionListener
                    (started, notices) = try relisten.start(session.pager.pages, startAsleep)
                    voice = started
                    // Speech of earlier inputs may still be playing: the new listener is
                    // closed to it until it has drained, as the old one was.
                    willSpeak()
                    ended = nil
                    pages = session.pager.pages
                    asleep = false
                    session.listening = Self.listeningState(asleep: false, wakeWord: started.wakeWord)
                    prompt?.showAsleep(false)
                    outputs = [VoiceReport.started(relisten.source, wakeWord: started.wakeWord)]
                    // Heard as waking: with `--print none` the tone is all a person gets. (Started
                    // asleep, the listener reports that itself, with its own tone.)
                    if !startAsleep { earcon = .awake }
                } catch {
                    (outputs, notices) = listeningOff("\(error)")
                }
            }
            switch input {
            case .line(.line(let text)):
                lineNumber += 1
                outputs = session.handle(text)
            case .line(.rejected(let reason)):
                lineNumber += 1
                outputs = [.error(reason)]
            case .voice(.heard(let phrase)):
                outputs = [VoiceReport.heard(phrase)]
                // Sleep and waking get no tone here: the state change that follows has its own.
                if let line = phrase.action.commandLine {
                    outputs += session.handle(line)
                    earcon = Self.tone(after: outputs)
                } else if phrase.action == .quitListening {
                    earcon = .done
                }
            case .voice(.notUnderstood(let words)):
                outputs = [VoiceReport.notUnderstood(words)]
                earcon = .notUnderstood
            case .voice(.asleep), .voice(.awake):
                asleep = if case .voice(.asleep) = input { true } else { false }
                outputs = [asleep ? VoiceReport.asleep(wakeWord: voice?.wakeWord) : VoiceReport.awake(wakeWord: voice?.wakeWord)]
                earcon = asleep ? .asleep : .awake
                session.listening = Self.listeningState(asleep: asleep, wakeWord: voice?.wakeWord)
                prompt?.showAsleep(asleep)
            case .toggleListening:
                // `ended` first: the listener marks itself finished only after delivering its
                // end, so a key pressed just after "listening ended" was printed found it not yet
                // finished, and was taken for sleep on a listener that no longer hears
                // (seen once in CI, under load).
                if ended == nil, let voice, !voice.listener.isFinished {
                    voice.listener.toggleAsleep()
                } else if ended != nil || voice == nil {
                    // Stopped, or never started (either already reported): listen again.
                    guard let relisten else {
                        // A recording: rather than ignore the key, say why it does nothing.
                        outputs = [.error("Ctrl-T does not listen to a recording again: run pagervoice again to hear it")]
                        break
                    }
                    listenAgain(relisten)
                }
            case .sourceBack:
                // Ctrl-T may have listened again meanwhile (the watch was cancelled, but its
                // report can have been queued just before).
                sourceWatch = nil
                if ended != nil, let relisten { listenAgain(relisten, asleep: asleepWhenLost) }
            case .voice(.finished(let end)):
                ended = end
                // A source lost mid-session (the server went away) is listened to again by
                // itself once it answers (`SourceWatch`), asleep if it was: a person who put
                // listening to sleep did not ask for it back.
                if case .failed(.audioLost) = end, let relisten {
                    sourceWatch = relisten.watch()
                    asleepWhenLost = asleep
                }
                // Ended is neither asleep nor awake; the prompt stops saying asleep.
                asleep = false
                prompt?.showAsleep(false)
                let report = VoiceReport.ended(end, relisten: relisten != nil)
                if case .failed = end, !renderer.json, case .info(let info) = report {
                    // A failure goes where "listening is off" goes, standard error, which
                    // `--print none` keeps: it printed nothing at all there.
                    notices = info.text
                } else {
                    outputs = [report]
                }
                session.listening = if case .failed = end { "failed" } else { "ended" }
                // Listening that broke off (a recording cut short, audio lost) left what was
                // asked unheard: a script's run fails, as when it cannot start.
                if case .failed = end { failed = true }
            case .listening(let source):
                outputs = [VoiceReport.started(source, wakeWord: voice?.wakeWord)]
            case .readerGone:
                out.readerLeft()
            case .keyboardEnded:
                if interactive { outputs = [.quit] }
            case .listeningOff(let reason):
                // Asked for and not given: a script's run fails (a terminal's session goes on).
                failed = true
                (outputs, notices) = listeningOff(reason)
            }
            let typed = !notALine
            // Ctrl-T that only asks for sleep or waking prints nothing now (the change prints
            // when it is made): stepping the prompt aside for it would leave a half-typed line twice.
            let quiet = if case .toggleListening = input { outputs.isEmpty && notices.isEmpty } else { false }
            let (quit, goOn) = printing(above: typed || quiet ? nil : prompt) {
                let quit = carryOut(outputs)
                for notice in notices { err.writeLine("pagervoice: \(notice)") }
                if let earcon, earcons {
                    willSpeak()
                    speaker.earcon(earcon)
                }
                if let voice, session.pager.pages != pages {
                    pages = session.pager.pages
                    for notice in voice.pagesChanged(pages) { err.writeLine("pagervoice: \(notice)") }
                }
                return (quit, finishLine())
            }
            if !goOn || quit { break }
            if typed { prompt?.lineFinished() }
        }
        return finish(failed: failed, speechFailed: speechFailed)
    }

    /// Runs `body` with `prompt` (when there is one) out of its way, and drawn again after.
    private func printing<Result>(above prompt: LivePrompt?, _ body: () -> Result) -> Result {
        guard let prompt else { return body() }
        return prompt.aside(body)
    }

    /// Waits for the last speech and decides the status.
    private func finish(failed: Bool, speechFailed: Bool) -> Int32 {
        if out.failure == .readerGone { return 0 }
        // A person who quits (`q`, `quit`, Ctrl-D) wants out now, as any key interrupts speech
        // at a terminal: `q` on a long page waited for all of it to be read. A script's speech
        // is its output, said to the end.
        if interactive { speaker.stop() }
        speaker.drain()
        var speechFailed = speechFailed
        for message in speaker.takeFailures() {
            speechFailed = true
            for line in renderer.render(.error(message)).stdout { out.writeRaw(line) }
            for line in renderer.render(.error(message)).stderr { err.writeLine(line) }
        }
        for notice in speaker.takeNotices() { err.writeLine("pagervoice: " + notice) }
        err.flush()
        out.flush()
        if out.failure != nil { return 1 }
        return (failed && !interactive) || speechFailed ? 1 : 0
    }

    /// The tone after a voice command: "done" when it did what was asked, else the low one ("read"
    /// with no document, a page there is not): a high tone for a command that changed nothing
    /// told the ear it had.
    static func tone(after outputs: [SessionOutput]) -> Earcon {
        outputs.contains { if case .error = $0 { true } else { false } } ? .notUnderstood : .done
    }

    /// What `status` says of listening.
    static func listeningState(asleep: Bool, wakeWord: String?) -> String {
        (asleep ? "asleep" : "awake") + (wakeWord.map { ", wake word \($0)" } ?? "")
    }

    static func priority(of output: SessionOutput) -> AnnouncementPriority {
        switch output {
        case .announcement(let a): a.priority
        case .speech(let s): s.priority
        default: .default
        }
    }
}

import ArgumentParser
import PagerCore
import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `pagervoice [options]` (also `pagervoice repl`): the REPL (docs/CONTRACT.md). On a terminal a
/// prompt with line editing; from a pipe a script whose every announcement is spoken to its end
/// before the next line runs.
struct REPLCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: PagerVoiceCommand.abstract,
        usage: """
            pagervoice [<pager options>] [<speech options>] [--json] [--terse]
            pagervoice <subcommand> [<options>]
            """,
        discussion: """
            With no subcommand, reads REPL commands from the terminal or a pipe and speaks every \
            announcement through eSpeak NG. Type 'help' inside the REPL for its commands. \
            'pagervoice --version' prints the version.

            Exit status: 0; 1 when a line read from a pipe failed, speech could not be written, \
            listening (--listen, --listen-file) could not start or broke off while reading a \
            pipe, or standard output could not be written; 2 for a mistake on the command line. A \
            voice command that fails is reported but does not change the status: it may have been \
            misheard.
            """ + "\n\n" + PagerVoiceCommand.subcommandsText()
    )

    @OptionGroup(title: "Pager options") var pager: PagerOptions
    @OptionGroup(title: "Speech options") var speech: SpeechOptions
    @OptionGroup(title: "Output options") var output: OutputOptions
    @OptionGroup(title: "Voice commands") var listening: ListenOptions

    init() {}

    func execute(_ io: ShellIO) -> Int32 {
        // validate() proved these can be made.
        guard let language = try? self.pager.language(environment: Environment.current),
            let pager = try? self.pager.makePager(language: language)
        else { return 2 }
        let err = io.err
        let speaker: SpeechClient
        do {
            speaker = try SpeechClient.make(speech, noticesTo: err)
        } catch {
            io.startFailed("\(error)", command: "pagervoice", json: output.json)
            return SpeechClient.exitStatus(for: error)
        }
        let interactive = Terminal.stdinIsTTY
        var session = Session(
            pager: pager, verbosity: output.verbosity,
            voiceList: { speaker.voiceLines() }, speechDescription: speaker.description, languageReason: language.reason)
        if !output.json { session.terminalColumns = { Terminal.columns() } }
        let runner = REPLRunner(
            session: session, renderer: output.renderer, speaker: speaker,
            interactive: interactive, out: io.out, err: io.err, earcons: listening.earcons == .on,
            halfDuplex: !listening.headphones)

        // Ctrl-C silences speech. On a terminal the session goes on; a script is stopped.
        InterruptWatcher.silencing(speaker, interactive: interactive).start()

        let status: Int32
        if interactive && output.print != .none {
            // A greeting for the person at the keyboard. With --json standard output carries JSON
            // alone (`pagervoice --json | jq` at a terminal), and where it is not the terminal
            // (`pagervoice > transcript.txt`) the person would never see it: the greeting goes
            // to standard error there, where the prompt is drawn (`Terminal.promptDescriptor`).
            let greeting = output.json || !Terminal.stdoutIsTTY ? io.err : io.out
            greeting.writeLine(
                "pagervoice \(PagerVoiceCommand.version): \(pager.announcementText). Type help for commands, quit or Ctrl-D to leave.")
            greeting.flush()
        }
        if interactive {
            // Listening: phrases heard print clear of the prompt, which is then drawn again.
            let prompt = listening.isListening ? LivePrompt.make() : nil
            var reader = EditLineReader(
                prompt: "pager> ", historyPath: EditLineReader.defaultHistoryPath(),
                commands: CommandInfo.allNames,
                arguments: Dictionary(uniqueKeysWithValues: CommandInfo.all.flatMap { info in info.names.map { ($0, info.completions) } }),
                readKey: prompt.map { _ in LivePrompt.keyReader })
            if listening.isListening {
                var (queue, voice) = SessionListener.queue(listening, pages: pager.pages, out: io.out, err: io.err) { queue in
                    if let prompt { prompt.feed(queue, from: reader) } else { queue.feed(from: reader, toggleKeyLines: true) }
                }
                // At a terminal the toggle key listens again once listening has stopped.
                let relisten = SessionListener.relisten(listening, queue: queue, out: io.out)
                status = runner.run(queue: queue, voice: &voice, prompt: prompt, relisten: relisten)
                prompt?.close()
            } else {
                status = runner.run(&reader)
            }
        } else if listening.isListening {
            // Lines from the pipe and phrases heard, in the order they arrive; the run ends when
            // both are done (a recording heard to its end, or "quit listening", and end of input).
            var (queue, voice) = SessionListener.queue(listening, pages: pager.pages, out: io.out, err: io.err) {
                $0.feed(from: FileLineReader())
            }
            status = runner.run(queue: queue, voice: &voice)
        } else {
            // A script: each line's speech is spoken to its end before the next line runs.
            var reader = FileLineReader()
            status = runner.run(&reader)
        }
        return io.finish(command: "pagervoice") ? status : 1
    }
}

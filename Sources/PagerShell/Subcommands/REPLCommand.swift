import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

/// `pagervoice [options]`: the REPL on stdin.
enum REPLCommand {
    static func run(_ arguments: [String], out: OutputStream, err: OutputStream) -> Int32 {
        let options: RunOptions
        do {
            let parsed = try RunOptions.parser.parse(arguments)
            if parsed.has("help") {
                RunOptions.helpText().forEach(out.writeLine)
                return 0
            }
            if parsed.has("version") {
                out.writeLine("pagervoice \(RunOptions.version)")
                return 0
            }
            options = try RunOptions(parsed)
        } catch {
            return PagerVoiceMain.usageError(error, command: "pagervoice", err: err)
        }

        let speaker: Speaker
        do {
            speaker = try SpeakerFactory.make(
                options.speech,
                notice: {
                    err.writeLine("pagervoice: \($0)")
                    err.flush()
                })
        } catch {
            err.writeLine("pagervoice: \(error)")
            return SpeakerFactory.exitStatus(for: error)
        }
        let interactive = Terminal.stdinIsTTY
        let session = Session(
            pager: options.pager, verbosity: options.verbosity,
            voiceList: { speaker.voiceLines() }, speechDescription: speaker.summary)
        let runner = REPLRunner(
            session: session, renderer: OutputRenderer(json: options.json), speaker: speaker,
            interactive: interactive, out: out, err: err)

        // Ctrl-C silences speech. On a terminal the session goes on; a script is stopped.
        InterruptWatcher {
            speaker.stop()
            if !interactive {
                // Written straight to the descriptor, as the main thread may be using `err`'s
                // buffer right now; then `_exit`, not `exit`: exit handlers and library destructors
                // (eSpeak NG's, libpulse's) must not run while the main and engine threads are
                // still using what they tear down (AddressSanitizer's exit-time check caught the
                // main thread's live objects being reported as leaked).
                let line = Array("pagervoice: interrupted\n".utf8)
                _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                _exit(130)
            }
        }.start()

        if interactive {
            out.writeLine(
                "pagervoice \(RunOptions.version): \(options.pager.announcementText). Type help for commands, quit or Ctrl-D to leave.")
            out.flush()
            var reader = EditLineReader(
                prompt: "pager> ", historyPath: EditLineReader.defaultHistoryPath(),
                commands: CommandInfo.allNames,
                arguments: Dictionary(uniqueKeysWithValues: CommandInfo.all.flatMap { info in info.names.map { ($0, info.completions) } }))
            return runner.run(&reader)
        }
        // A script waits for each line's speech, so it runs where the speech is made.
        return speaker.runScript {
            var reader = FileLineReader()
            return runner.run(&reader)
        }
    }
}

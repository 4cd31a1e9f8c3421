import ArgumentParser

/// The executable's entry point. Lives in the library so tests and the fuzzer reach the same
/// code the binary runs.
public enum PagerVoiceMain {
    public static func run(_ arguments: [String], io: ShellIO = .standard) -> Int32 {
        // Before anything opens a file: see StandardDescriptors.
        StandardDescriptors.openClosedOnDevNull()
        Terminal.ignoreBrokenPipe()
        // `pagervoice --help` is the plain `pagervoice`'s help: its options, then the subcommands.
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            io.out.writeRaw(PagerVoiceCommand.helpMessage(for: REPLCommand.self))
            return io.finish(command: "pagervoice") ? 0 : 1
        }
        let command: any ParsableCommand
        do {
            command = try GivenArguments.$current.withValue(arguments) { try PagerVoiceCommand.parseAsRoot(arguments) }
        } catch {
            return report(error, io: io, arguments: arguments)
        }
        guard let ours = command as? any PagerVoiceSubcommand else {
            // ArgumentParser's own commands (`help`).
            var builtIn = command
            do {
                try builtIn.run()
                io.finish(command: "pagervoice")
                return 0
            } catch {
                return report(error, io: io)
            }
        }
        return ours.execute(io)
    }

    /// Help, version and completion scripts go to stdout with status 0; a usage error is
    /// ArgumentParser's message, usage and help hint on stderr with status 2 (as getopt tools
    /// do; ArgumentParser's own code, 64, is not what scripts expect). The message echoes what was
    /// typed, so it is made terminal-safe like every other message.
    /// An argument longer than `echoLimit` characters is echoed clipped, with its length.
    static func report(_ error: any Error, io: ShellIO, arguments: [String] = []) -> Int32 {
        let code = PagerVoiceCommand.exitCode(for: error)
        let text = shownArguments(PagerVoiceCommand.fullMessage(for: error), arguments)
        if code == .success {
            if !text.isEmpty { io.out.writeRaw(BashCompletion.patched(text)) }
            return io.finish(command: "pagervoice") ? 0 : 1
        }
        // What was typed is shown safe (a line feed in an argument shown, not obeyed); the line
        // breaks left are ArgumentParser's own.
        if !text.isEmpty { io.err.writeLines(text) }
        io.finish(command: "pagervoice")
        return code == .validationFailure ? 2 : code.rawValue
    }

    static let echoLimit = 80

    /// `text` with each argument it echoes shown safe (control characters as `\u{A}`) and, past
    /// `echoLimit` characters, as its start and its length: a 5,000-character value is a mistake
    /// to point at, not to print back.
    static func shownArguments(_ text: String, _ arguments: [String]) -> String {
        var text = text
        for argument in Set(arguments).sorted(by: { $0.count > $1.count }) {
            let clipped = argument.count > echoLimit ? "\(argument.prefix(echoLimit / 2))… (\(argument.count) characters)" : argument
            let shown = clipped.terminalSafe
            if shown != argument { text = text.replacing(argument, with: shown) }
        }
        return text
    }
}

import ArgumentParser

/// `pagervoice`: the root of every subcommand. With none named, the REPL runs
/// (`defaultSubcommand`), so `pagervoice --json` is `pagervoice repl --json`.
///
/// The root itself takes no options: ArgumentParser lets a parent's options appear anywhere on
/// the line, so a root `--json` would swallow `verify --json`.
struct PagerVoiceCommand: ParsableCommand {
    static let version = "0.2.0"
    static let abstract = "Page through a pager by voice, as VoiceOver would."

    static let subcommands: [any ParsableCommand.Type] = [
        REPLCommand.self, VerifyCommand.self, AuditCommand.self, FramesCommand.self, ReadCommand.self, SayCommand.self, VoicesCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "pagervoice",
        abstract: abstract,
        version: "pagervoice \(version)",
        subcommands: subcommands,
        defaultSubcommand: REPLCommand.self
    )

    /// The subcommands with their abstracts, for the REPL's help, which is what `pagervoice
    /// --help` shows: the options a person can give the plain `pagervoice`, then where to go next.
    static func subcommandsText() -> String {
        let others = subcommands.filter { $0 != REPLCommand.self }
        let width = (others.map { $0.configuration.commandName?.count ?? 0 }.max() ?? 0) + 2
        return "Subcommands (each has --help):\n"
            + others.map { command in
                let name = command.configuration.commandName ?? ""
                return "  " + name + String(repeating: " ", count: width - name.count) + command.configuration.abstract
            }.joined(separator: "\n")
    }
}

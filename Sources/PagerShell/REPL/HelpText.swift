import PagerCore

/// The REPL's `help`: every command with one line, generated from `CommandInfo.all`.
enum HelpText {
    static func commands(topic: String?) -> SessionOutput {
        if let topic {
            guard let info = CommandInfo.named(topic) else {
                let hint = Suggest.nearest(to: topic, among: CommandInfo.allNames).map { " (did you mean '\($0)'?)" } ?? ""
                return .error("no command '\(topic.clipped())'\(hint)")
            }
            return .info(
                .init(
                    text: ["\(info.usage)", "  \(info.help)"],
                    json: .object([("type", .string("help")), ("commands", .array([json(info)]))])))
        }
        let width = (CommandInfo.all.map(\.usage.count).max() ?? 0) + 2
        let lines =
            ["Commands (page numbers are 1-based):"]
            + CommandInfo.all.map { "  " + Formatting.padRight($0.usage, width) + $0.help }
            + ["", "Listening (--listen): Ctrl-T puts it to sleep or wakes it, as saying \"go to sleep\" and \"wake up\" does."]
            + ["", "Languages (lang TAG), each in its own name:"] + languageLines()
        return .info(
            .init(
                text: lines,
                json: .object([
                    ("type", .string("help")), ("commands", .array(CommandInfo.all.map(json))),
                    (
                        "languages",
                        .array(SpokenStrings.table.map { .object([("code", .string($0.code)), ("name", .string($0.name))]) })
                    ),
                ])))
    }

    /// Every language as "de  Deutsch", four to a line.
    static func languageLines() -> [String] {
        let entries = SpokenStrings.table.map { Formatting.padRight($0.code, 8) + $0.name }
        let width = (entries.map(\.count).max() ?? 0) + 3
        return stride(from: 0, to: entries.count, by: 4).map { start in
            ("  " + entries[start..<min(start + 4, entries.count)].map { Formatting.padRight($0, width) }.joined()).trimmingSpaces()
        }
    }

    static func json(_ info: CommandInfo) -> JSON {
        .object([
            ("name", .string(info.names[0])), ("aliases", .array(info.names.dropFirst().map { .string($0) })),
            ("arguments", .string(info.arguments)), ("help", .string(info.help)),
        ])
    }
}

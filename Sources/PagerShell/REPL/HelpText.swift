import PagerCore

/// The REPL's `help`: every command with one line, generated from `CommandInfo.all`.
enum HelpText {
    /// `columns`: the terminal's width, which every line fits, broken between words; nil (not a
    /// terminal) keeps one line per command.
    static func commands(topic: String?, columns: Int? = nil) -> SessionOutput {
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
            + CommandInfo.all.flatMap { info in
                let usage = "  " + Formatting.padRight(info.usage, width)
                guard let columns, Formatting.displayWidth(usage + info.help) > columns else { return [usage + info.help] }
                if columns - (width + 2) >= 30 { return Formatting.wrap(info.help, width: columns, first: usage, indent: width + 2) }
                // Too narrow to keep the help beside the usage: it goes under it.
                return ["  " + info.usage] + Formatting.wrap(info.help, width: columns, first: "      ", indent: 6)
            }
            + [""] + listeningLines(columns: columns)
            + ["", "Languages (lang TAG), each in its own name:"] + languageLines(columns: columns)
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

    /// How listening is put to sleep and woken, wrapped to `columns` on a terminal.
    static func listeningLines(columns: Int? = nil) -> [String] {
        let text =
            "Listening (--listen): Ctrl-T (at the prompt, or in read) puts it to sleep or wakes it, as saying \"go to sleep\" and \"wake up\" does; "
            + "once listening to a microphone has stopped (\"quit listening\") or is off, Ctrl-T listens again "
            + "(lost to a sound server's restart, it listens again by itself)."
        guard let columns, Formatting.displayWidth(text) > columns else { return [text] }
        return Formatting.wrap(text, width: columns, first: "", indent: 2)
    }

    /// Every language as "de  Deutsch", four to a line, or as many as `columns` hold; columns
    /// are as wide as the widest name is on a terminal.
    static func languageLines(columns: Int? = nil) -> [String] {
        let entries = SpokenStrings.table.map { Formatting.padRight($0.code, 8) + $0.name }
        let width = (entries.map(Formatting.displayWidth).max() ?? 0) + 3
        let perLine = columns.map { max(1, min(4, ($0 - 2 + 3) / width)) } ?? 4
        return stride(from: 0, to: entries.count, by: perLine).map { start in
            let row = entries[start..<min(start + perLine, entries.count)]
            return "  " + (row.dropLast().map { Formatting.padRight($0, width) } + [row.last ?? ""]).joined()
        }
    }

    static func json(_ info: CommandInfo) -> JSON {
        .object([
            ("name", .string(info.names[0])), ("aliases", .array(info.names.dropFirst().map { .string($0) })),
            ("arguments", .string(info.arguments)), ("help", .string(info.help)),
        ])
    }
}

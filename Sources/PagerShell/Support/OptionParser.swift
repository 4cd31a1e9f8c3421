/// A small command-line parser: the toolchain has no swift-argument-parser here, and the options
/// are few. Each subcommand declares its options once; the same declaration drives parsing,
/// `--help` and the error for a mistyped option, so help can never drift from behaviour.
public struct OptionSpec: Sendable {
    /// Long name without dashes, e.g. "pages".
    public var name: String
    /// Placeholder for the value ("LIST", "N"); nil for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// Allowed values, checked while parsing and shown in help.
    public var choices: [String]?
    /// May be given more than once (values accumulate).
    public var repeatable: Bool

    public init(_ name: String, value: String? = nil, choices: [String]? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.valueName = value
        self.help = help
        self.choices = choices
        self.repeatable = repeatable
    }

    var usage: String {
        guard let valueName else { return "--\(name)" }
        if let choices { return "--\(name) \(choices.joined(separator: "|"))" }
        return "--\(name) \(valueName)"
    }
}

/// A mistake on the command line: one line, said plainly, exit status 2 (as getopt tools do).
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The result of parsing: option values by name, then the positional arguments in order.
public struct ParsedOptions: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }

    /// A number option, refused unless finite and inside `range`.
    public func double(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        return try NumberParsing.double(text, what: "--\(name)", in: range)
    }

    public func int(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        return try NumberParsing.int(text, what: "--\(name)", in: range)
    }
}

public struct OptionParser: Sendable {
    public var specs: [OptionSpec]
    /// Whether bare words are allowed (e.g. `verify FILE…`).
    public var positionalName: String?

    public init(_ specs: [OptionSpec], positionals: String? = nil) {
        self.specs = specs + [OptionSpec("help", help: "Show this help and exit.")]
        self.positionalName = positionals
    }

    /// Parses `--name value`, `--name=value` and `--flag`; `--` ends options.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var rest = arguments[...]
        var onlyPositionals = false
        while let argument = rest.popFirst() {
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if argument.hasPrefix("-"), !onlyPositionals, argument != "-" {
                    throw UsageError("unknown option '\(argument)'\(suggestion(for: argument))")
                }
                guard positionalName != nil else {
                    throw UsageError("unexpected argument '\(argument)'")
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'\(suggestion(for: name))")
            }
            guard spec.valueName != nil else {
                if inlineValue != nil { throw UsageError("--\(name) takes no value") }
                parsed.flags.insert(name)
                continue
            }
            guard let value = inlineValue ?? rest.popFirst() else {
                throw UsageError("--\(name) needs a value: \(spec.usage)")
            }
            if let choices = spec.choices, !choices.contains(value) {
                throw UsageError("--\(name) must be one of \(choices.joined(separator: ", ")), not '\(value)'")
            }
            if !spec.repeatable, parsed.values[name] != nil {
                throw UsageError("--\(name) given twice")
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    /// The options part of `--help`, one line each.
    public func helpLines() -> [String] {
        let width = (specs.map { $0.usage.count }.max() ?? 0) + 2
        return specs.map { spec in
            "  " + spec.usage + String(repeating: " ", count: max(1, width - spec.usage.count)) + spec.help
        }
    }

    private func suggestion(for name: String) -> String {
        let bare = name.drop { $0 == "-" }
        guard let near = Suggest.nearest(to: String(bare), among: specs.map(\.name)) else { return "" }
        return " (did you mean --\(near)?)"
    }
}

import PagerCore

/// The keys of `pagervoice read`, as `less` users expect them, turned into REPL command lines.
///
/// On a terminal each key acts at once (`KeyReader`); from a pipe each line is one key or one
/// command, so a script can say `n`, `G`, `42`, `/install` or any REPL command word.
enum ReadKeys {
    /// The command a key stands for, or nil for a key that does nothing.
    static func command(forKey key: UInt8) -> String? {
        switch key {
        case UInt8(ascii: " "), UInt8(ascii: "n"), UInt8(ascii: "f"): "next"
        case UInt8(ascii: "b"), UInt8(ascii: "p"): "previous"
        case UInt8(ascii: "g"), UInt8(ascii: "<"): "first"
        case UInt8(ascii: "G"), UInt8(ascii: ">"): "last"
        case UInt8(ascii: "r"): "read"
        case UInt8(ascii: "s"): "stop"
        case UInt8(ascii: "="): "status"
        case UInt8(ascii: "h"), UInt8(ascii: "?"): "help"
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): "quit"
        default: nil
        }
    }

    /// A line read from a pipe as the command it means: a key alone, `42` (go to page 42),
    /// `/text` (search), `:command`, or a REPL command as it is.
    static func command(forLine line: String) -> String {
        if line == " " { return "next" }
        let trimmed = line.trimmingSpaces()
        if trimmed.utf8.count == 1, let byte = trimmed.utf8.first, let command = command(forKey: byte) { return command }
        if !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), trimmed.allSatisfy(\.isNumber) { return "go \(trimmed)" }
        if trimmed.hasPrefix("/") { return "search " + trimmed.dropFirst() }
        if trimmed.hasPrefix(":") { return String(trimmed.dropFirst()) }
        return trimmed
    }
}

/// Lines from a pipe, each read as `ReadKeys` says; `/` alone repeats the last search, as on
/// a terminal.
struct ReadKeysLineSource<Base: LineSource>: LineSource {
    var base: Base
    private var lastSearch: String?

    init(base: Base) {
        self.base = base
    }

    mutating func nextLine() -> LineResult? {
        switch base.nextLine() {
        case .line(let text):
            var command = ReadKeys.command(forLine: text)
            if command == "search " { command = lastSearch.map { "search " + $0 } ?? command }
            if command.hasPrefix("search "), command.count > "search ".count { lastSearch = String(command.dropFirst("search ".count)) }
            return .line(command)
        case let other: return other
        }
    }
}

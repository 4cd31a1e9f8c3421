import CEditLine
import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a terminal through libedit: a prompt, line editing, history kept between
/// runs, and tab completion of commands and their arguments.
public struct EditLineReader: LineSource {
    public let prompt: String
    public let historyPath: String?

    /// Words the completer offers: command names, and per command the words that may follow.
    nonisolated(unsafe) static var commandWords: [String] = []
    nonisolated(unsafe) static var argumentWords: [String: [String]] = [:]
    nonisolated(unsafe) static var matches: [String] = []
    nonisolated(unsafe) static var matchIndex = 0

    /// How libedit reads one key: its own way, or `readKey`'s (a `LivePrompt`, which can step
    /// aside for output while a line is being typed). Returns a Unicode scalar, or -1 at the end.
    typealias KeyFunction = @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32

    public init(prompt: String, historyPath: String?, commands: [String], arguments: [String: [String]]) {
        self.init(prompt: prompt, historyPath: historyPath, commands: commands, arguments: arguments, readKey: nil)
    }

    init(prompt: String, historyPath: String?, commands: [String], arguments: [String: [String]], readKey: KeyFunction?) {
        self.prompt = prompt
        self.historyPath = historyPath
        EditLineReader.commandWords = commands
        EditLineReader.argumentWords = arguments
        pagervoice_rl_configure(
            UnsafePointer(strdup("pagervoice")),
            { text, state in EditLineReader.complete(text, state) },
            readKey)
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
    }

    public mutating func nextLine() -> LineResult? {
        guard let raw = readline(prompt) else {
            // Ctrl-D leaves the cursor after the prompt; what follows (the shell's prompt, a
            // phrase heard) starts on a line of its own.
            if Terminal.stdoutIsTTY { _ = write(STDOUT_FILENO, "\n", 1) }
            return nil
        }
        defer { free(raw) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .rejected("line is not valid UTF-8, so it was ignored")
        }
        guard bytes.count <= CommandParser.maximumLineLength else {
            return .rejected("line is \(bytes.count) bytes long; the limit is \(CommandParser.maximumLineLength), so it was ignored")
        }
        if !text.trimmingSpaces().isEmpty {
            _ = add_history(raw)
            if let historyPath { _ = write_history(historyPath) }
        }
        return .line(text)
    }

    /// Makes character types UTF-8 (C.UTF-8) for libedit, if they are not. Call it before any
    /// thread starts (setlocale is not thread-safe); the executable does, first thing.
    public static func preferUTF8() {
        pagervoice_prefer_utf8_ctype()
    }

    /// libedit calls this with state 0 for a new word, then 1, 2, … until it returns nil.
    static func complete(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
        if state == 0 {
            let word = text.map { String(cString: $0) } ?? ""
            let line = pagervoice_rl_line_buffer().map { String(cString: $0) } ?? ""
            let before = line.split(separator: " ", omittingEmptySubsequences: true)
            let completingFirstWord = before.isEmpty || (before.count == 1 && !line.hasSuffix(" "))
            let candidates =
                completingFirstWord
                ? commandWords
                : argumentWords[String(before[0]).lowercased()] ?? []
            matches = candidates.filter { $0.hasPrefix(word) }
            matchIndex = 0
        }
        guard matchIndex < matches.count else { return nil }
        defer { matchIndex += 1 }
        return strdup(matches[matchIndex])
    }

    /// `$XDG_STATE_HOME/pagervoice/history`, else `~/.local/state/pagervoice/history`.
    public static func defaultHistoryPath() -> String? {
        StateFolder.path().map { $0 + "/history" }
    }
}

import CEditLine
import PagerCore
import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Reads lines from a terminal through libedit: a prompt, line editing, history kept between
/// runs, and tab completion of commands and their arguments.
public struct EditLineReader: LineSource {
    public let prompt: String
    public let historyPath: String?
    /// The history as libedit holds it, oldest first: the file is written from here.
    private var history: [String] = []
    /// What the history holds now, oldest first.
    var historyLines: [String] { history }
    /// As many lines as are kept (libedit's `stifle_history`).
    static let historyLimit = 1000

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
            readKey, Terminal.promptDescriptor == STDERR_FILENO ? 1 : 0)
        stifle_history(Int32(Self.historyLimit))
        // Only a regular file is read back: a named pipe there would hold the prompt until
        // someone wrote to it, and /dev/zero would never end. (The folder is the user's own.)
        if let historyPath, OutputFile.isRegularFile(historyPath) { _ = read_history(historyPath) }
        history = (0..<pagervoice_history_count()).compactMap { pagervoice_history_line($0).map { String(cString: $0) } }
    }

    /// The prompt of the next line, when it can change (`LivePrompt.prompt`); else `prompt`.
    var currentPrompt: (@Sendable () -> String)?

    public mutating func nextLine() -> LineResult? {
        guard let raw = readline(currentPrompt?() ?? prompt) else {
            // Ctrl-D leaves the cursor after the prompt; what follows (the shell's prompt, a
            // phrase heard) starts on a line of its own.
            if let terminal = Terminal.promptDescriptor { _ = write(terminal, "\n", 1) }
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
            history.append(text)
            if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
            // Not libedit's write_history: it truncates in place (a full disk loses the history),
            // follows a symbolic link and chmods what it finds (as root, `history -> /dev/null`
            // made /dev/null 0600), and waits forever on a named pipe. Not saving it is no error.
            if let historyPath { try? OutputFile.write(Self.historyFile(history), to: historyPath, rule: .stateFile) }
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

    /// libedit's history file as its read_history reads it back: a cookie line, then one line
    /// per entry with every space, control and backslash as three-digit octal escapes (`\\040`),
    /// which its strunvis decodes; other letters are kept as they are ("Café"), as libedit does.
    static func historyFile(_ lines: [String]) -> [UInt8] {
        var bytes = Array("_HiStOrY_V2_\n".utf8)
        for line in lines {
            for scalar in line.unicodeScalars {
                let value = scalar.value
                if (value > 0x20 && value < 0x7F && value != 0x5C) || value > 0x9F {
                    bytes += Array(String(scalar).utf8)
                } else {
                    for byte in String(scalar).utf8 {
                        bytes += [UInt8(ascii: "\\"), 0x30 + (byte >> 6), 0x30 + ((byte >> 3) & 7), 0x30 + (byte & 7)]
                    }
                }
            }
            bytes.append(0x0A)
        }
        return bytes
    }

    /// `$XDG_STATE_HOME/pagervoice/history`, else `~/.local/state/pagervoice/history`.
    public static func defaultHistoryPath() -> String? {
        StateFolder.path().map { $0 + "/history" }
    }
}

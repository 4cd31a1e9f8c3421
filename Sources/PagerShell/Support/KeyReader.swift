import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

/// Single keys from a terminal, as `less` reads them: no Enter needed for a key, and a short line
/// editor after `/`, `:` or a digit. The terminal is put in non-canonical, no-echo mode while this
/// reads, and given back as it was by `restore()`. Ctrl-C still raises SIGINT (which silences
/// speech); Ctrl-D or end of file ends the session.
final class KeyReader: LineSource {
    private let fd: Int32
    private let echo: OutputStream
    private var saved = termios()
    private var isRaw = false
    /// The last search, repeated by `/` and Enter, as in `less`.
    private var lastSearch: String?
    /// Called for the key that toggles listening (`LivePrompt.toggleKey`, Ctrl-T) when a session
    /// listens; without listening the key does nothing, as any key `read` has no use for.
    var onToggleListening: (@Sendable () -> Void)?

    /// Nil when `fd` is not a terminal.
    init?(fd: Int32, echo: OutputStream) {
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
        self.fd = fd
        self.echo = echo
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        isRaw = tcsetattr(fd, TCSAFLUSH, &raw) == 0
    }

    deinit { restore() }

    /// Gives the terminal back as it was.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        tcsetattr(fd, TCSAFLUSH, &saved)
    }

    func nextLine() -> LineResult? {
        while let key = readByte() {
            switch key {
            case 4: return nil  // Ctrl-D
            case LivePrompt.toggleKey: onToggleListening?()
            case UInt8(ascii: "/"):
                guard let text = editLine(prompt: "/") else { continue }
                guard let query = text.isEmpty ? lastSearch : text else { continue }
                lastSearch = query
                return .line("search " + query)
            case UInt8(ascii: ":"):
                guard let text = editLine(prompt: ":"), !text.isEmpty else { continue }
                return .line(text)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let digits = editLine(prompt: "", starting: String(UnicodeScalar(key))), !digits.isEmpty else { continue }
                guard digits.allSatisfy(\.isNumber) else { return .line(digits) }
                return .line("go \(digits)")
            default:
                if let command = ReadKeys.command(forKey: key) { return .line(command) }
            }
        }
        return nil
    }

    /// A line typed after a prompt, echoed as typed; Enter ends it, Escape or Ctrl-C's empty
    /// line cancels (nil), Backspace deletes. Ctrl-T toggles listening here too, and the line
    /// goes on: the key means one thing wherever the reader is.
    private func editLine(prompt: String, starting: String = "") -> String? {
        var bytes = Array(starting.utf8)
        /// Where the character being typed starts: it is echoed once all its bytes are in.
        var pending = bytes.count
        show(prompt + starting)
        while let key = readByte() {
            switch key {
            case 10, 13:
                show("\n")
                return String(validating: bytes, as: UTF8.self) ?? ""
            case 27, 4:
                show("\n")
                return nil
            case LivePrompt.toggleKey:
                onToggleListening?()
            case 8, 127:
                guard !bytes.isEmpty else {
                    show("\n")
                    return nil
                }
                // Drop one whole character, however many bytes it took.
                repeat { bytes.removeLast() } while bytes.last.map { $0 & 0xC0 == 0x80 } ?? false
                pending = bytes.count
                show("\u{8} \u{8}")
            default:
                guard key >= 32 else { continue }
                bytes.append(key)
                if let character = String(validating: bytes[pending...], as: UTF8.self) {
                    show(character.terminalSafe)
                    pending = bytes.count
                }
            }
            guard bytes.count < CommandParser.maximumLineLength else { return nil }
        }
        return nil
    }

    private func show(_ text: String) {
        echo.writeRawText(text)
        echo.flush()
    }

    private func readByte() -> UInt8? {
        Terminal.readByte(from: fd)
    }
}

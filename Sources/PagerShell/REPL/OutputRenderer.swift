import PagerCore

/// Turns session outputs into the lines a person or a program reads: plain text (errors to stderr)
/// or, with `--json`, one JSON object per line on stdout, exactly as docs/CONTRACT.md specifies.
public struct OutputRenderer: Sendable {
    public var json: Bool
    /// What text output prints (`--print`); JSON always carries everything.
    public var print: PrintMode

    /// `--print`: with a screen reader reading the terminal, printed announcements are heard
    /// twice (the screen reader's voice and ours).
    public enum PrintMode: String, CaseIterable, Sendable {
        /// Everything: announcements, what is spoken, tables, errors.
        case all
        /// Only what is not spoken (tables, status, help, what was heard, errors).
        case unspoken
        /// Nothing but errors.
        case none
    }

    public init(json: Bool, print: PrintMode = .all) {
        self.json = json
        self.print = print
    }

    public struct Lines: Equatable {
        public var stdout: [String] = []
        public var stderr: [String] = []
    }

    /// `lineNumber` is given when reading a script, so errors say where they happened.
    public func render(_ output: SessionOutput, lineNumber: Int? = nil) -> Lines {
        var lines = Lines()
        switch output {
        case .announcement(let a):
            if json {
                lines.stdout.append(Self.json(a).serialized())
            } else if print == .all {
                lines.stdout.append(a.text)
            }
        case .speech(let speech):
            // `say` text may hold escape sequences: JSON escapes them itself, text output is made
            // terminal-safe as it is written (OutputStream.writeLine).
            if json {
                lines.stdout.append(speech.json.serialized())
            } else if speech.isPrinted && print == .all {
                lines.stdout.append(speech.text)
            }
        case .info(let info), .boundary(let info):
            if json {
                lines.stdout.append(info.json.serialized())
            } else if print != .none {
                lines.stdout += info.text
            }
        case .error(let message):
            if json {
                lines.stdout.append(Self.errorEvent(message, line: lineNumber).serialized())
            } else {
                lines.stderr.append(lineNumber.map { "line \($0): \(message)" } ?? "error: \(message)")
            }
        case .stopSpeech, .quit, .file:
            break
        }
        return lines
    }

    /// `{"type":"error","message":"…","line":3}`: the one shape of every error event, from the
    /// REPL, a script or `verify` (which names the `file`).
    static func errorEvent(_ message: String, line: Int? = nil, file: String? = nil) -> JSON {
        var members: [(String, JSON)] = [("type", .string("error")), ("message", .string(message))]
        if let line { members.append(("line", .int(line))) }
        if let file { members.append(("file", .string(file))) }
        return .object(members)
    }

    /// `{"type":"announcement","action":"increment","text":"Page 2 of 3","page":2,"count":3,
    /// "boundary":false,"priority":"default","settle_ms":450}`
    public static func json(_ a: Announcement) -> JSON {
        .object([
            ("type", .string("announcement")),
            ("action", .string(a.action)),
            ("text", .string(a.text)),
            ("page", .int(a.page)),
            ("count", .int(a.count)),
            ("boundary", .bool(a.isBoundary)),
            ("priority", .string(a.priority.rawValue)),
            ("settle_ms", .int(a.settleMilliseconds)),
        ])
    }
}

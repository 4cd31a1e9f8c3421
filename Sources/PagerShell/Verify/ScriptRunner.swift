import PagerCore

/// Runs one verify script against a fresh session and collects every check's result. No speech:
/// what a screen reader would say is checked as text, in microseconds per step.
public struct ScriptRunner: Sendable {
    public struct Check: Sendable, Equatable {
        public var file: String
        public var line: Int
        public var passed: Bool
        /// The expectation, or the command that failed.
        public var expected: String
        public var got: String
        /// A failure said whole, where "expected …, got …" would say less (a real page: what the
        /// model says beside what the page conveys).
        public var detail: String?

        public init(file: String, line: Int, passed: Bool, expected: String, got: String, detail: String? = nil) {
            self.file = file
            self.line = line
            self.passed = passed
            self.expected = expected
            self.got = got
            self.detail = detail
        }

        /// `FILE:LINE: expected … got …`; a finding about the whole script (line 0) is
        /// `FILE: what` (`mine.pv: no checks`). Each side is clipped to `shownLength` characters
        /// (a 1 MB expect line is one readable line, not 2 MB); JSON keeps them whole.
        public var failureLine: String {
            if let detail {
                return line == 0 ? "\(file): \(detail.clipped(Self.shownLength))" : "\(file):\(line): \(detail.clipped(Self.shownLength))"
            }
            return line == 0
                ? "\(file): \(got.clipped(Self.shownLength))"
                : "\(file):\(line): expected \(expected.clipped(Self.shownLength)), got \(got.clipped(Self.shownLength))"
        }

        static let shownLength = 500
    }

    public struct Result: Sendable {
        public var file: String
        public var checks: [Check]
        public var nanoseconds: UInt64
        /// The real page the script ran on (`verify --url`), for every report of it.
        public var url: String?
        public var failed: [Check] { checks.filter { !$0.passed } }
    }

    public var initial: Session

    public init(initial: Session) { self.initial = initial }

    /// What a check by ear makes of an expected text (`verify --listen`): the text, the session
    /// at the check and everything said so far, to whether it was heard as itself.
    public typealias Hearing = (_ text: String, _ session: Session, _ said: [String]) -> (passed: Bool, expected: String, got: String)

    /// Runs the script in `text`; with `hearing`, each `expect "TEXT"` is also a check by ear.
    public func run(file: String, text: String, hearing: Hearing? = nil) -> Result {
        let clock = ContinuousClock()
        let start = clock.now
        var session = initial
        var checks: [Check] = []
        var spokenSinceCheck: [SessionOutput] = []
        var lastSpoken: SessionOutput?
        /// The last thing said or silently refused at an edge, for `expect-boundary`.
        var lastOutcome: SessionOutput?
        /// The page being read aloud (a document's), for `expect-read`: kept apart from what
        /// `expect` and `expect-silence` check, as a screen reader's continuous reading is.
        var reading: [String] = []
        /// Everything spoken so far, for the phrases a check by ear can hear.
        var said: [String] = []

        func absorb(_ outputs: [SessionOutput], line lineNumber: Int, command: String) {
            for output in outputs {
                switch output {
                case .speech(let speech) where speech.kind == "read":
                    reading.append(speech.text)
                case .stopSpeech:
                    reading = []
                case .announcement, .speech:
                    if let text = output.spokenText { said.append(text) }
                    lastSpoken = output
                    lastOutcome = output
                    spokenSinceCheck.append(output)
                case .boundary:
                    lastOutcome = output
                case .file(let request):
                    // A check never leaves files behind: say so rather than pretend it was written.
                    checks.append(
                        Check(
                            file: file, line: lineNumber, passed: false, expected: "'\(command.clipped())' to run",
                            got: "error: verify scripts do not write files (\(request.path.clipped()))"))
                case .error(let message):
                    checks.append(
                        Check(
                            file: file, line: lineNumber, passed: false,
                            expected: "'\(command.clipped())' to run", got: "error: \(message)"))
                default:
                    break
                }
            }
        }
        // A document opened with --read is arrived on first, as `pagervoice read` does.
        if session.document != nil { absorb(session.run(.arrive), line: 0, command: "read") }

        var expectations = 0
        for (offset, line) in Self.lines(text).enumerated() {
            let lineNumber = offset + 1
            let trimmed = String(line).trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }

            let expectation: Expectation?
            do {
                expectation = try Expectation.parse(trimmed)
            } catch {
                checks.append(
                    Check(
                        file: file, line: lineNumber, passed: false, expected: "a valid check",
                        got: "error: \(error.message)"))
                continue
            }
            if let expectation {
                expectations += 1
                checks.append(
                    check(
                        expectation, file: file, line: lineNumber, session: session,
                        last: lastSpoken, outcome: lastOutcome, sinceCheck: spokenSinceCheck, reading: reading))
                if let hearing, case .spoken(let expected) = expectation {
                    let heard = hearing(expected, session, said)
                    checks.append(Check(file: file, line: lineNumber, passed: heard.passed, expected: heard.expected, got: heard.got))
                }
                spokenSinceCheck = []
                continue
            }
            absorb(session.handle(trimmed), line: lineNumber, command: trimmed)
        }
        // A script that checks nothing proves nothing: it must not pass a CI job.
        if expectations == 0 {
            checks.append(Check(file: file, line: 0, passed: false, expected: "at least one check", got: "no checks"))
        }
        let elapsed = clock.now - start
        let ns = UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
        return Result(file: file, checks: checks, nanoseconds: ns)
    }

    /// The script's lines, whatever editor wrote it: LF, CRLF and lone CR all end a line (a CRLF
    /// file read as one line would otherwise check nothing and pass).
    static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        // Characters, not scalars: "\r\n" is one Character, so it ends one line.
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(text[start..<index])
                start = next
            }
            index = next
        }
        lines.append(text[start...])
        return lines
    }

    func check(
        _ expectation: Expectation, file: String, line: Int, session: Session,
        last: SessionOutput?, outcome: SessionOutput?, sinceCheck: [SessionOutput], reading: [String] = []
    ) -> Check {
        func describe(_ output: SessionOutput?) -> String {
            guard let text = output?.spokenText else { return "nothing spoken" }
            return "\"\(text)\""
        }
        let passed: Bool
        let got: String
        switch expectation {
        case .spoken(let text):
            passed = last?.spokenText == text
            got = describe(last)
        case .page(let page):
            passed = session.pager.pageNumber == page
            got = "page \(session.pager.pageNumber) of \(session.pager.count)"
        case .position(let page, let count):
            passed = session.pager.pageNumber == page && session.pager.count == count
            got = "position \(session.pager.pageNumber) of \(session.pager.count)"
        case .boundary:
            switch outcome {
            case .announcement(let a) where a.isBoundary:
                passed = true
                got = "boundary \"\(a.text)\""
            case .boundary(let info):
                passed = true
                got = "boundary \(info.text.first ?? "")"
            default:
                passed = false
                got = outcome == nil ? "nothing spoken" : "no boundary (\(describe(outcome)))"
            }
        case .reading(let text):
            // Compared and shown as one line: a page's line breaks are not words.
            let read = reading.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            passed = read.contains(text)
            got = read.isEmpty ? "nothing read" : "\"\(read.count > 60 ? String(read.prefix(60)) + "…" : read)\""
        case .focus(let text):
            let said = session.pager.focusedElement.focusDescription(verbosity: session.verbosity)
            passed = said == text
            got = "focus on \"\(said)\""
        case .silence:
            passed = sinceCheck.isEmpty
            got = sinceCheck.isEmpty ? "silence" : sinceCheck.compactMap(\.spokenText).map { "\"\($0)\"" }.joined(separator: ", ")
        }
        return Check(file: file, line: line, passed: passed, expected: expectation.expectedText, got: got)
    }
}

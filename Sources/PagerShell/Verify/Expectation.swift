import PagerCore

/// A check in a `verify` script. Scripts are REPL commands plus these lines.
public enum Expectation: Sendable, Equatable {
    /// `expect "Page 2 of 3"`: the last thing spoken.
    case spoken(String)
    /// `expect-page 2`: the current page, 1-based (0 when there are none).
    case page(Int)
    /// `expect-boundary`: the last announcement hit an edge.
    case boundary
    /// `expect-silence`: nothing was spoken since the previous check.
    case silence
    /// `expect-focus "Page, 2 of 3"`: what VoiceOver says for the focused element.
    case focus(String)
    /// `expect-read "TEXT"`: the page being read (since it was arrived on, or `read`) holds TEXT.
    case reading(String)
    /// `expect-position 2 of 6`: the position and the count conveyed, whatever the wording.
    case position(Int, of: Int)

    /// `expect-page` or `expect-position`: the checks that compare pages.
    var isPageCheck: Bool {
        switch self {
        case .page, .position: true
        default: false
        }
    }

    /// Parses an expectation line; nil when the line is not one (then it is a REPL command).
    public static func parse(_ line: String) throws(UsageError) -> Expectation? {
        let (word, rest) = CommandParser.splitFirstWord(line.trimmingSpaces())
        switch word.lowercased() {
        case "expect":
            return .spoken(try unquote(rest.trimmingSpaces()))
        case "expect-focus":
            return .focus(try unquote(rest.trimmingSpaces()))
        case "expect-read":
            return .reading(try unquote(rest.trimmingSpaces()))
        case "expect-page":
            return .page(try NumberParsing.int(rest, what: "expect-page", in: 0...Int.max))
        case "expect-position":
            let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard words.count == 3, words[1].lowercased() == "of" else {
                throw UsageError("expect-position takes N of M, e.g. expect-position 2 of 6")
            }
            let count = try NumberParsing.int(words[2], what: "expect-position's count", in: 0...Int.max)
            let position = try NumberParsing.int(words[0], what: "expect-position", in: 0...Int.max)
            guard position <= count, (position == 0) == (count == 0) else {
                throw UsageError("expect-position \(position) of \(count) cannot hold: a position is 1 to the count (0 of 0 when empty)")
            }
            return .position(position, of: count)
        case "expect-boundary":
            guard rest.trimmingSpaces().isEmpty else { throw UsageError("expect-boundary takes no arguments") }
            return .boundary
        case "expect-silence":
            guard rest.trimmingSpaces().isEmpty else { throw UsageError("expect-silence takes no arguments") }
            return .silence
        default:
            return nil
        }
    }

    /// `"text with \"quotes\""` or bare text to the end of the line.
    static func unquote(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError("expect needs the text, e.g. expect \"Page 2 of 3\"") }
        guard text.first == "\"" else { return text }
        var out = ""
        var escaped = false
        var closed = false
        for character in text.dropFirst() {
            if closed { throw UsageError("unexpected text after the closing quote") }
            if escaped {
                out.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                closed = true
            } else {
                out.append(character)
            }
        }
        guard closed else { throw UsageError("missing closing quote") }
        return out
    }

    /// What was expected, as the failure line says it: `expected "Page 3 of 3", got "Page 2 of 3"`.
    public var expectedText: String {
        switch self {
        case .spoken(let text): "\"\(text)\""
        case .page(let page): "page \(page)"
        case .boundary: "a boundary"
        case .silence: "silence"
        case .focus(let text): "focus on \"\(text)\""
        case .reading(let text): "the page read to hold \"\(text)\""
        case .position(let page, let count): "position \(page) of \(count)"
        }
    }

    public var description: String {
        switch self {
        case .spoken(let text): "expect \"\(text)\""
        case .page(let page): "expect-page \(page)"
        case .boundary: "expect-boundary"
        case .silence: "expect-silence"
        case .focus(let text): "expect-focus \"\(text)\""
        case .reading(let text): "expect-read \"\(text)\""
        case .position(let page, let count): "expect-position \(page) of \(count)"
        }
    }
}

import PagerCore

/// Turns one line into a `ShellCommand`, or one clear error. Pure, so it can be fuzzed and tested
/// without a terminal. Page numbers are 1-based here and 0-based in the model.
public enum CommandParser {
    /// The longest line accepted; longer ones are refused whole rather than truncated and obeyed.
    public static let maximumLineLength = 65_536

    /// `pageCount`, when known, lets `go` name the valid range in its error.
    public static func parse(_ line: String, pageCount: Int? = nil) throws(UsageError) -> ShellCommand? {
        let trimmed = line.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        let (word, rest) = splitFirstWord(trimmed)
        let name = word.lowercased()
        let arguments = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)

        func none() throws(UsageError) {
            guard arguments.isEmpty else { throw UsageError("\(name) takes no arguments") }
        }
        func one(_ what: String) throws(UsageError) -> String {
            guard arguments.count == 1 else {
                throw UsageError(arguments.isEmpty ? "\(name) needs \(what)" : "\(name) takes one argument: \(what)")
            }
            return arguments[0]
        }
        func choice<T>(_ options: [(String, T)], what: String) throws(UsageError) -> T {
            let value = try one(what).lowercased()
            guard let match = options.first(where: { $0.0 == value }) else {
                throw UsageError("\(name) takes \(what), not '\(value.clipped())'")
            }
            return match.1
        }
        func points(_ text: String, _ what: String) throws(UsageError) -> Double {
            try NumberParsing.double(text, what: what, in: -Pager.maximumPoints...Pager.maximumPoints)
        }

        switch name {
        case "increment", "next":
            try none()
            return .action(.increment)
        case "decrement", "previous", "prev":
            try none()
            return .action(.decrement)
        case "scroll":
            return .action(.scroll(try choice([("trailing", .trailing), ("leading", .leading)], what: "trailing or leading")))
        case "swipe":
            return .action(.swipe(try choice([("left", .left), ("right", .right)], what: "left or right")))
        case "drag":
            // `--dy DY` may stand anywhere after the word; the rest are DX [PREDICTED].
            var rest = arguments
            var dy = 0.0
            if let flag = rest.firstIndex(where: { $0.lowercased() == "--dy" }) {
                guard flag + 1 < rest.count else { throw UsageError("--dy needs the vertical movement DY, in points") }
                dy = try points(rest[flag + 1], "DY")
                rest.removeSubrange(flag...(flag + 1))
            }
            guard (1...2).contains(rest.count) else {
                throw UsageError("drag takes DX, an optional PREDICTED and an optional --dy DY, in points")
            }
            let dx = try points(rest[0], "DX")
            let predicted = rest.count == 2 ? try points(rest[1], "PREDICTED") : nil
            return .action(.drag(translation: dx, predicted: predicted, vertical: dy))
        case "press":
            try none()
            return .action(.dragBegan)
        case "move":
            guard (1...2).contains(arguments.count) else { throw UsageError("move takes DX and an optional DY, in points") }
            let dy = arguments.count == 2 ? try points(arguments[1], "DY") : 0
            return .action(.dragChanged(translation: try points(arguments[0], "DX"), vertical: dy))
        case "release":
            guard arguments.count <= 1 else { throw UsageError("release takes at most PREDICTED, in points") }
            return .action(.dragEnded(predicted: arguments.isEmpty ? nil : try points(arguments[0], "PREDICTED")))
        case "go":
            let text = try one("a page number")
            if let page = Int(text), page >= 1 { return .action(.goTo(page - 1)) }
            if let pageCount {
                guard pageCount > 0 else { throw UsageError(PagerError.noPages.description) }
                if let page = Double(text), page.isFinite, page == page.rounded() {
                    throw UsageError("there is no page \(text.clipped()): pages are 1 to \(pageCount)")
                }
            }
            let page = try NumberParsing.int(text, what: "page", in: 1...Int.max)
            return .action(.goTo(page - 1))
        case "count":
            let count = try NumberParsing.int(try one("a number of pages"), what: "count", in: 0...Pager.maximumPageCount)
            return .action(.setCount(count))
        case "pages":
            let titles = rest.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            guard !rest.trimmingSpaces().isEmpty else { throw UsageError("pages needs titles separated by commas (use count 0 for none)") }
            return .action(.setPages(titles))
        case "width":
            return .action(.setWidth(try NumberParsing.double(try one("a width in points"), what: "width", in: 0...Pager.maximumPoints)))
        case "reduce-motion":
            return .action(.setReduceMotion(try choice([("on", true), ("off", false)], what: "on or off")))
        case "direction":
            return .action(.setDirection(try choice([("ltr", .leftToRight), ("rtl", .rightToLeft)], what: "ltr or rtl")))
        case "lang":
            let code = try one("a language code")
            guard SpokenStrings.forLanguage(code) != nil else { throw UsageError(PagerError.unknownLanguage(code.clipped()).description) }
            return .action(.setLanguage(code))
        case "transition":
            return .action(
                .setPageChangeStyle(
                    try choice(
                        PageChangeStyle.allCases.map { ($0.rawValue, $0) },
                        what: "interactive, parallax-push or slide-scale")))
        case "focus":
            guard !arguments.isEmpty else { return .focus }
            return .action(.moveFocus(try choice(FocusMove.allCases.map { ($0.rawValue, $0) }, what: "next, previous, first or last")))
        case "first":
            try none()
            return .firstPage
        case "last":
            try none()
            return .lastPage
        case "read":
            try none()
            return .readPage
        case "search":
            guard !rest.trimmingSpaces().isEmpty else { throw UsageError("search needs the text to find") }
            return .search(rest)
        case "describe":
            try none()
            return .describe
        case "style":
            return .action(.setDotsStyle(try choice(PageDots.Style.allCases.map { ($0.rawValue, $0) }, what: "pager or indicator")))
        case "text-size":
            let name = try one("a text size")
            guard let size = TextSize(name: name) else {
                throw UsageError(
                    "text-size takes one of \(TextSize.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name.clipped())'")
            }
            return .action(.setTextSize(size))
        case "layout":
            try none()
            return .layout
        case "frames":
            guard !arguments.isEmpty else { return .frames(svg: nil) }
            guard arguments.count >= 2, arguments[0].lowercased() == "--svg" else {
                throw UsageError("frames takes nothing, or --svg FILE to draw the frames as a picture")
            }
            // The file name is everything after --svg, spaces and all.
            return .frames(svg: String(rest.dropFirst(arguments[0].count)).trimmingSpaces())
        case "repeat":
            try none()
            return .repeatLast
        case "say":
            guard !rest.trimmingSpaces().isEmpty else { throw UsageError("say needs some text") }
            return .say(rest)
        case "stop":
            try none()
            return .stop
        case "status":
            try none()
            return .status
        case "voices":
            try none()
            return .voices
        case "help", "?":
            guard arguments.count <= 1 else { throw UsageError("help takes at most one command name") }
            return .help(arguments.first?.lowercased())
        case "quit", "exit":
            try none()
            return .quit
        default:
            let hint = Suggest.nearest(to: name, among: CommandInfo.allNames).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError("unknown command '\(word.clipped())'\(hint); type help for the list")
        }
    }

    /// The first word and everything after the whitespace that follows it (kept verbatim, so
    /// `say` and `pages` see their text exactly as typed).
    static func splitFirstWord(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
        let rest = line[space...].drop { $0 == " " || $0 == "\t" }
        return (String(line[..<space]), String(rest))
    }
}

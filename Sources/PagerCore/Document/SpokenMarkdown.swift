/// The text of a Markdown page as it should be heard: the words, without the markup a screen
/// reader user does not want read out (`#`, `*`, `_`, backticks, `>`, bullets, table pipes, link
/// targets, HTML), in blocks that each end as a sentence so the voice pauses between a heading
/// and what follows.
///
/// Code blocks (fenced or indented) are read as their text, verbatim, fence lines left out.
/// Ordered list numbers are kept (they are words: "1."); task boxes `[x]` are kept. Links keep
/// their text, images their alt text, autolinks (`<https://…>`) their address. A table row is
/// read as its cells separated by commas; its delimiter row is left out. Link reference
/// definitions, thematic breaks and setext underlines are left out; HTML comments go, also over
/// several lines. Terminal escape sequences go too (`TerminalEscapes`).
public enum SpokenMarkdown {
    private struct Block {
        var lines: [String] = []
        var isCode = false
        /// A list item or paragraph that the next line of text continues.
        var continues = false
    }

    /// `markdown`'s words in blocks separated by a blank line. `startsInCodeBlock`: the text
    /// begins inside a fenced code block (a page cut there), so its first fence closes one.
    public static func text(_ markdown: String, startsInCodeBlock: Bool = false) -> String {
        let markdown = TerminalEscapes.removed(from: markdown)
        var blocks: [Block] = []
        var current = Block()
        var fence: (marker: UInt8, length: Int)? = startsInCodeBlock ? (UInt8(ascii: "`"), 3) : nil
        var inComment = false
        var inTable = false
        var previousBlank = true

        func finish() {
            if !current.lines.isEmpty { blocks.append(current) }
            current = Block()
        }

        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.last == "\r" ? line.dropLast() : line
        }
        var index = 0
        while index < lines.count {
            var line = String(lines[index])
            index += 1
            if inComment {
                if line.contains("-->") { inComment = false }
                continue
            }
            if let open = fence {
                if case .fence(let marker, let length, closes: true) = shape(line).kind,
                    marker == open.marker || startsInCodeBlock, length >= open.length || startsInCodeBlock
                {
                    fence = nil
                    finish()
                } else {
                    current.isCode = true
                    current.lines.append(trailingTrimmed(line))
                }
                continue
            }
            line = withoutQuoteMarkers(line)
            let lineShape = shape(line)
            let indent = indentation(line)
            if lineShape.kind == .blank {
                finish()
                inTable = false
                previousBlank = true
                continue
            }
            defer { previousBlank = false }
            if indent >= 4 && (previousBlank || current.isCode) && !current.continues {
                if !current.isCode { finish() }
                current.isCode = true
                current.lines.append(String(line.unicodeScalars.dropFirst(leadingWhitespaceCount(line))))
                continue
            }
            if current.isCode { finish() }
            let trimmed = trimmedLeading(line)
            if trimmed.hasPrefix("<!--") && !trimmed.contains("-->") {
                inComment = true
                continue
            }
            switch lineShape.kind {
            case .fence(let marker, let length, _):
                finish()
                fence = (marker, length)
                continue
            case .heading:
                finish()
                current.lines = [MarkdownInline.plain(headingText(trimmed))]
                finish()
                continue
            case .underline, .thematicBreak:
                // An underline makes the paragraph above a heading: it ends there.
                finish()
                continue
            default:
                break
            }
            if isReferenceDefinition(trimmed) { continue }
            if inTable || (trimmed.contains("|") && index < lines.count && isDelimiterRow(String(lines[index]))) {
                finish()
                if !inTable { index += 1 }
                inTable = true
                let cells = tableCells(trimmed).map { MarkdownInline.plain($0) }.filter { !$0.isEmpty }
                if !cells.isEmpty {
                    current.lines = [cells.joined(separator: ", ")]
                    finish()
                }
                continue
            }
            if let item = listItemText(trimmed) {
                finish()
                current.lines = [item]
                current.continues = true
                continue
            }
            if current.lines.isEmpty { current.continues = true }
            current.lines.append(trimmed)
        }
        finish()

        var spoken: [String] = []
        for block in blocks {
            if block.isCode {
                spoken.append(block.lines.joined(separator: "\n"))
                continue
            }
            let text = trimmedWhitespace(MarkdownInline.plain(block.lines.joined(separator: "\n")))
            if !text.isEmpty { spoken.append(endedAsSentence(text)) }
        }
        return spoken.joined(separator: "\n\n")
    }

    /// One line's words (a page title): quote markers, heading marks, a bullet, table pipes and
    /// inline markup removed.
    public static func line(_ text: String) -> String {
        let trimmed = trimmedLeading(withoutQuoteMarkers(text))
        let body: String
        switch shape(trimmed).kind {
        case .heading: body = headingText(trimmed)
        case .underline, .thematicBreak: return ""
        case .fence: return ""
        default:
            if trimmed.hasPrefix("|") {
                return tableCells(trimmed).map { MarkdownInline.plain($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
            }
            body = listItemText(trimmed) ?? trimmed
        }
        return MarkdownInline.plain(body)
    }

    // MARK: Lines

    private static func shape(_ line: String) -> MarkdownLine {
        var copy = line
        return copy.withUTF8 { MarkdownLine(UnsafeRawBufferPointer($0)) }
    }

    private static func indentation(_ line: String) -> Int {
        var column = 0
        for c in line.unicodeScalars {
            if c == " " {
                column += 1
            } else if c == "\t" {
                column += 4 - column % 4
            } else {
                break
            }
        }
        return column
    }

    private static func leadingWhitespaceCount(_ line: String) -> Int {
        line.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
    }

    private static func trimmedLeading(_ line: String) -> String {
        String(line.unicodeScalars.dropFirst(leadingWhitespaceCount(line)))
    }

    private static func trailingTrimmed(_ line: String) -> String {
        var scalars = Substring(line).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    private static func trimmedWhitespace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    /// `> > text` → `text` (up to three spaces before each marker, one after).
    private static func withoutQuoteMarkers(_ line: String) -> String {
        var scalars = Substring(line).unicodeScalars
        while true {
            let spaces = scalars.prefix { $0 == " " }.count
            guard spaces <= 3, scalars.dropFirst(spaces).first == ">" else { break }
            scalars = scalars.dropFirst(spaces + 1)
            if scalars.first == " " { scalars = scalars.dropFirst() }
        }
        return String(scalars)
    }

    /// `## Title ##` → `Title`.
    private static func headingText(_ trimmed: String) -> String {
        var scalars = Substring(trimmed).unicodeScalars.drop { $0 == "#" }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        let closing = scalars.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let rest = scalars.dropLast(closing)
            if rest.isEmpty || rest.last == " " || rest.last == "\t" { scalars = rest }
        }
        return trimmedWhitespace(String(scalars))
    }

    /// The text of a list item without its bullet; an ordered item keeps its number. Nil when
    /// the line is not a list item.
    private static func listItemText(_ trimmed: String) -> String? {
        let scalars = Array(trimmed.unicodeScalars)
        guard let first = scalars.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            guard scalars.count == 1 || scalars[1] == " " || scalars[1] == "\t" else { return nil }
            return trimmedWhitespace(String(String.UnicodeScalarView(scalars.dropFirst())))
        }
        var digits = 0
        while digits < scalars.count && digits < 9 && ("0"..."9").contains(scalars[digits]) { digits += 1 }
        guard digits > 0, digits < scalars.count, scalars[digits] == "." || scalars[digits] == ")",
            digits + 1 == scalars.count || scalars[digits + 1] == " " || scalars[digits + 1] == "\t"
        else { return nil }
        return trimmed
    }

    /// `[label]: target`.
    private static func isReferenceDefinition(_ trimmed: String) -> Bool {
        guard trimmed.hasPrefix("["), !trimmed.hasPrefix("[^"), let close = trimmed.firstIndex(of: "]") else { return false }
        let after = trimmed[trimmed.index(after: close)...]
        return after.hasPrefix(":") && after.dropFirst().contains { !$0.isWhitespace }
    }

    /// `|---|:--:|`, `--- | ---`: a table's delimiter row.
    static func isDelimiterRow(_ line: String) -> Bool {
        let trimmed = trimmedWhitespace(line)
        guard trimmed.contains("-") else { return false }
        guard trimmed.contains("|") else { return false }
        return trimmed.unicodeScalars.allSatisfy { $0 == "|" || $0 == "-" || $0 == ":" || $0 == " " || $0 == "\t" }
    }

    /// A table row's cells: split at pipes that are not escaped or inside backticks.
    private static func tableCells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = String.UnicodeScalarView()
        var inCode = false
        var escaped = false
        for c in row.unicodeScalars {
            if escaped {
                cell.append(c)
                escaped = false
                continue
            }
            switch c {
            case "\\":
                escaped = true
                cell.append(c)
            case "`":
                inCode.toggle()
                cell.append(c)
            case "|" where !inCode:
                cells.append(String(cell))
                cell = String.UnicodeScalarView()
            default:
                cell.append(c)
            }
        }
        cells.append(String(cell))
        return cells.map(trimmedWhitespace)
    }

    /// Sentence-final marks after which a voice pauses.
    private static let stops: Set<Unicode.Scalar> = [
        ".", "!", "?", ":", ";", "\u{2026}", "\u{3002}", "\u{FF01}", "\u{FF1F}", "\u{061F}", "\u{06D4}", "\u{0964}", "\u{0965}",
    ]
    private static let closers: Set<Unicode.Scalar> = ["\"", "'", ")", "]", "\u{201D}", "\u{2019}", "\u{BB}"]

    /// The text, with a full stop added unless it already ends a sentence.
    private static func endedAsSentence(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, closers.contains(last) { scalars.removeLast() }
        if let last = scalars.last, stops.contains(last) { return text }
        return text + "."
    }
}

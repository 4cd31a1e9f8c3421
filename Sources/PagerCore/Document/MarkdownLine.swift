/// What one line is, as far as cutting a document into pages needs to know: the block-level
/// Markdown that starts or ends a section or a code block, blank lines, and whether the line ends
/// a sentence. Only the line's own bytes are looked at; the scanner keeps the context (inside a
/// fenced code block, the line before).
struct MarkdownLine: Equatable {
    enum Kind: Equatable {
        case blank
        /// `#` to `######` then a space or the end of the line, indented at most three spaces.
        case heading(level: Int)
        /// ```` ``` ```` or `~~~` (three or more); `closes` when nothing but spaces follows, so it
        /// can end a block opened with the same character and no more of them.
        case fence(marker: UInt8, length: Int, closes: Bool)
        /// A line of only `=` (level 1) or only `-` (level 2), which makes the paragraph above
        /// it a heading (setext); `-` lines of three or more are also thematic breaks.
        case underline(level: Int, length: Int)
        /// `***`, `* * *`, `___`, `- - -`: a thematic break, never a heading.
        case thematicBreak
        /// Text that can be (part of) a paragraph, hence the text of a setext heading.
        case paragraph
        /// Other text: indented code, a list item, a quote, a table row.
        case other
    }

    var kind: Kind
    /// Ends with `.`, `!` or `?` (perhaps inside a closing quote or bracket), or the full stops
    /// and question marks of CJK, Arabic and Devanagari: a good place to end a page.
    var endsSentence: Bool

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0B }

    init(_ line: UnsafeRawBufferPointer) {
        var end = line.count
        while end > 0 && Self.isSpace(line[end - 1]) { end -= 1 }
        guard end > 0 else {
            kind = .blank
            endsSentence = false
            return
        }
        endsSentence = Self.endsSentence(line, end: end)
        var start = 0
        var column = 0
        while start < end, line[start] == 0x20 || line[start] == 0x09 {
            column += line[start] == 0x09 ? 4 - column % 4 : 1
            start += 1
        }
        kind = column >= 4 ? .other : Self.kind(line, start: start, end: end)
    }

    private static func kind(_ line: UnsafeRawBufferPointer, start: Int, end: Int) -> Kind {
        let first = line[start]
        var run = start
        while run < end && line[run] == first { run += 1 }
        let runLength = run - start
        let restIsSpace = (run..<end).allSatisfy { isSpace(line[$0]) }
        switch first {
        case UInt8(ascii: "#"):
            if runLength <= 6 && (run == end || line[run] == 0x20 || line[run] == 0x09) { return .heading(level: runLength) }
            return .paragraph
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            guard runLength >= 3 else { return .paragraph }
            // A backtick fence's info string cannot contain a backtick (that is inline code).
            if first == UInt8(ascii: "`") && (run..<end).contains(where: { line[$0] == first }) { return .paragraph }
            return .fence(marker: first, length: runLength, closes: restIsSpace)
        case UInt8(ascii: "="):
            return restIsSpace ? .underline(level: 1, length: runLength) : .paragraph
        case UInt8(ascii: "-"):
            if restIsSpace { return .underline(level: 2, length: runLength) }
            if isThematicBreak(line, start: start, end: end) { return .thematicBreak }
            return startsListItem(line, start: start, end: end) ? .other : .paragraph
        case UInt8(ascii: "*"), UInt8(ascii: "_"):
            if isThematicBreak(line, start: start, end: end) { return .thematicBreak }
            return first == UInt8(ascii: "*") && startsListItem(line, start: start, end: end) ? .other : .paragraph
        case UInt8(ascii: "+"):
            return startsListItem(line, start: start, end: end) ? .other : .paragraph
        case UInt8(ascii: ">"), UInt8(ascii: "|"):
            return .other
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return startsListItem(line, start: start, end: end) ? .other : .paragraph
        default:
            return .paragraph
        }
    }

    /// Three or more of one of `*`, `-`, `_`, with only spaces between.
    private static func isThematicBreak(_ line: UnsafeRawBufferPointer, start: Int, end: Int) -> Bool {
        let marker = line[start]
        var count = 0
        for i in start..<end {
            if line[i] == marker {
                count += 1
            } else if !isSpace(line[i]) {
                return false
            }
        }
        return count >= 3
    }

    /// `-`, `*` or `+` then a space, or one to nine digits, `.` or `)`, then a space.
    private static func startsListItem(_ line: UnsafeRawBufferPointer, start: Int, end: Int) -> Bool {
        var i = start
        if line[i] == UInt8(ascii: "-") || line[i] == UInt8(ascii: "*") || line[i] == UInt8(ascii: "+") {
            i += 1
        } else {
            while i < end && i - start < 9 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(line[i]) { i += 1 }
            guard i > start, i < end, line[i] == UInt8(ascii: ".") || line[i] == UInt8(ascii: ")") else { return false }
            i += 1
        }
        return i == end || line[i] == 0x20 || line[i] == 0x09
    }

    private static func endsSentence(_ line: UnsafeRawBufferPointer, end: Int) -> Bool {
        var i = end - 1
        // Closing quotes and brackets after the stop: `."`, `?)`, `.’`, `!”`.
        while i > 0 {
            let byte = line[i]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") {
                i -= 1
            } else if i >= 2 && line[i - 2] == 0xE2 && line[i - 1] == 0x80 && (byte == 0x99 || byte == 0x9D) {
                i -= 3
            } else {
                break
            }
        }
        guard i >= 0 else { return false }
        let last = line[i]
        if last == UInt8(ascii: ".") || last == UInt8(ascii: "!") || last == UInt8(ascii: "?") { return true }
        guard last >= 0x80 else { return false }
        // Multi-byte stops, by their last bytes: 。 ！ ？ (E3 80 82, EF BC 81, EF BC 9F),
        // Arabic ؟ and ۔ (D8 9F, DB 94), Devanagari । ॥ (E0 A5 A4, E0 A5 A5).
        func ends(_ tail: [UInt8]) -> Bool {
            i + 1 >= tail.count && (0..<tail.count).allSatisfy { line[i + 1 - tail.count + $0] == tail[$0] }
        }
        return ends([0xE3, 0x80, 0x82]) || ends([0xEF, 0xBC, 0x81]) || ends([0xEF, 0xBC, 0x9F]) || ends([0xD8, 0x9F])
            || ends([0xDB, 0x94]) || ends([0xE0, 0xA5, 0xA4]) || ends([0xE0, 0xA5, 0xA5])
    }
}

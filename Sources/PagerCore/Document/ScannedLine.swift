/// One line as the scanner hands it to the page collectors: where it lies and what it is.
/// A line longer than the scanner's `maximumLineBytes` arrives as several, each cut at a character.
struct ScannedLine {
    var start: Int
    /// Where the line's text ends (its newline or form feed not included).
    var end: Int
    /// Where the next line starts.
    var next: Int
    /// 1-based number of the line in the file (pieces of one long line share it).
    var number: Int
    var isBlank: Bool
    /// Nothing at all, or only a carriage return.
    var isEmpty: Bool
    var endsSentence: Bool
    /// Ended by a form feed rather than a newline.
    var endsWithFormFeed: Bool
    /// A line that can name a page: it has text, and is not a code fence, an underline or a rule.
    var canBeTitle: Bool
    /// Inside a fenced code block before this line, and after it.
    var inCodeBefore: Bool
    var inCodeAfter: Bool

    /// The part of the line kept to make a title from.
    var titleRange: Range<Int> { start..<min(end, start + DocumentScanner.maximumTitleBytes) }
}

/// Where a Markdown section begins: at a heading, or at the first line of the paragraph that a
/// setext underline turns into one.
struct SectionStart {
    var offset: Int
    var title: Range<Int>
    var line: Int
}

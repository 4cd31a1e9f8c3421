#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts a text into pages in one pass over its bytes, fed in pieces of any size, so a file is
/// read once with a fixed buffer and never held whole (the caller does the reading: this type
/// does no I/O). It checks every byte as it goes (UTF-8, no NUL) and refuses the first that is not
/// text with where it is.
///
/// All three ways of cutting run side by side and `outline()` picks one: form feeds if the text has
/// any; else, for Markdown, level-1 and level-2 headings if there are at least two (one heading is
/// a document's title, not a structure to page through); else about `pageLines` lines a page.
/// Headings inside fenced code blocks or YAML front matter do not count.
///
/// Bounds, whatever the input: no page is longer than `maximumPageBytes` (a longer section goes
/// on over several pages, "continued"); a line longer than `maximumLineBytes` counts as several
/// lines, cut at a space or a character boundary; and there are at most `maximumPages` pages
/// (`Pager.maximumPageCount`): a document with more sections or line pages has neighbours joined
/// evenly, so a 50 MB log of ~650,000 lines gets ~9,000 pages of about 72 lines instead of ~27,000
/// of 24 (`DocumentOutline.Structure.lines(perPage:)` says how many). The page limit then wins
/// over the byte limit, which only a file over 640 MB reaches.
public struct DocumentScanner {
    /// A byte that is not text, and where: 0-based byte offset and 1-based line.
    public struct Problem: Error, Sendable, Equatable {
        public var kind: TextCheck.Problem
        public var offset: Int
        public var line: Int

        public init(kind: TextCheck.Problem, offset: Int, line: Int) {
            self.kind = kind
            self.offset = offset
            self.line = line
        }
    }

    public static let defaultPageLines = 24
    /// About ten thousand words: far more than a screen, under an hour of speech.
    public static let maximumPageBytes = 65_536
    public static let maximumLineBytes = 16_384
    /// Of a page's naming line, enough for a title of `Pager.maximumTitleLength` characters of
    /// any script with its markup.
    public static let maximumTitleBytes = 1_024

    /// A `---` first line not closed within this many lines was a rule, not YAML front matter.
    static let maximumFrontMatterLines = 64

    private enum FrontMatter {
        case possible
        case opening
        case inside
        case none
    }

    public let format: TextFormat
    public let pageLines: Int
    let maximumLineBytes: Int
    /// Bytes consumed so far.
    public private(set) var byteCount = 0
    private var lineNumber = 1
    private var lastLineEnded = true
    /// Whether the next line begins after a newline or form feed (not inside a cut long line).
    private var atLineStart = true
    private var checkedByteOrderMark = false
    private var fence: (marker: UInt8, length: Int)?
    private var frontMatter = FrontMatter.possible
    /// The first line of the paragraph being read, which an underline would make a heading.
    private var paragraph: SectionStart?
    private var formFeeds = 0
    private var headings = 0
    private var formFeedPages: SectionCollector
    private var headingPages: SectionCollector?
    private var linePages: LineCollector

    public init(
        format: TextFormat, pageLines: Int = defaultPageLines, maximumPages: Int = Pager.maximumPageCount,
        maximumPageBytes: Int = maximumPageBytes, maximumLineBytes: Int = maximumLineBytes
    ) {
        self.format = format
        self.pageLines = max(pageLines, 1)
        self.maximumLineBytes = max(maximumLineBytes, 64)
        let pageBytes = max(maximumPageBytes, self.maximumLineBytes + 1)
        formFeedPages = SectionCollector(breaks: .formFeeds, start: 0, maximumPages: maximumPages, maximumPageBytes: pageBytes)
        headingPages =
            format == .markdown
            ? SectionCollector(breaks: .headings, start: 0, maximumPages: maximumPages, maximumPageBytes: pageBytes) : nil
        linePages = LineCollector(pageLines: self.pageLines, start: 0, maximumPages: maximumPages, maximumPageBytes: pageBytes)
    }

    /// Reads the whole lines at the start of `bytes`, which continue where the last call's
    /// consumed bytes ended, and returns how many bytes it consumed. The caller passes the rest
    /// again, with more after it; with `isFinal` (nothing follows) everything is consumed.
    /// Throws at the first NUL or invalid UTF-8; the scanner is then of no further use.
    public mutating func scan(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) throws(Problem) -> Int {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        var position = 0
        if !checkedByteOrderMark {
            if count < 3 && !isFinal { return 0 }
            checkedByteOrderMark = true
            if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                position = 3
                restart(at: 3)
            }
        }
        var formFeed = nextFormFeed(base, from: position, count: count)
        while position < count {
            let searchEnd = min(count, position + maximumLineBytes + 1)
            if formFeed < position { formFeed = nextFormFeed(base, from: position, count: count) }
            var terminator = memchr(base + position, 0x0A, searchEnd - position).map { base.distance(to: UnsafeRawPointer($0)) }
            // A carriage return alone ends a line too (classic Mac OS text); before a line feed it
            // is half of CR LF. One at the end of what we have waits for the byte after it.
            if let carriageReturn = memchr(base + position, 0x0D, (terminator ?? searchEnd) - position)
                .map({ base.distance(to: UnsafeRawPointer($0)) })
            {
                if carriageReturn + 1 < count {
                    if bytes[carriageReturn + 1] != 0x0A { terminator = carriageReturn }
                } else if isFinal {
                    terminator = carriageReturn
                } else if formFeed >= carriageReturn {
                    break
                }
            }
            var isFormFeed = false
            if formFeed < searchEnd && formFeed < (terminator ?? count) {
                terminator = formFeed
                isFormFeed = true
            }
            let lineEnd: Int
            let next: Int
            if let terminator {
                lineEnd = terminator
                next = terminator + 1
            } else if searchEnd - position > maximumLineBytes {
                lineEnd = Self.cutLongLine(bytes, from: position, to: position + maximumLineBytes)
                next = lineEnd
            } else if isFinal {
                lineEnd = count
                next = count
            } else {
                break
            }
            if let found = TextCheck.firstProblem(in: UnsafeRawBufferPointer(rebasing: bytes[position..<next])) {
                throw Problem(kind: found.problem, offset: byteCount + position + found.offset, line: lineNumber)
            }
            take(
                UnsafeRawBufferPointer(rebasing: bytes[position..<lineEnd]), at: byteCount + position, next: byteCount + next,
                formFeed: isFormFeed)
            atLineStart = next > lineEnd || lineEnd == count
            if next > lineEnd && !isFormFeed { lineNumber += 1 }
            lastLineEnded = next > lineEnd && !isFormFeed
            position = next
        }
        byteCount += position
        return position
    }

    /// The pages, once `scan` has consumed everything.
    public func outline() -> DocumentOutline {
        let structure: DocumentOutline.Structure
        let cut: (pages: [DocumentOutline.Page], groupSize: Int)
        if formFeeds > 0 {
            structure = .formFeeds
            cut = formFeedPages.finished()
        } else if let headingPages, headings >= 2 {
            structure = .headings
            cut = headingPages.finished()
        } else {
            cut = linePages.finished()
            structure = .lines(perPage: pageLines * cut.groupSize)
        }
        return DocumentOutline(
            structure: structure, pages: cut.pages, byteCount: byteCount,
            lineCount: byteCount == 0 ? 0 : (lastLineEnded ? lineNumber - 1 : lineNumber), sectionsPerPage: cut.groupSize)
    }

    // MARK: One line

    private mutating func take(_ line: UnsafeRawBufferPointer, at start: Int, next: Int, formFeed: Bool) {
        let shape = MarkdownLine(line)
        let kind = atLineStart || shape.kind == .blank ? shape.kind : .other
        let titleRange = start..<min(start + line.count, start + Self.maximumTitleBytes)
        let inCodeBefore = fence != nil
        var canBeTitle = kind != .blank
        var section: SectionStart?
        if format == .markdown {
            if frontMatter == .possible {
                frontMatter = kind == .underline(level: 2, length: 3) ? .opening : .none
            }
            if frontMatter == .opening {
                frontMatter = .inside
                canBeTitle = false
            } else if frontMatter == .inside {
                // Its lines name no page: a page of only front matter goes with the next one.
                canBeTitle = false
                if kind == .underline(level: 2, length: 3) || Self.isYAMLEnd(line) || lineNumber > Self.maximumFrontMatterLines {
                    frontMatter = .none
                }
            } else if let open = fence {
                if case .fence(open.marker, let length, closes: true) = kind, length >= open.length {
                    fence = nil
                    canBeTitle = false
                }
            } else {
                switch kind {
                case .heading(let level):
                    if level <= 2 { section = SectionStart(offset: start, title: titleRange, line: lineNumber) }
                    paragraph = nil
                case .fence(let marker, let length, _):
                    fence = (marker, length)
                    canBeTitle = false
                    paragraph = nil
                case .underline:
                    section = paragraph
                    canBeTitle = false
                    paragraph = nil
                case .thematicBreak:
                    canBeTitle = false
                    paragraph = nil
                case .paragraph:
                    if paragraph == nil { paragraph = SectionStart(offset: start, title: titleRange, line: lineNumber) }
                case .blank, .other:
                    paragraph = nil
                }
            }
        }
        if section != nil { headings += 1 }
        if formFeed { formFeeds += 1 }
        let scanned = ScannedLine(
            start: start, end: start + line.count, next: next, number: lineNumber, isBlank: kind == .blank,
            isEmpty: line.isEmpty || (line.count == 1 && line[0] == 0x0D), endsSentence: shape.endsSentence,
            endsWithFormFeed: formFeed, canBeTitle: canBeTitle, inCodeBefore: inCodeBefore, inCodeAfter: fence != nil)
        formFeedPages.add(scanned, section: nil)
        headingPages?.add(scanned, section: section)
        linePages.add(scanned)
    }

    /// `...` ends YAML front matter as well as `---`.
    private static func isYAMLEnd(_ line: UnsafeRawBufferPointer) -> Bool {
        var end = line.count
        while end > 0 && MarkdownLine.isSpace(line[end - 1]) { end -= 1 }
        return end == 3 && line[0] == UInt8(ascii: ".") && line[1] == UInt8(ascii: ".") && line[2] == UInt8(ascii: ".")
    }

    /// Where to cut a line too long to be one: after the last space in the final kilobyte before
    /// `limit`, else at the start of the character `limit` falls in.
    static func cutLongLine(_ bytes: UnsafeRawBufferPointer, from start: Int, to limit: Int) -> Int {
        var i = limit
        while i > max(start, limit - 1_024) {
            if bytes[i - 1] == 0x20 { return i }
            i -= 1
        }
        i = limit
        while i > start && i > limit - 3 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        return i > start ? i : limit
    }

    private func nextFormFeed(_ base: UnsafeRawPointer, from position: Int, count: Int) -> Int {
        guard position < count, let found = memchr(base + position, 0x0C, count - position) else { return count }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Starts the pages after a byte-order mark, which belongs to no page.
    private mutating func restart(at start: Int) {
        let pageBytes = linePages.maximumPageBytes
        let maximumPages = linePages.list.maximumPages
        formFeedPages = SectionCollector(breaks: .formFeeds, start: start, maximumPages: maximumPages, maximumPageBytes: pageBytes)
        if headingPages != nil {
            headingPages = SectionCollector(breaks: .headings, start: start, maximumPages: maximumPages, maximumPageBytes: pageBytes)
        }
        linePages = LineCollector(pageLines: pageLines, start: start, maximumPages: maximumPages, maximumPageBytes: pageBytes)
    }
}

/// A document cut into pages: where each page's text lies in the file, and which line names it.
/// Pages hold byte offsets, never text, so an outline of a 50 MB file is a few hundred kilobytes;
/// the text of a page is read when it is shown or spoken.
public struct DocumentOutline: Sendable, Equatable {
    /// What the pages follow; the first that the document has wins.
    public enum Structure: Sendable, Equatable {
        /// Form feeds (U+000C), the old convention for "new page" in plain text.
        case formFeeds
        /// Level-1 and level-2 Markdown headings (`#`, `##`, `===` and `---` underlines).
        case headings
        /// About this many lines per page, cut at a paragraph or sentence end when one is near:
        /// the lines asked for, times the pages joined to stay within the pager's maximum.
        case lines(perPage: Int)
    }

    public struct Page: Sendable, Equatable {
        /// The page's bytes in the file. Pages are in file order and never overlap; what lies
        /// between two of them (a form feed and the empty line after it) belongs to neither.
        public var bytes: Range<Int>
        /// The line that names the page (its heading, or its first line with text), at most
        /// `DocumentScanner.maximumTitleBytes` of it: it may end inside a character.
        public var titleLine: Range<Int>?
        /// 1-based number of the line the page starts on.
        public var firstLine: Int
        /// The page continues a section longer than `maximumPageBytes`; its title is the
        /// section's, and says so.
        public var isContinuation: Bool
        /// The page starts inside a fenced code block (so its first fence closes one).
        public var startsInCodeBlock: Bool

        public init(
            bytes: Range<Int>, titleLine: Range<Int>?, firstLine: Int, isContinuation: Bool = false, startsInCodeBlock: Bool = false
        ) {
            self.bytes = bytes
            self.titleLine = titleLine
            self.firstLine = firstLine
            self.isContinuation = isContinuation
            self.startsInCodeBlock = startsInCodeBlock
        }

        /// This page and the one after it as one page: this one's start and name.
        func joined(with next: Page) -> Page {
            var page = titleLine == nil ? next : self
            page.bytes = bytes.lowerBound..<next.bytes.upperBound
            page.firstLine = firstLine
            page.startsInCodeBlock = startsInCodeBlock
            return page
        }
    }

    public var structure: Structure
    public var pages: [Page]
    /// Bytes read, a byte-order mark included.
    public var byteCount: Int
    public var lineCount: Int
    /// How many sections (or line pages) were joined into each page to stay within the maximum
    /// page count; 1 when none were.
    public var sectionsPerPage: Int
}

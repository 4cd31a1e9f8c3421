/// Cuts a document into sections: at form feeds, or at Markdown headings. A section longer than
/// `maximumPageBytes` goes on over several pages, each cut at a line end and named after the
/// section (`isContinuation`), so no page is too long to show or read.
struct SectionCollector {
    enum Breaks {
        case formFeeds
        case headings
    }

    let breaks: Breaks
    let maximumPageBytes: Int
    private(set) var list: PageList
    private var current: DocumentOutline.Page
    /// Where the page being built has got to.
    private var end: Int
    /// After a line ended by a form feed: where that line ended, and where the next page starts
    /// (unless the next line is empty and goes with the break).
    private var formFeedBreak: (at: Int, next: Int)?

    init(breaks: Breaks, start: Int, maximumPages: Int, maximumPageBytes: Int) {
        self.breaks = breaks
        self.maximumPageBytes = maximumPageBytes
        list = PageList(maximumPages: maximumPages)
        current = DocumentOutline.Page(bytes: start..<start, titleLine: nil, firstLine: 1)
        end = start
    }

    mutating func add(_ line: ScannedLine, section: SectionStart?) {
        if let pending = formFeedBreak {
            formFeedBreak = nil
            close(at: pending.at)
            // `^L` on a line of its own: the newline after it is part of the break.
            if line.start == pending.next && line.isEmpty && !line.endsWithFormFeed {
                open(at: line.next, line: line.number + 1, inCode: line.inCodeAfter)
                end = line.next
                return
            }
            open(at: line.start, line: line.number, inCode: line.inCodeBefore)
        }
        if let section {
            if section.offset > current.bytes.lowerBound {
                close(at: section.offset)
                open(at: section.offset, line: section.line, inCode: false)
            }
            current.titleLine = section.title
            current.isContinuation = false
        } else if end > current.bytes.lowerBound && line.next - current.bytes.lowerBound > maximumPageBytes {
            let title = current.titleLine
            close(at: line.start)
            open(at: line.start, line: line.number, inCode: line.inCodeBefore)
            current.titleLine = title
            current.isContinuation = title != nil
        }
        if current.titleLine == nil && line.canBeTitle { current.titleLine = line.titleRange }
        end = line.next
        if breaks == .formFeeds && line.endsWithFormFeed {
            formFeedBreak = (line.end, line.next)
        }
    }

    /// The pages, once every line has been added.
    func finished() -> (pages: [DocumentOutline.Page], groupSize: Int) {
        var list = self.list
        var last = current
        last.bytes = last.bytes.lowerBound..<(formFeedBreak?.at ?? end)
        list.append(last)
        return list.finished()
    }

    private mutating func close(at offset: Int) {
        current.bytes = current.bytes.lowerBound..<offset
        list.append(current)
    }

    private mutating func open(at offset: Int, line: Int, inCode: Bool) {
        current = DocumentOutline.Page(bytes: offset..<offset, titleLine: nil, firstLine: line, startsInCodeBlock: inCode)
        end = offset
    }
}

/// Cuts a document without form feeds or headings into pages of about `pageLines` lines.
///
/// "About": a page ends at the blank line nearest to `pageLines` lines within a quarter of it
/// either way (18 to 30 lines for 24), so paragraphs stay whole; failing that at the nearest line
/// that ends a sentence; failing that at exactly `pageLines`. A page also ends before the line
/// that would take it past `maximumPageBytes` (a log with very long lines gets shorter pages).
struct LineCollector {
    /// A place the page being built could end, and what the next page would then hold.
    private struct Cut {
        var offset: Int
        var lines: Int
        /// The next page's first line and fence state.
        var nextLine: Int
        var inCode: Bool
        /// The first line with text after the cut, once one has been seen.
        var title: Range<Int>?
        var distance: Int
    }

    let pageLines: Int
    let nearest: Int
    let furthest: Int
    let maximumPageBytes: Int
    private(set) var list: PageList
    private var current: DocumentOutline.Page
    private var lines = 0
    private var end: Int
    private var blankCut: Cut?
    private var sentenceCut: Cut?
    private var exactCut: Cut?

    init(pageLines: Int, start: Int, maximumPages: Int, maximumPageBytes: Int) {
        self.pageLines = max(pageLines, 1)
        nearest = self.pageLines - self.pageLines / 4
        furthest = self.pageLines + self.pageLines / 4
        self.maximumPageBytes = maximumPageBytes
        list = PageList(maximumPages: maximumPages)
        current = DocumentOutline.Page(bytes: start..<start, titleLine: nil, firstLine: 1)
        end = start
    }

    mutating func add(_ line: ScannedLine) {
        if end > current.bytes.lowerBound && line.next - current.bytes.lowerBound > maximumPageBytes {
            cut(at: Cut(offset: line.start, lines: lines, nextLine: line.number, inCode: line.inCodeBefore, title: nil, distance: 0))
        }
        lines += 1
        end = line.next
        if line.canBeTitle {
            if current.titleLine == nil { current.titleLine = line.titleRange }
            if blankCut?.title == nil { blankCut?.title = line.titleRange }
            if sentenceCut?.title == nil { sentenceCut?.title = line.titleRange }
            if exactCut?.title == nil { exactCut?.title = line.titleRange }
        }
        if lines >= nearest {
            let here = Cut(
                offset: line.next, lines: lines, nextLine: line.number + 1, inCode: line.inCodeAfter, title: nil,
                distance: abs(lines - pageLines))
            if line.isBlank {
                if blankCut.map({ here.distance < $0.distance }) ?? true { blankCut = here }
            } else if line.endsSentence {
                if sentenceCut.map({ here.distance < $0.distance }) ?? true { sentenceCut = here }
            }
            if lines == pageLines { exactCut = here }
        }
        if lines >= furthest, let best = blankCut ?? sentenceCut ?? exactCut {
            cut(at: best)
        }
    }

    func finished() -> (pages: [DocumentOutline.Page], groupSize: Int) {
        var list = self.list
        var last = current
        last.bytes = last.bytes.lowerBound..<end
        list.append(last)
        return list.finished()
    }

    private mutating func cut(at cut: Cut) {
        current.bytes = current.bytes.lowerBound..<cut.offset
        list.append(current)
        current = DocumentOutline.Page(
            bytes: cut.offset..<cut.offset, titleLine: cut.title, firstLine: cut.nextLine, startsInCodeBlock: cut.inCode)
        lines -= cut.lines
        blankCut = nil
        sentenceCut = nil
        exactCut = nil
    }
}

/// The finished pages of one way of cutting a document, kept within `compaction` times the
/// pager's maximum however long the file: when the list reaches that, neighbours are joined in
/// pairs, and every page after counts for as many. `finished` then joins evenly down to the
/// maximum. So a huge file still opens, with fewer, longer pages, and memory stays bounded by the
/// page limit (80,000 entries of 56 bytes at most). Below the compaction point (a log of about
/// 150 MB at 24 lines a page) the joining is as even as it can be: `ceil(count / maximum)` each.
struct PageList {
    let maximumPages: Int
    static let compaction = 8
    private(set) var pages: [DocumentOutline.Page] = []
    /// Pages as cut that each entry stands for.
    private(set) var groupSize = 1
    /// Pages as cut already joined into the last entry.
    private var inLastGroup = 0

    init(maximumPages: Int) {
        self.maximumPages = max(maximumPages, 1)
        pages.reserveCapacity(min(self.maximumPages, 1024))
    }

    mutating func append(_ page: DocumentOutline.Page) {
        if inLastGroup < groupSize, let last = pages.last {
            pages[pages.count - 1] = last.joined(with: page)
            inLastGroup += 1
            return
        }
        if pages.count == Self.compaction * maximumPages {
            pages = stride(from: 0, to: pages.count, by: 2).map { pages[$0].joined(with: pages[$0 + 1]) }
            groupSize *= 2
        }
        pages.append(page)
        inLastGroup = 1
    }

    /// The pages, pages without a line of text joined to a neighbour, and at most the maximum.
    /// Also how many pages as cut each stands for.
    func finished() -> (pages: [DocumentOutline.Page], groupSize: Int) {
        var kept: [DocumentOutline.Page] = []
        kept.reserveCapacity(pages.count)
        var blankStart: DocumentOutline.Page?
        for var page in pages {
            if page.titleLine == nil {
                // Nothing to name it or say: part of the page before, or of the next one.
                if let last = kept.last {
                    kept[kept.count - 1] = last.joined(with: page)
                } else {
                    blankStart = blankStart.map { $0.joined(with: page) } ?? page
                }
                continue
            }
            if let blank = blankStart {
                page = blank.joined(with: page)
                blankStart = nil
            }
            kept.append(page)
        }
        guard kept.count > maximumPages else { return (kept, groupSize) }
        let joins = (kept.count + maximumPages - 1) / maximumPages
        let grouped = stride(from: 0, to: kept.count, by: joins).map { first in
            kept[(first + 1)..<min(first + joins, kept.count)].reduce(kept[first]) { $0.joined(with: $1) }
        }
        return (grouped, groupSize * joins)
    }
}

import PagerCore
import PagerSystem
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads a document's source once, from where it is to its end, through one 1 MiB buffer:
/// every byte is copied to the spool (when there is one, at most `limit` of them) and cut into
/// pages by `DocumentScanner`, which refuses binary or invalid UTF-8 as it goes.
struct DocumentReader {
    let source: FileDescriptor
    let spool: FileDescriptor?
    let limit: Int
    let name: String
    let format: TextFormat
    private var scanner: DocumentScanner
    /// Titles already read, by the line that names the page and whether it continues a
    /// section: a stream's pages are published again and again, their titles read once.
    private var titles: [TitleKey: String] = [:]

    private struct TitleKey: Hashable {
        var offset: Int
        var continued: Bool
    }

    /// A stream quiet for this long has given what it has for now (`tail -f` between lines):
    /// what was read is shown rather than waiting for a page to fill.
    static let pause: Duration = .milliseconds(200)
    /// While a stream keeps coming, the pages found are published at most this often.
    static let publishInterval: Duration = .milliseconds(100)

    init(source: FileDescriptor, spool: FileDescriptor?, limit: Int, name: String, format: TextFormat, pageLines: Int) {
        self.source = source
        self.spool = spool
        self.limit = limit
        self.name = name
        self.format = format
        scanner = DocumentScanner(format: format, pageLines: pageLines)
    }

    /// The file pages are read from.
    private var file: FileDescriptor { spool ?? source }

    /// Reads everything, then returns the pages: a source longer than `limit` is refused.
    mutating func readToEnd() throws(DocumentError) -> Document.Contents {
        let buffer = Buffer()
        while try step(buffer) {}
        return try contents(ending: .complete)
    }

    /// Reads a stream to its end or its limit, publishing the pages found as it goes: once the
    /// first page is complete, whenever the stream pauses, and at most every `publishInterval`
    /// meanwhile. A problem ends the document where it was (`Document.Ending.cut`).
    mutating func stream(to published: WaitableValue<Document.Contents>) {
        let buffer = Buffer()
        var generation = 0
        var lastPublished: ContinuousClock.Instant?
        func publish(_ contents: Document.Contents) {
            generation += 1
            var contents = contents
            contents.generation = generation
            published.withLock { $0 = contents }
            lastPublished = .now
        }
        while true {
            let ending: Document.Ending?
            do {
                ending = try step(buffer) ? nil : .complete
            } catch .tooLong(let name, let limit) {
                ending = .cut(.inputLimit(name: name, limit: limit))
            } catch {
                ending = .cut(error)
            }
            if let ending {
                do {
                    publish(try contents(ending: ending))
                } catch {
                    publish(Document.Contents(ending: .cut(error)))
                }
                return
            }
            let paused = !readable(within: Self.pause)
            let due = lastPublished.map { ContinuousClock.now - $0 >= Self.publishInterval } ?? true
            guard paused || due else { continue }
            guard var contents = try? contents(ending: nil) else { continue }
            // Until the first page is complete, only a pause shows what there is.
            if lastPublished == nil && contents.pages.count < 2 && !paused { continue }
            contents.paused = paused
            publish(contents)
        }
    }

    /// Whether the source has bytes to read (or its end) within `time`: a pause when not.
    private func readable(within time: Duration) -> Bool {
        var entries = [pollfd(fd: source.rawValue, events: Int16(POLLIN), revents: 0)]
        let now = Interrupted.poll(&entries, milliseconds: 0)
        if now != 0 { return true }
        return Interrupted.poll(&entries, until: .now + time) != 0
    }

    /// One read and what the scanner makes of it; false at the end of the source.
    private mutating func step(_ buffer: Buffer) throws(DocumentError) -> Bool {
        var count: Int
        do {
            count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.bytes[buffer.held...]))
        } catch {
            throw .cannotRead(name: name, Document.errno(error))
        }
        // The bytes up to the limit are kept and paged; what lies beyond is never written.
        let room = limit - scanner.byteCount - buffer.held
        let atLimit = spool != nil && count > room
        if atLimit { count = room }
        if let spool, count > 0 {
            do {
                try spool.writeAll(UnsafeRawBufferPointer(rebasing: buffer.bytes[buffer.held..<(buffer.held + count)]))
            } catch {
                throw .cannotSpool(Document.errno(error))
            }
        }
        let available = buffer.held + count
        let consumed: Int
        do {
            consumed = try scanner.scan(UnsafeRawBufferPointer(rebasing: buffer.bytes[0..<available]), isFinal: count == 0 && !atLimit)
        } catch {
            throw .notText(name: name, error)
        }
        if atLimit { throw .tooLong(name: name, limit: limit) }
        buffer.held = available - consumed
        if buffer.held > 0 && consumed > 0 {
            buffer.bytes.baseAddress!.copyMemory(from: buffer.bytes.baseAddress! + consumed, byteCount: buffer.held)
        }
        if count == 0 { return false }
        // The scanner consumes whole lines, and cuts any line longer than a small part of the
        // buffer: a full buffer is always partly consumed.
        guard buffer.held < Document.bufferSize else { throw .cannotRead(name: name, .ioError) }
        return true
    }

    /// The pages of what was scanned so far, titled.
    private mutating func contents(ending: Document.Ending?) throws(DocumentError) -> Document.Contents {
        let outline = scanner.outline()
        var pages: [Document.Page] = []
        pages.reserveCapacity(outline.pages.count)
        var kept: [TitleKey: String] = [:]
        for (index, page) in outline.pages.enumerated() {
            var title: String?
            if let line = page.titleLine {
                let key = TitleKey(offset: line.lowerBound, continued: page.isContinuation)
                if let known = titles[key] {
                    title = known
                } else {
                    let bytes = try Document.read(file, line, name: name, closing: false)
                    title = PageTitle.make(lineBytes: bytes, format: format, continued: page.isContinuation)
                }
                if ending == nil, let title { kept[key] = title }
            }
            pages.append(
                Document.Page(
                    title: title ?? "Page \(index + 1)", bytes: page.bytes, firstLine: page.firstLine,
                    isContinuation: page.isContinuation, startsInCodeBlock: page.startsInCodeBlock))
        }
        titles = kept
        return Document.Contents(
            pages: pages, structure: outline.structure, byteCount: outline.byteCount, lineCount: outline.lineCount,
            sectionsPerPage: outline.sectionsPerPage, ending: ending)
    }

    /// The read buffer and how many bytes at its start wait for the rest of their line.
    private final class Buffer {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: Document.bufferSize, alignment: 16)
        var held = 0

        deinit {
            bytes.deallocate()
        }
    }
}

/// A descriptor closed when the last of its holders lets go: a streaming document and its
/// reader thread share the spool, which neither may close under the other.
final class DescriptorOwner: Sendable {
    let descriptor: FileDescriptor

    init(_ descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    deinit {
        try? descriptor.close()
    }
}

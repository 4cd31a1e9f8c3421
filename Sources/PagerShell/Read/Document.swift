import PagerCore
import PagerSystem
import SystemPackage

/// A text file (or standard input) as pages, for `pagervoice read`.
///
/// Opening reads the file once, start to end, through a 1 MiB buffer (`DocumentScanner` cuts it
/// into pages and refuses binary or invalid UTF-8 as it goes). Pages are byte ranges: a page's
/// text is read (`pread`) when it is shown, spoken or searched, so memory stays bounded whatever
/// the size of the file: a 50 MB log holds an outline of a few hundred kilobytes. Nothing is
/// mapped, so a file truncated by someone else gives `DocumentError.changed`, not a crash.
///
/// Standard input (`-`), pipes and other files that cannot be read twice are copied, as they
/// are read, into an unnamed temporary file (`SpoolFile`: `$TMPDIR` or /tmp) which pages are then
/// read from; it goes away with the document, and holds at most the limit given (`--max-input`).
/// Opened `streaming`, such a document is read on a thread of its own, as `less` reads a pipe:
/// opening returns once the first page is complete, the input ended, or it paused with some
/// text, and `refresh` takes the pages that arrived since. An endless pipe (`yes`, `tail -f`)
/// is therefore paged while it is read, and stops being read at the limit.
///
/// Page indexes are 0-based, as `Pager.index`; people read 1-based numbers.
public final class Document: Sendable {
    public struct Page: Sendable, Equatable {
        /// Valid for `Pager` (see `PageTitle`): the heading or first line, markup removed,
        /// "(continued)" on later pages of a long section; "Page N" when the line has no words.
        public let title: String
        public let bytes: Range<Int>
        /// 1-based line the page starts on.
        public let firstLine: Int
        public let isContinuation: Bool
        let startsInCodeBlock: Bool
    }

    /// What has been read: all of a file, or of a stream as much as the last `refresh` took.
    struct Contents: Sendable {
        var pages: [Page] = []
        var structure: DocumentOutline.Structure = .lines(perPage: DocumentScanner.defaultPageLines)
        var byteCount = 0
        var lineCount = 0
        var sectionsPerPage = 1
        /// nil while a stream is still being read; else why reading ended.
        var ending: Ending?
        /// Counts the reader's publications, so `refresh` knows whether anything changed.
        var generation = 0
        /// The reader has caught up with a stream that is quiet for now.
        var paused = false
        /// The session was told why reading was cut (`refresh`).
        var cutReported = false
    }

    /// Why reading ended: the input's end, or a problem (the limit reached, bytes that are not
    /// text, a read error) that cut it where it was.
    enum Ending: Sendable, Equatable {
        case complete
        case cut(DocumentError)
    }

    /// How standard input is named on the command line.
    public static let standardInputPath = "-"
    public static let maximumPageLines = 1_000
    /// The most of standard input or a pipe kept in the temporary file unless `--max-input`
    /// says otherwise: text anyone pages through is far shorter, and `yes | pagervoice read -`
    /// must not fill the disk.
    public static let defaultSpooledBytes = 64 << 20
    /// The most `--max-input` may allow.
    public static let maximumSpooledBytes = 1 << 30
    /// The most of one page read to be spoken: the longest page `DocumentScanner` makes. Only a
    /// page joined from several (a file over 640 MB) is longer; its rest is not spoken.
    public static let maximumSpokenBytes = DocumentScanner.maximumPageBytes
    static let bufferSize = 1 << 20

    /// The path as given, or "standard input".
    public let name: String
    public let format: TextFormat
    let file: FileDescriptor
    /// Closes `file` when the document and its reader have both let go of it.
    private let owner: DescriptorOwner?
    /// What the session sees: changed only by `refresh`.
    private let shown: Locked<Contents>
    /// What the reader thread has published, for a streaming document.
    private let latest: WaitableValue<Contents>?

    public var pages: [Page] { shown.withLock { $0.pages } }
    public var structure: DocumentOutline.Structure { shown.withLock { $0.structure } }
    public var byteCount: Int { shown.withLock { $0.byteCount } }
    public var lineCount: Int { shown.withLock { $0.lineCount } }
    /// Sections or line pages joined into each page to stay within `Pager.maximumPageCount`.
    public var sectionsPerPage: Int { shown.withLock { $0.sectionsPerPage } }
    /// Whether all of the input has been read (false while a stream goes on).
    public var isComplete: Bool { shown.withLock { $0.ending != nil } }

    /// Opens `path` (`-` for standard input) as pages. `format` nil: from the file name
    /// (`TextFormat.forPath`; standard input is read as Markdown). `pageLines`: 1 to
    /// `maximumPageLines`, used when the document has neither form feeds nor headings.
    public convenience init(
        path: String, format: TextFormat? = nil, pageLines: Int = DocumentScanner.defaultPageLines
    ) throws(DocumentError) {
        try self.init(path: path, format: format, pageLines: pageLines, spoolLimit: Self.defaultSpooledBytes)
    }

    /// `streaming`: a stream is read behind the session (see the type); else all of it is read
    /// first, and one longer than `spoolLimit` is refused. `rawPath`: the name's own bytes when
    /// they are not UTF-8 (`RawArguments`); `path` is then only how it is shown.
    init(
        path: String, format: TextFormat?, pageLines: Int, spoolLimit: Int, streaming: Bool = false, rawPath: [UInt8]? = nil
    ) throws(DocumentError) {
        guard (1...Self.maximumPageLines).contains(pageLines) else { throw .badPageLines(pageLines) }
        let source: FileDescriptor
        let sourceOwner: DescriptorOwner?
        let resolvedFormat: TextFormat
        if path == Self.standardInputPath {
            name = "standard input"
            source = .standardInput
            sourceOwner = nil
            resolvedFormat = format ?? .markdown
        } else {
            name = rawPath.map(RawArguments.shown) ?? path
            let filePath = rawPath.map { bytes in FilePath(platformString: (bytes.map { CChar(bitPattern: $0) } + [0])) } ?? FilePath(path)
            do {
                source = try FileDescriptor.open(filePath, .readOnly, options: [.closeOnExec])
            } catch {
                throw .cannotOpen(name: name, Self.errno(error))
            }
            sourceOwner = DescriptorOwner(source)
            let type: FileType
            do {
                type = try source.stat().type
            } catch {
                throw .cannotRead(name: name, Self.errno(error))
            }
            if type == .directory { throw .isDirectory(name: name) }
            resolvedFormat = format ?? TextFormat.forPath(path)
            if type == .regular {
                // A file is read once, whole, and paged where it is.
                var reader = DocumentReader(
                    source: source, spool: nil, limit: .max, name: name, format: resolvedFormat, pageLines: pageLines)
                let contents = try reader.readToEnd()
                self.format = resolvedFormat
                file = source
                owner = sourceOwner
                shown = Locked(contents)
                latest = nil
                return
            }
        }
        // A pipe or device (`read <(cmd)`, /dev/stdin, standard input): read once, kept in a copy.
        let spool: FileDescriptor
        do {
            spool = try SpoolFile.create()
        } catch {
            throw .cannotSpool(error)
        }
        let spoolOwner = DescriptorOwner(spool)
        self.format = resolvedFormat
        file = spool
        owner = spoolOwner
        guard streaming else {
            var reader = DocumentReader(
                source: source, spool: spool, limit: spoolLimit, name: name, format: resolvedFormat, pageLines: pageLines)
            shown = Locked(try reader.readToEnd())
            latest = nil
            return
        }
        let published = WaitableValue(Contents())
        latest = published
        // The reader holds the descriptors it uses; they close when it and the document are done.
        let keep = (sourceOwner, spoolOwner)
        let name = name
        OwnedThread.start(name: "document reader", stackSize: 256 << 10) {
            withExtendedLifetime(keep) {
                var reader = DocumentReader(
                    source: source, spool: spool, limit: spoolLimit, name: name, format: resolvedFormat, pageLines: pageLines)
                reader.stream(to: published)
            }
        }
        // Shown once the first page is complete, the input ended, or it paused with a page.
        let first =
            published.wait(until: nil) { contents -> Contents? in
                let ready = contents.ending != nil || contents.pages.count >= 2 || (contents.paused && !contents.pages.isEmpty)
                return ready ? contents : nil
            } ?? Contents(ending: .complete)
        // A problem before there is a page to show is the opening's failure; after, the session
        // reports it (`refresh`) and pages what came before it.
        if case .cut(let error) = first.ending, first.pages.isEmpty { throw error }
        shown = Locked(first)
    }

    /// Takes the pages a streaming document's reader found since the last call: the new pages
    /// (nil when there are none) and, the first time it is seen, the problem that cut the input
    /// short (the limit reached, bytes that are not text).
    func refresh() -> (pages: [Page]?, cut: DocumentError?) {
        guard let latest else { return (nil, nil) }
        let now = latest.withLock { $0 }
        return shown.withLock { shown -> (pages: [Page]?, cut: DocumentError?) in
            var pages: [Page]?
            if now.generation != shown.generation {
                let reported = shown.cutReported
                shown = now
                shown.cutReported = reported
                pages = now.pages
            }
            guard case .cut(let error) = shown.ending, !shown.cutReported else { return (pages, nil) }
            shown.cutReported = true
            return (pages, error)
        }
    }

    /// The index in `pages` of the page holding byte `offset` (the last starting at or before it).
    static func index(of offset: Int, in pages: [Page]) -> Int {
        var low = 0
        var high = pages.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pages[middle].bytes.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    public var count: Int { pages.count }

    /// The titles, in order: the pager's pages (`Pager(pages: document.titles)`).
    public var titles: [String] { pages.map(\.title) }

    // MARK: Page text

    /// The page's text exactly as in the file.
    public func text(ofPage index: Int) throws(DocumentError) -> String {
        let page = try self.page(index)
        let bytes = try Self.read(file, page.bytes, name: name, closing: false)
        guard let text = bytes.withUnsafeBytes({ TextCheck.string($0) }) else { throw .changed(name: name) }
        return text
    }

    /// The page's text for a terminal: line ends as newlines (CR LF and form feeds too), blank
    /// lines at either end left out, and every other control character shown as `\x1B`-style
    /// text, so nothing in the file can move the cursor or retitle the window.
    public func displayText(ofPage index: Int) throws(DocumentError) -> String {
        Self.displayable(try text(ofPage: index))
    }

    /// What to speak for the page, in parts short enough to be spoken whole (`PageSpeech`):
    /// for Markdown, the words without the markup (`SpokenMarkdown`); for plain text, the text
    /// without terminal escape sequences (a coloured log's `ESC[31m`).
    public func speech(ofPage index: Int) throws(DocumentError) -> PageSpeech {
        let page = try self.page(index)
        let end = min(page.bytes.upperBound, page.bytes.lowerBound + Self.maximumSpokenBytes)
        var bytes = try Self.read(file, page.bytes.lowerBound..<end, name: name, closing: false)
        if end < page.bytes.upperBound {
            // Cut inside the page: end at the start of the character the limit fell in.
            var cut = bytes.count
            while cut > 0 && cut > bytes.count - 4 && bytes[cut - 1] & 0xC0 == 0x80 { cut -= 1 }
            if cut > 0 && bytes[cut - 1] >= 0xC0 { cut -= 1 }
            bytes.removeSubrange(cut...)
        }
        guard var text = bytes.withUnsafeBytes({ TextCheck.string($0) }) else { throw .changed(name: name) }
        text = Self.carriageReturnsAsLineFeeds(text)
        let words: String
        switch format {
        case .markdown: words = SpokenMarkdown.text(text, startsInCodeBlock: page.startsInCodeBlock)
        case .plain: words = TerminalEscapes.removed(from: text)
        }
        return PageSpeech(words, unspokenBytes: page.bytes.upperBound - page.bytes.lowerBound - bytes.count)
    }

    func page(_ index: Int) throws(DocumentError) -> Page {
        guard pages.indices.contains(index) else {
            throw .noSuchPage(page: index >= 0 && index < .max ? index + 1 : index, count: pages.count)
        }
        return pages[index]
    }

    /// Lines that end in a carriage return alone end in a line feed instead (CR LF is kept).
    static func carriageReturnsAsLineFeeds(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            let alone = scalar == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")
            result.append(alone ? "\n" : scalar)
        }
        return String(result)
    }

    static func displayable(_ text: String) -> String {
        var lines: [Substring.UnicodeScalarView] = []
        var line = Substring.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            // A carriage return ends a line alone or before a line feed (CR LF is one end).
            if c == "\n" || c == "\u{0C}" || c == "\r" {
                if c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n" { i += 1 }
                lines.append(line)
                line = Substring.UnicodeScalarView()
            } else {
                line.append(c)
            }
            i += 1
        }
        lines.append(line)
        func blank(_ line: Substring.UnicodeScalarView) -> Bool { line.allSatisfy { $0.properties.isWhitespace } }
        while let first = lines.first, blank(first) { lines.removeFirst() }
        while let last = lines.last, blank(last) { lines.removeLast() }
        return lines.map { String($0).terminalSafe }.joined(separator: "\n")
    }

    // MARK: Reading

    /// Exactly the bytes of `range`; a short read means the file shrank.
    static func read(_ file: FileDescriptor, _ range: Range<Int>, name: String, closing: Bool) throws(DocumentError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let count: Int
            do {
                count = try bytes.withUnsafeMutableBytes { raw in
                    try file.read(
                        fromAbsoluteOffset: Int64(range.lowerBound + done), into: UnsafeMutableRawBufferPointer(rebasing: raw[done...]))
                }
            } catch {
                if closing { try? file.close() }
                throw .cannotRead(name: name, errno(error))
            }
            if count == 0 {
                if closing { try? file.close() }
                throw .changed(name: name)
            }
            done += count
        }
        return bytes
    }

    static func errno(_ error: any Error) -> Errno {
        (error as? Errno) ?? .ioError
    }
}

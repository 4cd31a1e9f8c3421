import PagerCore
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
/// read from; it goes away with the document. At most `maximumSpooledBytes` (1 GiB) are kept.
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

    /// How standard input is named on the command line.
    public static let standardInputPath = "-"
    public static let maximumPageLines = 1_000
    /// The most of standard input or a pipe kept in the temporary file: text anyone pages
    /// through is far shorter, and `yes | pagervoice read -` must not fill the disk.
    public static let maximumSpooledBytes = 1 << 30
    /// The most of one page read to be spoken: the longest page `DocumentScanner` makes. Only a
    /// page joined from several (a file over 640 MB) is longer; its rest is not spoken.
    public static let maximumSpokenBytes = DocumentScanner.maximumPageBytes
    static let bufferSize = 1 << 20

    /// The path as given, or "standard input".
    public let name: String
    public let format: TextFormat
    public let structure: DocumentOutline.Structure
    public let pages: [Page]
    public let byteCount: Int
    public let lineCount: Int
    /// Sections or line pages joined into each page to stay within `Pager.maximumPageCount`.
    public let sectionsPerPage: Int
    let file: FileDescriptor
    /// Whether `file` is ours to close (not standard input's descriptor).
    let ownsFile: Bool

    /// Opens `path` (`-` for standard input) as pages. `format` nil: from the file name
    /// (`TextFormat.forPath`; standard input is read as Markdown). `pageLines`: 1 to
    /// `maximumPageLines`, used when the document has neither form feeds nor headings.
    public convenience init(
        path: String, format: TextFormat? = nil, pageLines: Int = DocumentScanner.defaultPageLines
    ) throws(DocumentError) {
        try self.init(path: path, format: format, pageLines: pageLines, spoolLimit: Self.maximumSpooledBytes)
    }

    convenience init(path: String, format: TextFormat?, pageLines: Int, spoolLimit: Int) throws(DocumentError) {
        guard (1...Self.maximumPageLines).contains(pageLines) else { throw .badPageLines(pageLines) }
        if path == Self.standardInputPath {
            try self.init(
                spooling: .standardInput, name: "standard input", format: format ?? .markdown, pageLines: pageLines,
                limit: spoolLimit)
            return
        }
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec])
        } catch {
            throw .cannotOpen(name: path, Self.errno(error))
        }
        let type: FileType
        do {
            type = try fd.stat().type
        } catch {
            try? fd.close()
            throw .cannotRead(name: path, Self.errno(error))
        }
        let format = format ?? TextFormat.forPath(path)
        switch type {
        case .directory:
            try? fd.close()
            throw .isDirectory(name: path)
        case .regular:
            try self.init(reading: fd, owned: true, spool: nil, limit: .max, name: path, format: format, pageLines: pageLines)
        default:
            // A pipe or device (`read <(cmd)`, /dev/stdin): read it once, keep a copy.
            defer { try? fd.close() }
            try self.init(spooling: fd, name: path, format: format, pageLines: pageLines, limit: spoolLimit)
        }
    }

    /// Reads `source` to its end into a temporary file, and pages that.
    private convenience init(
        spooling source: FileDescriptor, name: String, format: TextFormat, pageLines: Int, limit: Int
    ) throws(DocumentError) {
        let spool: FileDescriptor
        do {
            spool = try SpoolFile.create()
        } catch {
            throw .cannotSpool(error)
        }
        try self.init(reading: source, owned: false, spool: spool, limit: limit, name: name, format: format, pageLines: pageLines)
    }

    /// Reads `source` once from where it is to its end; pages are then read from `spool` if
    /// given (which gets a copy of every byte, at most `limit` of them), else from `source`.
    private init(
        reading source: FileDescriptor, owned: Bool, spool: FileDescriptor?, limit: Int, name: String, format: TextFormat,
        pageLines: Int
    ) throws(DocumentError) {
        let file = spool ?? source
        var scanner = DocumentScanner(format: format, pageLines: pageLines)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var held = 0
        do {
            while true {
                let count: Int
                do {
                    count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[held...]))
                } catch {
                    throw DocumentError.cannotRead(name: name, Self.errno(error))
                }
                if let spool, count > 0 {
                    guard scanner.byteCount + held + count <= limit else {
                        throw DocumentError.tooLong(name: name, limit: limit)
                    }
                    do {
                        try spool.writeAll(UnsafeRawBufferPointer(rebasing: buffer[held..<(held + count)]))
                    } catch {
                        throw DocumentError.cannotSpool(Self.errno(error))
                    }
                }
                let available = held + count
                let consumed: Int
                do {
                    consumed = try scanner.scan(UnsafeRawBufferPointer(rebasing: buffer[0..<available]), isFinal: count == 0)
                } catch {
                    throw DocumentError.notText(name: name, error)
                }
                held = available - consumed
                if held > 0 && consumed > 0 {
                    buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + consumed, byteCount: held)
                }
                if count == 0 { break }
                // The scanner consumes whole lines, and cuts any line longer than a small part of
                // the buffer: a full buffer is always partly consumed.
                guard held < Self.bufferSize else { throw DocumentError.cannotRead(name: name, .ioError) }
            }
        } catch let error as DocumentError {
            if owned || spool != nil { try? file.close() }
            throw error
        } catch {
            if owned || spool != nil { try? file.close() }
            throw .cannotRead(name: name, .ioError)
        }
        let outline = scanner.outline()
        var pages: [Page] = []
        pages.reserveCapacity(outline.pages.count)
        for (index, page) in outline.pages.enumerated() {
            var title: String?
            if let line = page.titleLine {
                let bytes = try Self.read(file, line, name: name, closing: owned || spool != nil)
                title = PageTitle.make(lineBytes: bytes, format: format, continued: page.isContinuation)
            }
            pages.append(
                Page(
                    title: title ?? "Page \(index + 1)", bytes: page.bytes, firstLine: page.firstLine,
                    isContinuation: page.isContinuation, startsInCodeBlock: page.startsInCodeBlock))
        }
        self.name = name
        self.format = format
        self.structure = outline.structure
        self.pages = pages
        self.byteCount = outline.byteCount
        self.lineCount = outline.lineCount
        self.sectionsPerPage = outline.sectionsPerPage
        self.file = file
        self.ownsFile = owned || spool != nil
    }

    deinit {
        if ownsFile { try? file.close() }
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
        guard let text = bytes.withUnsafeBytes({ TextCheck.string($0) }) else { throw .changed(name: name) }
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

    static func displayable(_ text: String) -> String {
        var lines: [Substring.UnicodeScalarView] = []
        var line = Substring.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" || c == "\u{0C}" || (c == "\r" && i + 1 < scalars.count && scalars[i + 1] == "\n") {
                if c == "\r" { i += 1 }
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

import PagerCore

/// A REPL session: the pager plus what the shell remembers between lines (the last announcement,
/// the last page change, the document being read). `handle(_:)` is synchronous; the caller
/// prints, speaks and writes what it returns. Its only I/O is reading the open document's
/// pages. That keeps one code path for the REPL, `read`, `verify` and the tests.
public struct Session: Sendable {
    public var pager: Pager
    public var verbosity: AccessibilityElement.Verbosity
    /// What `voices` lists; supplied by the edge that owns the speech engine.
    public var voiceList: @Sendable () -> [String]
    /// Describes the speech settings for `status` (voice, rate, audio).
    public var speechDescription: String
    /// The terminal's width now, which `help` fits; nil when output is no terminal.
    public var terminalColumns: @Sendable () -> Int? = { nil }
    /// Voice commands' state for `status` ("awake", "asleep", "awake, wake word computer"); nil
    /// when the session does not listen.
    public var listening: String?
    /// Why the pager speaks the language it does, for `status` ("de from LANG=de_DE.UTF-8").
    public private(set) var languageReason: String
    /// The document being read (`pagervoice read FILE`): its pages are the pager's pages, and
    /// arriving on one shows it and reads it.
    public let document: Document?

    public private(set) var lastAnnouncement: Announcement?
    /// The last page change and the pager right after it, so `frames` shows what was seen then.
    public private(set) var lastChange: (settle: Settle, pager: Pager)?

    public init(
        pager: Pager = Pager(), verbosity: AccessibilityElement.Verbosity = .normal,
        voiceList: @escaping @Sendable () -> [String] = { [] }, speechDescription: String = "",
        languageReason: String? = nil, document: Document? = nil
    ) {
        self.document = document
        self.pager = pager
        self.verbosity = verbosity
        self.voiceList = voiceList
        self.speechDescription = speechDescription
        self.languageReason = languageReason ?? "\(pager.strings.code): the pager's own"
    }

    /// Runs one line. Empty lines produce nothing.
    public mutating func handle(_ line: String) -> [SessionOutput] {
        // First, so a page number typed is judged against the pages there are now.
        let arrived = documentArrived()
        let command: ShellCommand?
        do {
            command = try CommandParser.parse(line, pageCount: pager.count)
        } catch {
            return arrived + [.error(error.message)]
        }
        guard let command else { return arrived }
        return arrived + runAfterArrivals(command)
    }

    public mutating func run(_ command: ShellCommand) -> [SessionOutput] {
        let arrived = documentArrived()
        return arrived + runAfterArrivals(command)
    }

    /// Takes the pages a document still being read has gained (`read -`), keeping the person on
    /// the page holding what they were reading; the one error when its reading was cut short.
    private mutating func documentArrived() -> [SessionOutput] {
        guard let document else { return [] }
        let shownPages = document.pages
        let update = document.refresh()
        if let pages = update.pages {
            let start = shownPages.indices.contains(pager.index) ? shownPages[pager.index].bytes.lowerBound : 0
            pager.pagesArrived(pages.map(\.title), index: pages.isEmpty ? 0 : Document.index(of: start, in: pages))
        }
        return update.cut.map { [.error($0.description)] } ?? []
    }

    private mutating func runAfterArrivals(_ command: ShellCommand) -> [SessionOutput] {
        switch command {
        case .action(let action):
            if document != nil {
                switch action {
                case .setPages, .setCount: return [.error("the document's sections are the pages here; they cannot be replaced")]
                default: break
                }
            }
            do {
                let events = try pager.reduce(action)
                if case .setLanguage(let tag) = action { languageReason = "\(pager.strings.code) from lang \(tag)" }
                return record(events)
            } catch {
                return [.error(error.description)]
            }
        case .focus:
            return [ElementReport.focus(pager.focusedElement, move: nil, isBoundary: false, verbosity: verbosity)]
        case .describe:
            return [.info(ElementReport.describe(pager))]
        case .say(let whole):
            let (text, tooLong) = SpeechClient.sayable(whole)
            return (tooLong.map { [.error($0)] } ?? []) + [
                .speech(
                    .init(
                        kind: "say", text: text, priority: .default,
                        json: .object([
                            ("type", .string("say")), ("text", .string(text)),
                        ])))
            ]
        case .repeatLast:
            guard var again = lastAnnouncement else { return [.error("nothing has been announced yet")] }
            again.action = "repeat"
            again.settleMilliseconds = 0
            return [.announcement(again)]
        case .layout:
            return [.info(LayoutReport.make(pager))]
        case .frames(let svg):
            // Before any page change there is nothing moving: one frame at rest.
            let frames = lastChange.map { $0.pager.frames(for: $0.settle) } ?? pager.restingFrames()
            guard let svg else { return [.info(FramesReport.make(frames))] }
            // The timings are the plot's own first line: the title names the change only.
            let title = lastChange == nil ? "\(pager.announcementText), at rest" : "Page change to \(pager.announcementText)"
            return [
                .file(
                    .init(
                        path: svg, contents: FramesPlot.svg(frames, title: title), rule: .newFile,
                        written: .init(
                            text: ["wrote \(svg): \(frames.timeline.summary)"],
                            json: .object([("type", .string("file")), ("path", .string(svg)), ("kind", .string("svg"))]))))
            ]
        case .status:
            return [.info(StatusReport.make(pager, speech: speechDescription, language: languageReason, listening: listening))]
        case .voices:
            let voices = voiceList()
            return [
                .info(
                    .init(
                        text: voices.isEmpty ? ["(no voices: speech is off)"] : voices,
                        json: .object([("type", .string("voices")), ("voices", .array(voices.map { .string($0) }))])))
            ]
        case .help(let topic):
            return [HelpText.commands(topic: topic, columns: terminalColumns())]
        case .firstPage, .lastPage:
            // With no pages, the first and the last are an edge, as `next` finds it: said, not an error.
            guard pager.count > 0 else {
                let edge = Announcement(
                    action: command == .firstPage ? "first" : "last", text: pager.announcementText, page: 0, count: 0, isBoundary: true,
                    settleMilliseconds: 0)
                lastAnnouncement = edge
                return [.announcement(edge)]
            }
            return runAfterArrivals(.action(.goTo(command == .firstPage ? 0 : pager.count - 1)))
        case .arrive:
            let here = Announcement(
                action: "read", text: pager.announcementText, page: pager.pageNumber, count: pager.count, isBoundary: false,
                settleMilliseconds: 0)
            lastAnnouncement = here
            return arrival(announcing: here)
        case .readPage:
            guard let document else { return [.error("no document is open: pagervoice read FILE opens one")] }
            guard pager.count > 0 else { return [.error(PagerError.noPages.description)] }
            do {
                return [.stopSpeech] + PageView.reading(try document.speech(ofPage: pager.index), page: pager.index)
            } catch {
                return [.error(error.description)]
            }
        case .search(let text):
            return search(text)
        case .stop:
            return [.stopSpeech]
        case .quit:
            return [.quit]
        }
    }

    private mutating func record(_ events: [PagerEvent]) -> [SessionOutput] {
        var outputs: [SessionOutput] = []
        for event in events {
            switch event {
            case .announcement(let announcement):
                lastAnnouncement = announcement
                // Arriving on a page of a document shows it and reads it; at an edge only the
                // value is said again.
                if document != nil && !announcement.isBoundary {
                    outputs += arrival(announcing: announcement)
                } else {
                    outputs.append(.announcement(announcement))
                }
            case .settle(let settle):
                lastChange = (settle, pager)
            case .focus(let change):
                outputs.append(ElementReport.focus(change.element, move: change.move, isBoundary: change.isBoundary, verbosity: verbosity))
            }
        }
        return outputs
    }

    /// A page arrived on: whatever was being read stops, the page is announced ("Page 4 of 12"),
    /// shown, and read in parts at low priority.
    private func arrival(announcing announcement: Announcement) -> [SessionOutput] {
        guard let document, pager.count > 0 else { return [.announcement(announcement)] }
        return [.stopSpeech, .announcement(announcement)] + PageView.arrival(document, page: pager.index)
    }

    /// The next page holding `text`: in the document's text while reading, else in the page
    /// titles. Found: the pager goes there (announced, and read). Not found: "Not found" is said.
    private mutating func search(_ text: String) -> [SessionOutput] {
        let found: Int?
        if let document {
            do {
                found = try document.search(text, after: pager.index)
            } catch {
                return [.error(error.description)]
            }
        } else if pager.count > 0 {
            let needle = text.lowercased()
            let order = Array(pager.index + 1..<pager.count) + Array(0...pager.index)
            found = order.first { pager.pages[$0].lowercased().contains(needle) }
        } else {
            found = nil
        }
        guard let found else {
            let said = pager.strings.notFound
            return [
                .speech(
                    .init(
                        kind: "search", text: said, priority: .default,
                        json: .object([
                            ("type", .string("search")), ("text", .string(said)), ("query", .string(text)), ("found", .bool(false)),
                        ])))
            ]
        }
        return runAfterArrivals(.action(.goTo(found)))
    }
}

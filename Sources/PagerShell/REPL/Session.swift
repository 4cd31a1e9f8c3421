import PagerCore

/// A REPL session: the pager plus what the shell remembers between lines (the last announcement,
/// the last page change). `handle(_:)` is synchronous and does no I/O; the caller prints and
/// speaks what it returns. That keeps one code path for the REPL, `verify` and the tests.
public struct Session: Sendable {
    public var pager: Pager
    public var verbosity: AccessibilityElement.Verbosity
    /// What `voices` lists; supplied by the edge that owns the speech engine.
    public var voiceList: @Sendable () -> [String]
    /// Describes the speech settings for `status` (voice, rate, audio).
    public var speechDescription: String
    /// Why the pager speaks the language it does, for `status` ("de from LANG=de_DE.UTF-8").
    public private(set) var languageReason: String

    public private(set) var lastAnnouncement: Announcement?
    /// The last page change and the pager right after it, so `frames` shows what was seen then.
    public private(set) var lastChange: (settle: Settle, pager: Pager)?

    public init(
        pager: Pager = Pager(), verbosity: AccessibilityElement.Verbosity = .normal,
        voiceList: @escaping @Sendable () -> [String] = { [] }, speechDescription: String = "",
        languageReason: String? = nil
    ) {
        self.pager = pager
        self.verbosity = verbosity
        self.voiceList = voiceList
        self.speechDescription = speechDescription
        self.languageReason = languageReason ?? "\(pager.strings.code): the pager's own"
    }

    /// Runs one line. Empty lines produce nothing.
    public mutating func handle(_ line: String) -> [SessionOutput] {
        let command: ShellCommand?
        do {
            command = try CommandParser.parse(line, pageCount: pager.count)
        } catch {
            return [.error(error.message)]
        }
        guard let command else { return [] }
        return run(command)
    }

    public mutating func run(_ command: ShellCommand) -> [SessionOutput] {
        switch command {
        case .action(let action):
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
        case .say(let text):
            return [
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
            let title = "\(pager.announcementText): \(frames.timeline.summary)"
            return [
                .file(
                    .init(
                        path: svg, contents: FramesPlot.svg(frames, title: title), replacing: false,
                        written: .init(
                            text: ["wrote \(svg): \(frames.timeline.summary)"],
                            json: .object([("type", .string("file")), ("path", .string(svg)), ("kind", .string("svg"))]))))
            ]
        case .status:
            return [.info(StatusReport.make(pager, speech: speechDescription, language: languageReason))]
        case .voices:
            let voices = voiceList()
            return [
                .info(
                    .init(
                        text: voices.isEmpty ? ["(no voices: speech is off)"] : voices,
                        json: .object([("type", .string("voices")), ("voices", .array(voices.map { .string($0) }))])))
            ]
        case .help(let topic):
            return [HelpText.commands(topic: topic)]
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
                outputs.append(.announcement(announcement))
            case .settle(let settle):
                lastChange = (settle, pager)
            case .focus(let change):
                outputs.append(ElementReport.focus(change.element, move: change.move, isBoundary: change.isBoundary, verbosity: verbosity))
            }
        }
        return outputs
    }
}

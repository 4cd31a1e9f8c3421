import PagerCore

/// `pagervoice [options]`: the options of the REPL (DESIGN.md §8), parsed into a starting pager
/// and speech settings. Every value is checked here, so a typo stops the program before it speaks.
public struct RunOptions: Sendable {
    public var pager = Pager()
    public var json = false
    public var verbosity = AccessibilityElement.Verbosity.normal
    public var speech = SpeechOptions()

    public static let version = "0.1.0"

    /// The options that shape the starting pager; `verify` takes them too.
    public static let pagerSpecs = [
        OptionSpec("pages", value: "LIST", help: "Comma-separated page titles (default: Explore, Collect, Share)."),
        OptionSpec("count", value: "N", help: "Number of pages, 0 to \(Pager.maximumPageCount) (keeps titles from --pages)."),
        OptionSpec("width", value: "PT", help: "Pager width in points (default 390)."),
        OptionSpec("reduce-motion", help: "Start with Reduce Motion on: pages settle instantly."),
        OptionSpec("rtl", help: "Right-to-left layout: swipes and drags mirror."),
        OptionSpec("lang", value: "CODE", choices: SpokenStrings.table.map(\.code), help: "Language spoken (default en)."),
    ]

    static let terseSpec = OptionSpec("terse", help: "Terse verbosity: focus descriptions without hints.")

    public static let parser = OptionParser(
        pagerSpecs + SpeechOptions.specs + [
            OptionSpec("json", help: "Print one JSON object per line (DESIGN.md §8) instead of text."),
            terseSpec,
            OptionSpec("version", help: "Print the version and exit."),
        ])

    public init() {}

    public init(parsing arguments: [String]) throws(UsageError) {
        let parsed = try Self.parser.parse(arguments)
        try self.init(parsed)
    }

    init(_ parsed: ParsedOptions) throws(UsageError) {
        func apply(_ action: PagerAction) throws(UsageError) {
            do { try pager.reduce(action) } catch { throw UsageError("--\(action.name): \(error.description)") }
        }
        if let pages = parsed.value("pages") {
            let titles = pages.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            do { try pager.reduce(.setPages(titles)) } catch { throw UsageError("--pages: \(error.description)") }
        }
        if let count = try parsed.int("count", in: 0...Pager.maximumPageCount) { try apply(.setCount(count)) }
        if let width = try parsed.double("width", in: 0...Pager.maximumPoints) { try apply(.setWidth(width)) }
        if parsed.has("reduce-motion") { try apply(.setReduceMotion(true)) }
        if parsed.has("rtl") { try apply(.setDirection(.rightToLeft)) }
        if let lang = parsed.value("lang") { try apply(.setLanguage(lang)) }
        json = parsed.has("json")
        verbosity = parsed.has("terse") ? .terse : .normal
        speech = try SpeechOptions(parsed)
    }

    public static func helpText() -> [String] {
        [
            "pagervoice \(version): page through a pager by voice, as VoiceOver would.",
            "",
            "Usage:",
            "  pagervoice [options]          REPL: reads commands from the terminal or a pipe, speaks every announcement",
            "  pagervoice verify FILE…       run scripts with expectations; prints N passed, N failed",
            "  pagervoice audit [options]    check a pager configuration against VoiceOver/TalkBack/WCAG rules",
            "  pagervoice say TEXT…          speak TEXT literally and exit",
            "  pagervoice voices             list eSpeak NG voices",
            "  (each subcommand has --help)",
            "",
            "Options:",
        ] + parser.helpLines() + [
            "",
            "Type 'help' inside the REPL for its commands. Exit status: 0, or 1 when a line read from a",
            "pipe failed, 2 for a mistake on the command line.",
        ]
    }
}

/// Speech options shared by the REPL and `say`.
public struct SpeechOptions: Sendable {
    public enum Audio: String, Sendable, CaseIterable {
        case auto, pulse, alsa, null, off
    }

    public var voice: String?
    public var rate: Int?
    public var audio = Audio.auto
    public var wavDirectory: String?

    public static let rateRange = 80...450

    public static let specs = [
        OptionSpec("voice", value: "NAME", help: "eSpeak NG voice name or language (default: the --lang voice)."),
        OptionSpec(
            "rate", value: "WPM",
            help: "Speaking rate in words per minute, \(rateRange.lowerBound) to \(rateRange.upperBound) (default 175)."),
        OptionSpec(
            "audio", value: "MODE", choices: Audio.allCases.map(\.rawValue),
            help:
                "auto (PulseAudio, else ALSA, else silent with one notice), pulse, alsa, null (synthesise and discard), off (no synthesis)."
        ),
        OptionSpec("wav-dir", value: "DIR", help: "Also write each utterance to DIR/0001.wav, 0002.wav, … (22050 Hz, 16-bit mono)."),
    ]

    public init() {}

    init(_ parsed: ParsedOptions) throws(UsageError) {
        voice = parsed.value("voice")
        if let voice, voice.isEmpty || voice.count > 100 { throw UsageError("--voice needs a voice name, e.g. en, es, ar") }
        rate = try parsed.int("rate", in: Self.rateRange)
        if let audio = parsed.value("audio") { self.audio = Audio(rawValue: audio)! }
        wavDirectory = parsed.value("wav-dir")
        if wavDirectory != nil && audio == .off {
            throw UsageError("--wav-dir needs synthesis, but --audio off synthesises nothing; use --audio null to only write files")
        }
    }
}

import PagerCore

/// What the component under audit offers people to change page with (`--actions`).
enum AuditActionKind: String, Sendable, CaseIterable {
    /// Adjustable increment/decrement on the page dots (VoiceOver: swipe up/down).
    case adjustable
    /// `accessibilityScrollAction` (Switch Control, Voice Control, VoiceOver's three-finger swipe).
    case scroll
    /// Three-finger swipe in screen terms.
    case swipe
    /// A finger dragging the pages.
    case drag
    /// Tapping a dot selects its page, as UIPageControl's dots do. The seeds' dots do not, so it
    /// is only audited when asked for.
    case tap

    /// What `--actions` means when absent: what the seeds offer.
    static let defaults: Set<AuditActionKind> = [.adjustable, .scroll, .swipe, .drag]
}

/// How the report is written (`--format`).
enum AuditFormat: String, Sendable, CaseIterable {
    case text
    case json
    case sarif
    /// One self-contained page for people: summary table, a section per rule, swatches.
    case html
}

/// A pager configuration to audit: the options of `pagervoice audit`, parsed and checked.
struct AuditConfiguration: Sendable {
    var pages: [String] = Pager.demoPages
    /// The accessibility label the component gives its dots.
    var label = "Page"
    var actions: Set<AuditActionKind> = AuditActionKind.defaults
    var style: PageDots.Style = .pager
    /// What lies behind the dots; nil = the seeds' own (page gradients, or the system background).
    var background: SRGBColor?
    /// The dots' colour; nil = the style's own (white for the pager, primary for the indicator).
    var tint: SRGBColor?
    var textSize: TextSize = .standard
    var transition: PageChangeStyle = .interactive
    /// Seconds between automatic page changes; nil when the pager does not auto-advance.
    var autoAdvance: Double?
    /// The person can pause the auto-advance.
    var pausable = false
    /// The auto-advance stops while Reduce Motion is on, as the seeds' demos do.
    var autoAdvanceStopsUnderReduceMotion = true
    /// Audit with Reduce Motion on (the reduce-motion rule turns it on regardless).
    var reduceMotion = false
    var format: AuditFormat = .text
    /// The rules to check, in report order.
    var rules: [AuditRule] = AuditRule.allCases
    /// Width of the pager in points (the model's default, an iPhone 15).
    var width = 390.0
    /// Room the dot row leaves on each side of the pager (dots-fit): 16 pt, SwiftUI's default
    /// `.padding()` and UIKit's layout margins on an iPhone, so the dots clear the screen's
    /// rounded corners and the edge gestures.
    var dotsMargin = 16.0

    static let optionSpecs: [OptionSpec] = [
        OptionSpec("pages", value: "LIST", help: "Comma-separated page titles (default: Explore, Collect, Share)."),
        OptionSpec("label", value: "TEXT", help: "The dots' accessibility label (default: Page)."),
        OptionSpec(
            "actions", value: "LIST",
            help: "What the component offers: some of adjustable,scroll,swipe,drag, or none (default: all)."),
        OptionSpec(
            "style", value: "STYLE", choices: PageDots.Style.allCases.map(\.rawValue),
            help: "Dots of the interactive pager (seed 000) or the stand-alone indicator (seed 004)."),
        OptionSpec(
            "background", value: "HEX",
            help: "#RRGGBB or a system colour name behind the dots (default: the seed's page gradients; white for the indicator)."),
        OptionSpec(
            "tint", value: "HEX",
            help: "#RRGGBB or a system colour name for the dots (default: white for the pager, primary for the indicator)."),
        OptionSpec(
            "text-size", value: "SIZE",
            help: "Dynamic Type size, xSmall…xxxLarge or AX1…AX5 (default: large)."),
        OptionSpec(
            "transition", value: "STYLE", choices: PageChangeStyle.allCases.map(\.rawValue),
            help: "How a page change looks (default: interactive)."),
        OptionSpec("auto-advance", value: "SECONDS", help: "The pager changes page on its own this often (0 or absent: never)."),
        OptionSpec("pausable", help: "The auto-advance can be paused."),
        OptionSpec(
            "advances-under-reduce-motion",
            help: "The auto-advance keeps running with Reduce Motion on (the seeds stop it)."),
        OptionSpec("reduce-motion", help: "Audit with Reduce Motion on."),
        OptionSpec("format", value: "FORMAT", choices: AuditFormat.allCases.map(\.rawValue), help: "Report format (default: text)."),
        OptionSpec("rule", value: "ID", repeatable: true, help: "Check only this rule (repeatable; commas allowed)."),
        OptionSpec("ignore", value: "ID", repeatable: true, help: "Skip this rule (repeatable; commas allowed)."),
    ]

    init() {}

    /// Reads the parsed options; every mistake is one `UsageError` line.
    init(parsing options: ParsedOptions) throws(UsageError) {
        if let text = options.value("pages") {
            guard !text.trimmingSpaces().isEmpty else { throw UsageError("--pages needs at least one page title") }
            // Empty items are kept so the model refuses them: "A,,B" is a typo, not two pages.
            pages = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            var check = Pager(pages: [])
            do { try check.reduce(.setPages(pages)) } catch { throw UsageError("--pages: \(error)") }
        }
        if let text = options.value("label") { label = text }
        if let text = options.value("actions") {
            let words = Self.list(text)
            actions = []
            if words != ["none"] {
                for word in words {
                    guard let kind = AuditActionKind(rawValue: word) else {
                        let near = Suggest.nearest(to: word, among: AuditActionKind.allCases.map(\.rawValue))
                        throw UsageError(
                            "--actions: unknown action '\(word.clipped())'\(near.map { " (did you mean \($0)?)" } ?? ""); "
                                + "choose from \(AuditActionKind.allCases.map(\.rawValue).joined(separator: ", ")) or none")
                    }
                    actions.insert(kind)
                }
            }
        }
        if let text = options.value("style") { style = PageDots.Style(rawValue: text) ?? style }
        if let text = options.value("background") { background = try Self.color(text, option: "--background") }
        if let text = options.value("tint") { tint = try Self.color(text, option: "--tint") }
        if let text = options.value("text-size") {
            guard let size = TextSize(name: text.trimmingSpaces()) else {
                let names = TextSize.allCases.map(\.rawValue)
                let near = Suggest.nearest(to: text, among: names.map { $0.lowercased() })
                    .flatMap { lowered in names.first { $0.lowercased() == lowered } }
                throw UsageError(
                    "--text-size must be one of \(names.joined(separator: ", ")), not '\(text.clipped())'"
                        + (near.map { " (did you mean \($0)?)" } ?? ""))
            }
            textSize = size
        }
        if let text = options.value("transition") { transition = PageChangeStyle(rawValue: text) ?? transition }
        if let seconds = try options.double("auto-advance", in: 0...86_400) {
            autoAdvance = seconds > 0 ? seconds : nil
        }
        pausable = options.has("pausable")
        autoAdvanceStopsUnderReduceMotion = !options.has("advances-under-reduce-motion")
        reduceMotion = options.has("reduce-motion")
        if let text = options.value("format") { format = AuditFormat(rawValue: text) ?? format }

        var selected = AuditRule.allCases
        let only = options.all("rule").flatMap { Self.list($0) }
        if !options.all("rule").isEmpty {
            var chosen = Set<AuditRule>()
            for id in only { chosen.insert(try AuditRule.parse(id, option: "--rule")) }
            guard !chosen.isEmpty else { throw UsageError("--rule needs a rule id") }
            selected = selected.filter(chosen.contains)
        }
        var ignored = Set<AuditRule>()
        for id in options.all("ignore").flatMap({ Self.list($0) }) { ignored.insert(try AuditRule.parse(id, option: "--ignore")) }
        selected = selected.filter { !ignored.contains($0) }
        guard !selected.isEmpty else { throw UsageError("--rule and --ignore leave no rule to check") }
        rules = selected
    }

    /// The model configured as the options say, on the first page, left to right.
    func makeSubject() -> AuditModelSubject {
        AuditModelSubject(
            pager: Pager(
                pages: pages, width: width, reduceMotion: reduceMotion, pageChangeStyle: transition,
                dotsStyle: style, textSize: textSize
            ),
            label: label
        )
    }

    /// "a, b ,c" → ["a", "b", "c"]; empty items dropped (for ids, where "a,,b" harms no one).
    static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }

    static func color(_ text: String, option: String) throws(UsageError) -> SRGBColor {
        let trimmed = text.trimmingSpaces()
        if let color = SRGBColor(hex: trimmed) ?? SystemColors.color(named: trimmed) { return color }
        throw UsageError(
            "\(option) must be a colour like #1C1C1E or a system colour name (\(SystemColors.named.map(\.name).joined(separator: ", "))), not '\(text.clipped())'"
        )
    }
}

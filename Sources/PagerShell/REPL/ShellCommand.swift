import PagerCore

/// One line of the REPL, parsed: either an action for the model or something the shell itself does.
public enum ShellCommand: Sendable, Equatable {
    case action(PagerAction)
    case focus
    case describe
    case layout
    /// The frames of the last page change; with a path, also drawn to that new SVG file.
    case frames(svg: String?)
    case repeatLast
    case say(String)
    case stop
    /// The first page (`g` while reading).
    case firstPage
    /// The last page (`G` while reading; "last page" by voice).
    case lastPage
    /// Read the current page of the open document from the top.
    case readPage
    /// The next page holding the text (`/text` while reading); page titles without a document.
    case search(String)
    /// Arriving on the current page: announced, shown and read (how a `read` session starts).
    case arrive
    case status
    case voices
    case help(String?)
    case quit
}

/// Every REPL command with its arguments and one line of help. The parser, `help`, tab completion
/// and "did you mean" all read this table, so they always agree.
public struct CommandInfo: Sendable {
    public var names: [String]
    public var arguments: String
    public var help: String
    /// Words that may follow the command (for tab completion).
    public var completions: [String]

    init(_ names: [String], _ arguments: String, _ help: String, completions: [String] = []) {
        self.names = names
        self.arguments = arguments
        self.help = help
        self.completions = completions
    }

    init(_ names: [String], _ help: String) {
        self.init(names, "", help)
    }

    public var usage: String {
        (names.joined(separator: "|") + (arguments.isEmpty ? "" : " " + arguments))
    }

    public static let all: [CommandInfo] = [
        CommandInfo(["increment", "next"], "Next page (adjustable increment: swipe up on the dots)."),
        CommandInfo(["decrement", "previous", "prev"], "Previous page (adjustable decrement: swipe down)."),
        CommandInfo(
            ["scroll"], "trailing|leading", "Scroll action: trailing = next page, leading = previous.",
            completions: ["trailing", "leading"]),
        CommandInfo(
            ["swipe"], "left|right", "Three-finger swipe, screen terms: left = next in LTR, previous in RTL.",
            completions: ["left", "right"]),
        CommandInfo(
            ["drag"], "DX [PREDICTED] [--dy DY]",
            "Whole drag by DX screen points; PREDICTED = predicted end translation; DY = vertical movement."),
        CommandInfo(["press"], "Put a finger down on the pager."),
        CommandInfo(["move"], "DX [DY]", "Move the finger to (DX, DY) screen points from where it touched down."),
        CommandInfo(["release"], "[PREDICTED]", "Lift the finger; commits past 40% of the width or a flick past 60%."),
        CommandInfo(["go"], "N", "Go to page N (1-based), as the app would."),
        CommandInfo(["first"], "Go to the first page."),
        CommandInfo(["last"], "Go to the last page."),
        CommandInfo(["read"], "Read the current page of the open document from the top (pagervoice read FILE)."),
        CommandInfo(["search"], "TEXT", "Go to the next page holding TEXT, wrapping; says \"Not found\" when none does."),
        CommandInfo(["count"], "N", "Make the pager have N pages (keeps existing titles)."),
        CommandInfo(["pages"], "A, B, C", "Replace the pages with these titles (comma-separated)."),
        CommandInfo(["width"], "PT", "Set the pager width in points (default 390)."),
        CommandInfo(["reduce-motion"], "on|off", "Turn Reduce Motion on (settle instantly) or off.", completions: ["on", "off"]),
        CommandInfo(["direction"], "ltr|rtl", "Layout direction.", completions: ["ltr", "rtl"]),
        CommandInfo(
            ["style"], "pager|indicator",
            "The page dots: the pager's own adjustable dots, or a page indicator (like SwiftUI's page index view).",
            completions: PageDots.Style.allCases.map(\.rawValue)),
        CommandInfo(
            ["text-size"], "SIZE", "Dynamic Type size (xSmall…xxxLarge, AX1…AX5): the indicator's dots scale with it.",
            completions: TextSize.allCases.map(\.rawValue)),
        CommandInfo(
            ["lang"], "TAG", "Language of everything spoken, a BCP 47 tag (de, pt-BR, zh-Hant…): see Languages below.",
            completions: SpokenStrings.table.map(\.code)),
        CommandInfo(
            ["transition"], "interactive|parallax-push|slide-scale", "How page changes look.",
            completions: PageChangeStyle.allCases.map(\.rawValue)),
        CommandInfo(
            ["focus"], "[next|previous|first|last]",
            "Move VoiceOver's cursor (one-finger swipe right/left, four-finger tap top/bottom) and speak the element; alone, speak the focused one.",
            completions: FocusMove.allCases.map(\.rawValue)),
        CommandInfo(["describe"], "Print every element as AccessibilitySnapshot does: Label: Value. Trait., hint below."),
        CommandInfo(["layout"], "Show the rendered pages and the dots."),
        CommandInfo(
            ["frames"], "[--svg FILE]",
            "Show the frames of the last page change, 60 per second; --svg also draws them to FILE (a new file).",
            completions: ["--svg"]),
        CommandInfo(["repeat"], "Say the last announcement again."),
        CommandInfo(["say"], "TEXT", "Speak TEXT literally (markup is read, never obeyed)."),
        CommandInfo(["stop"], "Silence speech now."),
        CommandInfo(["status"], "Show the whole state."),
        CommandInfo(["voices"], "List the eSpeak NG voices."),
        CommandInfo(["help"], "[COMMAND]", "List commands, or explain one."),
        CommandInfo(["quit", "exit"], "Leave (Ctrl-D does too)."),
    ]

    public static let allNames: [String] = all.flatMap(\.names)

    public static func named(_ name: String) -> CommandInfo? {
        all.first { $0.names.contains(name) }
    }
}

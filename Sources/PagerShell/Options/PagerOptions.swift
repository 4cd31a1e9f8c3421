import ArgumentParser
import PagerCore

/// The options that shape a pager model: its pages, size, dots and motion. The REPL, `verify`,
/// `frames` and `audit` share them, so a configuration audited is the one a script verifies.
struct PagerShapeOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Comma-separated page titles (default: Explore, Collect, Share).", valueName: "list"))
    var pages: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Number of pages, 0 to \(Pager.maximumPageCount) (keeps titles from --pages).", valueName: "n"),
        transform: { try ArgumentCheck.int($0, in: 0...Pager.maximumPageCount) })
    var count: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Pager width in points (default 390).", valueName: "pt"),
        transform: { try ArgumentCheck.double($0, in: 0...Pager.maximumPoints) })
    var width: Double?

    @Flag(help: "Start with Reduce Motion on: pages settle instantly.")
    var reduceMotion = false

    @Option(
        help:
            "The page dots: pager (the pager's own adjustable dots) or indicator (a page indicator that follows a paged view, like SwiftUI's page index view)."
    )
    var style: PageDots.Style?

    @Option(help: ArgumentHelp("Dynamic Type size for the indicator dots (default: large).", valueName: "size"))
    var textSize: TextSize?

    @Option(help: "How a page change looks (default: interactive).")
    var transition: PageChangeStyle?

    init() {}

    /// The options given, by name, for refusing them where they do not apply (`audit --url`).
    var given: [String] {
        var names: [String] = []
        if pages != nil { names.append("--pages") }
        if count != nil { names.append("--count") }
        if width != nil { names.append("--width") }
        if reduceMotion { names.append("--reduce-motion") }
        if style != nil { names.append("--style") }
        if textSize != nil { names.append("--text-size") }
        if transition != nil { names.append("--transition") }
        return names
    }

    /// Applies the options to `pager`, each refusal as the option's mistake (the model's words).
    func apply(to pager: inout Pager, between middle: (inout Pager) throws -> Void = { _ in }) throws {
        func apply(_ action: PagerAction, _ option: String) throws {
            do {
                try pager.reduce(action)
            } catch {
                throw ValidationError("\(option): \(error.description)")
            }
        }
        if let pages {
            let titles = pages.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces() }
            try apply(.setPages(titles), "--pages")
        }
        if let count { try apply(.setCount(count), "--count") }
        if let width { try apply(.setWidth(width), "--width") }
        if reduceMotion { try apply(.setReduceMotion(true), "--reduce-motion") }
        try middle(&pager)
        if let style { try apply(.setDotsStyle(style), "--style") }
        if let textSize { try apply(.setTextSize(textSize), "--text-size") }
        if let transition { try apply(.setPageChangeStyle(transition), "--transition") }
    }
}

/// The options that shape the starting pager of a session (docs/CONTRACT.md): its shape, its
/// direction and its language. The REPL, `verify` and `frames` take the same group, so a script
/// verified in CI starts from the pager the REPL would.
struct PagerOptions: ParsableArguments {
    @OptionGroup var shape: PagerShapeOptions

    @Flag(help: "Right-to-left layout: swipes and drags mirror.")
    var rtl = false

    @Option(
        help: ArgumentHelp(
            "Language spoken, a BCP 47 tag such as de, pt-BR, zh-Hant (default: from LC_ALL, LC_MESSAGES or LANG, else English).",
            valueName: "tag"),
        transform: ArgumentCheck.language)
    var lang: String?

    init() {}

    /// The language: `--lang`, else (where `environment` is given) the locale, else English.
    func language(environment: [String: String] = [:]) throws -> LanguageChoice {
        do {
            return try LanguageChoice.resolve(explicit: lang, environment: environment)
        } catch {
            throw ValidationError("--lang: \(error.description)")
        }
    }

    /// The pager the options describe, or the reason it cannot be made (the model's own words).
    /// Its language is `language`, or `--lang` (English without it).
    func makePager(language: LanguageChoice? = nil) throws -> Pager {
        var pager = Pager()
        let strings = try (language ?? self.language()).strings
        try shape.apply(to: &pager) { pager in
            do {
                if rtl { try pager.reduce(.setDirection(.rightToLeft)) }
            } catch {
                throw ValidationError("--rtl: \(error)")
            }
            do {
                if strings != pager.strings { try pager.reduce(.setLanguage(strings.code)) }
            } catch {
                throw ValidationError("--lang: \(error)")
            }
        }
        return pager
    }

    func validate() throws {
        _ = try makePager()
    }
}

/// How results are printed.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object per line (docs/CONTRACT.md) instead of text.")
    var json = false

    @Flag(help: "Terse verbosity: focus descriptions without hints.")
    var terse = false

    @Option(
        help: ArgumentHelp(
            "What text output prints: all; unspoken (what is not spoken: errors, tables, status), for a screen reader that reads the terminal; none (errors only). JSON always carries everything.",
            valueName: "what"))
    var print: OutputRenderer.PrintMode = .all

    var renderer: OutputRenderer { OutputRenderer(json: json, print: print) }

    var verbosity: AccessibilityElement.Verbosity { terse ? .terse : .normal }

    init() {}
}

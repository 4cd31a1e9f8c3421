import ArgumentParser
import PagerAudit
import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

extension AuditFormat: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// `pagervoice audit`: checks a pager configuration against the rules VoiceOver, TalkBack, the
/// APG carousel pattern and WCAG 2.2 imply, by driving the model through every action.
struct AuditCommand: PagerVoiceSubcommand {
    static let abstract = "Audit a pager, or a real page's carousel, against WCAG 2.2."

    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: abstract,
        discussion: rulesText()
            + "\n\nWith --url the carousel of a real page is found (the APG carousel pattern, a tablist of slide pickers, Bootstrap-style indicators, a role=slider pager, a group of dot buttons, a row of links to panels, radio buttons that show panels, or Previous and Next beside slides; where none is found, slides seen turning on their own, then slides turned by the arrow keys with focus on nothing, as a slide deck's are) and measured in headless Chromium: its accessibility tree, its behaviour under the mouse and the keyboard, its rotation, its pixels; each rule is judged on those facts, with the model as the reference (docs/AUDIT.md). One browser per run, in a private profile removed afterwards; nothing is fetched from the network. A lightbox gallery that shows a picture at a time with no element for the others (lightbox2's, Colorbox's) is not judged yet: where nothing else is found, the error names the page's links to pictures."
            + "\n\nExit status: 0 when every rule passes or does not apply, 1 when one fails (or the page cannot be audited), 2 on a usage error."
    )

    @OptionGroup(title: "A real page (instead of a configuration)") var page: PageOptions

    @OptionGroup(title: "Pager options (a configuration)") var pager: PagerShapeOptions

    @Option(help: ArgumentHelp("The dots' accessibility label (default: Page).", valueName: "text"))
    var label: String?

    @Option(
        help: ArgumentHelp(
            "What the component offers: some of \(AuditActionKind.allCases.map(\.rawValue).joined(separator: ",")), or none (default: \(AuditActionKind.defaultsText(for: .pager)) for --style pager; \(AuditActionKind.defaultsText(for: .indicator)) for --style indicator, which follows its paged view and has no adjustable action).",
            valueName: "list"))
    var actions: String?

    @Option(
        help: ArgumentHelp(
            "#RRGGBB or a system colour name behind the dots (default: the demo pages' gradients; white for the indicator).",
            valueName: "colour"),
        transform: { try AuditCommand.color($0) })
    var background: SRGBColor?

    @Option(
        help: ArgumentHelp(
            "#RRGGBB or a system colour name for the dots (default: white for the pager, primary for the indicator).",
            valueName: "colour"),
        transform: { try AuditCommand.color($0) })
    var tint: SRGBColor?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The pager changes page on its own this often (0 or absent: never).", valueName: "seconds"),
        transform: { try ArgumentCheck.double($0, in: 0...86_400) })
    var autoAdvance: Double?

    @Flag(help: "The auto-advance can be paused.")
    var pausable = false

    @Flag(help: "The auto-advance keeps running with Reduce Motion on (the demo pager stops it).")
    var advancesUnderReduceMotion = false

    @Option(help: "Report format (default: text).")
    var format: AuditFormat = .text

    @Option(help: ArgumentHelp("Check only this rule (repeatable; commas allowed).", valueName: "id"))
    var rule: [String] = []

    @Option(help: ArgumentHelp("Skip this rule (repeatable; commas allowed).", valueName: "id"))
    var ignore: [String] = []

    init() {}

    func validate() throws {
        if page.url != nil {
            _ = try makePageAudit()
        } else {
            try page.checkWithoutURL()
            _ = try makeConfiguration()
        }
    }

    func execute(_ io: ShellIO) -> Int32 {
        if page.url != nil {
            guard let run = try? makePageAudit() else { return 2 }
            return run.execute(io)
        }
        guard let configuration = try? makeConfiguration() else { return 2 }
        let report = Self.audit(configuration)
        for line in report.lines(configuration.format) {
            configuration.format == .text ? io.out.writeLines(line) : io.out.writeRaw(line)
        }
        guard io.finish(command: "pagervoice audit") else { return 1 }
        return report.hasFailure ? 1 : 0
    }

    /// The model, configured as the options say, audited.
    static func audit(_ configuration: AuditConfiguration) -> AuditReport {
        AuditReport(findings: Auditor(base: configuration.makeSubject(), configuration: configuration).run(), configuration: configuration)
    }

    /// The configuration `pagervoice audit ARGUMENTS…` describes (tests build theirs this way).
    static func configuration(parsing arguments: [String]) throws -> AuditConfiguration {
        try parse(arguments).makeConfiguration()
    }

    /// The options that describe a configuration, by name, where given: with `--url` the page is
    /// audited as it is, so each of them would be a claim nothing checks.
    var configurationOptions: [String] {
        var names = pager.given
        if label != nil { names.append("--label") }
        if actions != nil { names.append("--actions") }
        if background != nil { names.append("--background") }
        if tint != nil { names.append("--tint") }
        if autoAdvance != nil { names.append("--auto-advance") }
        if pausable { names.append("--pausable") }
        if advancesUnderReduceMotion { names.append("--advances-under-reduce-motion") }
        return names
    }

    /// `audit --url`, checked: the address, and no option that only describes a configuration.
    func makePageAudit() throws -> PageAudit {
        if let first = configurationOptions.first {
            throw ValidationError(
                "\(first) describes a pager configuration; with --url the page's carousel is measured as it is (leave out \(configurationOptions.joined(separator: ", ")))"
            )
        }
        guard let address = try page.address() else { throw ValidationError("--url is missing") }
        var run = PageAudit(address: address, carousel: page.carousel, browser: page.browser, rules: try selectedRules(), format: format)
        run.loadTimeout = page.loadTimeout
        run.clicks = page.click
        return run
    }

    /// The folder the audit runs in, for turning a relative path into a file URL.
    static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads the options; every mistake is one `ValidationError` line.
    func makeConfiguration() throws -> AuditConfiguration {
        var configuration = AuditConfiguration()
        if let pages = pager.pages, pages.trimmingSpaces().isEmpty { throw ValidationError("--pages needs at least one page title") }
        // The shared options, applied to a model as the REPL would: "A,,B" is a typo, not two
        // pages, and the model's refusal says so.
        var model = Pager()
        try pager.apply(to: &model)
        if pager.pages != nil || pager.count != nil { configuration.pages = model.pages }
        if let label { configuration.label = label }
        if let actions {
            let words = AuditConfiguration.list(actions)
            configuration.actions = []
            if words != ["none"] {
                for word in words {
                    guard let kind = AuditActionKind(rawValue: word) else {
                        let near = Suggest.nearest(to: word, among: AuditActionKind.allCases.map(\.rawValue))
                        throw ValidationError(
                            "--actions: unknown action '\(word.clipped())'\(near.map { " (did you mean \($0)?)" } ?? ""); "
                                + "choose from \(AuditActionKind.allCases.map(\.rawValue).joined(separator: ", ")) or none")
                    }
                    configuration.actions.insert(kind)
                }
            }
        }
        if let style = pager.style { configuration.style = style }
        // The page indicator refuses increment and decrement: claiming them would audit a
        // component PagerVoice cannot model, so the claim is refused rather than judged.
        if configuration.style == .indicator, configuration.chosenActions?.contains(.adjustable) == true {
            throw ValidationError(AuditActionKind.indicatorAdjustableMistake)
        }
        configuration.background = background
        configuration.tint = tint
        if let textSize = pager.textSize { configuration.textSize = textSize }
        if let transition = pager.transition { configuration.transition = transition }
        if let autoAdvance { configuration.autoAdvance = autoAdvance > 0 ? autoAdvance : nil }
        configuration.pausable = pausable
        configuration.autoAdvanceStopsUnderReduceMotion = !advancesUnderReduceMotion
        configuration.reduceMotion = pager.reduceMotion
        if let width = pager.width { configuration.width = width }
        configuration.format = format
        configuration.rules = try selectedRules()
        return configuration
    }

    /// `--rule` and `--ignore`, in report order.
    func selectedRules() throws -> [AuditRule] {
        var selected = AuditRule.allCases
        if !rule.isEmpty {
            var chosen = Set<AuditRule>()
            for id in rule.flatMap(AuditConfiguration.list) {
                do { chosen.insert(try AuditRule.parse(id, option: "--rule")) } catch { throw ValidationError(error.message) }
            }
            guard !chosen.isEmpty else { throw ValidationError("--rule needs a rule id") }
            selected = selected.filter(chosen.contains)
        }
        var ignored = Set<AuditRule>()
        for id in ignore.flatMap(AuditConfiguration.list) {
            do { ignored.insert(try AuditRule.parse(id, option: "--ignore")) } catch { throw ValidationError(error.message) }
        }
        selected = selected.filter { !ignored.contains($0) }
        guard !selected.isEmpty else { throw ValidationError("--rule and --ignore leave no rule to check") }
        return selected
    }

    static func color(_ text: String) throws -> SRGBColor {
        let trimmed = text.trimmingSpaces()
        if let color = SRGBColor(hex: trimmed) ?? SystemColors.color(named: trimmed) { return color }
        throw ValidationError(
            "expected a colour like #1C1C1E or a system colour name (\(SystemColors.named.map(\.name).joined(separator: ", ")))")
    }

    /// The rules, one line each, for `--help`.
    static func rulesText() -> String {
        let width = (AuditRule.allCases.map(\.id.count).max() ?? 0) + 2
        return "Rules:\n"
            + AuditRule.allCases.map { rule in
                "  " + rule.id + String(repeating: " ", count: width - rule.id.count) + "WCAG \(rule.wcag): \(rule.summary)"
            }.joined(separator: "\n")
    }
}

extension AuditRule {
    /// Finds a rule by id, or explains the mistake with the nearest id.
    static func parse(_ text: String, option: String) throws(UsageError) -> AuditRule {
        if let rule = AuditRule(rawValue: text.trimmingSpaces()) { return rule }
        let near = Suggest.nearest(to: text.trimmingSpaces(), among: allCases.map(\.id))
        let hint = near.map { " (did you mean \($0)?)" } ?? ""
        throw UsageError("\(option): unknown rule '\(text.clipped())'\(hint); rules are \(allCases.map(\.id).joined(separator: ", "))")
    }
}

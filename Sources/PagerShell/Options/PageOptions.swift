import ArgumentParser
import PagerCore

/// The options that point a command at a real page: `audit --url` and `verify --url` take the
/// same group, so a carousel audited is the one a script verifies, found the same way.
struct PageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A real page's carousel, measured in headless Chromium: a file (a path or file://) or a page served on this machine (http://127.0.0.1…).",
            valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("With --url: the carousel, by CSS selector, when the page has several.", valueName: "selector"))
    var carousel: String?

    @Option(
        help: ArgumentHelp(
            "With --url: an element to click before the carousel is looked for, by CSS selector, as a person clicks what opens one (a gallery's thumbnail, a button that opens a dialog) or clears it (a banner's button); repeat it for several clicks, made in order. It must match one element, drawn and not covered, and may neither load another document nor open a window.",
            valueName: "selector"))
    var click: [String] = []

    @Option(
        help: ArgumentHelp(
            "With --url: the headless Chromium to run, a path or a name on PATH (default: chromium-headless-shell, else chromium, on PATH).",
            valueName: "path"))
    var browser: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --url: how long the page may take to load, and each reading of it, in seconds (default 10; never less than 10 for a reading).",
            valueName: "seconds"),
        transform: { try ArgumentCheck.double($0, in: 0.1...600) })
    var timeout: Double?

    init() {}

    /// The load's bound: `--timeout`, else 10 s.
    var loadTimeout: Duration { timeout.map { .milliseconds(Int64(($0 * 1000).rounded())) } ?? .seconds(10) }

    /// Without `--url`, the options that only mean something with it are mistakes.
    func checkWithoutURL() throws {
        guard url == nil else { return }
        if carousel != nil { throw ValidationError("--carousel picks a carousel on the page --url names; add --url") }
        if !click.isEmpty { throw ValidationError("--click clicks on the page --url names; add --url") }
        if browser != nil { throw ValidationError("--browser runs the page --url names; add --url") }
        if timeout != nil { throw ValidationError("--timeout bounds loading the page --url names; add --url") }
    }

    /// `--url` as an address of this machine (nil without it), or the usage error it is.
    func address() throws -> PageAddress? {
        guard let url else { return nil }
        let given = GivenArguments.values(of: "--url")
        if given.count > 1 {
            throw ValidationError(
                "--url names one page a run, and was given \(given.count) times (\(given.map { PageAddress.withoutPassword($0).clipped(40) }.joined(separator: ", "))): run pagervoice once for each page"
            )
        }
        if let carousel, carousel.trimmingSpaces().isEmpty { throw ValidationError("--carousel needs a CSS selector") }
        if click.contains(where: { $0.trimmingSpaces().isEmpty }) { throw ValidationError("--click needs a CSS selector") }
        if let browser, browser.trimmingSpaces().isEmpty { throw ValidationError("--browser needs the path of a headless Chromium") }
        do { return try PageAddress(url, workingDirectory: AuditCommand.workingDirectory()) } catch { throw ValidationError(error.message) }
    }
}

import PagerAudit
import PagerCore
import PagerSystem
import PagerWeb

/// `pagervoice audit --url`: a real page's carousel, measured in headless Chromium and judged
/// by the same rules as the model.
///
/// One browser for the run, in a private profile; `Browser` registers both with the exit
/// cleanup, so they are gone however the run ends (a normal end, an error, Ctrl-C, SIGTERM).
/// Every wait is bounded, and every failure is one line and exit status 1.
struct PageAudit {
    var address: PageAddress
    var carousel: String?
    /// `--click`, in order.
    var clicks: [String] = []
    var browser: String?
    var rules: [AuditRule]
    var format: AuditFormat
    /// How long the page may take to load.
    var loadTimeout: Duration = .seconds(10)

    func execute(_ io: ShellIO) -> Int32 {
        if let problem = address.fileProblem() {
            failed(problem, io)
            return 1
        }
        let report: AuditReport
        do {
            report = try audit()
        } catch {
            failed(address.shown(error.description), io)
            // A selector that is not CSS is a mistake on the command line, found by the browser.
            if case .probe(.invalidSelector) = error { return 2 }
            if case .probe(.invalidClickSelector) = error { return 2 }
            return 1
        }
        for line in report.lines(format) {
            format == .text ? io.out.writeLines(line) : io.out.writeRaw(line)
        }
        guard io.finish(command: "pagervoice audit") else { return 1 }
        return report.hasFailure ? 1 : 0
    }

    /// A run that audited nothing: one line on standard error, and for JSON and SARIF a
    /// document on standard output that says so (a tool reading it would otherwise be given
    /// nothing, which `jq` takes for no findings).
    func failed(_ message: String, _ io: ShellIO) {
        io.err.writeLine("pagervoice audit: \(message)")
        io.err.flush()
        guard format == .json || format == .sarif else { return }
        var report = AuditReport(findings: [])
        report.failure = AuditReport.Failure(url: address.given, message: message)
        for line in report.lines(format) { io.out.writeRaw(line) }
        io.finish(command: "pagervoice audit")
    }

    /// Why a page could not be audited.
    enum Failure: Error, CustomStringConvertible {
        case browser(BrowserError)
        case page(PageError)
        case probe(CarouselProbe.Failure)
        case navigatedAway(String)
        case reloaded

        var description: String {
            switch self {
            case .browser(let error): error.description
            case .page(let error): error.description
            case .probe(let error): error.description
            case .navigatedAway(let url):
                "the page went to \(url.clipped(120)) while it was being audited, so what was measured is not one page"
            case .reloaded:
                "the page reloaded itself while it was being audited, so what was measured is not one page"
            }
        }
    }

    /// Throws if the page loaded another document (or itself again) since it was opened.
    static func stayed(on page: BrowserPage) throws(Failure) {
        guard let away = page.navigationsAway.first else { return }
        throw away == page.loadedURL ? .reloaded : .navigatedAway(away)
    }

    func audit() throws(Failure) -> AuditReport {
        let chromium: Browser
        do { chromium = try Browser(executable: browser) } catch { throw .browser(error) }
        defer { chromium.close() }
        let page: BrowserPage
        do {
            page = try chromium.newPage()
            try page.setViewport(width: 1280, height: 800)
            try CarouselProbe.installBeforeLoad(on: page)
            try page.open(address.url, timeout: loadTimeout)
        } catch {
            throw .page(error)
        }
        let facts: CarouselFacts
        do {
            var probe = CarouselProbe(page: page, selector: carousel) { () throws(PageError) in try chromium.newPage() }
            probe.clicks = clicks
            probe.commandTimeout = max(probe.commandTimeout, loadTimeout)
            facts = try probe.measure(url: address.url)
        } catch {
            // A page that left itself makes the script fail in the next document, sometimes before
            // the browser reports where it went: wait for that a moment, and say why.
            let deadline = ContinuousClock.now + .seconds(1)
            repeat {
                try Self.stayed(on: page)
                _ = try? page.evaluate("1", timeout: .milliseconds(100))
            } while ContinuousClock.now < deadline
            throw .probe(error)
        }
        try Self.stayed(on: page)
        let findings = PageAuditor(facts: facts, rules: rules).run()
        var audited = AuditedPage(
            url: address.given, artifact: address.artifact,
            carousel: AuditFinding.Element(selector: facts.widget.selector, name: facts.widget.name),
            detection: facts.detection)
        audited.others = facts.others
        audited.pickerWord = facts.pickerWord
        audited.notes = notes(page)
        if let hidden = facts.hiddenPassedOver {
            audited.notes.insert(
                "the page's first carousel, \(hidden.clippedSelector(60)), is not drawn (it, or what holds it, is hidden, as a closed dialog's carousel is), so the drawn one was audited; --carousel \(CarouselProbe.quoted(hidden.terminalSafe)), with --click on what opens it, audits the other",
                at: 0)
        }
        if !facts.clicked.isEmpty {
            // First: what was audited is the page after these clicks, not the page as loaded.
            audited.notes.insert(
                "as --click asked, the audit first clicked \(facts.clicked.joined(separator: ", then ")) and audited the page as those clicks left it",
                at: 0)
        }
        if facts.unsettledRests > 0 {
            audited.notes.append(
                "\(facts.unsettledRests) of the waits for the carousel to be at rest ran to their limit: the page never stood still there, so what followed was read while something moved"
            )
        }
        if format == .html { audited.picture = picture(of: facts, on: page, findings: findings) }
        return AuditReport(findings: findings, page: audited)
    }

    /// What the page did that the audit stepped around.
    func notes(_ page: BrowserPage) -> [String] {
        var notes: [String] = []
        let dialogs = page.dialogs
        if let first = dialogs.first {
            let more = dialogs.count > 1 ? " and \(dialogs.count - 1) more" : ""
            notes.append("the page opened a dialog (\(first.kind) \u{201C}\(first.message.clipped(60))\u{201D}\(more)); each was dismissed")
        }
        let held = page.heldBackRequests
        if let first = held.first {
            notes.append(
                "\(held.count == 1 ? "1 request" : "\(held.count) requests") the page made while it was audited \(held.count == 1 ? "was" : "were") not sent (the first: \(first.clipped(80))): an audit sends nothing and stays on the page"
            )
        }
        let windows = page.windowsNotOpened
        if let first = windows.first {
            notes.append(
                "the page asked to open \(windows.count == 1 ? "a window" : "\(windows.count) windows") (\(windows.count == 1 ? "" : "the first: ")\(first.clipped(80))), which \(windows.count == 1 ? "was" : "were") not opened: an audit stays on its page, and a new window would be one it could not keep from sending"
            )
        }
        let missing = page.missingFiles
        if let refused = missing.refused { notes.append(refused + "): PagerVoice fetches nothing from the network") }
        if let failed = missing.failed { notes.append(failed + "): what was audited may lack their styles or scripts") }
        return notes
    }

    /// The widget as drawn, with the dots a rule failed marked, for the HTML report.
    func picture(of facts: CarouselFacts, on page: BrowserPage, findings: [AuditFinding]) -> AuditedPage.Picture? {
        guard var box = facts.widget.box, !box.isEmpty else { return nil }
        if facts.cssCarousel {
            // A CSS carousel's dots and buttons are placed around the scroll container (anchor
            // positioning), outside its box: the picture holds them too.
            for part in facts.pickers.compactMap(\.box) + [facts.previous?.box, facts.next?.box].compactMap({ $0 }) where !part.isEmpty {
                // Not past the page's own edge: a clip there is drawn shifted.
                let left = max(0, min(box.x, part.x))
                let top = max(0, min(box.y, part.y))
                box = PageBox(x: left, y: top, width: max(box.maxX, part.maxX) - left, height: max(box.maxY, part.maxY) - top)
            }
        }
        let clip = BrowserPage.Clip(x: box.x, y: box.y, width: min(box.width, 2000), height: min(box.height, 2000))
        // Not while the page scrolls (see CarouselProbe.picture).
        _ = try? page.evaluate("window.__pagervoice ? __pagervoice.scrollRest(3000) : true")
        guard let png = try? page.screenshotPNG(clip: clip) else { return nil }
        let failingSelectors = Set(findings.filter { $0.status == .fail }.compactMap(\.element?.selector))
        let lowContrast = Set(facts.dotPixels.filter { $0.ratio < Auditor<AuditModelSubject>.requiredContrast }.map(\.picker))
        let contrastFails = findings.contains { $0.rule == .dotContrast && $0.status == .fail }
        let dots: [(box: PageBox, failing: Bool)] = facts.pickers.enumerated().compactMap { index, picker in
            guard let dot = picker.box else { return nil }
            let local = PageBox(x: dot.x - box.x, y: dot.y - box.y, width: dot.width, height: dot.height)
            return (local, failingSelectors.contains(picker.selector) || (contrastFails && lowContrast.contains(index)))
        }
        return AuditedPage.Picture(pngBase64: png, width: clip.width, height: clip.height, dots: dots)
    }
}

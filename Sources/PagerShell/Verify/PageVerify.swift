import PagerAudit
import PagerCore
import PagerWeb

/// The browser side of `verify --url`: one browser for the run, a fresh tab for each script (a
/// script starts from the page as loaded, as one starts from a fresh model), the carousel found
/// and its rotation stopped before the script's first line.
final class PageVerify {
    let address: PageAddress
    let carousel: String?
    /// `--click`, in order.
    let clicks: [String]
    let loadTimeout: Duration
    let chromium: Browser

    /// Why a script could not be run on the page at all (the browser, the page, the widget).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(address: PageAddress, carousel: String?, clicks: [String] = [], browser: String?, loadTimeout: Duration) throws(Failure) {
        self.address = address
        self.carousel = carousel
        self.clicks = clicks
        self.loadTimeout = loadTimeout
        do { chromium = try Browser(executable: browser) } catch { throw Failure(description: address.shown(error.description)) }
    }

    deinit { chromium.close() }

    func run(file: String, text: String) throws(Failure) -> ScriptRunner.Result {
        let page: BrowserPage
        do {
            page = try chromium.newPage()
            try page.setViewport(width: 1280, height: 800)
            try CarouselProbe.installBeforeLoad(on: page)
            try page.open(address.url, timeout: loadTimeout)
        } catch {
            throw Failure(description: address.shown(error.description))
        }
        defer { _ = try? page.close() }
        let chromium = self.chromium
        var probe = CarouselProbe(page: page, selector: carousel) { () throws(PageError) in try chromium.newPage() }
        probe.clicks = clicks
        probe.commandTimeout = max(probe.commandTimeout, loadTimeout)
        let prepared: (facts: CarouselFacts, marks: [String: Int])
        do { prepared = try probe.prepare(url: address.url) } catch { throw Failure(description: address.shown(error.description)) }
        let rotation = prepared.facts.rotationFacts
        if rotation.rotates, !(rotation.pausedWithControl && rotation.changesAfterPause == 0) {
            let how = prepared.facts.rotation == nil ? "it has no control to stop it" : "its rotation control does not stop it"
            let finding =
                "the carousel changes slide on its own (\(rotation.changesAfterLoad + rotation.changesAfterInteraction) times in \(rotation.watchedMilliseconds / 1000) s) and \(how), so a script's steps would race it (WCAG 2.2.2)"
            var result = ScriptRunner.Result(
                file: file,
                checks: [
                    .init(file: file, line: 0, passed: false, expected: "a carousel that can be stopped", got: finding, detail: finding)
                ],
                nanoseconds: 0)
            result.url = address.given
            return result
        }
        return PageScriptRunner(probe: probe, facts: prepared.facts, marks: prepared.marks, url: address.given).run(file: file, text: text)
    }
}

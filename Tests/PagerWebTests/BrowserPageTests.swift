import PagerCore
import PagerWeb
import Testing

/// A real headless Chromium doing what an audit asks of a page.
@Suite struct BrowserPageTests {
    let fixtures: Fixtures

    init() throws {
        fixtures = try Fixtures()
    }

    @Test func evaluatesScript() throws {
        let page = try SharedBrowser.page()
        try page.open(try fixtures.page("<p>hello</p>"))
        #expect(try page.evaluate("1+1") == .int(2))
        #expect(try page.evaluate("document.querySelector('p').textContent") == .string("hello"))
        #expect(try page.evaluate("Promise.resolve(40 + 2)") == .int(42))
        #expect(try page.evaluate("({a: [1, 'x', true, null]})") == .object([("a", .array([.int(1), .string("x"), .bool(true), .null]))]))
        #expect(try page.evaluate("undefined") == .null)
        #expect(try page.evaluate("0.5") == .double(0.5))
        #expect(try page.evaluate("NaN").doubleValue?.isNaN == true)
        #expect(throws: PageError.scriptFailed("Error: boom")) { try page.evaluate("throw new Error('boom')") }
        #expect(throws: PageError.scriptFailed("ReferenceError: nothing is not defined")) { try page.evaluate("nothing.here") }
        #expect(throws: PageError.scriptFailed("Error: later")) { try page.evaluate("Promise.reject(new Error('later'))") }
    }

    @Test func screenshotShowsTheColour() throws {
        let page = try SharedBrowser.page()
        try page.setViewport(width: 400, height: 300)
        try page.open(try fixtures.page("<div style='position:absolute;left:0;top:0;width:200px;height:100px;background:#123456'></div>"))
        let image = try page.screenshot()
        #expect(image.width == 400 && image.height == 300)
        #expect(image[100, 50] == RGBAImage.Pixel(rgb: 0x123456))
        #expect(image[300, 200] == RGBAImage.Pixel(rgb: 0xFFFFFF))

        let clipped = try page.screenshot(clip: .init(x: 150, y: 50, width: 100, height: 100))
        #expect(clipped.width == 100 && clipped.height == 100)
        #expect(clipped[10, 10] == RGBAImage.Pixel(rgb: 0x123456))
        #expect(clipped[90, 90] == RGBAImage.Pixel(rgb: 0xFFFFFF))
    }

    @Test func tabMovesFocusAndShiftTabMovesItBack() throws {
        let page = try SharedBrowser.page()
        try page.open(try fixtures.page("<button id=first>First</button> <button id=second>Second</button>"))
        let focused = "document.activeElement.id"
        #expect(try page.evaluate(focused) == .string(""))
        try page.press(.tab)
        #expect(try page.evaluate(focused) == .string("first"))
        try page.press(.tab)
        #expect(try page.evaluate(focused) == .string("second"))
        try page.press(.tab, modifiers: .shift)
        #expect(try page.evaluate(focused) == .string("first"))
    }

    @Test func keysReachThePageWithTheirNames() throws {
        let page = try SharedBrowser.page()
        let script =
            "<script>window.seen = []; addEventListener('keydown', e => seen.push(e.key + '/' + e.code + (e.shiftKey ? '+shift' : '')))"
            + "</script>"
        try page.open(try fixtures.page("<button id=b onclick=\"seen.push('click')\">B</button>" + script))
        _ = try page.evaluate("document.getElementById('b').focus()")
        // Tab last: from the only button it moves focus out of the page.
        for key in Key.allCases where key != .tab { try page.press(key) }
        try page.press(.arrowDown, modifiers: .shift)
        try page.press(.tab)
        let seen = try page.evaluate("seen").arrayValue?.compactMap(\.stringValue)
        #expect(
            seen == [
                "Enter/Enter", "click", " /Space", "click", "Escape/Escape", "ArrowLeft/ArrowLeft", "ArrowRight/ArrowRight",
                "ArrowUp/ArrowUp", "ArrowDown/ArrowDown", "Home/Home", "End/End", "ArrowDown/ArrowDown+shift", "Tab/Tab",
            ])
    }

    @Test func clickRunsTheButtonsHandler() throws {
        let page = try SharedBrowser.page()
        try page.open(
            try fixtures.page(
                "<button style='position:absolute;left:20px;top:30px;width:100px;height:40px' onclick=\"document.title='clicked'\">Go</button>"
            ))
        try page.click(x: 300, y: 300)
        #expect(try page.evaluate("document.title") == .string(""))
        try page.click(x: 70, y: 50)
        #expect(try page.evaluate("document.title") == .string("clicked"))
    }

    @Test func anAlertOnLoadIsDismissedAndRecorded() throws {
        let page = try SharedBrowser.page()
        let url = try fixtures.page("<script>alert('hello from load'); document.title = confirm('sure?') ? 'yes' : 'no'</script>")
        try page.open(url)
        #expect(
            page.dialogs == [
                .init(kind: "alert", message: "hello from load", url: url), .init(kind: "confirm", message: "sure?", url: url),
            ])
        #expect(try page.evaluate("document.title") == .string("no"))
    }

    @Test func aPageThatNeverFinishesLoadingIsABoundedError() throws {
        let server = try SilentServer()
        let page = try SharedBrowser.page()
        let url = try fixtures.page("<img src='http://127.0.0.1:\(server.port)/never.png'>")
        let start = ContinuousClock.now
        #expect(throws: PageError.loadTimedOut(url: url, after: .seconds(1))) { try page.open(url, timeout: .seconds(1)) }
        let waited = ContinuousClock.now - start
        #expect(waited < .seconds(5), "\(waited)")
        #expect(PageError.loadTimedOut(url: url, after: .seconds(1)).description == "the page did not finish loading within 1 s")
        // The local server was asked (not refused), and the page still answers.
        #expect(page.refusedRequests.isEmpty)
        #expect(try page.evaluate("1+1") == .int(2))
    }

    @Test func requestsToOtherHostsAreRefused() throws {
        let page = try SharedBrowser.page()
        try page.open(
            try fixtures.page("<img src='http://example.com/a.png'><script src='https://203.0.113.7/tracker.js'></script><p>done</p>"),
            timeout: .seconds(10))
        #expect(try page.evaluate("document.querySelector('p').textContent") == .string("done"))
        let fetched = try page.evaluate("fetch('http://example.org/data').then(() => 'fetched', () => 'refused')")
        #expect(fetched == .string("refused"))
        #expect(Set(page.refusedRequests) == ["http://example.com/a.png", "https://203.0.113.7/tracker.js", "http://example.org/data"])
        // Refused, not also failed: Chromium 156 calls our refusal "ERR_BLOCKED_BY_CLIENT.Inspector",
        // and each refused file was counted again as one that could not be loaded.
        #expect(page.failedLoads.isEmpty, "\(page.failedLoads)")
    }

    @Test func virtualTimeLetsALongTimerFire() throws {
        let page = try SharedBrowser.page()
        try page.open(try fixtures.page("<script>setTimeout(() => { document.title = 'fired' }, 20000)</script>"))
        #expect(try page.evaluate("document.title") == .string(""))
        let start = ContinuousClock.now
        try page.runVirtualTime(.seconds(21))
        let took = ContinuousClock.now - start
        #expect(try page.evaluate("document.title") == .string("fired"))
        print("virtual time: 21 s of page time in \(took)")
    }

    @Test func navigatingAwayAfterLoadIsRecorded() throws {
        let page = try SharedBrowser.page()
        let other = try fixtures.page("<p>elsewhere</p>", named: "other.html")
        let url = try fixtures.page("<script>addEventListener('load', () => setTimeout(() => location.replace('other.html'), 0))</script>")
        let connection = try SharedBrowser.browser().connection
        let mark = connection.eventMark
        try page.open(url)
        let moved = try connection.waitForEvent(after: mark, until: .now + .seconds(10)) {
            $0.session == page.session && $0.method == "Page.frameNavigated" && $0.params["frame"]?["url"]?.stringValue == other
        }
        #expect(moved != nil)
        #expect(page.navigationsAway == [other])
        // Opening another page ourselves is not a page leaving itself.
        try page.open(url + "?again")
        #expect(!page.navigationsAway.contains(url + "?again"))
    }

    @Test func accessibilityTreeNamesTheButton() throws {
        let page = try SharedBrowser.page()
        try page.open(try fixtures.page("<main><button>Next page</button><img alt='A red dot' src='data:,'></main>"))
        let nodes = try page.accessibilityTree()
        let named = nodes.map { ($0["role"]?["value"]?.stringValue ?? "", $0["name"]?["value"]?.stringValue ?? "") }
        #expect(named.contains { $0 == ("button", "Next page") })
        #expect(named.contains { $0.1 == "A red dot" })
    }

    @Test func reducedMotionAndViewportAreEmulated() throws {
        let page = try SharedBrowser.page()
        try page.open(try fixtures.page("<p>x</p>"))
        let query = "matchMedia('(prefers-reduced-motion: reduce)').matches"
        try page.setReducedMotion(true)
        #expect(try page.evaluate(query) == .bool(true))
        try page.setReducedMotion(false)
        #expect(try page.evaluate(query) == .bool(false))
        try page.setViewport(width: 500, height: 320)
        #expect(try page.evaluate("[innerWidth, innerHeight, devicePixelRatio]") == .array([.int(500), .int(320), .int(1)]))
    }

    @Test func aMissingFileIsANavigationError() throws {
        let page = try SharedBrowser.page()
        let url = "file://\(fixtures.folder.path)/missing.html"
        #expect(throws: PageError.navigationFailed(url: url, reason: "net::ERR_FILE_NOT_FOUND")) { try page.open(url) }
    }
}

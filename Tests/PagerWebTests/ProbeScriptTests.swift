import PagerCore
import Testing

@testable import PagerWeb

/// The probe's script as a page meets it: in place before the page's own scripts, in the page
/// and not in its frames, and invisible where the browser's own behaviour is asked for.
@Suite struct ProbeScriptTests {
    let fixtures: Fixtures

    init() throws {
        fixtures = try Fixtures()
    }

    /// A page that keeps `requestAnimationFrame` as it loads (GSAP's ticker) keeps the probe's,
    /// so the frames it asks for are the probe's to pace; the page's frame does not get it;
    /// and what is not a function still gets the browser's TypeError.
    @Test func theScriptRunsBeforeThePagesOwnInThePageAlone() throws {
        let page = try SharedBrowser.page()
        try CarouselProbe.installBeforeLoad(on: page)
        let frame = "<script>window.probed = !!window.__pagervoice</script>"
        try page.open(
            try fixtures.page(
                """
                <script>
                  window.seenAtLoad = !!window.__pagervoice;
                  window.kept = window.requestAnimationFrame;
                  try { requestAnimationFrame(null); window.nullFrame = 'no error'; }
                  catch (error) { window.nullFrame = error.constructor.name; }
                </script>
                <iframe srcdoc="\(frame)"></iframe>
                """))
        #expect(try page.evaluate("seenAtLoad") == .bool(true))
        #expect(try page.evaluate("kept === window.requestAnimationFrame") == .bool(true))
        #expect(try page.evaluate("kept.toString().includes('[native code]')") == .bool(false))
        #expect(try page.evaluate("nullFrame") == .string("TypeError"))
        #expect(
            try page.evaluate(
                "new Promise((done) => { const f = document.querySelector('iframe'); const look = () => done(f.contentWindow.probed); f.contentDocument.readyState === 'complete' ? look() : f.onload = look; })"
            ) == .bool(false))
    }

    /// A page's ticker asking for each frame from an awaited loop (`await new Promise(r =>
    /// requestAnimationFrame(r))`) asks from a promise callback, after its frame's callback has
    /// returned: each of its frames began a new run, as a click's animation does, and every rest
    /// of the audit waited 500 ms for it (13 s for an audit of 1.7 s). It is one run, as a
    /// ticker asking from inside its frames is; a request from a timer still begins one.
    @Test func anAwaitedLoopOfFramesIsOneRun() throws {
        let page = try SharedBrowser.page()
        try CarouselProbe.installBeforeLoad(on: page)
        try page.open(
            try fixtures.page(
                """
                <script>
                  window.ticks = 0;
                  (async () => { for (;;) { await new Promise((r) => requestAnimationFrame(r)); window.ticks += 1; } })();
                </script>
                """))
        let counted =
            "new Promise((done) => { const look = () => window.ticks >= 30 ? done(__pagervoice.frameRuns()) : setTimeout(look, 5); look(); })"
        let runs = try #require(try page.evaluate(counted).intValue)
        #expect(runs == 1, "\(runs) runs for 30 frames")
        // Asked from a timer, each request is a run of its own.
        _ = try page.evaluate(
            "window.late = 0; for (let i = 0; i < 3; i++) setTimeout(() => requestAnimationFrame(() => { window.late += 1; }), 10 * i); true"
        )
        let after = try page.evaluate(
            "new Promise((done) => { const look = () => window.late >= 3 ? done(__pagervoice.frameRuns()) : setTimeout(look, 5); look(); })"
        )
        #expect(after.intValue == runs + 3, "\(after)")
    }

    /// A chain of short timers, each set from the last one's callback, is waited for as a run of
    /// the page's frames is: one the page keeps running (Jssor animates on one through its 3 s
    /// idle) does not hold the widget from rest, which every wait on PyTango's slider ran to its
    /// limit for; one a click begins, moving a slide, is waited for until the slide has arrived.
    @Test func aChainOfTimersIsWaitedForAsARunOfFrames() throws {
        let browser = try SharedBrowser.browser()
        let page = try browser.newPage()
        try CarouselProbe.installBeforeLoad(on: page)
        let dots = (1...3).map { "<button aria-label='Go to slide \($0)'></button>" }.joined()
        try page.open(
            try fixtures.page(
                """
                <div id="c"><div class="track"><div>1</div><div style="display: none">2</div><div style="display: none">3</div></div>
                <div class="dots">\(dots)</div></div>
                <script>
                  window.ticks = 0;
                  const tick = () => { window.ticks += 1; setTimeout(tick, 16); };
                  tick();
                  const [one, two] = document.querySelectorAll('.track > div');
                  document.querySelectorAll('.dots button')[1].addEventListener('click', () => {
                    const start = performance.now();
                    two.style.display = '';
                    const fade = () => {
                      const t = Math.min((performance.now() - start) / 300, 1);
                      two.style.opacity = String(t);
                      one.style.opacity = String(1 - t);
                      if (t < 1) setTimeout(fade, 16);
                      else { one.style.display = 'none'; window.arrived = true; }
                    };
                    setTimeout(fade, 16);
                  });
                </script>
                """))
        let probe = CarouselProbe(page: page, selector: nil) { () throws(PageError) in try browser.newPage() }
        _ = try page.evaluate(
            "new Promise((done) => { const look = () => window.ticks >= 20 ? done(true) : setTimeout(look, 5); look(); })")
        #expect(try page.evaluate("__pagervoice.find('#c')")["slides"]?.arrayValue?.count == 3)
        try probe.animationSpeed(CarouselProbe.fastAnimations)
        let rest = try probe.settle()
        #expect(rest["unsettled"] == nil, "\(rest)")
        #expect(rest["shown"]?.intValue == 0, "\(rest)")

        _ = try page.evaluate("document.querySelectorAll('.dots button')[1].click(); true")
        let moved = try probe.settle()
        #expect(moved["unsettled"] == nil, "\(moved)")
        #expect(try page.evaluate("window.arrived === true") == .bool(true))
        #expect(moved["shown"]?.intValue == 1, "\(moved)")
        #expect(try page.evaluate("window.ticks").intValue ?? 0 > 20)
    }

    /// Selectors name one element each after the page drew its dots anew (as Splide does when
    /// a setting changes) and the carousel was found again: positions counted at the first find
    /// left a new dot with no position, and its selector matched every dot.
    @Test func selectorsAreCountedAfreshWhenTheCarouselIsFoundAgain() throws {
        let page = try SharedBrowser.page()
        try CarouselProbe.installBeforeLoad(on: page)
        let dots = (1...3).map { "<button aria-label='Go to slide \($0)'></button>" }.joined()
        try page.open(
            try fixtures.page(
                """
                <div id="c"><div class="track"><div>1</div><div>2</div><div>3</div></div>
                <div class="dots">\(dots)</div></div>
                """))
        let first = try page.evaluate("__pagervoice.find('#c')")
        #expect(first["pickers"]?.arrayValue?.count == 3, "\(first)")
        _ = try page.evaluate("document.querySelector('.dots').innerHTML = \(JSON.string(dots).serialized()); true")
        let again = try page.evaluate("__pagervoice.findAgain('#c')")
        let selectors = again["pickers"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(selectors.count == 3, "\(again)")
        for selector in selectors {
            #expect(try page.evaluate("document.querySelectorAll(\(JSON.string(selector).serialized())).length") == .int(1), "\(selector)")
        }
    }

    /// Tabs that name no panel (Glider.js's) find their slides as alike elements near them,
    /// never a tab's own three spans ("01", "Explore", "more"), which a first try took for the
    /// three slides when the tablist came before them.
    @Test func tabsThatNameNoPanelFindTheirSlidesNotTheirOwnSpans() throws {
        let page = try SharedBrowser.page()
        try CarouselProbe.installBeforeLoad(on: page)
        let tabs = (1...3).map { "<button role='tab'><span>0\($0)</span><span>Explore</span><span>more</span></button>" }.joined()
        try page.open(
            try fixtures.page(
                """
                <div id="c"><div role="tablist">\(tabs)</div>
                <div class="track"><div class="slide">One</div><div class="slide">Two</div><div class="slide">Three</div></div></div>
                """))
        let found = try page.evaluate("__pagervoice.find(null)")
        let slides = found["slides"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(slides.count == 3, "\(found)")
        for (index, selector) in slides.enumerated() {
            #expect(
                try page.evaluate("document.querySelector(\(JSON.string(selector).serialized())).className") == .string("slide"),
                "slide \(index + 1): \(selector)")
        }
    }

    /// A picture is taken once the page has stopped scrolling. Furo's theme scrolls smoothly to
    /// the link Tab leaves the widget for, and sphinx-inline-tabs' labels were photographed
    /// shown, then hidden, 24 px apart, their contrast read over the text below them. Focus
    /// moved out of view there, and a key that scrolls (animated by the browser whatever the
    /// CSS), are waited for; a key the page keeps for itself costs no wait.
    @Test func aPictureIsTakenOnceThePageStopsScrolling() throws {
        let browser = try SharedBrowser.browser()
        let page = try browser.newPage()
        try CarouselProbe.installBeforeLoad(on: page)
        try page.open(
            try fixtures.page(
                """
                <style>html { scroll-behavior: smooth }</style>
                <p>Top</p><p style="margin-top: 2400px"><a id="far" href="#">Far</a></p><div style="height: 2400px"></div>
                <script>addEventListener('keydown', (e) => { if (e.key === 'End') e.preventDefault(); });</script>
                """))
        let probe = CarouselProbe(page: page, selector: nil) { () throws(PageError) in try browser.newPage() }
        let top = try #require(
            try page.evaluate(
                "(({ left, top, width, height }) => [left, top, width, height])(document.querySelector('p').getBoundingClientRect())"
            )
            .arrayValue?.compactMap(\.doubleValue))
        try #require(top.count == 4)
        let twoFramesOn = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY))))"

        // Smooth: the page has not moved when focus is given. A picture of what is in view then
        // is taken once the page has arrived (and scrolled back to it at once): still after it.
        #expect(try page.evaluate("far.focus(); scrollY") == .int(0))
        _ = try probe.picture(BrowserPage.Clip(x: top[0], y: top[1], width: top[2], height: top[3]))
        let after = try page.evaluate("scrollY")
        #expect(try page.evaluate(twoFramesOn) == after, "still scrolling after the picture, at \(after)")

        // A key that scrolls the page: waited for until it stops, well past where it began.
        _ = try page.evaluate("document.activeElement.blur(); scrollTo({ top: 0, behavior: 'instant' }); true")
        _ = try page.evaluate(twoFramesOn)
        try page.press(.space)
        _ = try page.evaluate("__pagervoice.scrollRest(3000)")
        let paged = try #require(try page.evaluate("scrollY").doubleValue)
        #expect(paged > 100)
        #expect(try page.evaluate(twoFramesOn).doubleValue == paged)

        // A key the page keeps: no scroll is due, and the answer comes at once, not after a frame.
        try page.press(.end)
        #expect(try page.evaluate("__pagervoice.scrollRest(3000) === true && scrollY").doubleValue == paged)
    }

    /// The row of dots that scrolls sideways within the widget is named, with whether the page's
    /// CSS hides its scroll bar (the audit's browser draws none, so the layout cannot tell); a
    /// column around the widget that scrolls for something wide is no row of the widget's.
    @Test func aRowOfDotsThatScrollsSidewaysIsNamedWithItsScrollBar() throws {
        let page = try SharedBrowser.page()
        try CarouselProbe.installBeforeLoad(on: page)
        let dots = (1...6).map { "<button aria-label='Go to slide \($0)' style='width: 60px; height: 30px'></button>" }.joined()
        let slides = (1...6).map { "<div>\($0)</div>" }.joined()
        try page.open(
            try fixtures.page(
                """
                <style>.bare::-webkit-scrollbar { display: none }</style>
                <div id="column" style="overflow-x: auto; width: 300px">
                  <div id="c"><div class="track">\(slides)</div>
                  <div class="dots" style="overflow-x: auto; width: 200px; white-space: nowrap">\(dots)</div></div>
                  <table style="width: 900px"><tr><td>wide</td></tr></table>
                </div>
                """))
        #expect(try page.evaluate("__pagervoice.find('#c')")["pickers"]?.arrayValue?.count == 6)
        let row = try page.evaluate("__pagervoice.sidewaysRow()")
        #expect(row["selector"] == .string("#c > div:nth-of-type(2)"), "\(row)")
        #expect(row["scrollBarHidden"] == .bool(false), "\(row)")
        _ = try page.evaluate("document.querySelector('.dots').style.scrollbarWidth = 'none'; true")
        #expect(try page.evaluate("__pagervoice.sidewaysRow()")["scrollBarHidden"] == .bool(true))
        _ = try page.evaluate("const d = document.querySelector('.dots'); d.style.scrollbarWidth = ''; d.classList.add('bare'); true")
        #expect(try page.evaluate("__pagervoice.sidewaysRow()")["scrollBarHidden"] == .bool(true))
        // The dots fit their row: the column that scrolls for the table is not theirs.
        _ = try page.evaluate("document.querySelector('.dots').style.width = '400px'; true")
        #expect(try page.evaluate("__pagervoice.sidewaysRow()") == .null)
    }
}

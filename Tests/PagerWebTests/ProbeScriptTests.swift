import PagerCore
import PagerWeb
import Testing

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
}

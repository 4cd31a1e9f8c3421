import Foundation
import PagerTestSupport
import Testing

/// blueimp Gallery 2.33.0 from Debian (`ruby-rails-assets-blueimp-gallery`), as its demo sets
/// it up, served over HTTP as a Rails app's asset pipeline serves the gem (`blueimp.html`): an
/// inline carousel that rotates with its controls hidden until it is clicked, the same with them
/// shown, and its lightbox opened from a thumbnail. Three faults of the audit it showed: found by
/// watching it turn in 3 audits of 8 (it starts its next slide's timer on `transitionend`,
/// which the virtual clock's rare frames held back for up to 11 s); where no press could change
/// the slide (the arrows hidden), reduce-motion passed with "a page change does not animate at
/// all"; and a part not drawn was "clicked" at the page's corner (0, 0), which in the lightbox
/// is its backdrop, and closed it mid-audit ("no carousel any more").
@Suite(.serialized) struct BlueimpGalleryTests {
    /// The gem's assets, as Debian installs them.
    static let assets = "/usr/share/rubygems-integration/all/gems/rails-assets-blueimp-gallery-2.33.0/app/assets"

    /// Serves `Tests/Carousels` at `/`, and `/assets/NAME` from the gem's stylesheets, scripts
    /// and images, a stylesheet (`.scss`, plain CSS but for Sprockets' helpers) as `text/css`
    /// with `image-url("x")` and `font-url("x")` made `url("/assets/x")`, as Sprockets makes
    /// them. Returns the server and its address.
    static func serve() throws -> (SpawnedProcess, String, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let handler = """
            import re
            class Handler(http.server.SimpleHTTPRequestHandler):
                def do_GET(self):
                    path = self.path.split('?')[0]
                    if not path.startswith('/assets/'): return super().do_GET()
                    name = os.path.normpath(path[len('/assets/'):])
                    found = [f for f in (os.path.join(sys.argv[3], kind, name) for kind in ('stylesheets', 'javascripts', 'images', 'fonts')) if os.path.isfile(f)]
                    if name.startswith('..') or not found: return self.send_error(404)
                    data = open(found[0], 'rb').read()
                    kind = {'.js': 'text/javascript', '.png': 'image/png', '.gif': 'image/gif', '.svg': 'image/svg+xml'}.get(os.path.splitext(name)[1], 'text/css')
                    if name.endswith('.scss'): data = re.sub(rb'(?:image|font)-url\\("([^"]+)"\\)', rb'url("/assets/\\1")', data)
                    self.send_response(200); self.send_header('Content-Type', kind); self.send_header('Content-Length', str(len(data)))
                    self.end_headers(); self.wfile.write(data)
                def log_message(self, *a): pass
            """
        let (server, port) = try PageAuditTests.serveCarousels(handler, arguments: [assets], in: folder)
        return (server, "http://127.0.0.1:\(port)/blueimp.html", folder)
    }

    @Test func blueimpGalleryFromDebian() throws {
        let (server, page, _) = try Self.serve()
        defer { server.terminate() }

        // The demo's carousel: found by watching it turn, its arrows hidden until it is clicked,
        // three slides in 16 s as its 5 s timer gives, every time. None of its controls is named,
        // focusable or drawn; it rotates under reduced motion.
        let hidden = try PageAuditTests.audit(["--url", page])
        #expect(hidden.run.status == 1)
        #expect(
            hidden.run.lines.first?.hasSuffix(
                "found as slides that turn on their own (found by watching them; no pickers, no Previous or Next found)") == true,
            "\(hidden.run.stdout)\(hidden.run.stderr)")
        #expect(
            hidden.failing == ["label", "value", "scroll", "hidden-pages", "focus-order", "one-announcement", "auto-advance"],
            "\(hidden.run.stdout)")
        // No press changed the slide, so no change was watched: not "does not animate at all".
        #expect(
            hidden.line("reduce-motion")
                == "N/A  reduce-motion (WCAG 2.3.3): no press changed the slide here, so no page change could be watched (see scroll); its rotation under reduced motion is judged by auto-advance",
            "\(hidden.run.stdout)")
        #expect(
            hidden.line("auto-advance")?.contains("with prefers-reduced-motion: reduce it still rotates (3 changes in 16 s)") == true,
            "\(hidden.run.stdout)")

        // Its controls shown: its thumbnails' dots are found (list items that answer a click, with
        // no name, role or focus), and its 400 ms slide is watched.
        let shown = try PageAuditTests.audit(["--url", page + "?controls=1"])
        #expect(shown.run.lines.first?.hasSuffix("found as a group of dot buttons") == true, "\(shown.run.stdout)\(shown.run.stderr)")
        #expect(
            shown.line("reduce-motion")?.contains("with prefers-reduced-motion: reduce, a page change still animates transform for 400 ms")
                == true,
            "\(shown.run.stdout)")
        #expect(shown.line("edges")?.hasPrefix("PASS") == true, "\(shown.run.stdout)")
        #expect(
            shown.line("label")?.contains("the previous control (#blueimp-image-carousel > a:nth-of-type(1)) has no accessible name")
                == true,
            "\(shown.run.stdout)")
        #expect(
            shown.line("focus-order") == "FAIL focus-order (WCAG 2.4.3): Tab never reached any part of the carousel", "\(shown.run.stdout)")

        // The lightbox, opened by its first thumbnail. Enter (pressed on its arrows, which are
        // not focusable) hides its controls; its dots were then clicked at 0, 0, its backdrop,
        // which closes it, and the audit ended in an error after 27 s.
        let lightbox = try PageAuditTests.audit(["--url", page + "?lightbox=1", "--click", "#links a:first-child"])
        #expect(lightbox.run.status == 1)
        #expect(lightbox.run.stderr == "", "\(lightbox.run.stderr)")
        #expect(
            lightbox.run.lines.first?.hasSuffix(
                "found as slides turned by the arrow keys (found by pressing them; no pickers, no Previous or Next found)") == true,
            "\(lightbox.run.stdout)")
        #expect(
            lightbox.line("one-announcement")?.contains("after ArrowRight on the page on slide 1 nothing announces slide 2") == true,
            "\(lightbox.run.stdout)")
        #expect(lightbox.line("reduce-motion")?.hasPrefix("FAIL") == true, "\(lightbox.run.stdout)")
    }

    /// A carousel of our own that, as blueimp does, waits for its slide's `transitionend`
    /// before timing the next: on the virtual clock that event waited for a frame, and a watch
    /// of 16 s saw 2 changes or 3 (of three runs before, one saw 2, and no interval). The end is
    /// sent as the transition is finished, and the browser's own late one is not sent again (a
    /// second end would start a second timer: more changes).
    @Test func aRotationTimedFromTheEndOfItsTransitionIsSeenOnTime() throws {
        for _ in 0..<2 {
            let audit = try PageAuditTests.audit([
                "--url", "file://" + PageAuditTests.page("transition-chained.html"), "--rule", "auto-advance",
            ])
            #expect(
                audit.line("auto-advance")
                    == "FAIL auto-advance (WCAG 2.2.2): the carousel changes slide on its own every 5 s once loaded, and has no control to stop it; with prefers-reduced-motion: reduce it still rotates (3 changes in 16 s); the model stops under Reduce Motion",
                "\(audit.run.stdout)")
        }
    }
}

import Foundation
import PagerTestSupport
import Testing

/// `pagervoice verify --url` on real carousels through the built executable: the same scripts
/// act on the widget as a person would and on the model beside it, and a check fails at its line
/// with what the model says and what the page conveys.
@Suite(.serialized) struct VerifyPageTests {
    static func page(_ name: String) -> String { PageAuditTests.page(name) }

    static func verify(_ arguments: [String]) throws -> (run: Pagervoice.Run, folder: TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let run = try Pagervoice.run(["verify"] + arguments, environment: ["TMPDIR": folder.path])
        try PageAuditTests.expectNothingLeft(in: folder)
        return (run, folder)
    }

    static func apg(_ defect: String = "") -> String {
        "file://" + page("apg-tabs.html") + (defect.isEmpty ? "" : "?defect=" + defect)
    }

    /// A correct carousel passes: ours (its rotation stopped with its own control first) and
    /// Bootstrap's, as its documentation shows it with captions.
    @Test func correctCarouselsPass() throws {
        let ours = try Self.verify(["--url", Self.apg(), Self.page("paging.pv")])
        #expect(ours.run.status == 0, "\(ours.run.stdout)\(ours.run.stderr)")
        #expect(ours.run.lines == ["7 passed, 0 failed"])
        let bootstrap = try Self.verify(["--url", Self.page("bootstrap-captions.html"), Self.page("paging-bootstrap.pv")])
        #expect(bootstrap.run.status == 0, "\(bootstrap.run.stdout)\(bootstrap.run.stderr)")
        #expect(bootstrap.run.lines == ["6 passed, 0 failed"])
        // jQuery UI's tabs from Debian: arrow keys, Home and End, and what focus says.
        let tabs = try Self.verify(["--url", Self.page("jquery-ui-tabs.html"), Self.page("paging-jquery-ui.pv")])
        #expect(tabs.run.status == 0, "\(tabs.run.stdout)\(tabs.run.stderr)")
        #expect(tabs.run.lines == ["7 passed, 0 failed"])
        // Bootstrap 5's tabs from Debian: arrow keys, wrapping, a fade begun by a timer.
        let bootstrapTabs = try Self.verify(["--url", Self.page("bootstrap-tabs.html"), Self.page("paging-bootstrap-tabs.pv")])
        #expect(bootstrapTabs.run.status == 0, "\(bootstrapTabs.run.stdout)\(bootstrapTabs.run.stderr)")
        #expect(bootstrapTabs.run.lines == ["6 passed, 0 failed"])
        // Slick from Debian, wrapping and stopping at its ends, and with no dots (its default).
        for library in ["slick.html", "slick-finite.html", "slick.html?dots=0"] {
            let run = try Self.verify(["--url", "file://" + Self.page(library), Self.page("paging-slick.pv")]).run
            #expect(run.status == 0, "\(library): \(run.stdout)\(run.stderr)")
            #expect(run.lines == ["4 passed, 0 failed"], "\(library)")
        }
        // With no dots, `go N`, `last` and `first` page there with Next and Previous.
        let folder = try TemporaryDirectory()
        let script = folder.path + "/go.pv"
        try "go 3\nexpect-position 3 of 3\nfirst\nexpect-page 1\ngo 2\nexpect-page 2\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let going = try Self.verify(["--url", "file://" + Self.page("slick.html?dots=0"), script]).run
        #expect(going.status == 0, "\(going.stdout)\(going.stderr)")
        #expect(going.lines == ["3 passed, 0 failed"])
    }

    /// Pages of our own that behave as Swiper 8.4.7 and Splide 4.1.4 do
    /// (Tests/Carousels/looping-bullets.html and motion-redraw.html), plain and looping, are held
    /// to the model step by step (looping, their copies are not pages); one that behaves as
    /// Glide.js 3.5.0 does (class-bullets.html) marks its current bullet by a class alone, so
    /// every page check fails and says what the carousel conveys.
    @Test func bulletsTabsAndCopiesAreSteppedThrough() throws {
        let script = Self.page("paging-slick.pv")
        for page in ["looping-bullets.html", "looping-bullets.html?loop=1", "motion-redraw.html", "motion-redraw.html?type=loop"] {
            let run = try Self.verify(["--url", "file://" + Self.page(page), script]).run
            #expect(run.status == 0, "\(page): \(run.stdout)\(run.stderr)")
            #expect(run.lines == ["4 passed, 0 failed"], "\(page)")
        }
        let classBullets = try Self.verify(["--url", "file://" + Self.page("class-bullets.html"), script]).run
        #expect(classBullets.status == 1)
        #expect(
            classBullets.lines.first
                == "\(script):1: at the start the model is on page 1 of 3; the carousel conveys no dot marked current and slide 1 shown",
            "\(classBullets.stdout)")
        #expect(classBullets.lines.last == "0 passed, 4 failed")
    }

    /// A live region whose number follows the slides while it counts a loop's copies ("Slide 2 of
    /// 5" on slide 1 of 3) fails every page check, the first too, which was judged before a
    /// second slide showed the number following; a cart's "3 of 10" fails none.
    @Test func aLiveRegionCountingCopiesFailsEveryPageCheck() throws {
        try Self.expectPicking(
            "announcer.html?status=copies",
            failingFirstWith:
                "dot “Go to slide 1” current and its live region saying “Slide 2 of 5” and slide 1 shown; the live region says there are 5, not 3"
        )
        try Self.expectPicking("announcer.html?status=cart", failingFirstWith: nil)
    }

    /// `picking.pv` on `page`: every check fails, the first saying the carousel conveys
    /// `conveys`; or, for nil, every check passes.
    static func expectPicking(_ page: String, failingFirstWith conveys: String?) throws {
        let script = Self.page("picking.pv")
        let run = try Self.verify(["--url", "file://" + Self.page(page), script]).run
        guard let conveys else {
            #expect(run.status == 0, "\(page): \(run.stdout)\(run.stderr)")
            #expect(run.lines == ["3 passed, 0 failed"], "\(page): \(run.stdout)")
            return
        }
        #expect(run.status == 1)
        #expect(
            run.lines.first == "\(script):3: at the start the model is on page 1 of 3; the carousel conveys \(conveys)",
            "\(page): \(run.stdout)")
        #expect(run.lines.last == "0 passed, 3 failed", "\(page): \(run.stdout)")
    }

    /// A CSS carousel is scripted through its pseudo-elements: in tabs mode the current tab is
    /// selected and the scripts pass; in links mode the tree does not say which dot is current,
    /// and each page check fails saying so.
    @Test func aCSSCarouselIsScripted() throws {
        try Self.expectPicking("css-carousel.html?mode=tabs", failingFirstWith: nil)
        let pressing = try Self.verify(["--url", "file://" + Self.page("css-carousel.html?mode=tabs"), Self.page("paging-slick.pv")]).run
        #expect(pressing.status == 0, "\(pressing.stdout)\(pressing.stderr)")
        #expect(pressing.lines.last == "4 passed, 0 failed", "\(pressing.stdout)")
        try Self.expectPicking(
            "css-carousel.html",
            failingFirstWith: "::scroll-marker links that do not say which is current in the accessibility tree and slide 1 shown")
    }

    /// tiny-slider 2.9.4, as a page of our own that behaves as it does
    /// (Tests/Carousels/region-beside.html), says the position in a live region of its own,
    /// beside dots named "(Current Slide)". Looping (its default) the region says "slide 2 of 3"
    /// on slide 1, and every position check fails and says so; not looping, it agrees with the
    /// model. Its prev and next are out of the Tab order, so a script that presses them fails
    /// there, and says that, not that the carousel wraps around.
    @Test func aLiveRegionBesideTheSlidesIsHeldToTheModel() throws {
        try Self.expectPicking(
            "region-beside.html", failingFirstWith: "dot 1 named current and its live region saying “slide 2 of 3” and slide 1 shown")
        try Self.expectPicking("region-beside.html?loop=0", failingFirstWith: nil)
        let pressing = try Self.verify(["--url", "file://" + Self.page("region-beside.html?loop=0"), Self.page("paging-slick.pv")]).run
        #expect(pressing.status == 1)
        #expect(pressing.stdout.contains("next cannot be done on the carousel: its next control ("), "\(pressing.stdout)")
        #expect(!pressing.stdout.contains("wraps around"), "\(pressing.stdout)")
    }

    /// A page that reloads itself once a control is pressed: the probe's script runs in every
    /// new document before the page's own, so the new document has it with nothing found, and
    /// a step there failed as "the script failed: TypeError" before this was told apart.
    @Test func aPageThatReloadsWhenPressedIsSaidSo() throws {
        let folder = try TemporaryDirectory()
        let reloading = folder.path + "/reloading.html"
        try String(contentsOfFile: Self.page("bootstrap.html"), encoding: .utf8)
            .replacingOccurrences(
                of: "</body>", with: "<script>document.addEventListener('click', () => location.reload())</script></body>"
            )
            .write(toFile: reloading, atomically: true, encoding: .utf8)
        let run = try Self.verify(["--url", reloading, Self.page("paging-bootstrap.pv")]).run
        #expect(run.status == 1)
        #expect(
            run.errorLines.contains {
                $0.contains("the page loaded another document (it reloaded itself or went elsewhere)") || $0.contains("reloaded itself")
            }, "\(run.stdout)\(run.stderr)")
        #expect(!run.stderr.contains("TypeError"), "\(run.stderr)")
    }

    /// A carousel in a closed dialog is verified once `--click` opens it, as the audit does;
    /// without it the script is not run, and the line says what opens it.
    @Test func aCarouselInAClosedDialogIsVerifiedOnceOpened() throws {
        let page = Self.page("bootstrap.html?modal=1&ride=0")
        let opened = try Self.verify(["--url", page, "--click", "#open", Self.page("paging-bootstrap.pv")])
        #expect(opened.run.status == 0, "\(opened.run.stdout)\(opened.run.stderr)")
        #expect(opened.run.lines == ["6 passed, 0 failed"])
        let closed = try Self.verify(["--url", page, Self.page("paging-bootstrap.pv")])
        #expect(closed.run.status == 1)
        #expect(
            closed.run.errorLines.first?.hasSuffix("with --click '#open' (“View photos”, which opens what holds it)") == true,
            "\(closed.run.stderr)")
    }

    /// The APG's own carousel examples rotate once as they load, so they start on slide 2
    /// (Tests/Carousels/apg-documented.html behaves as they do). The model starts there too: a
    /// script written for slide 2 passes on both. Before, the model began on page 1 and every
    /// check of every script was one slide off, so no script could pass. A script written for
    /// page 1 fails its page checks, the first saying where the carousel started, and each
    /// showing the model and the carousel agreeing.
    @Test func apgCarouselsStartWhereTheyLoad() throws {
        let page = "file://" + Self.page("apg-documented.html")
        for query in ["", "?tabs=1"] {
            let run = try Self.verify(["--url", page + query, Self.page("paging-apg.pv")]).run
            #expect(run.status == 0, "\(query): \(run.stdout)\(run.stderr)")
            #expect(run.lines == ["6 passed, 0 failed"], "\(query)")
        }
        let script = Self.page("paging.pv")
        let fromOne = try Self.verify(["--url", page, script]).run
        #expect(fromOne.status == 1)
        #expect(
            fromOne.lines.first
                == "\(script):2: at the start the model is on page 2 of 6; the carousel conveys slide “2 of 6” shown (the script expects page 1); the carousel started on slide 2, and so did the model",
            "\(fromOne.stdout)")
        #expect(
            fromOne.lines.dropFirst().first
                == "\(script):4: after next the model is on page 3 of 6; the carousel conveys slide “3 of 6” shown (the script expects page 2)"
        )
        // Told with the first page check that fails, whenever that is: here after a step.
        let folder = try TemporaryDirectory()
        let late = folder.path + "/late.pv"
        try "next\nexpect-page 2\n".write(toFile: late, atomically: true, encoding: .utf8)
        let afterAStep = try Self.verify(["--url", page, late]).run
        #expect(
            afterAStep.lines.first
                == "\(late):2: after next the model is on page 3 of 6; the carousel conveys slide “3 of 6” shown (the script expects page 2); the carousel started on slide 2, and so did the model",
            "\(afterAStep.stdout)")
    }

    /// A carousel moved by script frame by frame (Tests/Carousels/framewise.html, after
    /// Flickity): each step is read once its slides stand still; Previous, disabled on the first
    /// slide when the carousel was found, was "cannot be reached with the keyboard" on every
    /// slide, and is now judged as the page stands (pressing it disabled does nothing, as the
    /// model stays at its end); `expect "TEXT"` hears aria-current ("current step"), which
    /// Chromium's tree does not carry and NVDA says.
    /// So are arrows turned off by aria-disabled with tabindex -1 (Swiper's way) or not drawn.
    @Test(arguments: ["", "?ends=aria", "?ends=hidden"]) func aCarouselMovedFrameByFrameIsVerified(ends: String) throws {
        let run = try Self.verify(["--url", "file://" + Self.page("framewise.html") + ends, Self.page("paging-framewise.pv")]).run
        #expect(run.status == 0, "\(ends): \(run.stdout)\(run.stderr)")
        #expect(run.lines == ["7 passed, 0 failed"], "\(ends)")
    }

    /// Without dots, `go N` pages with Next and Previous; on a slider, next is its arrow key and
    /// `expect "TEXT"` hears the slider's value text.
    @Test func controlsOnlyAndSliderPagers() throws {
        let controls = try Self.verify(["--url", Self.page("bootstrap-controls.html"), Self.page("paging-controls.pv")])
        #expect(controls.run.status == 0, "\(controls.run.stdout)\(controls.run.stderr)")
        #expect(controls.run.lines == ["3 passed, 0 failed"])
        let slider = try Self.verify(["--url", Self.page("slider.html"), Self.page("paging-slider.pv")])
        #expect(slider.run.status == 0, "\(slider.run.stdout)\(slider.run.stderr)")
        #expect(slider.run.lines == ["7 passed, 0 failed"])
    }

    @Test func aCarouselConveyingTheWrongPageFailsAtTheLine() throws {
        let script = Self.page("paging.pv")
        let result = try Self.verify(["--url", Self.apg("wrong-current"), script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines.first
                == "\(script):4: after next the model is on page 2 of 6; the carousel conveys tab “Slide 1” selected and slide “2 of 6” shown"
        )
        #expect(result.run.lines.last == "2 passed, 5 failed")
    }

    @Test func aCarouselConveyingNoPageFailsAtTheLine() throws {
        let script = Self.page("paging.pv")
        let result = try Self.verify(["--url", Self.apg("no-current"), script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines.first
                == "\(script):2: at the start the model is on page 1 of 6; the carousel conveys no tab marked current and slide “Dublin” shown"
        )
    }

    /// Material Design Lite's tabs (links that move a class, Tests/Carousels/mdl-tabs.html):
    /// each link pages as the model does, but none says which page is current, and there is
    /// no next control for `next`.
    @Test func linksThatConveyNoPageFailAtEveryCheck() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/links.pv"
        try "expect-page 1\ngo 2\nexpect-page 2\nnext\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", Self.page("mdl-tabs.html"), script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines == [
                "\(script):1: at the start the model is on page 1 of 3; the carousel conveys no link marked current and slide 1 shown",
                "\(script):3: after go 2 the model is on page 2 of 3; the carousel conveys no link marked current and slide 2 shown",
                "\(script):4: next cannot be done on the carousel: it has no next control",
                "0 passed, 3 failed",
            ], "\(result.run.stdout)")
    }

    /// UI Bootstrap's carousel (Tests/Carousels/angular-ui-carousel.html): its dots say which
    /// is current only in words read inside them, which a step's check reads; they take no
    /// focus, so `go` cannot be done by keyboard, and the model stays with the carousel on
    /// the page it was on (a later check does not fail for the one step already reported).
    @Test func dotsThatSayTheCurrentPageInWordsAreRead() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/words.pv"
        try "expect-page 1\nnext\nexpect-page 2\nnext\nexpect-page 3\nprevious\nexpect-page 2\ngo 1\nexpect-page 2\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", "file://" + Self.page("angular-ui-carousel.html?interval=0"), script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines == [
                "\(script):8: go 1 cannot be done on the carousel: its dot 1 (body > main > div > div > ol > li:nth-of-type(1)) cannot be reached with the keyboard",
                "5 passed, 1 failed",
            ], "\(result.run.stdout)")
        // A check that fails says how the carousel conveyed its page: in words.
        let wrong = folder.path + "/wrong.pv"
        try "next\nprevious\nexpect-page 2\n".write(toFile: wrong, atomically: true, encoding: .utf8)
        let failed = try Self.verify(["--url", "file://" + Self.page("angular-ui-carousel.html?interval=0"), wrong])
        #expect(
            failed.run.lines.first
                == "\(wrong):3: after previous the model is on page 1 of 3; the carousel conveys dot 1 said to be current in words and slide 1 shown (the script expects page 2)",
            "\(failed.run.stdout)")
    }

    @Test func aCarouselTheKeyboardCannotPageFailsAtTheLine() throws {
        let script = Self.page("paging.pv")
        let result = try Self.verify(["--url", Self.apg("no-keyboard"), script])
        #expect(result.run.status == 1)
        #expect(result.run.lines.first?.hasPrefix("\(script):3: next cannot be done on the carousel: its selected tab (") == true)
        #expect(result.run.lines.first?.hasSuffix(") cannot be reached with the keyboard") == true)
    }

    @Test func aCarouselThatCannotBeStoppedFailsTheRun() throws {
        let script = Self.page("paging.pv")
        let result = try Self.verify(["--url", Self.apg("no-pause"), script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines == [
                "\(script): the carousel changes slide on its own (3 times in 16 s) and it has no control to stop it, so a script's steps would race it (WCAG 2.2.2)",
                "0 passed, 1 failed",
            ])
    }

    /// Bootstrap rotating (`data-bs-ride="carousel"`, not paused under the pointer) with a stop
    /// button in its top left corner, where Bootstrap's full-height Previous is drawn over it: the
    /// click meant to stop it paged back instead and rotation went on, so every check of the
    /// script was a slide off. It is stopped from the keyboard now, as a person can.
    @Test func aRotatingCarouselIsStoppedWhereAClickWouldMissItsControl() throws {
        let folder = try TemporaryDirectory()
        let path = try PageAuditTests.rotatingBootstrapPage(stopInside: true, in: folder)
        let result = try Self.verify(["--url", path, Self.page("paging-bootstrap.pv")])
        #expect(result.run.status == 0, "\(result.run.stdout)\(result.run.stderr)")
        #expect(result.run.lines == ["6 passed, 0 failed"])
    }

    /// With --json, a page that cannot be opened is an error event on standard output, where a
    /// reader of the events looks; it was plain text on standard error, and standard output empty.
    @Test func withJSONAPageThatCannotBeOpenedIsAnErrorEvent() throws {
        let folder = try TemporaryDirectory()
        let missing = folder.path + "/missing.html"
        let result = try Self.verify(["--json", "--url", missing, Self.page("paging-bootstrap.pv")])
        #expect(result.run.status == 1)
        #expect(result.run.stderr == "")
        #expect(result.run.lines == ["{\"type\":\"error\",\"message\":\"cannot open \(missing): No such file or directory\"}"])
    }

    /// Bootstrap's carousel (with captions, not rotating) wraps around at its ends and the model
    /// stops: either expectation of the page after a step past the end fails, and the failure
    /// now says why.
    @Test func aStepPastTheEndOfAWrappingCarouselSaysItWraps() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/wrap.pv"
        try "go 3\nexpect-page 3\nnext\nexpect-page 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", Self.page("bootstrap-captions.html"), script])
        #expect(result.run.status == 1)
        #expect(result.run.lines.last == "1 passed, 1 failed")
        #expect(
            result.run.lines.first?.hasPrefix("\(script):4: after next the model is on page 3 of 3; the carousel conveys ") == true,
            "\(result.run.stdout)")
        #expect(
            result.run.lines.first?.hasSuffix(
                "; the carousel wraps around at its ends, where the model stops (as the pager it reproduces does), so no script passes a step past an end"
            ) == true)
    }

    /// Bootstrap's markup without its script: Next does nothing, so the model reaches page 3 on
    /// a carousel still on slide 1. That was said to be the carousel wrapping around (the model
    /// at its end, the carousel at its start); it is said to be a step that did not move it.
    @Test func aCarouselThatNeverMovesIsNotSaidToWrap() throws {
        let folder = try TemporaryDirectory()
        let page = folder.path + "/still.html"
        try String(contentsOfFile: Self.page("bootstrap-captions.html"), encoding: .utf8)
            .replacingOccurrences(
                of: "<script src=\"file:///usr/share/javascript/bootstrap5/js/bootstrap.bundle.min.js\"></script>", with: ""
            )
            .write(toFile: page, atomically: true, encoding: .utf8)
        let script = folder.path + "/still.pv"
        try "next\nnext\nexpect-page 3\nprevious\nexpect-page 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", page, script])
        #expect(result.run.status == 1)
        #expect(
            result.run.lines == [
                "\(script):3: after next the model is on page 3 of 3; the carousel conveys dot “Slide 1” current and slide 1 shown; next did not move the carousel: it conveys the page it conveyed before",
                "\(script):5: after previous the model is on page 2 of 3; the carousel conveys dot “Slide 1” current and slide 1 shown; previous did not move the carousel: it conveys the page it conveyed before",
                "0 passed, 2 failed",
            ], "\(result.run.stdout)")
    }

    /// Slides stacked in one frame (the current on top), all in the accessibility tree, with
    /// Previous and Next and nothing else: no channel says which slide is current. Its page
    /// checks failed with "the carousel conveys slide 1 shown" beside a model on page 1, which
    /// read as agreement; the line now says what is missing.
    @Test func aCarouselExposingEverySlideSaysWhyItsChecksFail() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/stacked.pv"
        try "expect-page 1\nnext\nexpect-page 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", "file://" + Self.page("arrows-apart.html") + "?stacked=1", script])
        #expect(result.run.status == 1)
        let missing =
            "nothing conveys which slide is current: no picker, and no slide is named “N of 3” (all 3 slides are exposed at once, so being exposed does not say it either)"
        #expect(
            result.run.lines == [
                "\(script):1: at the start the model is on page 1 of 3; the carousel conveys slide 1 shown; \(missing)",
                "\(script):3: after next the model is on page 2 of 3; the carousel conveys slide 2 shown; \(missing)",
                "0 passed, 2 failed",
            ], "\(result.run.stdout)")
    }

    /// The reports carry the page: JSON check events and JUnit test cases.
    @Test func reportsNameThePage() throws {
        let folder = try TemporaryDirectory()
        let report = folder.path + "/report.xml"
        let result = try Self.verify(["--url", Self.apg("wrong-current"), "--json", "--junit", report, Self.page("paging.pv")])
        #expect(result.run.status == 1)
        let checks = result.run.events.filter { $0["type"] as? String == "check" }
        #expect(checks.count == 7)
        #expect(checks.allSatisfy { $0["url"] as? String == Self.apg("wrong-current") })
        let failed = try #require(checks.first { $0["status"] as? String == "fail" })
        #expect((failed["message"] as? String)?.hasPrefix("after next the model is on page 2 of 6; the carousel conveys") == true)
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("<property name=\"url\" value=\"\(Self.apg("wrong-current"))\"/>"))
    }

    /// Lines that cannot act on a real page, and checks that need the model's speech, fail at
    /// their line and say why; the rest of the script still runs.
    @Test func whatAPageCannotDoFailsAtItsLine() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/other.pv"
        try "count 9\nexpect-boundary\nnext\nexpect-page 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Self.verify(["--url", Self.apg(), script])
        #expect(result.run.status == 1)
        #expect(result.run.lines.first?.hasPrefix("\(script):1: count 9 cannot be done on the carousel: only paging") == true)
        #expect(result.run.lines.dropFirst().first?.hasPrefix("\(script):2: expect-boundary checks the model's speech") == true)
        #expect(result.run.lines.last == "1 passed, 2 failed")
    }

    @Test func optionsThatShapeTheModelAreRefused() throws {
        for (arguments, message) in [
            (["--url", Self.apg(), "--pages", "A,B", "x.pv"], "Error: --pages shapes the model, which --url configures"),
            (["--url", Self.apg(), "--listen", "x.pv"], "Error: --listen shapes the model, which --url configures"),
            (["--carousel", "#x", "x.pv"], "Error: --carousel picks a carousel on the page --url names; add --url"),
            (["--url", "https://example.com/", "x.pv"], "Error: --url: PagerVoice fetches nothing from the network"),
            (["--url", Self.apg(), "--url", Self.apg(), "x.pv"], "Error: --url names one page a run, and was given 2 times ("),
            // After `--` it is a script's name, not an option.
            (["--url", "https://example.com/", "--", "--url"], "Error: --url: PagerVoice fetches nothing from the network"),
        ] {
            let run = try Pagervoice.run(["verify"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.errorLines.first?.hasPrefix(message) == true, "\(arguments): \(run.stderr)")
        }
    }

    /// expect-position without --url: the model's position and count, whatever the wording.
    @Test func expectPositionChecksTheModel() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/position.pv"
        try "count 6\nnext\nexpect-position 2 of 6\nexpect-position 2 of 5\nexpect-position 7 of 6\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", "--lang", "de", script])
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "\(script):4: expected position 2 of 5, got position 2 of 6",
                "\(script):5: expected a valid check, got error: expect-position 7 of 6 cannot hold: a position is 1 to the count (0 of 0 when empty)",
                "1 passed, 2 failed",
            ])
    }
}

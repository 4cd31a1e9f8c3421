import PagerAudit
import PagerCore
import PagerSystem

/// Measures a carousel on an open page the way an auditor would: finds it, reads what it
/// conveys, watches whether it rotates and whether its rotation control stops it, pages through
/// it with the mouse and the keyboard, walks the tab order, photographs the dots over what lies
/// behind them, changes page under `prefers-reduced-motion`, and lays it out in a narrow window.
///
/// Rotation is watched in tabs of its own whose clock is virtual (`BrowserPage.runVirtualTime`):
/// sixteen seconds of a page's timers pass in milliseconds. Chromium's headless shell does not
/// run animation frames on a virtual clock, so there every CSS animation is finished before the
/// widget is read, and everything else is measured in the audited tab on the real clock, with
/// the page's CSS animations and transitions run a hundred times faster: a step is at rest in
/// milliseconds, and a carousel that cannot be stopped rotates into almost none of them.
package struct CarouselProbe {
    package var page: BrowserPage
    /// `--carousel`: the widget's root, when the page has several.
    package var selector: String?
    /// `--click`: elements clicked, in order, before the carousel is looked for, in every tab
    /// the audit opens (`clickFirst`).
    package var clicks: [String] = []
    /// Page time watched for rotation, each time: long enough for three changes of a carousel
    /// that turns every five seconds (the common default, Bootstrap's included).
    package var watch: Duration = .seconds(16)
    /// Page time after an action for the widget to come to rest, at most.
    package var settleLimit: Duration = .seconds(3)
    /// The most pages stepped from; longer carousels are sampled (the first, middle and last).
    package var sampledAbove = 5
    /// The longest one script or one reading of the accessibility tree may take (real time).
    /// A page of tens of megabytes takes longer than 10 s to give its tree; `--timeout` raises
    /// this with the load's bound, since a page slow to load is slow to read too.
    package var commandTimeout: Duration = .seconds(10)
    /// Whether the page is small enough that its whole accessibility tree is the quicker read
    /// (decided once, shared by copies of the probe): the carousel's own subtree costs a fixed
    /// 13 ms or so more a reading (Bootstrap's page: a scripted step 27 → 40 ms, an audit
    /// 1.55 → 1.8 s), while the whole tree grows with the page (a second and more for 4000 links).
    private let wholeTreeIsQuicker = Locked<Bool?>(nil)
    /// Elements on a page up to which the whole tree is read.
    static let smallPage = 300
    /// A CSS carousel's parts that are pseudo-elements (its ::scroll-marker dots,
    /// ::scroll-button() Previous and Next): mark → backend node id and CSS name. No element
    /// carries them, so the page's script cannot box, focus or click them; DevTools does. Empty
    /// for every other carousel. Per tab: a second tab's document has nodes of its own.
    private(set) var pseudoParts = Locked<[String: PseudoPart]>([:])
    /// The holder of slides found turning on their own (`turningSlides`), where no finder found
    /// a carousel: every later find, in this tab and in the tabs opened to watch it, is given it.
    /// Shared by copies of the probe, as those tabs are opened from copies.
    private let turningHolder = Locked<String?>(nil)
    /// The drawn carousel audited where the first one found was not drawn (`prepare`), for
    /// every later find, as `turningHolder` is.
    private let drawnInstead = Locked<String?>(nil)
    /// The slide deck found by its keys (`keySlides`), for every later find.
    private let deckKeys = Locked<DeckKeys?>(nil)

    /// One pseudo-element part: its node, and its name ("::scroll-button(inline-end)").
    struct PseudoPart: Sendable {
        var backend: Int
        var name: String
    }

    /// Opens another tab of the same browser: a page whose clock has been made virtual cannot
    /// load again (its clock stands still), so a second load happens in a tab of its own.
    package var newPage: () throws(PageError) -> BrowserPage

    package init(page: BrowserPage, selector: String? = nil, newPage: @escaping () throws(PageError) -> BrowserPage) {
        self.page = page
        self.selector = selector
        self.newPage = newPage
    }

    /// What went wrong, in one sentence.
    package enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// `missing` says which of the page's scripts did not arrive, where some did not: a
        /// carousel drawn by a script that was refused (a CDN's jQuery) or never found is no
        /// carousel of the page's, and "no carousel found" alone blamed the page.
        ///
        /// `gallery` describes the page's links to pictures, which a lightbox gallery opens one
        /// at a time (`CarouselProbe.galleryText`), where it has them: no finder sees slides in
        /// a viewer with no element for the pictures not shown, and "no carousel found" alone on
        /// a gallery page read as if nothing had been seen.
        case notFound(url: String, missing: String? = nil, gallery: String? = nil)
        case selectorMatchesNothing(String)
        case invalidSelector(String, reason: String)
        /// `--click`'s element could not be clicked as a person would click it; `why` completes
        /// "--click SELECTOR …".
        case clickFailed(String, why: String)
        case invalidClickSelector(String, reason: String)
        /// `--carousel` matched, but nothing there is a carousel.
        case notACarousel(String, missing: String? = nil, gallery: String? = nil)
        case page(PageError)
        /// The script's answer was not what it always answers: the page replaced something the
        /// script relies on (`JSON`, `document.querySelectorAll`).
        case unexpectedAnswer(String)
        /// The audit's script is gone from the page: the page loaded another document (reloaded
        /// itself, or navigated) while it was measured.
        case documentReplaced
        /// No carousel on a page the server refused (404, 500): that status is the news.
        case httpStatus(url: String, status: Int)
        /// The carousel found is not drawn (it is in a closed dialog, a collapsed panel): `opener`
        /// is what would open it, where something names it ("#open (“View photos”)"), and
        /// `others` says whether the page has more carousels.
        case notDrawn(url: String, selector: String, opener: String?, others: Int)
        /// The carousel drew its parts anew (a narrow window, reduced motion) and nothing where
        /// it was is a carousel any more.
        case lostWhenRedrawn(String)
        /// The carousel is a CSS one whose pages are no elements: its dots mark columns
        /// (`::column::scroll-marker`), not its children, so there are no slides to find. Said
        /// as such, so a person does not read "no carousel found" as "there is none".
        case cssCarousel(url: String, selector: String, parts: String, columns: Bool)

        /// "; but …" where scripts did not arrive: one of them may draw the carousel.
        static func missingClause(_ missing: String?) -> String {
            missing.map { "; but \($0), and a carousel may be drawn by a script that did not arrive" } ?? ""
        }

        /// "; the page has 4 links to pictures …" where it has them (see `notFound`).
        /// Lightboxes differ in what the audit can do with them: one that holds an element per
        /// picture (lightGallery's) is found once opened, so before `--click` the clause names
        /// the link to click; one that shows a picture at a time, with no element for the
        /// others, is judged by nothing.
        static func galleryClause(_ gallery: String?) -> String {
            gallery.map { "; the page has \($0)" } ?? ""
        }

        package var description: String {
            switch self {
            case .notFound(let url, let missing, let gallery):
                "no carousel found on \(url.clipped(80)): no element with aria-roledescription=\"carousel\", no tablist of slide pickers, no role=\"slider\" pager, no Bootstrap-style indicators, no group of dot buttons, no row of links to panels, no radio buttons that show panels, no Previous and Next beside slides, no slides seen turning on their own in 16 s and no slides turned by the arrow keys"
                    + Self.missingClause(missing) + Self.galleryClause(gallery)
            case .selectorMatchesNothing(let selector): "--carousel \(selector.clippedSelector(60)) matches nothing on the page"
            case .invalidSelector(let selector, let reason):
                // Chromium's message begins with where it failed, which is ours, not the person's.
                "--carousel \(selector.clippedSelector(60)) is not a CSS selector: \(CarouselProbe.withoutCallSite(reason).clipped(100))"
            case .notACarousel(let selector, let missing, let gallery):
                "--carousel \(selector.clippedSelector(60)) matches an element in which no carousel was found: no slides with pickers, no tablist of slide pickers, no role=\"slider\" pager, no Bootstrap-style indicators, no group of dot buttons, no row of links to panels, no radio buttons that show panels, no Previous and Next beside slides, no slides seen turning on their own in 16 s and no slides turned by the arrow keys"
                    + Self.missingClause(missing) + Self.galleryClause(gallery)
            case .clickFailed(let selector, let why): "--click \(selector.clippedSelector(60)) \(why)"
            case .invalidClickSelector(let selector, let reason):
                "--click \(selector.clippedSelector(60)) is not a CSS selector: \(CarouselProbe.withoutCallSite(reason).clipped(100))"
            case .page(let error): error.description
            case .unexpectedAnswer(let what):
                "the page answered the audit's script unexpectedly (\(what)); it may have replaced the browser's own functions"
            case .httpStatus(let url, let status):
                "the server answered \(status) for \(url.clipped(80)), so there is no page to audit"
            case .lostWhenRedrawn(let selector):
                "the carousel drew its parts anew when the window or the motion setting changed, and \(selector.clippedSelector(60)) is no carousel any more; name it with a selector that holds (--carousel)"
            case .cssCarousel(let url, let selector, let parts, let columns):
                "the carousel \(selector.clippedSelector(60)) on \(url.clipped(80)) is a CSS carousel, with \(parts), "
                    + (columns
                        ? "but no ::scroll-marker on its children: its pages (columns, where ::column::scroll-marker marks them) are no elements PagerVoice can find yet, so nothing on the page was measured"
                        : "but fewer than two pages to move between, so nothing on the page was measured")
            case .notDrawn(let url, let selector, let opener, let others):
                "the carousel \(selector.clippedSelector(60)) on \(url.clipped(80)) is not drawn (it, or what holds it, is hidden, as a closed dialog's carousel is), so nothing a person meets could be measured; open it first as a person would, with --click "
                    + (opener ?? "and the selector of what opens it")
                    + (others > 0 ? ", or choose another of the page's \(others + 1) carousels with --carousel" : "")
            case .documentReplaced:
                "the page loaded another document (it reloaded itself or went elsewhere) while it was being audited, so what was measured is not one page"
            }
        }
    }

    /// `text` as one word for a shell: in single quotes where it needs them, a quote in it
    /// written `'\''` (a selector through an id with a quote in it was given bare, and a shell
    /// took its `>` steps for redirections).
    package static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "-_.,/:=@%+".unicodeScalars.contains($0)
        }
        if plain { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The script's `pictureLinks` answer in words. Said as "if": links to pictures are what
    /// a lightbox gallery is made of, but a page may only link its pictures (a documentation
    /// page's figures), and nothing here can tell the two apart before a click.
    /// `clicked`: whether `--click` was used (what it opened was then no carousel either).
    /// `named`: whether `--carousel` was, below which alone carousels are looked for, and a
    /// lightbox is drawn at the end of the body, outside it.
    static func galleryText(_ links: JSON?, clicked: Bool, named: Bool) -> String? {
        guard let links, let count = links["count"]?.intValue, count >= 2, let first = links["first"]?.stringValue else { return nil }
        let value = (links["value"]?.stringValue ?? "").clipped(40).split(separator: "\"", omittingEmptySubsequences: false).joined(
            separator: "\\\"")
        let how =
            links["by"]?.stringValue.map {
                $0 == "class"
                    ? "\(count) links to pictures of the class \"\(value)\""
                    : "\(count) links to pictures grouped by \($0.clipped(40))=\"\(value)\""
            }
            ?? "\(count) links to pictures that hold thumbnails"
        let oneAtATime =
            "one that shows a picture at a time with no element for the others (as lightbox2's, Colorbox's, fancybox 2's and Slimbox's do) is no carousel PagerVoice can judge yet"
        guard !clicked else {
            return "\(how) (the first: \(first.clippedSelector(60))): if what --click opened is a lightbox, \(oneAtATime)"
        }
        // Whole and quoted for a shell (a selector's `#` would begin a comment there, its `(` a
        // subshell): the person pastes it.
        return
            "\(how): if they open a lightbox, one that holds an element per picture (as lightGallery's does) is found with --click \(Self.quoted(first.terminalSafe))\(named ? " and no --carousel" : ""); \(oneAtATime)"
    }

    /// The pseudo-elements a CSS carousel has, in CSS's words: "::scroll-button() and 4
    /// ::scroll-marker".
    static func cssParts(_ css: JSON) -> String {
        var parts: [String] = []
        if css["buttons"]?.intValue ?? 0 > 0 { parts.append("::scroll-button()") }
        let markers = css["markers"]?.intValue ?? 0
        if markers > 0 {
            parts.append("\(markers) ::scroll-marker")
        } else if css["group"]?.stringValue != nil {
            parts.append("a ::scroll-marker-group")
        }
        return parts.joined(separator: " and ")
    }

    // MARK: - Measuring

    /// The facts of the carousel on the open page at `url`.
    package func measure(url: String) throws(Failure) -> CarouselFacts {
        var (facts, marks) = try prepare(url: url)
        facts.coveredTargets = try coveredTargets()
        try parkPointer()
        try stepThrough(&facts, marks: marks)
        facts.tabOrderShown = try state()["shown"]?.intValue.flatMap { $0 >= 0 ? $0 : nil }
        let unfocused = try unfocusedControls()
        let walk = try tabOrder(facts, marks: marks, photographing: unfocused)
        (facts.tabOrder, facts.tabOrderCut, facts.tabStopNames) = (walk.order, walk.cut, walk.names)
        facts.focusIndicators = walk.focused
        try parkPointer()
        facts.hiddenFocusables = try hiddenFocusables(facts)
        facts.dotPixels = try dotPixels(facts)
        facts.motion = try motion(facts, marks: marks)
        facts.narrow = try narrowLayout(facts)
        facts.unsettledRests = try script("__pagervoice.unsettled()").intValue ?? 0
        if facts.rotationFacts.rotates {
            facts.rotationFacts.changesUnderReducedMotion = try rotationUnderReducedMotion(url: url, facts: facts)
        }
        return facts
    }

    /// The widget found, named and read once loaded, its rotation watched in a tab of its own
    /// and, where its control stops it, stopped here too, as a person stops a carousel before
    /// reading it: what both the audit and `verify --url` start from. Also returns the parts'
    /// DOM nodes, for reading the accessibility tree after each step.
    package func prepare(url: String) throws(Failure) -> (facts: CarouselFacts, marks: [String: Int]) {
        // Loaded: from here on the page sends nothing (see `BrowserPage.Seal`).
        page.seal(.sends)
        try install()
        let clicked = try clickFirst()
        var found = try script(findExpression)
        // Nothing a finder knows: perhaps slides that turn on their own and nothing else.
        if found["error"]?.stringValue == "not-found", found["css"]?["selector"] == nil, let holder = try turningSlides(url: url) {
            turningHolder.withLock { $0 = holder }
            found = try script(findExpression)
        }
        // Nor that: perhaps a slide deck, turned by the arrow keys wherever focus is.
        if found["error"]?.stringValue == "not-found", found["css"]?["selector"] == nil, let deck = try keySlides(url: url) {
            deckKeys.withLock { $0 = deck }
            found = try script(findExpression)
            // Keys pressed on a whole page can do anything its script says: from here on nothing
            // it asks for is sent (a quiz deck sends its answers on the last slide's ArrowRight).
            if found["error"] == nil {
                page.seal(.sendsAndLeaves)
                try script("window.open = () => null, true")
            }
        }
        if let error = found["error"]?.stringValue {
            switch error {
            case "none-matching": throw .selectorMatchesNothing(selector ?? "")
            case "selector": throw .invalidSelector(selector ?? "", reason: found["message"]?.stringValue ?? "")
            default:
                let status = try? script("(performance.getEntriesByType('navigation')[0] || {}).responseStatus || 0").intValue
                if let status, status >= 400 { throw .httpStatus(url: url, status: status) }
                if let css = found["css"], let root = css["selector"]?.stringValue {
                    let columns = css["markers"]?.intValue == 0 && css["group"]?.stringValue != nil
                    throw .cssCarousel(url: url, selector: root, parts: Self.cssParts(css), columns: columns)
                }
                let missing = page.missingScripts
                let gallery = Self.galleryText(
                    try? script("__pagervoice.pictureLinks(\(selector.map(Self.literal) ?? "null"))"), clicked: !clicked.isEmpty,
                    named: selector != nil)
                if let selector { throw .notACarousel(selector, missing: missing, gallery: gallery) }
                throw .notFound(url: url, missing: missing, gallery: gallery)
            }
        }
        var structure = try Structure(found)
        try fitViewport()
        // A carousel still coming in at load is read once at rest: SlidesJS fades in for 350 ms
        // and ignores clicks until then, so the first step "did nothing", at random.
        try settle()
        let drawn = try script("__pagervoice.drawn()")
        var passedOver: String?
        if drawn["drawn"]?.boolValue == false {
            // The page's first carousel is hidden (a closed dialog's, a phone layout's beside the
            // desktop's): where another is drawn and none was named, that one is audited.
            if selector == nil, var other = try drawnOther(structure.others) {
                passedOver = structure.root
                other.others = [structure.root] + structure.others.filter { $0 != other.root }
                structure = other
                try script("__pagervoice.forgetUnsettled()")
                try settle()
            } else {
                // "'#open' (“View photos”, which opens what holds it)", a selector to paste.
                let opener = drawn["opener"]?.stringValue.map { selector in
                    let name = drawn["name"]?.stringValue ?? ""
                    let which =
                        AccessibleText.isSilent(name)
                        ? "it opens what holds it" : "\u{201C}\(name.clipped(40))\u{201D}, which opens what holds it"
                    return "\(Self.quoted(selector.terminalSafe)) (\(which))"
                }
                throw .notDrawn(url: url, selector: structure.root, opener: opener, others: structure.others.count)
            }
        }
        let marks = try markedNodes(css: structure.css)
        let snapshot = try accessibility(marks)
        var facts = CarouselFacts(
            url: url, detection: structure.how, widget: PageElement(selector: structure.root), initial: Conveyed(shown: nil),
            rotation: RotationFacts(
                watchedMilliseconds: Int(watch.components.seconds * 1000), changesAfterLoad: 0, changesAfterInteraction: 0),
            motion: MotionFacts(normalMilliseconds: 0))
        facts.others = structure.others
        facts.clicked = clicked
        facts.hiddenPassedOver = passedOver
        facts.pickersAreTabs = structure.tablist
        facts.pickersAreLinks = structure.links
        facts.pickersAreRadios = structure.radios
        if structure.keys, let deck = deckKeys.withLock({ $0 }) {
            facts.deckKeys = (forward: deck.forward, back: deck.back)
        }
        facts.rightToLeft = structure.rightToLeft
        try describe(&facts, structure, snapshot)
        facts.cssCarousel = structure.css
        if structure.css, facts.pickers.contains(where: { $0.role == "link" }) {
            facts.pickerStateUnreadable =
                "the dots are Chromium's own ::scroll-marker links (scroll-marker-group in links mode), and the DevTools accessibility tree does not say which is current (it leaves aria-current out); in tabs mode they are tabs, the current one selected, which is read"
        }
        facts.initial = try conveyed(facts, marks: marks)
        if facts.pickers.isEmpty, facts.slider == nil {
            facts.restingPlaces = CarouselFacts.restingPlaces(slides: facts.slides.count, initial: facts.initial)
        }

        // Rotation first, in a tab of its own: whether the widget turns on its own, and whether
        // its rotation control stops it.
        let watcher = try watchingTab(url: url, reducedMotion: false)
        defer { _ = try? watcher.page.close() }
        var rotation = facts.rotationFacts
        // Arriving at the slide the widget showed at rest after load: a load animation still
        // running when the watch starts (Spectre's slides slide out for 1 s as the page loads,
        // slide 4 drawn over slide 1 meanwhile) is no rotation (Spectre failed auto-advance).
        let afterLoad = try watcher.watchRotation(arriving: facts.initial.shown)
        rotation.changesAfterLoad = afterLoad.changes
        rotation.interval = afterLoad.interval
        rotation.liveWhileRotating = afterLoad.live
        rotation.statusWhileRotating = afterLoad.status
        if afterLoad.changes == 0, let start = firstManualChange(facts) {
            // Some carousels start rotating only once a person has changed page (Bootstrap's
            // `data-bs-ride="true"`).
            let afterInteraction = try watcher.watchRotation(afterChanging: start, count: facts.count)
            rotation.changesAfterInteraction = afterInteraction.changes
            rotation.interval = afterInteraction.interval
            rotation.liveWhileRotating = afterInteraction.live ?? rotation.liveWhileRotating
            rotation.statusWhileRotating = afterInteraction.status
        }
        if rotation.rotates, facts.rotation != nil {
            try watcher.activateByScript(.rotationControl(.click))
            rotation.pausedWithControl = true
            let afterPause = try watcher.watchRotation()
            rotation.changesAfterPause = afterPause.changes
            let paused = try watcher.state()
            rotation.liveAfterPause = paused["live"]?.stringValue
            rotation.statusLiveAfterPause = paused["status"]?["live"]?.stringValue
        }
        facts.rotationFacts = rotation

        // Here too it is stopped, as a person would stop it before reading, where that works:
        // from the keyboard when it is a button or link that can be focused (a role="button" div may
        // answer clicks alone), since a click at its middle lands on whatever
        // is drawn there, and Bootstrap's Previous, full height at the carousel's side, covers a
        // stop button placed in that corner (the click paged back and rotation went on).
        try animationSpeed(Self.fastAnimations)
        if rotation.rotates, rotation.changesAfterPause == 0, let control = facts.rotation {
            let native = try script("__pagervoice.native('rotation')").boolValue == true
            let byKeyboard = control.focusable && native
            facts.steps.append(try step(.rotationControl(byKeyboard ? .enter : .click), facts, marks: marks))
        }
        return (facts, marks)
    }

    /// What the script's `find` reported.
    struct Structure {
        var how: String
        var root: String
        var slides: [String]
        var pickers: [String]
        var tablist: Bool
        /// The pickers are links with words and no tab role (a row of links to panels,
        /// Bootstrap's tab markup without roles).
        var links: Bool
        /// The pickers are radio buttons, one group, each showing a panel (CSS-only tabs).
        var radios: Bool
        /// Found by pressing the arrow keys with focus on nothing (a slide deck): they are its
        /// only way to move.
        var keys: Bool
        var previous: String?
        var next: String?
        var rotation: String?
        var slider: String?
        var others: [String]
        var rightToLeft: Bool
        /// "previous", "next": enabled but `tabindex="-1"`.
        var outOfTabOrder: [String]
        /// A CSS carousel: its dots and buttons are pseudo-elements (`pseudoParts`).
        var css: Bool

        init(_ json: JSON) throws(Failure) {
            guard let how = json["how"]?.stringValue, let root = json["root"]?.stringValue else { throw .unexpectedAnswer("find") }
            self.how = how
            self.root = root
            slides = json["slides"]?.arrayValue?.compactMap(\.stringValue) ?? []
            pickers = json["pickers"]?.arrayValue?.compactMap(\.stringValue) ?? []
            tablist = json["tablist"]?.boolValue ?? false
            links = json["links"]?.boolValue ?? false
            radios = json["radios"]?.boolValue ?? false
            keys = json["keys"]?.boolValue ?? false
            previous = json["previous"]?.stringValue
            next = json["next"]?.stringValue
            rotation = json["rotation"]?.stringValue
            slider = json["slider"]?.stringValue
            others = json["others"]?.arrayValue?.compactMap(\.stringValue) ?? []
            rightToLeft = json["direction"]?.stringValue == "rtl"
            outOfTabOrder = json["outOfTabOrder"]?.arrayValue?.compactMap(\.stringValue) ?? []
            css = json["css"]?.boolValue ?? false
        }
    }

    /// Has the probe's script run in `page`'s next document before the document's own scripts,
    /// so the timers and frames it watches include those the page starts as it loads (jQuery
    /// 1.x's fade-in interval) and a reference to `requestAnimationFrame` the page keeps from then
    /// (GSAP's ticker, Zone.js) is already the probe's: installed after load, such a page's
    /// motion read 77 ms instead of about 920 ms. `install` then finds it there.
    package static func installBeforeLoad(on page: BrowserPage) throws(PageError) {
        try page.runBeforeEachDocument(CarouselScript.source)
    }

    /// Installs the script where `installBeforeLoad` did not (it then finds itself there).
    func install() throws(Failure) {
        guard try script(CarouselScript.source).boolValue == true else { throw .unexpectedAnswer("install") }
    }

    /// CSS animations and transitions run this much faster while the widget is stepped through.
    static let fastAnimations = 100.0

    /// CSS animations and transitions at `rate`, and above 1 the page's short timers too (see
    /// `timers` in `CarouselScript`).
    func animationSpeed(_ rate: Double) throws(Failure) {
        do {
            try page.call("Animation.enable")
            try page.call("Animation.setPlaybackRate", .object([("playbackRate", .double(rate))]))
        } catch {
            throw .page(error)
        }
        try script("__pagervoice.timers(\(max(rate, 1)))")
    }

    /// The script's call that finds the widget: below `--carousel`'s element if given, by the
    /// turning slides' holder where those were what was found.
    var findExpression: String {
        let turning = turningHolder.withLock { $0 }
        let keys = deckKeys.withLock { $0?.holder }
        let root = selector ?? drawnInstead.withLock { $0 }
        return
            "__pagervoice.find(\(root.map(Self.literal) ?? "null"), null, \(turning.map(Self.literal) ?? "null"), \(keys.map(Self.literal) ?? "null"))"
    }

    /// A new tab on `url`, loaded with the probe's script, its clock about to be made virtual.
    func blankTab(url: String, reducedMotion: Bool) throws(Failure) -> CarouselProbe {
        var tab = self
        // Its document's pseudo-elements are other nodes; a scripted click cannot press them.
        tab.pseudoParts = Locked([:])
        do {
            tab.page = try newPage()
            try tab.page.setViewport(width: 1280, height: 800)
            if reducedMotion { try tab.page.setReducedMotion(true) }
            try Self.installBeforeLoad(on: tab.page)
            try tab.page.open(url)
            tab.page.seal(.sends)
        } catch {
            throw .page(error)
        }
        try tab.install()
        try tab.clickFirst()
        try tab.script("__pagervoice.framesFromClock()")
        return tab
    }

    /// The first of `others` that is a carousel and drawn, found (and kept for every later find,
    /// `drawnInstead`); nil where none is, with the widget found last left found.
    func drawnOther(_ others: [String]) throws(Failure) -> Structure? {
        for other in others {
            let found = try script("__pagervoice.find(\(Self.literal(other)), null, null, null)")
            guard found["error"] == nil, try script("__pagervoice.drawn()")["drawn"]?.boolValue == true else { continue }
            drawnInstead.withLock { $0 = other }
            return try Structure(found)
        }
        return nil
    }

    /// `--click`, in order: each element clicked in its middle as a person clicks it, and the
    /// page let come to rest, before the carousel is looked for: a gallery's viewer opens from a
    /// thumbnail, a carousel in a dialog from its button, and a banner over the carousel goes
    /// with a click on its own button. Returns each clicked element, with its name where it has
    /// one ("#open (“View photos”)"). The tab stays on its page meanwhile: a click that would load
    /// another document is refused, and so is one whose element is not there to be clicked
    /// exactly as a person would (none or several match, it is not drawn, something lies over it).
    @discardableResult
    func clickFirst() throws(Failure) -> [String] {
        guard !clicks.isEmpty else { return [] }
        page.seal(.sendsAndLeaves)
        defer { page.seal(.sends) }
        var clicked: [String] = []
        for (index, selector) in clicks.enumerated() {
            let after = index == 0 ? "" : " once \(clicks[index - 1].clipped(40)) was clicked"
            let target = try script("__pagervoice.clickTarget(\(Self.literal(selector)))")
            if target["error"]?.stringValue == "selector" {
                throw .invalidClickSelector(selector, reason: target["message"]?.stringValue ?? "")
            }
            if let count = target["count"]?.intValue {
                let first = target["first"]?.stringValue.map { " (the first: \($0.terminalSafe))" } ?? ""
                throw .clickFailed(
                    selector,
                    why: count == 0 ? "matches nothing on the page\(after)" : "matches \(count) elements\(first)\(after); name one")
            }
            if target["hidden"] != nil {
                throw .clickFailed(
                    selector, why: "is not drawn on the page\(after) (hidden, or of no size), so a person could not click it")
            }
            if let cover = target["coveredBy"]?.stringValue {
                throw .clickFailed(
                    selector,
                    why:
                        "lies under \(cover.terminalSafe)\(after), which a click in its middle would reach instead (click that away first with an earlier --click)"
                )
            }
            guard let x = target["x"]?.doubleValue, let y = target["y"]?.doubleValue else { throw .unexpectedAnswer("clickTarget") }
            let windowsBefore = page.windowsNotOpened.count
            try run { try page.click(x: x, y: y) }
            try script("__pagervoice.quiet(\(Interrupted.milliseconds(roundingUp: settleLimit)))")
            if let away = page.heldDocuments.first {
                throw .clickFailed(
                    selector,
                    why:
                        "loads another document (\(away.clipped(80))): --click opens what is on the page (a dialog, a gallery's viewer), it follows no link"
                )
            }
            if let window = page.windowsNotOpened.dropFirst(windowsBefore).first {
                throw .clickFailed(
                    selector,
                    why:
                        "opens another window (\(window.clipped(80))): --click opens what is on the page (a dialog, a gallery's viewer), it opens no window"
                )
            }
            let name = target["name"]?.stringValue ?? ""
            clicked.append(selector + (AccessibleText.isSilent(name) ? "" : " (\u{201C}\(name.clipped(40))\u{201D})"))
        }
        return clicked
    }

    /// Slides that turn on their own where no finder found a carousel, watched in a tab of
    /// their own for `watch` of page time, as rotation is: the selector of their holder, or nil.
    /// A slide show whose only controls are wordless and shown under the pointer is still a
    /// carousel to audit (2.2.2 first), not "no carousel found".
    func turningSlides(url: String) throws(Failure) -> String? {
        let tab = try blankTab(url: url, reducedMotion: false)
        defer { _ = try? tab.page.close() }
        guard try tab.script("__pagervoice.turningStart()").intValue ?? 0 > 0 else { return nil }
        try tab.run { try tab.page.runVirtualTime(watch) }
        return try tab.script("__pagervoice.turningStop()")["holder"]?.stringValue
    }

    /// A slide deck found by its keys: its holder, and the keys that page it forward and back.
    struct DeckKeys: Sendable, Equatable {
        var holder: String
        var forward: String
        var back: String
    }

    /// Slides turned by the arrow keys pressed with focus on nothing, where no finder found a
    /// carousel and nothing turned on its own, tried in a tab of their own so the page audited
    /// is not moved, sealed so nothing a key asks for is sent (`BrowserPage.seal`): the deck's
    /// holder and keys, or nil. A slide deck (S5, remark) has no control but its keys, and was
    /// "no carousel found" though people page it every day. Right then Left first; then Left
    /// then Right (a right-to-left deck, or one opened at its last slide); then Down then Up (a
    /// deck paged downwards).
    func keySlides(url: String) throws(Failure) -> DeckKeys? {
        let tab = try blankTab(url: url, reducedMotion: false)
        defer { _ = try? tab.page.close() }
        tab.page.seal(.sendsAndLeaves)
        try tab.animationSpeed(Self.fastAnimations)
        let limit = Interrupted.milliseconds(roundingUp: settleLimit)
        do {
            for (first, second) in [(Key.arrowRight, Key.arrowLeft), (.arrowLeft, .arrowRight), (.arrowDown, .arrowUp)] {
                guard try tab.script("__pagervoice.keysStart()").intValue ?? 0 > 0 else { return nil }
                try tab.script("__pagervoice.keysRest(\(limit))")
                try tab.script("__pagervoice.keysStart()")
                // A first slide may show its items a press at a time before the next slide.
                var presses = 0
                var moved = false
                while presses < 4, !moved {
                    try tab.run { try tab.page.press(first) }
                    presses += 1
                    try tab.script("__pagervoice.keysRest(\(limit))")
                    moved = try tab.script("__pagervoice.keysMoved()").intValue ?? 0 > 0
                    // A key that loaded another document found pages of a site, not slides:
                    // a deck found in the next document would not be the page's.
                    guard tab.page.navigationsAway.isEmpty else { return nil }
                }
                guard moved else { continue }
                for _ in 0..<presses {
                    try tab.run { try tab.page.press(second) }
                    try tab.script("__pagervoice.keysRest(\(limit))")
                }
                guard tab.page.navigationsAway.isEmpty else { return nil }
                let found = try tab.script("__pagervoice.keysStop()")
                if let holder = found["holder"]?.stringValue {
                    let forward = found["forward"]?.boolValue ?? true
                    return DeckKeys(holder: holder, forward: (forward ? first : second).rawValue, back: (forward ? second : first).rawValue)
                }
            }
            return nil
        } catch .documentReplaced {
            // The key loaded another document while the script ran, the seal notwithstanding
            // (Sphinx's navigation_with_keys: ArrowRight goes to the next page): pages of a
            // site, not slides of a deck.
            return nil
        }
    }

    /// A new tab on `url` with the widget found, for watching on a virtual clock.
    func watchingTab(url: String, reducedMotion: Bool) throws(Failure) -> CarouselProbe {
        let tab = try blankTab(url: url, reducedMotion: reducedMotion)
        let found = try tab.script(findExpression)
        guard found["error"] == nil else { throw .unexpectedAnswer("the carousel was not found again in a second tab") }
        return tab
    }

    /// Does `action` from the page's own script, then ends its animations: in a tab on a
    /// virtual clock, where input events would wait for animation frames that never come.
    func activateByScript(_ action: PageStep.Action) throws(Failure) {
        let mark: String
        switch action {
        case .next: mark = "next"
        case .previous: mark = "previous"
        case .picker(let index, _): mark = "picker-\(index)"
        case .rotationControl: mark = "rotation"
        case .key: return
        }
        try script("__pagervoice.activate(\(Self.literal(mark)))")
        try run { try page.runVirtualTime(.milliseconds(50)) }
        try finishAnimations()
    }

    /// Ends every animation where it would end: on a virtual clock they never advance (and
    /// sends their end events, which would wait there for a frame: `finishAll`).
    func finishAnimations() throws(Failure) {
        try script("__pagervoice.finishAnimations()")
    }

    /// Runs `expression` in the page, a failure as the probe's.
    @discardableResult
    func script(_ expression: String) throws(Failure) -> JSON {
        do {
            return try page.evaluate(expression, timeout: commandTimeout)
        } catch {
            // The document went while the script ran, or the script failed in a document where
            // no carousel was found: our script runs in every new document before its own, so a
            // page that reloaded or went elsewhere has it, with nothing found. Either way the page
            // is not the one measured so far.
            if case .devTools(let failure) = error, failure.description.contains("Inspected target navigated or closed") {
                throw .documentReplaced
            }
            if case .scriptFailed(let message) = error {
                // A document our script did not reach at all is another one too.
                if message.contains("__pagervoice is not defined") { throw .documentReplaced }
                if (try? page.evaluate("window.__pagervoice.hasFound()", timeout: commandTimeout)) == .bool(false) {
                    throw .documentReplaced
                }
            }
            throw .page(error)
        }
    }

    /// "')))' is not a valid selector." of "Failed to execute 'querySelectorAll' on 'Document':
    /// ')))' is not a valid selector.".
    static func withoutCallSite(_ message: String) -> String {
        guard message.hasPrefix("Failed to execute "), let colon = message.firstIndex(of: ":") else { return message }
        return String(message[message.index(after: colon)...].drop { $0 == " " })
    }

    /// A JavaScript string literal for `text` (the selector a person typed).
    static func literal(_ text: String) -> String { JSON.string(text).serialized() }

    /// A window tall enough to hold the whole widget, so nothing has to scroll while measuring
    /// (a page whose clock stands still may never finish a scroll).
    func fitViewport() throws(Failure) {
        let boxes = try script("__pagervoice.boxes()")
        guard let root = Self.box(boxes["root"]) else { return }
        let height = min(max(800, Int((root.maxY + 40).rounded(.up))), 4000)
        if height > 800 { try run { try page.setViewport(width: 1280, height: height) } }
    }

    /// Runs one of the page's commands, its failure as the probe's.
    func run(_ body: () throws -> Void) throws(Failure) {
        do {
            try body()
        } catch let error as PageError {
            throw .page(error)
        } catch {
            throw .unexpectedAnswer("\(error)")
        }
    }

    static func box(_ json: JSON?) -> PageBox? {
        guard let json, let x = json["x"]?.doubleValue, let y = json["y"]?.doubleValue, let width = json["width"]?.doubleValue,
            let height = json["height"]?.doubleValue
        else { return nil }
        return PageBox(x: x, y: y, width: width, height: height)
    }

    func markedNodes(css: Bool = false) throws(Failure) -> [String: Int] {
        let document: JSON
        do { document = try page.call("DOM.getDocument", .object([("depth", .int(-1))])) } catch { throw .page(error) }
        var marks = AccessibilitySnapshot.marks(in: document["root"] ?? .null)
        guard css || !pseudoParts.withLock({ $0.isEmpty }) else { return marks }
        let pseudo = AccessibilitySnapshot.pseudoMarks(in: document["root"] ?? .null).filter { marks[$0.key] == nil }
        pseudoParts.withLock { $0 = pseudo.mapValues { PseudoPart(backend: $0.backend, name: $0.name) } }
        for (mark, part) in pseudo where mark != "marker-group" { marks[mark] = part.backend }
        return marks
    }

    /// A pseudo-element part's box in the window (CSS px), nil where it is not drawn.
    func pseudoBox(_ mark: String) -> PageBox? {
        guard let part = pseudoParts.withLock({ $0[mark] }),
            let model = try? page.call("DOM.getBoxModel", .object([("backendNodeId", .int(part.backend))])),
            let quad = model["model"]?["border"]?.arrayValue?.compactMap(\.doubleValue), quad.count == 8
        else { return nil }
        let xs = [quad[0], quad[2], quad[4], quad[6]]
        let ys = [quad[1], quad[3], quad[5], quad[7]]
        guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max() else { return nil }
        return PageBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A CSS carousel's drawn pseudo-element parts, by mark, as the script gives boxes: in the
    /// document (the window's box plus its scroll), as JSON `{x, y, width, height}`.
    func pseudoBoxesInDocument() throws(Failure) -> [String: JSON] {
        let marks = pseudoParts.withLock { $0.keys.filter { $0 != "marker-group" } }
        guard !marks.isEmpty else { return [:] }
        let scroll = try script("[scrollX, scrollY]").arrayValue?.compactMap(\.doubleValue) ?? []
        guard scroll.count == 2 else { return [:] }
        var found: [String: JSON] = [:]
        for mark in marks {
            guard let box = pseudoBox(mark) else { continue }
            found[mark] = .object([
                ("x", .double(box.x + scroll[0])), ("y", .double(box.y + scroll[1])), ("width", .double(box.width)),
                ("height", .double(box.height)),
            ])
        }
        return found
    }

    /// The script's boxes of the parts (in the document), with a CSS carousel's pseudo-element
    /// parts added from DevTools.
    func boxes() throws(Failure) -> JSON {
        let boxes = try script("__pagervoice.boxes()")
        let pseudo = pseudoParts.withLock { $0 }
        guard !pseudo.isEmpty, case .object(var fields) = boxes else { return boxes }
        let drawn = try pseudoBoxesInDocument()
        func json(_ mark: String) -> JSON { drawn[mark] ?? .null }
        let pickers = pseudo.keys.filter { $0.hasPrefix("picker-") }.compactMap { Int($0.dropFirst(7)) }.sorted()
        func set(_ key: String, _ value: JSON) {
            if let index = fields.firstIndex(where: { $0.0 == key }) { fields[index].1 = value } else { fields.append((key, value)) }
        }
        if let last = pickers.last {
            set("pickers", .array((0...last).map { json("picker-\($0)") }))
        }
        for mark in ["previous", "next"] where pseudo[mark] != nil { set(mark, json(mark)) }
        return .object(fields)
    }

    /// Counts the page's elements once (see `wholeTreeIsQuicker`).
    private func decideTreeReading() throws(Failure) -> Bool {
        let count = try script("document.getElementsByTagName('*').length").intValue ?? 0
        let whole = count <= Self.smallPage
        wholeTreeIsQuicker.withLock { $0 = whole }
        return whole
    }

    /// What the accessibility tree gives for the marked parts: on a small page the whole tree;
    /// on a bigger one (where the whole tree took over a second, after every step) the widget's
    /// subtree and the subtree of each control outside it (a rotation control beside it). Slides
    /// and pickers are found inside the widget, so one missing from its subtree has no node at
    /// all (not rendered), as in the whole tree.
    func accessibility(_ marks: [String: Int]) throws(Failure) -> AccessibilitySnapshot {
        var tree: [JSON] = []
        let whole: Bool
        if let decided = wholeTreeIsQuicker.withLock({ $0 }) { whole = decided } else { whole = try decideTreeReading() }
        do {
            guard let root = marks["root"], !whole else {
                return AccessibilitySnapshot(tree: try page.accessibilityTree(timeout: commandTimeout), marks: marks)
            }
            tree = try page.accessibilitySubtree(of: root, timeout: commandTimeout)
            let inside = Set(tree.compactMap { $0["backendDOMNodeId"]?.intValue })
            // Slides, a loop's copies of them and pickers lie inside the widget.
            let within = ["slide-", "copy-", "picker-"]
            let pseudo = pseudoParts.withLock { $0 }
            for (mark, backend) in marks where !inside.contains(backend) && !within.contains(where: mark.hasPrefix) {
                // A control the page removed since (re-rendered) has no node, as in the whole tree.
                tree += (try? page.accessibilitySubtree(of: backend, timeout: commandTimeout)) ?? []
            }
            // A CSS carousel's markers lie in the tree under their group, not under the widget.
            if let group = pseudo["marker-group"], marks.contains(where: { $0.key.hasPrefix("picker-") && !inside.contains($0.value) }) {
                tree += (try? page.accessibilitySubtree(of: group.backend, timeout: commandTimeout)) ?? []
            }
        } catch {
            throw .page(error)
        }
        return AccessibilitySnapshot(tree: tree, marks: marks)
    }

    /// The widget's parts, named and placed.
    func describe(_ facts: inout CarouselFacts, _ structure: Structure, _ snapshot: AccessibilitySnapshot) throws(Failure) {
        let boxes = try boxes()
        facts.widget = snapshot.element("root", selector: structure.root, box: Self.box(boxes["root"]))
        let slideBoxes = boxes["slides"]?.arrayValue ?? []
        facts.slides = structure.slides.enumerated().map { index, selector in
            snapshot.element("slide-\(index)", selector: selector, box: index < slideBoxes.count ? Self.box(slideBoxes[index]) : nil)
        }
        let pickerBoxes = boxes["pickers"]?.arrayValue ?? []
        let pseudo = pseudoParts.withLock { $0 }
        // A CSS carousel's dots are its slides' ::scroll-marker, named by them.
        let pickers =
            structure.css
            ? structure.slides.indices.compactMap { index in pseudo["picker-\(index)"].map { structure.slides[index] + $0.name } }
            : structure.pickers
        facts.pickers = pickers.enumerated().map { index, selector in
            snapshot.element("picker-\(index)", selector: selector, box: index < pickerBoxes.count ? Self.box(pickerBoxes[index]) : nil)
        }
        let previous = structure.previous ?? pseudo["previous"].map { structure.root + $0.name }
        let next = structure.next ?? pseudo["next"].map { structure.root + $0.name }
        facts.previous = previous.map { snapshot.element("previous", selector: $0, box: Self.box(boxes["previous"])) }
        facts.next = next.map { snapshot.element("next", selector: $0, box: Self.box(boxes["next"])) }
        if structure.outOfTabOrder.contains("previous") { facts.previous?.outOfTabOrder = true }
        if structure.outOfTabOrder.contains("next") { facts.next?.outOfTabOrder = true }
        facts.rotation = structure.rotation.map { snapshot.element("rotation", selector: $0, box: Self.box(boxes["rotation"])) }
        facts.slider = structure.slider.map { snapshot.element("slider", selector: $0, box: nil) }
    }

    func state() throws(Failure) -> JSON { try script("__pagervoice.state()") }

    /// What the widget conveys now: the script's DOM reading, and the tree's states and names.
    func conveyed(_ facts: CarouselFacts, marks: [String: Int]) throws(Failure) -> Conveyed {
        let now = try state()
        let snapshot = try accessibility(marks)
        return Self.conveyed(now, snapshot, facts)
    }

    static func conveyed(_ now: JSON, _ snapshot: AccessibilitySnapshot, _ facts: CarouselFacts) -> Conveyed {
        let shown = now["shown"]?.intValue ?? -1
        var conveyed = Conveyed(shown: shown >= 0 ? shown : nil)
        // Selection as the tree gives it where it has the picker, else as the markup says;
        // aria-current only from the markup, since the tree does not carry it.
        let indices = { (key: String) in Set(now[key]?.arrayValue?.compactMap(\.intValue) ?? []) }
        let (selected, current, pressed) = (indices("selected"), indices("current"), indices("pressed"))
        for index in facts.pickers.indices {
            let node = snapshot.nodes["picker-\(index)"]
            if node?.selected ?? selected.contains(index) { conveyed.selected.append(index) }
            if current.contains(index) { conveyed.current.append(index) }
            if node?.pressed ?? pressed.contains(index) { conveyed.pressed.append(index) }
        }
        for index in facts.slides.indices {
            let node = snapshot.nodes["slide-\(index)"]
            conveyed.slideNames.append(node?.name ?? "")
            if let node, node.read { conveyed.exposedSlides.append(index) }
        }
        conveyed.selectedOutOfTabOrder = now["selectedUntabbable"]?.arrayValue?.compactMap(\.intValue) ?? []
        conveyed.exposedCopies = now["copiesExposed"]?.intValue ?? 0
        conveyed.rowBeside = now["rowBeside"]?.arrayValue?.compactMap(\.intValue) ?? []
        if let slider = snapshot.nodes["slider"] {
            conveyed.sliderValue = slider.value.map { Int($0.rounded()) }
            conveyed.sliderMinimum = slider.minimum.map { Int($0.rounded()) }
            conveyed.sliderMaximum = slider.maximum.map { Int($0.rounded()) }
            // Chromium's tree leaves aria-valuetext empty; the markup has it.
            conveyed.sliderText = slider.valueText.flatMap { $0.isEmpty ? nil : $0 } ?? now["slider"]?["text"]?.stringValue
        }
        conveyed.live = now["live"]?.stringValue
        if let status = now["status"], let text = status["text"]?.stringValue {
            conveyed.statusLive = status["live"]?.stringValue
            conveyed.statusText = text
            conveyed.statusOutside = status["outside"]?.stringValue
        }
        for index in facts.pickers.indices {
            // Its name, else the words read inside it ("slide 2 of 3, currently active").
            if let node = snapshot.nodes["picker-\(index)"], Self.saysCurrent(node.name.isEmpty ? node.words : node.name) {
                conveyed.namedCurrent.append(index)
            }
        }
        let controls = now["controls"]
        func unavailable(_ key: String) -> Bool {
            guard let control = controls?[key] else { return false }
            return control["disabled"]?.boolValue == true || control["visible"]?.boolValue == false
        }
        conveyed.previousUnavailable = unavailable("previous")
        conveyed.nextUnavailable = unavailable("next")
        conveyed.focus = now["focus"]?.stringValue
        // A CSS carousel's pseudo-element parts: the script sees neither their state nor their
        // focus (the page's focus is then on the scroll container); the tree has both.
        for (key, mark) in [("previous", "previous"), ("next", "next")] where controls?[key] == nil {
            if let node = snapshot.nodes[mark] {
                if mark == "previous" { conveyed.previousUnavailable = node.disabled } else { conveyed.nextUnavailable = node.disabled }
            }
        }
        if conveyed.focus == "root" || conveyed.focus == "inside",
            let part = snapshot.nodes.first(where: { $0.value.focused && $0.key != "root" && !$0.key.hasPrefix("slide-") })?.key
        {
            conveyed.focus = part
        }
        return conveyed
    }

    // MARK: - Time

    /// Waits until the widget is at rest, at most `settleLimit` (the page's own check, on its
    /// animation frames: no animation runs, a slide is on screen, and neither which one nor
    /// anything in the widget's markup changed from one frame to the next). Returns the state at rest.
    @discardableResult
    func settle() throws(Failure) -> JSON {
        try script("__pagervoice.settled(\(Interrupted.milliseconds(roundingUp: settleLimit)))")
    }

    /// What one watch of rotation saw: the slide changes, their interval where it repeats, the
    /// slides' live politeness, and the region beside them that spoke while they changed.
    struct RotationWatch {
        var changes: Int
        var interval: Int?
        var live: String?
        var status: StatusRegion?
    }

    /// `start` done from the page's own script, then the widget watched; the slide `start`
    /// brings is not counted as rotation when it arrives late (see `watchRotation(arriving:)`).
    func watchRotation(afterChanging start: PageStep.Action, count: Int) throws(Failure) -> RotationWatch {
        let before = try script("__pagervoice.glance()")["shown"]?.intValue
        try activateByScript(start)
        return try watchRotation(arriving: Self.destination(of: start, from: before, count: count))
    }

    /// The slide `action` is meant to bring from slide `shown` of `count`.
    static func destination(of action: PageStep.Action, from shown: Int?, count: Int) -> Int? {
        switch action {
        case .next: shown.flatMap { $0 >= 0 && count > 0 ? ($0 + 1) % count : nil }
        case .previous: shown.flatMap { $0 >= 0 && count > 0 ? ($0 + count - 1) % count : nil }
        case .picker(let index, _): index
        case .rotationControl, .key: nil
        }
    }

    /// Watches the widget for `watch` of page time, untouched. `arriving` is the slide a change
    /// by hand just made is on its way to (or, just loaded, the slide it rests on once loaded): a
    /// carousel that moves by script frame by frame (Flickity's requestAnimationFrame physics)
    /// has not arrived when the watch starts, since the virtual clock draws no frames until it
    /// runs, and arriving there is not rotation (it counted as one: a Flickity that never rotates
    /// failed auto-advance).
    func watchRotation(arriving: Int? = nil) throws(Failure) -> RotationWatch {
        // Nobody's pointer rests on it and focus is elsewhere: a carousel that pauses under the
        // pointer or while focused must show whether it moves when left alone. The pointer has
        // never been in this tab, and is not moved here: on a virtual clock Chromium answers a
        // pointer move only on an animation frame, and a loaded machine waited 15 s for one.
        try script("__pagervoice.blur()")
        var changes: [Double] = []
        var live: String?
        // The region beside the slides announced a change on its own when its words at the change
        // differ from those at the slide before and it is not off (a screen reader then spoke
        // while nobody did anything); the slide a change by hand brings is not one.
        var statusAtStable: String?
        var spoke: StatusRegion?
        // A slide counts as shown once two samples a quarter of a second apart agree, so the
        // in-between frames of a change (both slides drawn) are not taken for changes.
        var stable = try script("__pagervoice.glance()")["shown"]?.intValue
        var candidate: (shown: Int, at: Double)?
        var arriving = arriving == stable ? nil : arriving
        try script("__pagervoice.startWatch()")
        try run { try page.runVirtualTime(watch) }
        for sample in try script("__pagervoice.stopWatch()").arrayValue ?? [] {
            let status = sample["status"].flatMap { region -> StatusRegion? in
                guard let text = region["text"]?.stringValue else { return nil }
                return StatusRegion(live: region["live"]?.stringValue ?? "polite", text: text, outside: region["outside"]?.stringValue)
            }
            if statusAtStable == nil { statusAtStable = status?.text }
            guard let shown = sample["shown"]?.intValue, shown >= 0 else { continue }
            if shown == stable {
                candidate = nil
            } else if let pending = candidate, pending.shown == shown {
                if shown != arriving {
                    changes.append(pending.at)
                    live = sample["live"]?.stringValue ?? live
                    if spoke == nil, let status, status.text != statusAtStable, !status.text.isEmpty, status.live != "off" {
                        spoke = status
                    }
                }
                statusAtStable = status?.text ?? statusAtStable
                arriving = nil
                stable = shown
                candidate = nil
            } else {
                candidate = (shown, sample["now"]?.doubleValue ?? 0)
            }
        }
        // The interval only where it repeats: two gaps that agree within a tenth.
        var interval: Int?
        if changes.count >= 3 {
            let first = changes[1] - changes[0]
            let second = changes[2] - changes[1]
            if abs(first - second) <= 0.1 * max(first, second) { interval = Int(((first + second) / 2).rounded()) }
        }
        if changes.isEmpty { live = try script("__pagervoice.live()").stringValue }
        // `spoke` is only ever set at a change counted.
        return RotationWatch(changes: changes.count, interval: interval, live: changes.isEmpty ? nil : live, status: spoke)
    }

    // MARK: - Acting

    /// A page change made by hand: Next with the mouse, else the second picker.
    func firstManualChange(_ facts: CarouselFacts) -> PageStep.Action? {
        if facts.next != nil { return .next(.click) }
        if facts.pickers.count > 1 { return .picker(1, .click) }
        return nil
    }

    /// Does `action`, lets the widget settle and reads what it conveys.
    func step(_ action: PageStep.Action, _ facts: CarouselFacts, marks: [String: Int]) throws(Failure) -> PageStep {
        let start = try state()
        let before = start["shown"]?.intValue
        try perform(action)
        let rest = try settle()
        let after = Self.conveyed(rest, try accessibility(marks), facts)
        var step = PageStep(action: action, from: before.flatMap { $0 >= 0 ? $0 : nil }, after: after)
        step.statusBefore = start["status"]?["text"]?.stringValue
        return step
    }

    /// Whether a picker's name says it is the current one: "Carousel Page 1 (Current Slide)",
    /// "Slide 2, selected", UI Bootstrap's "slide 2 of 3, currently active". Whole words not
    /// denied ("Slide 2, not selected" says the opposite); "currently" only before a word that
    /// says shown or chosen ("currently not shown" and "currently loading" say nothing of it);
    /// "active" is not one, since it names things too ("Active wear").
    static func saysCurrent(_ name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }.map(String.init)
        let denied = ["not", "no", "non"]
        return words.indices.contains { index in
            let word = words[index]
            guard index == 0 || !denied.contains(words[index - 1]) else { return false }
            if word == "currently" {
                return index + 1 < words.count
                    && ["active", "selected", "shown", "showing", "displayed", "visible"].contains(words[index + 1])
            }
            return word == "current" || word == "selected"
        }
    }

    func perform(_ action: PageStep.Action) throws(Failure) {
        switch action {
        case .next(let input): try activate("next", input)
        case .previous(let input): try activate("previous", input)
        case .picker(let index, let input): try activate("picker-\(index)", input)
        case .rotationControl(let input): try activate("rotation", input)
        case .key(let name, let part):
            guard let key = Key(rawValue: name) else { return }
            // "page": with focus on nothing, as a person reading a slide deck presses them.
            if part == "page" {
                try script("document.activeElement && document.activeElement.blur(), true")
            } else {
                try focus(part)
            }
            try run { try page.press(key) }
        }
    }

    /// Clicks a part in its middle, or focuses it and presses Enter or Space.
    func activate(_ mark: String, _ input: PageInput) throws(Failure) {
        switch input {
        case .click:
            if pseudoParts.withLock({ $0[mark] != nil }) {
                guard let box = pseudoBox(mark) else { return }
                try run { try page.click(x: box.centreX, y: box.centreY) }
                return
            }
            let point = try script("__pagervoice.click(\(Self.literal(mark)))")
            guard let x = point["x"]?.doubleValue, let y = point["y"]?.doubleValue else { return }
            // The pointer stays where it clicked, over the widget, as a person's mouse does.
            try run { try page.click(x: x, y: y) }
        case .enter, .space:
            try focus(mark)
            try run { try page.press(input == .enter ? .enter : .space) }
        }
    }

    /// The pseudo-element part with keyboard focus, from the tree (the page's script sees the
    /// scroll container focused); nil for a carousel with none, or none focused. Read as the
    /// other readings are (the widget's subtree and the markers' group on a big page).
    func focusedPseudoPart(_ marks: [String: Int]) throws(Failure) -> String? {
        let pseudo = pseudoParts.withLock { $0 }
        guard !pseudo.isEmpty else { return nil }
        let snapshot = try accessibility(marks.filter { $0.key == "root" || pseudo[$0.key] != nil })
        return snapshot.nodes.first { $0.value.focused && $0.key != "root" }?.key
    }

    /// Gives a part keyboard focus: through the page's script, or for a pseudo-element part
    /// (which no script can focus) through DevTools.
    func focus(_ mark: String) throws(Failure) {
        guard let part = pseudoParts.withLock({ $0[mark] }) else {
            try script("__pagervoice.focus(\(Self.literal(mark)))")
            return
        }
        // One that cannot take focus now (a scroll button disabled at an end) is left unfocused,
        // as the script's focus leaves an element that refuses it.
        _ = try? page.call("DOM.focus", .object([("backendNodeId", .int(part.backend))]))
    }

    /// Rests the pointer over the middle of the widget, as a person's mouse rests after a
    /// click: a carousel that pauses under the pointer (Bootstrap's) stays still while it is
    /// measured. (Screenshots move it away first, so no hover style colours the dots.) A pause
    /// under the pointer stops the next change, not one under way: PyTango's Jssor slider, caught
    /// by the pointer in its 1.2 s fade to slide 2, read "slide 1" (the fading one still the
    /// most shown), and ArrowRight, which Jssor counts from where the fade had got to, went to
    /// slide 3. So the widget is let come to rest before anything is read or pressed.
    func parkPointer() throws(Failure) {
        let boxes = try script("__pagervoice.boxes()")
        guard let root = Self.box(boxes["root"]) else { return }
        try run { try page.movePointer(x: root.centreX, y: root.centreY) }
        try settle()
    }

    /// The pages stepped from: all, or for a long carousel the first two, the middle and the
    /// last two.
    func startPages(_ count: Int) -> [Int] {
        guard count > sampledAbove else { return Array(0..<count) }
        return [0, 1, count / 2, count - 2, count - 1]
    }

    /// Brings the widget to `page` with the pickers, else with Next (bounded), and says whether
    /// it got there.
    func go(to page: Int, _ facts: CarouselFacts) throws(Failure) -> Bool {
        if let keys = facts.deckKeys {
            // A slide deck, one key at a time: a key may show more of a slide before the next
            // (S5's incremental lists take a press for each item), so presses are counted, not
            // slides.
            for _ in 0..<CarouselFacts.deckPresses(facts.count) {
                guard let shown = try state()["shown"]?.intValue, shown >= 0, shown != page else { break }
                try perform(.key(page > shown ? keys.forward : keys.back, on: "page"))
                try settle()
            }
            return try state()["shown"]?.intValue == page
        }
        for _ in 0..<2 {
            guard let shown = try state()["shown"]?.intValue else { return false }
            if shown == page { return true }
            if facts.pickers.indices.contains(page) {
                try activate("picker-\(page)", .click)
                try settle()
                continue
            }
            if facts.slider != nil {
                for _ in 0..<min(abs(page - shown), 60) {
                    try script("__pagervoice.focus(\"slider\")")
                    try run { try page > shown ? self.page.press(.arrowRight) : self.page.press(.arrowLeft) }
                    try settle()
                }
                continue
            }
            // Back with Previous where the page is behind: a carousel without dots that stops
            // at its ends never came back to its first slide with Next alone, and every step
            // from there was skipped.
            if page < shown, facts.previous != nil {
                for _ in 0..<min(shown - page, 60) {
                    try activate("previous", .click)
                    try settle()
                }
                continue
            }
            guard facts.next != nil, facts.count > 0 else { return false }
            let presses = (page - shown + facts.count) % facts.count
            for _ in 0..<min(presses, 60) {
                try activate("next", .click)
                try settle()
            }
        }
        return try state()["shown"]?.intValue == page
    }

    /// Next and Previous (Enter, Space unless Next is a link, and the mouse), each picker (Enter), and the arrow keys,
    /// Home and End on the pickers, from each start page. Steps are chained where one ends on
    /// the page the next starts from, so the widget is moved between them only where it must be.
    func stepThrough(_ facts: inout CarouselFacts, marks: [String: Int]) throws(Failure) {
        let count = facts.count
        guard count > 0 else { return }
        let starts = startPages(count)
        func from(_ page: Int, _ action: PageStep.Action) throws(Failure) {
            guard try go(to: page, facts) else { return }
            facts.steps.append(try step(action, facts, marks: marks))
        }
        if facts.next != nil {
            for start in starts { try from(start, .next(.enter)) }
        }
        if facts.previous != nil {
            for start in starts.reversed() { try from(start, .previous(.enter)) }
        }
        // Space too on a button (the ARIA button pattern asks both); a link is Enter's alone:
        // Space on a link scrolls the page in every browser, and a screen reader says "link",
        // so a person presses Enter (SlidesJS's arrows are links: Space failed them).
        if let next = facts.next, next.role != "link", count > 1 { try from(0, .next(.space)) }
        // The ends with the mouse too, so an end is judged even where the keyboard cannot act.
        if facts.next != nil { try from(count - 1, .next(.click)) }
        if facts.previous != nil { try from(0, .previous(.click)) }
        if !facts.pickers.isEmpty {
            // Each sampled picker from a page that is not its own, so selecting it must change
            // something: in descending order, starting where the widget is not on the first.
            let pickers = Array(startPages(facts.pickers.count).reversed())
            for index in pickers {
                let shown = try state()["shown"]?.intValue ?? 0
                if shown == index { guard try go(to: index == 0 ? min(1, count - 1) : 0, facts) else { continue } }
                facts.steps.append(try step(.picker(index, facts.pickerKey), facts, marks: marks))
            }
            // The arrow keys, Home and End on the picker of the page shown, in a chain that
            // meets both ends: right, left, End, right (past the end), Home, left (before the
            // start).
            // A tablist must move with the arrow keys (the APG tabs pattern), so both ends are
            // tried; other widgets that take keys at all (radio buttons, which the browser moves
            // with them and wraps at its ends, included) are tried once each way.
            guard count > 1, try go(to: 0, facts) else { return }
            let keys =
                facts.pickersAreTabs ? ["ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft"] : ["ArrowRight", "ArrowLeft"]
            for key in keys {
                let shown = try state()["shown"]?.intValue ?? 0
                facts.steps.append(try step(.key(key, on: "picker-\(max(shown, 0))"), facts, marks: marks))
            }
        } else if let keys = facts.deckKeys {
            // A slide deck: its keys with focus on nothing, from each start page, so both ends
            // are met. A start page the keys cannot bring is said (scroll), not skipped.
            for start in starts {
                guard try go(to: start, facts) else {
                    facts.deckUnreached.append(start)
                    continue
                }
                facts.steps.append(try step(.key(keys.forward, on: "page"), facts, marks: marks))
            }
            for start in starts.reversed() where !facts.deckUnreached.contains(start) {
                try from(start, .key(keys.back, on: "page"))
            }
        } else if facts.slider != nil {
            for start in [0, count - 1] {
                for key in ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"] { try from(start, .key(key, on: "slider")) }
            }
        } else if count > 1,
            facts.next?.outOfTabOrder == true || facts.previous?.outOfTabOrder == true
                || (facts.next == nil && facts.previous == nil && facts.pickers.isEmpty)
        {
            // No dots, and arrows out of the Tab order: the arrow keys on the carousel itself
            // (an APG carousel may take them there), so the keyboard's way is tried before
            // scroll says there is none. Where nothing was found to press (slides found turning
            // on their own), these are the only keys to try, and nothing brings the slides back
            // to the first: ArrowRight is tried from the slide they rest on (where it is not the
            // last), and ArrowLeft from where that went.
            let shown = try state()["shown"]?.intValue ?? 0
            let start = (0..<(count - 1)).contains(shown) ? shown : 0
            try from(start, .key("ArrowRight", on: "root"))
            try from(start + 1, .key("ArrowLeft", on: "root"))
        }
    }

    // MARK: - Keyboard focus

    /// The widget's parts reached by Tab from just before the widget, until focus has been
    /// through the widget and left it, or has gone round the page; and whether the walk was cut
    /// short by its limit while focus was still in the widget.
    /// The walk of Tab from just before the widget, as a keyboard user meets it: the parts
    /// reached in order. Each control among `photographing` is photographed again where it first
    /// takes focus (Tab, so `:focus-visible` styles apply, once the page is at rest): what
    /// changed from its picture without focus is its focus indicator.
    func tabOrder(_ facts: CarouselFacts, marks: [String: Int], photographing: [String: Unfocused] = [:]) throws(Failure) -> (
        order: [String], cut: Bool, names: [String: String], focused: [FocusIndicator]
    ) {
        var indicators: [FocusIndicator] = []
        func photograph(_ part: String) throws(Failure) {
            guard let before = photographing[part], !indicators.contains(where: { $0.mark == part }) else { return }
            // A focus style that fades in (Bootstrap's opacity, 0.15 s) is waited for; none
            // running, the picture is taken at once (a wait for rest costs two frames a control).
            if try script("__pagervoice.animating()").boolValue != false { try settle() }
            indicators.append(FocusPixels.compare(mark: part, before: before.picture, after: try picture(before.clip)))
        }
        try script("__pagervoice.focusStart()")
        defer { _ = try? script("__pagervoice.removeStart()") }
        // Enough presses to pass every control and a few links in each slide shown; a carousel of
        // thousands of dots is walked for its first parts only, and the verdict says so.
        let limit = min(facts.pickers.count + facts.slides.count * 3 + 60, 160)
        var order: [String] = []
        var names: [String: String] = [:]
        var entered = false
        var left = false
        for _ in 0..<limit {
            try run { try page.press(.tab) }
            let focused = try script("__pagervoice.focused()")
            guard var focus = focused["focus"]?.stringValue else {
                left = true
                break
            }
            if focus == "root" || focus == "inside", let part = try focusedPseudoPart(marks) { focus = part }
            if focus == "outside" || focus == "none" {
                if entered || focus == "none" && !order.isEmpty {
                    left = true
                    break
                }
                order.append(focus)
                continue
            }
            entered = true
            if focus == "root" || focus == "inside", let key = focused["stop"]?["key"]?.intValue {
                // One of the widget's own elements that is no part: a stop of its own, by name.
                let stop = "stop-\(key)"
                names[stop] = focused["stop"]?["name"]?.stringValue ?? ""
                order.append(stop)
                continue
            }
            let part = focus == "inside" ? "inside" : focus
            let inSlide = focused["focusInSlide"]?.intValue ?? -1
            order.append(inSlide >= 0 && !part.hasPrefix("slide-") && part == "inside" ? "slide-\(inSlide)" : part)
            try photograph(part)
        }
        return (order.filter { $0 != "outside" && $0 != "none" }, entered && !left, names, indicators)
    }

    /// A control as drawn without focus: the clip of its box and `FocusIndicator.margin` around
    /// it, and its picture there.
    struct Unfocused {
        var clip: BrowserPage.Clip
        var picture: RGBAImage
    }

    /// The controls (pickers, the first 24 of a long row; Previous, Next, the rotation control)
    /// photographed with nothing focused and the pointer over the middle of the widget, where it
    /// stays for the walk that follows, or in the page's corner where a control lies there: the
    /// steps' last click left it over a control, whose hover style (Bootstrap's Previous at 0.9
    /// opacity, as when focused) was in both pictures. Over the widget, a carousel that pauses
    /// under the pointer (Bootstrap's) stays paused, and its dots stay as they were.
    func unfocusedControls() throws(Failure) -> [String: Unfocused] {
        try script("__pagervoice.blur()")
        let boxes = try boxes()
        var parts: [(String, JSON?)] = (boxes["pickers"]?.arrayValue ?? []).prefix(24).enumerated().map {
            ("picker-\($0.offset)", $0.element)
        }
        parts += ["previous", "next", "rotation"].map { ($0, boxes[$0]) }
        let margin = Double(FocusIndicator.margin)
        let clips: [(mark: String, clip: BrowserPage.Clip)] = parts.compactMap { mark, json in
            guard let box = Self.box(json), !box.isEmpty else { return nil }
            let left = max((box.x - margin).rounded(.down), 0)
            let top = max((box.y - margin).rounded(.down), 0)
            let clip = BrowserPage.Clip(
                x: left, y: top, width: min((box.maxX + margin).rounded(.up) - left, 2000),
                height: min((box.maxY + margin).rounded(.up) - top, 2000))
            return (mark, clip)
        }
        guard let first = clips.first?.clip else { return [:] }
        let middle = Self.box(boxes["root"]).map { (x: $0.centreX, y: $0.centreY) } ?? (x: 0, y: 0)
        let onAControl = clips.contains {
            ($0.clip.x...$0.clip.x + $0.clip.width).contains(middle.x) && ($0.clip.y...$0.clip.y + $0.clip.height).contains(middle.y)
        }
        try run { try page.movePointer(x: onAControl ? 0 : middle.x, y: onAControl ? 0 : middle.y) }
        try settle()
        // One picture of them all where they lie close enough together (a screenshot costs a
        // frame), cut into each control's; one each where they are spread over the page.
        let left = clips.map(\.clip.x).reduce(first.x, min)
        let top = clips.map(\.clip.y).reduce(first.y, min)
        let whole = BrowserPage.Clip(
            x: left, y: top, width: clips.map { $0.clip.x + $0.clip.width }.reduce(0, max) - left,
            height: clips.map { $0.clip.y + $0.clip.height }.reduce(0, max) - top)
        let together = whole.width <= 2000 && whole.height <= 2000 && whole.width * whole.height <= 1_500_000
        let all = together ? try picture(whole) : nil
        var found: [String: Unfocused] = [:]
        for (mark, clip) in clips {
            let cut = all?.cropped(x: Int(clip.x - whole.x), y: Int(clip.y - whole.y), width: Int(clip.width), height: Int(clip.height))
            if let cut {
                found[mark] = Unfocused(clip: clip, picture: cut)
            } else {
                found[mark] = Unfocused(clip: clip, picture: try picture(clip))
            }
        }
        return found
    }

    /// The dots and controls another element is drawn over at their middle, where a click or a
    /// tap lands (Bootstrap's full-height Previous over a stop button in the carousel's corner).
    /// Judged in a window a person has, 1280 by 800, each part scrolled to its middle: in the
    /// window stretched to hold the whole carousel, a bar fixed to the window's bottom lay on the
    /// carousel's dots however the page was laid out, and a part below 4000 px was not judged.
    func coveredTargets() throws(Failure) -> [CoveredTarget] {
        // Only a window stretched for a tall carousel is changed (and each change waited for).
        let stretched = try script("innerHeight").intValue != 800
        if stretched {
            try run { try page.setViewport(width: 1280, height: 800) }
            try settle()
        }
        // A CSS carousel's parts are pseudo-elements the script cannot measure: their boxes (in
        // the document) from DevTools, each judged against the element it belongs to.
        let pseudo = try pseudoBoxesInDocument().sorted { $0.key < $1.key }.map { mark, box -> JSON in
            guard case .object(let fields) = box else { return box }
            return .object([("mark", .string(mark))] + fields)
        }
        let found = try script("__pagervoice.covered(\(JSON.array(pseudo).serialized()))")
        if stretched {
            try fitViewport()
            try settle()
        }
        return (found.arrayValue ?? []).compactMap { item in
            guard let mark = item["mark"]?.stringValue, let selector = item["selector"]?.stringValue else { return nil }
            return CoveredTarget(
                mark: mark, byMark: item["byMark"]?.stringValue, bySelector: selector, byName: item["name"]?.stringValue ?? "")
        }
    }

    func hiddenFocusables(_ facts: CarouselFacts) throws(Failure) -> [HiddenFocusable] {
        let shown = try state()["shown"]?.intValue ?? -1
        let found = try script("__pagervoice.hiddenFocusables(\(shown))")
        return (found.arrayValue ?? []).compactMap { item in
            guard let slide = item["slide"]?.intValue, let selector = item["selector"]?.stringValue else { return nil }
            return HiddenFocusable(slide: slide, selector: selector)
        }
    }

    // MARK: - Pixels

    /// The pickers photographed, then photographed hidden: the pixels that change are the dots'
    /// paint, and the second picture is what lies behind them there.
    /// Photographed over each slide (sampled in a long carousel): what lies behind the dots
    /// changes with the slide, and the worst of them is what a person may meet.
    func dotPixels(_ facts: CarouselFacts) throws(Failure) -> [DotPixels] {
        guard !facts.pickers.isEmpty else { return [] }
        var measured: [DotPixels] = []
        for slide in startPages(max(facts.count, 1)) {
            if facts.count > 1 { guard try go(to: slide, facts) else { continue } }
            measured += try dotPixelsNow(facts)
        }
        return measured
    }

    func dotPixelsNow(_ facts: CarouselFacts) throws(Failure) -> [DotPixels] {
        // At rest before the boxes are read: a carousel fixed to the window moves in the page
        // while the page scrolls (see `picture`).
        try script("__pagervoice.scrollRest(\(Interrupted.milliseconds(roundingUp: settleLimit)))")
        try script("__pagervoice.blur()")
        try run { try page.movePointer(x: 0, y: 0) }
        let boxes = try boxes()
        // Only where the pickers are (the smaller the picture, the sooner it is taken and read).
        let drawn = (boxes["pickers"]?.arrayValue ?? []).compactMap { Self.box($0) }.filter { !$0.isEmpty }
        guard let first = drawn.first else { return [] }
        let left = drawn.map(\.x).reduce(first.x, min).rounded(.down) - 2
        let top = drawn.map(\.y).reduce(first.y, min).rounded(.down) - 2
        let right = drawn.map(\.maxX).reduce(first.maxX, max).rounded(.up) + 2
        let bottom = drawn.map(\.maxY).reduce(first.maxY, max).rounded(.up) + 2
        let root = PageBox(x: max(left, 0), y: max(top, 0), width: min(right - max(left, 0), 4000), height: min(bottom - max(top, 0), 4000))
        guard !root.isEmpty else { return [] }
        let current = Set(Self.conveyed(try state(), AccessibilitySnapshot(tree: [], marks: [:]), facts).markedPickers)
        let clip = BrowserPage.Clip(x: root.x, y: root.y, width: root.width, height: root.height)
        let shown = try picture(clip)
        try script("__pagervoice.hidePickers(true)")
        let behind = try picture(clip)
        try script("__pagervoice.hidePickers(false)")
        let pickerBoxes = (boxes["pickers"]?.arrayValue ?? []).map { Self.box($0) }
        var measured: [DotPixels] = []
        for (index, box) in pickerBoxes.enumerated() {
            guard let box else { continue }
            let local = PageBox(x: box.x - root.x, y: box.y - root.y, width: box.width, height: box.height)
            if let dot = DotContrast.measure(picker: index, isCurrent: current.contains(index), box: local, shown: shown, behind: behind) {
                measured.append(dot)
            }
        }
        return measured
    }

    /// A picture of the page where `clip` lies, once the page has stopped scrolling: a picture
    /// taken while it scrolls is of no one place (see the script's `pageScrolling`), and two
    /// compared (the dots shown and hidden, a control with and without focus) were of two.
    func picture(_ clip: BrowserPage.Clip) throws(Failure) -> RGBAImage {
        try script("__pagervoice.scrollRest(\(Interrupted.milliseconds(roundingUp: settleLimit)))")
        do { return try page.screenshot(clip: clip) } catch { throw .page(error) }
    }

    // MARK: - Motion

    /// The animations a page change starts, with motion as the page sets it, then with
    /// `prefers-reduced-motion: reduce`.
    func motion(_ facts: CarouselFacts, marks: [String: Int]) throws(Failure) -> MotionFacts {
        guard facts.next != nil || facts.pickers.count > 1 || facts.deckKeys != nil else { return MotionFacts(normalMilliseconds: 0) }
        // The change's animations are slowed almost to a stop while they are read, so none has
        // ended by then; their durations are their own whatever the playback rate.
        // Nil where no part tried changed the slide: nothing was watched.
        func animationsOfAChange() throws(Failure) -> (Double, [String], part: String?)? {
            let shown = try state()["shown"]?.intValue ?? 0
            try animationSpeed(0.001)
            // Next, unless it does nothing here (a carousel that stops at its ends disables it
            // on the last slide, where the steps before may have left it): then Previous, then
            // a dot. A change shows as an animation running, or another slide at once.
            var parts: [String] = []
            if facts.next != nil { parts.append("next") }
            if facts.previous != nil { parts.append("previous") }
            if facts.pickers.count > 1 { parts.append("picker-\(shown == 0 ? 1 : 0)") }
            if let keys = facts.deckKeys { parts += [keys.forward, keys.back] }
            // A change drawn by script frame by frame has no animation to list: its slides are
            // watched moving instead, with the page's clock back at its own speed (the slowed
            // timeline slows animation frames' timestamps too) and frames 60 a second.
            for part in parts {
                if part.hasPrefix("Arrow") { try perform(.key(part, on: "page")) } else { try activate(part, .click) }
                var now = try state()
                var scripted = 0.0
                var frames: JSON?
                if now["animating"]?.intValue ?? 0 == 0 {
                    try animationSpeed(1)
                    frames = try script("__pagervoice.framesMoving(\(Interrupted.milliseconds(roundingUp: settleLimit)))")
                    scripted = frames?["css"]?.boolValue == true ? 0 : (frames?["milliseconds"]?.doubleValue ?? 0).rounded()
                    now = try state()
                }
                let animating = now["animating"]?.intValue ?? 0 > 0
                guard scripted > 0 || animating || now["shown"]?.intValue != shown else {
                    try animationSpeed(0.001)
                    continue
                }
                let properties = now["animated"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let seen: (Double, [String], part: String?) =
                    scripted > 0
                    ? (
                        scripted,
                        facts.cssCarousel || frames?["smoothScroll"]?.boolValue == true
                            ? [Self.smoothScroll] : Self.scriptedMotion(frames?["kinds"]), nil
                    )
                    : (
                        animating ? now["longestAnimation"]?.doubleValue ?? 0 : 0,
                        properties.flatMap { $0.split(separator: ",").map(String.init) },
                        animating ? now["longestOn"]?.stringValue : nil
                    )
                try animationSpeed(Self.fastAnimations)
                try settle()
                // What moved without changing the slide was no page change: lightGallery without
                // its loop nudges its last picture aside and back (300 ms of `left`) when Next is
                // pressed there, and that was measured as the change's motion. The next part is
                // tried.
                if try state()["shown"]?.intValue != shown { return seen }
                try animationSpeed(0.001)
            }
            try animationSpeed(Self.fastAnimations)
            try settle()
            return nil
        }
        guard let normal = try animationsOfAChange() else {
            var unseen = MotionFacts(normalMilliseconds: 0)
            unseen.changeWatched = false
            return unseen
        }
        var motion = MotionFacts(normalMilliseconds: normal.0)
        motion.normalProperties = Array(Set(normal.1)).sorted()
        try run { try page.setReducedMotion(true) }
        // Splide hears of the change a while after it (not by the next frame).
        try settle()
        try findAgainIfDrawnAnew(facts)
        let reduced = try animationsOfAChange()
        // Drawn anew again as the setting goes back, it is found again in the narrow window,
        // the next look at it (and the last in this tab).
        try run { try page.setReducedMotion(false) }
        guard let reduced else { return motion }
        motion.reducedMilliseconds = reduced.0
        motion.reducedProperties = Array(Set(reduced.1)).sorted()
        motion.reducedPart = reduced.part
        return motion
    }

    /// How a change a script draws frame by frame is named among the animated properties: what
    /// of the slides it changed (`framesMoving`'s kinds), their place alone "moved". Opacity is
    /// named on its own, as a CSS crossfade's is, so a fade alone is judged a crossfade.
    static func scriptedMotion(_ kinds: JSON?) -> [String] {
        let named = (kinds?.arrayValue ?? []).compactMap(\.stringValue)
        let moving = named.filter { $0 != "opacity" }
        let fades = named.contains("opacity") ? ["opacity"] : []
        if moving.isEmpty && !fades.isEmpty { return fades }
        guard !moving.isEmpty, moving != ["position"] else { return ["position (moved by script, frame by frame)"] + fades }
        return [moving.joined(separator: " and ") + " (changed by script, frame by frame)"] + fades
    }
    /// How a smooth scroll (the browser's, for scroll-behavior: smooth or behavior: 'smooth'),
    /// a CSS carousel's or a strip's a script scrolls, is named.
    static let smoothScroll = "position (a smooth scroll)"

    /// The widget loaded afresh with `prefers-reduced-motion: reduce` from the start, watched.
    func rotationUnderReducedMotion(url: String, facts: CarouselFacts) throws(Failure) -> Int {
        let tab = try watchingTab(url: url, reducedMotion: true)
        defer { _ = try? tab.page.close() }
        var changes = try tab.watchRotation(arriving: facts.initial.shown).changes
        if changes == 0, let start = firstManualChange(facts) {
            changes = try tab.watchRotation(afterChanging: start, count: facts.count).changes
        }
        return changes
    }

    /// Some carousels draw their parts anew when the page's settings change: Splide makes its
    /// pagination again in a narrow window, and its arrows and pagination when
    /// prefers-reduced-motion changes. The widget is then found again, so its parts are the
    /// ones on the page: a click on a detached Next did nothing, and the growing dot that was
    /// Splide's only motion under reduced motion was not named.
    func findAgainIfDrawnAnew(_ facts: CarouselFacts) throws(Failure) {
        guard try script("__pagervoice.detached()").boolValue == true else { return }
        let found = try script("__pagervoice.findAgain(\(Self.literal(facts.widget.selector)))")
        if found["error"] != nil { throw .lostWhenRedrawn(facts.widget.selector) }
    }

    // MARK: - Reflow

    /// The pickers in a 320 CSS px wide window (WCAG 1.4.10's width), then the window back.
    func narrowLayout(_ facts: CarouselFacts) throws(Failure) -> NarrowLayout {
        try run { try page.setViewport(width: 320, height: 800) }
        try settle()
        // A part no longer in the document measures as nothing at 0, 0 (this is the last look
        // at the widget in this tab).
        try findAgainIfDrawnAnew(facts)
        let boxes = try boxes()
        let row = try script("__pagervoice.sidewaysRow()")
        try run { try page.setViewport(width: 1280, height: 800) }
        var narrow = NarrowLayout(
            width: 320, pickers: (boxes["pickers"]?.arrayValue ?? []).map { Self.box($0) }, widget: Self.box(boxes["root"]))
        if let selector = row["selector"]?.stringValue {
            narrow.row = NarrowLayout.SidewaysRow(
                selector: selector, box: Self.box(row["box"]), scrollBarHidden: row["scrollBarHidden"]?.boolValue ?? false)
        }
        return narrow
    }
}

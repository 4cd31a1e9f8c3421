import PagerCore

/// A carousel on a real web page, as measured in a browser: what it is made of, what it conveys
/// to assistive technology, and what it did when PagerVoice acted on it as a person would.
///
/// Everything here is a fact read from the browser (PagerWeb fills it): roles, names and states
/// from the accessibility tree screen readers are given, boxes from layout, colours from a
/// screenshot's pixels, behaviour from keys pressed and controls activated. The rules
/// (`PageAuditor`) judge these facts against what the pager model says a screen-reader user
/// must meet; a fact the page could not give is nil, and the rule that needs it says so.
package struct CarouselFacts: Sendable {
    /// The page audited, as given (a `file://` or `http://` URL).
    package var url: String
    /// How the widget was found ("the APG carousel pattern (aria-roledescription=\"carousel\")").
    package var detection: String
    /// Other carousels on the page, by selector (`--carousel` picks one).
    package var others: [String] = []
    /// What `--click` clicked before the carousel was looked for, in order, each named where
    /// it has a name ("#open (“View photos”)").
    package var clicked: [String] = []
    /// The page's first carousel, not drawn, passed over for the drawn one audited (nil where
    /// the first was drawn, or named).
    package var hiddenPassedOver: String?
    /// The widget's root element.
    package var widget: PageElement
    package var slides: [PageElement] = []
    /// Dots or tabs that select a slide, in order.
    package var pickers: [PageElement] = []
    /// The pickers are `role="tab"` in a tablist (arrow keys move between them).
    package var pickersAreTabs = false
    /// The pickers are links with words and no tab role (Material Design Lite's and UI
    /// Bootstrap's tabs): neither dots nor tabs to a screen reader, which says "link".
    package var pickersAreLinks = false
    /// The pickers are radio buttons of one group (CSS-only tabs, sphinx-inline-tabs): the
    /// browser moves the choice with the arrow keys, Tab stops at the checked one, and Space,
    /// not Enter, checks one.
    package var pickersAreRadios = false
    /// The keys that page a carousel found by pressing them with focus on nothing (a slide
    /// deck): forward and back ("ArrowRight", "ArrowLeft"; "ArrowDown", "ArrowUp" for a deck
    /// paged downwards), pressed wherever focus is (`key(_, on: "page")`); nil for any other.
    package var deckKeys: (forward: String, back: String)?
    /// Found by pressing its keys: they are its way to move.
    package var pagedByKeys: Bool { deckKeys != nil }
    /// The start pages a deck's keys could not bring on screen (`deckPresses` at most).
    package var deckUnreached: [Int] = []
    /// The most presses of a deck's keys made to bring a deck of `count` slides from one slide
    /// to another: a key may show the next item of a slide rather than the next slide.
    package static func deckPresses(_ count: Int) -> Int { min(count * 4 + 20, 200) }
    package var previous: PageElement?
    package var next: PageElement?
    /// The control that starts and stops automatic rotation.
    package var rotation: PageElement?
    /// A `role="slider"` that pages the widget.
    package var slider: PageElement?
    /// The widget's writing direction, from its computed style.
    package var rightToLeft = false
    /// What the widget conveyed once loaded, before anything was done to it.
    package var initial: Conveyed
    /// Every action tried, in order, with what the widget conveyed after it had settled.
    package var steps: [PageStep] = []
    /// The widget's parts reached by Tab from just before the widget, in order ("picker-1",
    /// "next", "slide-2" for content inside a slide); nil when Tab was not tried.
    package var tabOrder: [String]?
    /// The walk stopped at its limit with focus still in the widget (thousands of dots): what
    /// lies beyond was not reached by it, which is not the same as unreachable.
    package var tabOrderCut = false
    /// The names of the widget's own elements that are none of its parts ("See all"), by their
    /// stop in `tabOrder` ("stop-1").
    package var tabStopNames: [String: String] = [:]
    /// The slide on screen while Tab was pressed through the page.
    package var tabOrderShown: Int?
    /// The controls Tab reached, each photographed without focus and with it, in the order
    /// reached; nil where none was photographed (Tab was not pressed).
    package var focusIndicators: [FocusIndicator]?
    /// Focusable content inside slides that are not shown: Tab reaches it unseen.
    package var hiddenFocusables: [HiddenFocusable] = []
    /// Dots and controls whose middle another element is drawn over, once loaded: a click or
    /// tap there goes to that element.
    package var coveredTargets: [CoveredTarget] = []
    /// Each picker as drawn, and what lies behind it (from two screenshots); empty when the
    /// screenshot could not be taken or there are no pickers.
    package var dotPixels: [DotPixels] = []
    package var rotationFacts: RotationFacts
    package var motion: MotionFacts
    /// The pickers laid out in a 320 CSS px wide window (WCAG 1.4.10's width); nil when not measured.
    package var narrow: NarrowLayout?
    /// A CSS carousel: its dots are Chromium's own `::scroll-marker`s and its Previous and Next
    /// its `::scroll-button()`s, whose states are the browser's (selected, disabled), not
    /// attributes.
    package var cssCarousel = false
    /// Why which picker is current cannot be read at all, where it cannot: a CSS carousel's
    /// markers in links mode, whose current one the DevTools tree does not mark (Chromium keeps
    /// aria-current out of it). Its value is then not judged by the pickers.
    package var pickerStateUnreadable: String?
    /// Waits for the widget to be at rest that ran to their limit: the page never stood still,
    /// so what followed them was read while something moved.
    package var unsettledRests = 0

    package init(url: String, detection: String, widget: PageElement, initial: Conveyed, rotation: RotationFacts, motion: MotionFacts) {
        self.url = url
        self.detection = detection
        self.widget = widget
        self.initial = initial
        self.rotationFacts = rotation
        self.motion = motion
    }

    /// Where a row of several slides with no pickers stops at its ends, the places it can rest
    /// at (`CarouselFacts.restingPlaces(slides:initial:)`); nil elsewhere.
    package var restingPlaces: Int?

    /// The number of pages: the places a row rests at, else the slides, else the pickers, else
    /// the slider's range.
    package var count: Int {
        if let restingPlaces { return restingPlaces }
        if !slides.isEmpty { return slides.count }
        if !pickers.isEmpty { return pickers.count }
        return initial.sliderMaximum ?? 0
    }

    /// The places a row of `slides` rests at, where it can be told without pickers: a row of K
    /// slides shown at once that stops at its start (Previous unavailable on the first) stops
    /// at its end too, with its last slide at the row's end: N - K + 1 places, its first slide
    /// shown first at each (Slick's slidesToShow 3 of 6, not looping, rests at four). Taken as
    /// six, Next "did nothing" on slide 4. A row moved a whole row at a time rests at fewer, which
    /// cannot be told before it moves; pickers, where there are any, give the count instead.
    package static func restingPlaces(slides: Int, initial: Conveyed) -> Int? {
        guard initial.shown == 0, initial.previousUnavailable, !initial.rowBeside.isEmpty else { return nil }
        let atOnce = 1 + initial.rowBeside.count
        return atOnce < slides ? slides - atOnce + 1 : nil
    }

    /// Moments read besides the steps (`verify`'s checks), which count for
    /// `statusCountFollowingSlides` too.
    package var otherMoments: [Conveyed] = []

    /// The count a live region of the widget's own states where it counts something other than
    /// the slides, yet its number follows them: every slide on screen read with one number, and
    /// no two slides with the same one ("slide 3 of 7" on three slides, a loop that counts its
    /// copies). That region is the position, stating a wrong count. "3 of 10 items in cart"
    /// keeps its number while the slides change, so it is not. Nil where no such region was
    /// read, or it was read on fewer than two slides (then a number cannot be seen to follow).
    package var statusCountFollowingSlides: Int? {
        Self.statusCountFollowingSlides(in: [initial] + steps.map(\.after) + otherMoments, count: count)
    }

    package static func statusCountFollowingSlides(in moments: [Conveyed], count: Int) -> Int? {
        var numberOn: [Int: Int] = [:]
        var stated: Set<Int> = []
        for conveyed in moments {
            guard let shown = conveyed.shown, conveyed.statusOutside == nil, let text = conveyed.statusText,
                let (n, m) = PagePosition.nOfM(text)
            else { continue }
            if let earlier = numberOn[shown], earlier != n { return nil }
            numberOn[shown] = n
            stated.insert(m)
        }
        guard stated.count == 1, let m = stated.first, m != count, numberOn.count >= 2,
            Set(numberOn.values).count == numberOn.count
        else { return nil }
        return m
    }

    /// What the widget calls a page: "slide" for most carousels, or the slides' own
    /// `aria-roledescription` ("Slide 2 of 6" where the page says so).
    package var pageWord: String {
        let described = slides.compactMap(\.roleDescription).first { !$0.isEmpty }
        return (described ?? "slide").lowercased()
    }
}

/// One element of the widget, as the accessibility tree and layout give it.
package struct PageElement: Sendable, Equatable {
    /// A CSS selector that finds exactly this element.
    package var selector: String
    /// The accessible name screen readers say ("" when there is none).
    package var name: String = ""
    /// Where it has no name, the words a screen reader still reads inside it as it reads the
    /// page (a list item's text); "" otherwise.
    package var words: String = ""
    /// The role in the accessibility tree ("button", "tab", "group"; "" when the element is not
    /// in the tree).
    package var role: String = ""
    /// `aria-roledescription`, where set.
    package var roleDescription: String?
    /// Where it is drawn, in CSS pixels of the page; nil when it is not drawn.
    package var box: PageBox?
    /// The accessibility tree marks it focusable.
    package var focusable = false
    /// Enabled, but taken out of the Tab order by the page (`tabindex="-1"`): focusable from
    /// script only (tiny-slider's prev and next, which take the arrow keys on their group).
    package var outOfTabOrder = false
    /// A screen reader meets it: its node is in the accessibility tree, or (a plain container
    /// the tree leaves out as having nothing to say) something under it is.
    package var exposed = false
    package var disabled = false

    package init(selector: String) { self.selector = selector }

    /// What a screen reader says for it: its name, else the words read inside it.
    package var said: String { name.isEmpty ? words : name }

    /// "button “Slide 2”", "the button at #carousel > button" when it has no name.
    package var phrase: String {
        let kind = role.isEmpty ? "element" : role
        guard !AccessibleText.isSilent(name) else { return "the \(kind) at \(selector.clippedSelector(60))" }
        return "\(kind) \u{201C}\(name.clipped(60))\u{201D}"
    }
}

/// A rectangle in CSS pixels.
package struct PageBox: Sendable, Equatable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var centreX: Double { x + width / 2 }
    package var centreY: Double { y + height / 2 }
    package var maxX: Double { x + width }
    package var maxY: Double { y + height }
    package var isEmpty: Bool { width <= 0 || height <= 0 }
}

/// What the widget conveys at one moment, channel by channel. A screen reader meets the
/// position through whichever of these the widget uses; every one it uses must agree.
package struct Conveyed: Sendable, Equatable {
    /// The slide a sighted person sees (0-based); nil when none is on screen.
    package var shown: Int?
    /// Pickers whose `aria-selected` is true (tabs).
    package var selected: [Int] = []
    /// Pickers with `aria-current` set to anything but false.
    package var current: [Int] = []
    /// Pickers whose `aria-pressed` is true.
    package var pressed: [Int] = []
    /// Slides a screen reader reads (not hidden from assistive technology): in the
    /// accessibility tree, or with their contents in it.
    package var exposedSlides: [Int] = []
    /// The other slides wholly on screen beside `shown`, where the carousel shows a row of
    /// several (Slick's slidesToShow 3): a screen reader may read them, as a person sees them.
    package var rowBeside: [Int] = []
    /// A looping carousel's copies of slides (made so it can scroll past the last into the
    /// first) that a screen reader reads: not hidden, and showing words or a picture.
    package var exposedCopies = 0
    /// Each slide's accessible name, in order.
    package var slideNames: [String] = []
    /// The slider's value, range and value text, where there is a slider.
    package var sliderValue: Int?
    package var sliderMinimum: Int?
    package var sliderMaximum: Int?
    package var sliderText: String?
    /// `aria-live` of the region holding the slides (nil: none).
    package var live: String?
    /// A live region of the widget's own beside the slides (tiny-slider's hidden "slide 2 of
    /// 3"): its politeness and what it says now (nil: none). A screen reader announces its text
    /// when it changes, and reads it where a person browses to it.
    package var statusLive: String?
    package var statusText: String?
    /// Where that region lies outside the widget (a site's one announcer that names the slide
    /// on screen): its selector. Such a region announces the change, but it is the page's, not
    /// a channel of the widget's position.
    package var statusOutside: String?
    /// Pickers whose accessible name says they are the current one ("Carousel Page 1 (Current
    /// Slide)"), where a widget marks none with a state: a screen reader says it with the name.
    package var namedCurrent: [Int] = []
    /// Selected pickers the page took out of the Tab order (`tabindex="-1"`): in a tablist,
    /// Tab into the tabs then cannot land on the selected one.
    package var selectedOutOfTabOrder: [Int] = []
    /// The previous and next controls are disabled or hidden now.
    package var previousUnavailable = false
    package var nextUnavailable = false
    /// The widget's part that has keyboard focus ("next", "picker-2"), or "outside"/"none".
    package var focus: String?

    package init(shown: Int?) { self.shown = shown }

    /// The picker that has keyboard focus, by its index; nil when focus is elsewhere.
    package var focusedPicker: Int? {
        guard let focus, focus.hasPrefix("picker-") else { return nil }
        return Int(focus.dropFirst("picker-".count))
    }

    /// The pickers marked as the current page, by whichever state the widget uses; by their
    /// names where it uses none.
    package var markedPickers: [Int] {
        var marked: [Int] = []
        for index in selected + current + pressed where !marked.contains(index) { marked.append(index) }
        return marked.isEmpty ? namedCurrent : marked.sorted()
    }
}

/// One thing done to the widget and what it conveyed after it settled.
package struct PageStep: Sendable, Equatable {
    package enum Action: Sendable, Equatable {
        /// Activating a control with the mouse, or with Enter or Space once focused.
        case next(PageInput)
        case previous(PageInput)
        case picker(Int, PageInput)
        /// A key pressed with focus on one of the widget's parts ("ArrowRight" on "picker-0").
        case key(String, on: String)
        case rotationControl(PageInput)

        /// "Next (Enter)", "dot 3 (click)", "ArrowRight on tab 1"
        package func phrase(_ facts: CarouselFacts) -> String {
            switch self {
            case .next(let input): "\(facts.next.map { Self.controlName($0, fallback: "Next") } ?? "Next") (\(input.rawValue))"
            case .previous(let input):
                "\(facts.previous.map { Self.controlName($0, fallback: "Previous") } ?? "Previous") (\(input.rawValue))"
            case .picker(let index, let input): "\(facts.pickerPhrase(index)) (\(input.rawValue))"
            case .key(let key, let part): "\(key) on \(facts.partPhrase(part))"
            case .rotationControl(let input):
                "\(facts.rotation.map { Self.controlName($0, fallback: "the rotation control") } ?? "the rotation control") (\(input.rawValue))"
            }
        }

        static func controlName(_ element: PageElement, fallback: String) -> String {
            AccessibleText.isSilent(element.name) ? fallback : "\u{201C}\(element.name.clipped(40))\u{201D}"
        }

        /// Whether the action was made with the keyboard alone.
        package var isKeyboard: Bool {
            switch self {
            case .next(let input), .previous(let input), .picker(_, let input), .rotationControl(let input): input != .click
            case .key: true
            }
        }
    }

    package var action: Action
    /// The slide shown before (0-based), nil when none was.
    package var from: Int?
    package var after: Conveyed
    /// What the widget's own live region said before the action (see `Conveyed.statusText`):
    /// it announces the change only if its words changed.
    package var statusBefore: String?

    package init(action: Action, from: Int?, after: Conveyed) {
        self.action = action
        self.from = from
        self.after = after
    }
}

/// How an action was made.
package enum PageInput: String, Sendable, Equatable {
    case click
    case enter = "Enter"
    case space = "Space"
}

/// A dot or control with another element drawn over its middle.
package struct CoveredTarget: Sendable, Equatable {
    /// The part covered ("next", "rotation", "picker-2").
    package var mark: String
    /// What covers it: a part of the widget (its mark), else an element by selector and name.
    package var byMark: String?
    package var bySelector: String
    package var byName: String

    package init(mark: String, byMark: String?, bySelector: String, byName: String) {
        self.mark = mark
        self.byMark = byMark
        self.bySelector = bySelector
        self.byName = byName
    }
}

/// A focusable thing inside a slide that is not shown.
package struct HiddenFocusable: Sendable, Equatable {
    package var slide: Int
    package var selector: String

    package init(slide: Int, selector: String) {
        self.slide = slide
        self.selector = selector
    }
}

/// What changes where a control is drawn when it takes focus from the keyboard: the focus
/// indicator a person sees, measured in its box and a margin around it (an outline is drawn
/// outside the box).
package struct FocusIndicator: Sendable, Equatable {
    /// CSS pixels around the box that are measured too: an outline drawn outside it (Chromium's
    /// own ring is 2 px wide, 0 to 2 px out).
    package static let margin = 4

    /// The part: "next", "picker-2".
    package var mark: String
    /// Pixels whose colour changed.
    package var changed: Int
    /// The strongest change of one pixel, as the contrast between its two colours (1: none).
    package var strongest: Double

    package init(mark: String, changed: Int, strongest: Double) {
        self.mark = mark
        self.changed = changed
        self.strongest = strongest
    }
}

/// One picker as it is drawn: its colour where it paints, the colour behind it there, and the
/// lowest contrast between them over its painted pixels.
package struct DotPixels: Sendable, Equatable {
    package var picker: Int
    /// The picker marked as the current page when the screenshot was taken.
    package var isCurrent: Bool
    package var dot: SRGBColor
    package var background: SRGBColor
    package var ratio: Double
    /// Painted pixels measured (0: the picker paints nothing that differs from behind it).
    package var pixels: Int

    package init(picker: Int, isCurrent: Bool, dot: SRGBColor, background: SRGBColor, ratio: Double, pixels: Int) {
        self.picker = picker
        self.isCurrent = isCurrent
        self.dot = dot
        self.background = background
        self.ratio = ratio
        self.pixels = pixels
    }
}

/// A live region beside the slides as it stood: its politeness, its words and, for one outside the
/// widget, its selector.
package struct StatusRegion: Sendable, Equatable {
    package var live: String
    package var text: String
    package var outside: String?

    package init(live: String, text: String, outside: String? = nil) {
        self.live = live
        self.text = text
        self.outside = outside
    }
}

/// Whether the widget changes slide on its own, and whether that can be stopped.
package struct RotationFacts: Sendable, Equatable {
    /// Page time watched, each time, in milliseconds.
    package var watchedMilliseconds: Int
    /// Slide changes seen on their own after loading, and after a first page change by hand.
    package var changesAfterLoad: Int
    package var changesAfterInteraction: Int
    /// Milliseconds between the first two changes seen, where two were.
    package var interval: Int?
    /// The live politeness of the slides while they rotated (nil: no live region).
    package var liveWhileRotating: String?
    /// The rotation control was activated, and the slide changes seen after that.
    package var pausedWithControl = false
    package var changesAfterPause: Int?
    /// The live politeness after pausing.
    package var liveAfterPause: String?
    /// A live region beside the slides (the widget's own, such as lightGallery's counter "2 / 4",
    /// or one outside naming the slide shown) whose words changed while the slides rotated on
    /// their own: a screen reader announced the rotation through it (nil: none did).
    package var statusWhileRotating: StatusRegion?
    /// The politeness of the region beside the slides once the rotation control was pressed (nil:
    /// no such region): a polite one announces a change made by hand from then on.
    package var statusLiveAfterPause: String?
    /// With prefers-reduced-motion: reduce emulated from load, slide changes seen on their own
    /// (nil: not watched).
    package var changesUnderReducedMotion: Int?

    package init(watchedMilliseconds: Int, changesAfterLoad: Int, changesAfterInteraction: Int) {
        self.watchedMilliseconds = watchedMilliseconds
        self.changesAfterLoad = changesAfterLoad
        self.changesAfterInteraction = changesAfterInteraction
    }

    package var rotates: Bool { changesAfterLoad > 0 || changesAfterInteraction > 0 }
}

/// How a page change looks: the animations that ran in the widget right after Next.
package struct MotionFacts: Sendable, Equatable {
    /// Longest animation (ms) and the properties animated, with motion as the page sets it.
    package var normalMilliseconds: Double
    package var normalProperties: [String] = []
    /// The same with `prefers-reduced-motion: reduce` emulated; nil when not measured.
    package var reducedMilliseconds: Double?
    package var reducedProperties: [String] = []
    /// The part of the widget the longest of those runs on ("picker-1", "next", "slide-2"); nil
    /// when it runs on the widget itself or the slides' holder. The finding names it only where
    /// it is a dot or a control.
    package var reducedPart: String?
    /// A press changed the slide, so a change was watched. False where none did (blueimp's
    /// carousel hides its arrows until it is clicked, and a part not drawn is not clicked): its
    /// 0 ms is no change seen, not a change seen to be still.
    package var changeWatched = true

    package init(normalMilliseconds: Double) { self.normalMilliseconds = normalMilliseconds }
}

/// The pickers in a narrow window.
package struct NarrowLayout: Sendable, Equatable {
    /// The window's width in CSS pixels.
    package var width: Double
    package var pickers: [PageBox?]
    /// The widget's own box there.
    package var widget: PageBox?
    /// The row around the pickers that scrolls sideways in its own box, if one does there.
    package var row: SidewaysRow?

    /// A row of dots or tabs within the widget that scrolls sideways (`overflow-x: auto`): a
    /// dot off the screen in it is a swipe away, where nothing may show that there is more.
    package struct SidewaysRow: Sendable, Equatable {
        package var selector: String
        /// The row's own box there.
        package var box: PageBox?
        /// Whether the page's CSS hides its scroll bar.
        package var scrollBarHidden: Bool

        package init(selector: String, box: PageBox?, scrollBarHidden: Bool) {
            self.selector = selector
            self.box = box
            self.scrollBarHidden = scrollBarHidden
        }
    }

    package init(width: Double, pickers: [PageBox?], widget: PageBox?) {
        self.width = width
        self.pickers = pickers
        self.widget = widget
    }
}

extension CarouselFacts {
    /// What a finding calls one picker: what the page made it, as a screen reader would say.
    package var pickerWord: String { pickersAreTabs ? "tab" : pickersAreLinks ? "link" : pickersAreRadios ? "radio button" : "dot" }

    /// The pickers' own keys are the arrow keys, which must move them: a tablist (the APG's tabs)
    /// or a group of radio buttons (the browser's own).
    package var pickersTakeArrowKeys: Bool { pickersAreTabs || pickersAreRadios }

    /// The key that picks a focused picker: Space for a radio button (Enter submits a form, or
    /// does nothing), Enter for the rest.
    package var pickerKey: PageInput { pickersAreRadios ? .space : .enter }

    /// How the pickers at `indices` say they are current without a state: "named current", or,
    /// where none has a name, "said to be current in words" (the words read inside them).
    package func currentByName(_ indices: [Int]) -> String {
        indices.allSatisfy { pickers.indices.contains($0) && pickers[$0].name.isEmpty } ? "said to be current in words" : "named current"
    }

    /// Whether no picker has a name, so what a screen reader says of each is the words in it.
    package var pickersSayOnlyWords: Bool { !pickers.isEmpty && pickers.allSatisfy(\.name.isEmpty) }

    /// "dot 3", "tab “Slide 3”"
    package func pickerPhrase(_ index: Int) -> String {
        guard pickers.indices.contains(index) else { return "picker \(index + 1)" }
        let picker = pickers[index]
        let kind = pickerWord
        // Where a name says "current", it is a picker's only while it is current (tiny-slider's
        // "Carousel Page 1 (Current Slide)"): every picker by its place instead, true at every
        // moment and alike.
        guard !AccessibleText.isSilent(picker.name), initial.namedCurrent.isEmpty else { return "\(kind) \(index + 1)" }
        return "\(kind) \u{201C}\(picker.name.clipped(40))\u{201D}"
    }

    /// A marked part's element ("next", "rotation", "picker-2"), if the widget has it.
    package func element(forMark mark: String) -> PageElement? {
        switch mark {
        case "next": return next
        case "previous": return previous
        case "rotation": return rotation
        default:
            if mark.hasPrefix("picker-"), let index = Int(mark.dropFirst(7)), pickers.indices.contains(index) { return pickers[index] }
            return nil
        }
    }

    /// A marked part by the words a person uses: "Next", "dot 2", "slide 3's content".
    package func partPhrase(_ mark: String) -> String {
        switch mark {
        case "next": return next.map { PageStep.Action.controlName($0, fallback: "Next") } ?? "Next"
        case "previous": return previous.map { PageStep.Action.controlName($0, fallback: "Previous") } ?? "Previous"
        case "rotation": return rotation.map { PageStep.Action.controlName($0, fallback: "the rotation control") } ?? "the rotation control"
        case "slider": return "the slider"
        case "root": return "the carousel"
        case "page": return "the page"
        default:
            if mark.hasPrefix("stop-") {
                let name = tabStopNames[mark] ?? ""
                return AccessibleText.isSilent(name) ? "an unnamed element of the carousel" : "\u{201C}\(name.clipped(40))\u{201D}"
            }
            if mark.hasPrefix("picker-"), let index = Int(mark.dropFirst(7)) { return pickerPhrase(index) }
            if mark.hasPrefix("slide-"), let index = Int(mark.dropFirst(6)) { return "content of \(pageWord) \(index + 1)" }
            return mark
        }
    }
}

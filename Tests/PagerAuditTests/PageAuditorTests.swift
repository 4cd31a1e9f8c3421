import PagerCore
import Testing

@testable import PagerAudit

/// The rules on a real page, judged on facts built by hand: each rule's pass, failure and
/// not-applicable, without a browser (the end-to-end tests measure real pages).
@Suite struct PageAuditorTests {
    /// A three-slide carousel with dots and Next/Previous, conveying slide `shown` correctly.
    static func conveyed(_ shown: Int?, count: Int = 3, live: String? = "polite", names: [String]? = nil) -> Conveyed {
        var conveyed = Conveyed(shown: shown)
        if let shown { conveyed.current = [shown] }
        conveyed.exposedSlides = shown.map { [$0] } ?? []
        conveyed.slideNames = names ?? (1...count).map { "\($0) of \(count)" }
        conveyed.live = live
        return conveyed
    }

    static func element(_ selector: String, name: String = "", role: String = "button", box: PageBox? = nil) -> PageElement {
        var element = PageElement(selector: selector)
        element.name = name
        element.role = role
        element.box = box
        element.focusable = true
        element.exposed = true
        return element
    }

    static func facts(count: Int = 3) -> CarouselFacts {
        var widget = element("#c", name: "Highlights", role: "region")
        widget.roleDescription = "carousel"
        var facts = CarouselFacts(
            url: "file:///c.html", detection: "test", widget: widget, initial: conveyed(0, count: count),
            rotation: RotationFacts(watchedMilliseconds: 16_000, changesAfterLoad: 0, changesAfterInteraction: 0),
            motion: MotionFacts(normalMilliseconds: 0))
        facts.slides = (0..<count).map { index in
            var slide = element("#s\(index)", name: "\(index + 1) of \(count)", role: "group")
            slide.roleDescription = "slide"
            slide.exposed = index == 0
            return slide
        }
        facts.pickers = (0..<count).map {
            element("#d\($0)", name: "Slide \($0 + 1)", box: PageBox(x: Double($0) * 40, y: 0, width: 24, height: 24))
        }
        facts.previous = element("#prev", name: "Previous", box: PageBox(x: 0, y: 100, width: 44, height: 44))
        facts.next = element("#next", name: "Next", box: PageBox(x: 300, y: 100, width: 44, height: 44))
        // Next from each slide and previous from each, as the probe steps, wrapping at the ends.
        for from in 0..<count {
            facts.steps.append(PageStep(action: .next(.enter), from: from, after: conveyed((from + 1) % count, count: count)))
            facts.steps.append(PageStep(action: .previous(.enter), from: from, after: conveyed((from + count - 1) % count, count: count)))
        }
        facts.tabOrder = ["picker-0", "previous", "next"]
        facts.tabOrderShown = 0
        facts.focusIndicators = facts.tabOrder?.map { FocusIndicator(mark: $0, changed: 96, strongest: 4.5) }
        facts.narrow = NarrowLayout(width: 320, pickers: facts.pickers.map(\.box), widget: nil)
        return facts
    }

    static func finding(_ rule: AuditRule, _ facts: CarouselFacts) -> AuditFinding {
        PageAuditor(facts: facts, rules: [rule]).run()[0]
    }

    @Test func aCorrectCarouselPassesOrIsNotApplicable() {
        let findings = PageAuditor(facts: Self.facts()).run()
        #expect(findings.filter { $0.status == .fail }.map(\.rule).isEmpty, "\(findings.filter { $0.status == .fail }.map(\.message))")
        #expect(
            Set(findings.filter { $0.status == .notApplicable }.map(\.rule)) == [
                .adjustable, .rtl, .dotContrast, .dotScaling, .autoAdvance,
            ])
    }

    /// focus-visible fails only a control around which not one pixel changes, names up to three
    /// of them, and otherwise passes, naming the faintest change; with no control Tab reaches,
    /// or no walk, it does not apply.
    @Test func focusVisibleFailsWhereNothingChanges() {
        var facts = Self.facts()
        #expect(
            Self.finding(.focusVisible, facts).message
                == "each of the 3 controls Tab reaches changes where it is drawn when it takes focus (the faintest change, dot “Slide 1”: 96 pixels, by up to 4.50:1)"
        )
        facts.focusIndicators = [
            FocusIndicator(mark: "picker-0", changed: 0, strongest: 1), FocusIndicator(mark: "previous", changed: 12, strongest: 1.2),
            FocusIndicator(mark: "next", changed: 0, strongest: 1),
        ]
        let failed = Self.finding(.focusVisible, facts)
        #expect(failed.status == .fail)
        #expect(
            failed.message
                == "dot “Slide 1” and “Next” show no sign of focus when Tab reaches them: not a pixel of them, or of the 4 px around, changes (an outline removed and nothing drawn instead)"
        )
        #expect(failed.element?.selector == "#d0")
        facts.focusIndicators = [FocusIndicator(mark: "previous", changed: 12, strongest: 1.2)]
        #expect(Self.finding(.focusVisible, facts).message.contains("the one control Tab reaches changes"))
        facts.focusIndicators = []
        #expect(Self.finding(.focusVisible, facts).message == "Tab reaches none of the carousel's controls (see focus-order)")
        facts.focusIndicators = nil
        #expect(Self.finding(.focusVisible, facts).status == .notApplicable)
    }

    /// One slide reads as one: "its 1 dots", "all 1 dots are on screen" before; and a pickerList
    /// of five hundred stays one line.
    @Test func oneDotIsOneDotAndManyStayShort() {
        var facts = Self.facts(count: 1)
        facts.pickers[0].box = PageBox(x: 0, y: 0, width: 30, height: 23)
        facts.narrow = NarrowLayout(width: 320, pickers: facts.pickers.map(\.box), widget: nil)
        #expect(Self.finding(.label, facts).message.contains(", its one dot (“Slide 1”), its controls"))
        #expect(Self.finding(.dotsFit, facts).message == "in a 320 px wide window its one dot is on screen, from x = 0 to 30 px")
        #expect(Self.finding(.targetSize, facts).message.hasPrefix("1 of 3 targets is under 24x24 px"))
        let auditor = PageAuditor(facts: Self.facts(count: 500))
        #expect(auditor.pickerList(Array(0..<223) + Array(277..<500)) == "dots 1–223 and 278–500")
        #expect(auditor.pickerList([0, 2, 4]) == "dots 1, 3 and 5")
        #expect(auditor.pickerList(Array(stride(from: 0, to: 40, by: 2))) == "dots 1, 3, 5, 7, 9, 11, 13 and 13 more")
    }

    @Test func labelFailsForSilentNames() {
        var facts = Self.facts()
        facts.pickers[1].name = "\u{200B}"
        facts.next?.name = ""
        let finding = Self.finding(.label, facts)
        #expect(finding.status == .fail)
        #expect(finding.message.hasPrefix("dot 2 has only characters a screen reader does not say as a name"))
        #expect(finding.message.contains("the next control (#next) has no accessible name"))
        #expect(finding.element?.selector == "#d1")
        facts.widget.name = " "
        #expect(
            Self.finding(.label, facts).message.hasPrefix("the carousel (#c) has no accessible name: a screen reader says only “carousel”"))
    }

    @Test func valueFailsWhenAChannelDisagrees() {
        var facts = Self.facts()
        facts.steps[0].after.current = [0]
        let finding = Self.finding(.value, facts)
        #expect(finding.status == .fail)
        #expect(
            finding.message.hasPrefix(
                "after “Next” (Enter) on slide 1 slide 2 is on screen (the model: 2 of 3), but dot “Slide 1” is marked (aria-current)"))
        facts = Self.facts()
        facts.initial.slideNames = ["1 of 4", "2 of 4", "3 of 4"]
        #expect(Self.finding(.value, facts).message.contains("the slide name says there are 4, not 3"))
        // Dots named for groups of slides (Slick's "1 of 2" to "3 of 2") state a count too; named
        // for the slides, they state the right one.
        facts = Self.facts()
        for index in facts.pickers.indices { facts.pickers[index].name = "\(index + 1) of 2" }
        #expect(Self.finding(.value, facts).message.contains("the name of each dot says there are 2, not 3"))
        for index in facts.pickers.indices { facts.pickers[index].name = "\(index + 1) of 3" }
        #expect(Self.finding(.value, facts).status == .pass)
    }

    @Test func valueWithNoChannelAtAll() {
        var facts = Self.facts()
        facts.pickers = []
        facts.initial = Self.conveyed(0, names: ["Dublin", "Lagos", "Quito"])
        facts.initial.current = []
        facts.initial.exposedSlides = [0, 1]
        facts.steps = []
        #expect(Self.finding(.value, facts).message.contains("nothing conveys which slide is current"))
    }

    @Test func nOfMIsReadInManyWordings() {
        #expect(PagePosition.nOfM("Slide 2 of 6") ?? (0, 0) == (2, 6))
        #expect(PagePosition.nOfM("2/6") ?? (0, 0) == (2, 6))
        #expect(PagePosition.nOfM("Folie 3 von 4") ?? (0, 0) == (3, 4))
        #expect(PagePosition.nOfM("diapositive 1 sur 2") ?? (0, 0) == (1, 2))
        #expect(PagePosition.nOfM("Dublin") == nil)
        #expect(PagePosition.nOfM("0 of 6") == nil)
    }

    @Test func adjustableJudgesASlider() {
        var facts = Self.facts()
        #expect(Self.finding(.adjustable, facts).status == .notApplicable)
        facts.slider = Self.element("#slider", name: "Slide", role: "slider")
        #expect(Self.finding(.adjustable, facts).message == "no key was pressed on the slider")
        var after = Self.conveyed(1)
        after.sliderValue = 2
        after.sliderMinimum = 1
        after.sliderMaximum = 3
        facts.steps = [PageStep(action: .key("ArrowRight", on: "slider"), from: 0, after: after)]
        #expect(Self.finding(.adjustable, facts).status == .pass)
        after.sliderValue = 1
        facts.steps = [PageStep(action: .key("ArrowRight", on: "slider"), from: 0, after: after)]
        let failing = Self.finding(.adjustable, facts)
        #expect(failing.status == .fail)
        #expect(failing.message.hasPrefix("ArrowRight on slide 1 left the slider on slide 1 instead of slide 2"))
    }

    @Test func keyboardFailsForUnreachableControlsAndWrongMoves() {
        var facts = Self.facts()
        facts.next?.focusable = false
        facts.tabOrder = ["picker-0", "previous"]
        #expect(Self.finding(.scroll, facts).message.hasPrefix("“Next” cannot be reached with Tab (it is not focusable)"))
        facts = Self.facts()
        facts.steps[0].after = Self.conveyed(2)
        #expect(Self.finding(.scroll, facts).message.hasPrefix("“Next” (Enter) on slide 1 went to slide 3 instead of slide 2"))
        facts = Self.facts()
        facts.steps = facts.steps.map { step in
            var still = step
            still.after = Self.conveyed(step.from)
            return still
        }
        #expect(Self.finding(.scroll, facts).message.hasPrefix("“Next” (Enter) on slide 1 did nothing (the model goes to slide 2)"))
        facts.steps = []
        #expect(Self.finding(.scroll, facts).message.hasPrefix("no key changes the slide"))
    }

    @Test func edgesAcceptAWrapOrADisabledControl() {
        var facts = Self.facts()
        #expect(Self.finding(.edges, facts).message.contains("wraps around to slide 1"))
        // Stopping at the end with Next disabled is fine; offered and silent is not.
        facts.steps[4].after = Self.conveyed(2)
        facts.steps[4].after.nextUnavailable = true
        #expect(Self.finding(.edges, facts).message.contains("Next is disabled on slide 3"))
        facts.steps[4].after.nextUnavailable = false
        let failing = Self.finding(.edges, facts)
        #expect(failing.status == .fail)
        #expect(failing.message.hasPrefix("“Next” (Enter) on slide 3 is still offered and does nothing"))
        facts.previous = nil
        facts.next = nil
        #expect(Self.finding(.edges, facts).status == .notApplicable)
    }

    @Test func hiddenPagesFailsForExposedSlides() {
        var facts = Self.facts()
        facts.initial.exposedSlides = [0, 2]
        let finding = Self.finding(.hiddenPages, facts)
        #expect(finding.message.hasPrefix("once loaded slide 3, not on screen, is in the accessibility tree"))
        #expect(finding.element?.selector == "#s2")
    }

    @Test func focusOrderFailsForRepeatsHiddenContentAndALateRotationControl() {
        var facts = Self.facts()
        facts.tabOrder = ["picker-0", "previous", "picker-0"]
        #expect(Self.finding(.focusOrder, facts).message.hasPrefix("Tab reached dot “Slide 1” twice"))
        facts.tabOrder = ["picker-0", "slide-2"]
        #expect(Self.finding(.focusOrder, facts).message.hasPrefix("Tab reached the content of slide 3, which is not on screen"))
        facts.tabOrder = ["picker-0"]
        facts.hiddenFocusables = [HiddenFocusable(slide: 1, selector: "#s1 a")]
        #expect(Self.finding(.focusOrder, facts).message.hasPrefix("#s1 a in slide 2, which is not on screen, can be reached with Tab"))
        facts = Self.facts()
        facts.rotation = Self.element("#stop", name: "Stop")
        facts.rotationFacts.changesAfterLoad = 3
        facts.tabOrder = ["picker-0", "rotation"]
        #expect(Self.finding(.focusOrder, facts).message.contains("before the rotation control"))
        facts.tabOrder = nil
        #expect(Self.finding(.focusOrder, facts).status == .notApplicable)
    }

    /// Tabs whose selected one the page took out of the Tab order (tabindex="-1", as
    /// sphinx-tabs leaves a tab selected without the arrow keys): Tab into them lands elsewhere.
    /// Named at the first moment it holds, a click's before a key's; not while focus is on
    /// another tab (manual activation, before Enter), nor for dots, which have no roving stop.
    @Test func aSelectedTabOutOfTheTabOrderFailsFocusOrder() {
        var facts = Self.facts()
        facts.pickersAreTabs = true
        facts.steps = [0, 1, 2].flatMap { picker in
            [PageInput.enter, .click].map { input in
                var after = Self.conveyed(picker)
                after.selected = [picker]
                if picker == 2 { after.selectedOutOfTabOrder = [2] }
                return PageStep(action: .picker(picker, input), from: 0, after: after)
            }
        }
        let finding = Self.finding(.focusOrder, facts)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "after tab “Slide 3” (click) on slide 1 the selected tab “Slide 3” has tabindex=\"-1\": Tab into the tabs lands on another tab or passes them by, not on the selected one (APG: Tab moves focus to the active tab)",
            "\(finding.message)")
        #expect(finding.element?.selector == "#d2")
        // Focus on another tab, moved there by an arrow key and not yet chosen: not judged.
        var moving = facts
        moving.steps = moving.steps.map { step in
            var step = step
            step.after.focus = "picker-0"
            return step
        }
        #expect(Self.finding(.focusOrder, moving).status == .pass)
        facts.pickersAreTabs = false
        #expect(Self.finding(.focusOrder, facts).status == .pass)
    }

    /// A row of K slides that stops at its start rests at N - K + 1 places; one that does not
    /// stop there (a loop), one slide shown, or a row as long as the slides: no count of places.
    @Test func aRowRestsAtFewerPlacesOnlyWhereItStopsAtItsStart() {
        var row = Conveyed(shown: 0)
        row.rowBeside = [1, 2]
        row.previousUnavailable = true
        #expect(CarouselFacts.restingPlaces(slides: 6, initial: row) == 4)
        #expect(CarouselFacts.restingPlaces(slides: 3, initial: row) == nil)
        var looping = row
        looping.previousUnavailable = false
        #expect(CarouselFacts.restingPlaces(slides: 6, initial: looping) == nil)
        var single = row
        single.rowBeside = []
        #expect(CarouselFacts.restingPlaces(slides: 6, initial: single) == nil)
        var later = row
        later.shown = 2
        #expect(CarouselFacts.restingPlaces(slides: 6, initial: later) == nil)
        var facts = Self.facts(count: 6)
        facts.restingPlaces = 4
        #expect(facts.count == 4)
    }

    /// Two links of the carousel's own that are none of its parts are two stops, named: they
    /// were one part, "the carousel", reached twice.
    @Test func theCarouselsOwnLinksAreStopsOfTheirOwn() {
        var facts = Self.facts()
        facts.tabOrder = ["stop-1", "picker-0", "previous", "next", "stop-2"]
        facts.tabStopNames = ["stop-1": "Our picks", "stop-2": "See all"]
        let finding = Self.finding(.focusOrder, facts)
        #expect(finding.status == .pass)
        #expect(
            finding.message.hasPrefix("Tab reaches “Our picks” → dot “Slide 1” → “Previous” → “Next” → “See all”"), "\(finding.message)")
        facts.tabOrder = ["stop-1", "picker-0", "stop-1"]
        facts.tabStopNames = ["stop-1": " "]
        #expect(Self.finding(.focusOrder, facts).message.hasPrefix("Tab reached an unnamed element of the carousel twice"))
    }

    @Test func announcementsWhileRotatingAndByHand() {
        var facts = Self.facts()
        #expect(Self.finding(.oneAnnouncement, facts).message.contains("announced politely"))
        facts.rotationFacts.changesAfterLoad = 3
        facts.rotationFacts.liveWhileRotating = "polite"
        #expect(
            Self.finding(.oneAnnouncement, facts).message.hasPrefix(
                "while the slides rotate on their own they are in an aria-live=\"polite\" region"))
        facts = Self.facts()
        facts.steps = facts.steps.map { step in
            var silent = step
            silent.after.live = nil
            return silent
        }
        #expect(Self.finding(.oneAnnouncement, facts).message.hasPrefix("after “Next” (Enter) on slide 1 nothing announces slide 2"))
        facts = Self.facts()
        facts.initial.live = "assertive"
        #expect(Self.finding(.oneAnnouncement, facts).message.contains("aria-live=\"assertive\""))
    }

    /// A counter beside the slides (lightGallery's polite "2 / 4") speaks for them: while they
    /// rotate it announces every rotation although the slides themselves are in no live region,
    /// and once the rotation is paused it announces a change by hand.
    @Test func aRegionBesideTheSlidesWhileRotatingAndOncePaused() {
        var facts = Self.facts()
        facts.rotation = Self.element("#play", name: "Toggle autoplay")
        facts.rotationFacts.changesAfterLoad = 4
        facts.rotationFacts.liveWhileRotating = "off"
        facts.rotationFacts.statusWhileRotating = StatusRegion(live: "polite", text: "2 / 4")
        facts.rotationFacts.pausedWithControl = true
        facts.rotationFacts.changesAfterPause = 0
        facts.rotationFacts.liveAfterPause = nil
        facts.rotationFacts.statusLiveAfterPause = "polite"
        let rotating = Self.finding(.oneAnnouncement, facts)
        #expect(rotating.status == .fail)
        #expect(
            rotating.message
                == "while the slides rotate on their own the carousel's live region says each new one (“2 / 4”, aria-live=\"polite\"): a screen reader announces every rotation, interrupting whatever the person is reading (APG: aria-live=\"off\" while rotating)"
        )
        facts.rotationFacts.statusWhileRotating = StatusRegion(live: "polite", text: "Explore", outside: "#caption")
        #expect(
            Self.finding(.oneAnnouncement, facts).message.contains("the live region outside the carousel that names its slide (#caption)"))
        // Silent while rotating and polite once paused: a pass, as the steps by hand announce.
        facts.rotationFacts.statusWhileRotating = nil
        #expect(Self.finding(.oneAnnouncement, facts).status == .pass, "\(Self.finding(.oneAnnouncement, facts).message)")
        facts.rotationFacts.statusLiveAfterPause = "off"
        #expect(Self.finding(.oneAnnouncement, facts).message.contains("after rotation is stopped the slides are in no polite live region"))
    }

    /// A live region of the widget's own beside the slides (tiny-slider's "slide 2 of 3"): it
    /// is a channel of the position, checked against the slide on screen, and it announces a
    /// change only when its words change; a dot named "(Current Slide)" says which is current.
    @Test func theWidgetsOwnLiveRegionAndDotsNamedCurrent() {
        var facts = Self.facts()
        func speaking(_ conveyed: Conveyed, _ text: String?) -> Conveyed {
            var speaking = conveyed
            speaking.live = nil
            speaking.current = []
            speaking.statusLive = "polite"
            speaking.statusText = text
            speaking.namedCurrent = conveyed.shown.map { [$0] } ?? []
            return speaking
        }
        facts.initial = speaking(facts.initial, "slide 1 of 3")
        for index in facts.steps.indices {
            facts.steps[index].statusBefore = "slide \((facts.steps[index].from ?? 0) + 1) of 3"
            facts.steps[index].after = speaking(facts.steps[index].after, "slide \((facts.steps[index].after.shown ?? 0) + 1) of 3")
        }
        let value = Self.finding(.value, facts)
        #expect(value.status == .pass, "\(value.message)")
        #expect(value.message.contains("the live region (“slide 1 of 3”) and the dots' names (“Slide 1”)"), "\(value.message)")
        let announced = Self.finding(.oneAnnouncement, facts)
        #expect(announced.message.hasPrefix("after a change made by hand the carousel's live region says “slide 2 of 3” politely"))
        // Off by one, as tiny-slider's is when it loops.
        var offByOne = facts
        offByOne.initial.statusText = "slide 2 of 3"
        #expect(
            Self.finding(.value, offByOne).message.hasPrefix(
                "once loaded slide 1 is on screen (the model: 1 of 3), but the live region says “slide 2 of 3” (while dot 1 is named current"
            ))
        // Words that do not change announce nothing.
        var unchanged = facts
        for index in unchanged.steps.indices { unchanged.steps[index].statusBefore = unchanged.steps[index].after.statusText }
        #expect(
            Self.finding(.oneAnnouncement, unchanged).message.hasPrefix(
                "after “Next” (Enter) on slide 1 nothing announces slide 2: its live region said nothing new"))
        // Assertive, where the slides are no live region themselves.
        var assertive = facts
        for index in assertive.steps.indices { assertive.steps[index].after.statusLive = "assertive" }
        #expect(Self.finding(.oneAnnouncement, assertive).message.contains("the carousel's live region is assertive"))
    }

    /// "3 of 10 items in cart" in the carousel's live region is not its position: only a
    /// region that counts as many as there are slides is a channel.
    @Test func aLiveRegionCountingSomethingElseIsNoChannel() {
        var facts = Self.facts()
        facts.initial.statusText = "3 of 10 items in cart"
        facts.initial.statusLive = "polite"
        #expect(!PagePosition(facts.initial, in: facts).readings.contains { $0.channel == "live region" })
        facts.initial.statusText = "slide 3 of 3"
        #expect(PagePosition(facts.initial, in: facts).readings.contains { $0.channel == "live region" && $0.page == 2 })
    }

    /// A region whose number follows the slides is the position whatever count it states (a loop
    /// that counts its copies: "Slide 2 of 5" on slide 1 of 3), and the wrong count is a finding;
    /// one whose number stays put while the slides change (a cart) is still no channel.
    @Test func aLiveRegionWhoseNumberFollowsTheSlidesIsThePositionWhateverItsCount() {
        var facts = Self.facts()
        func saying(_ text: (Int) -> String) {
            facts.initial.statusText = text(0)
            facts.initial.statusLive = "polite"
            facts.steps = [1, 2].map { page in
                var after = Self.conveyed(page)
                after.statusText = text(page)
                after.statusLive = "polite"
                return PageStep(action: .picker(page, .enter), from: page - 1, after: after)
            }
        }
        saying { "Slide \($0 + 2) of 5" }
        #expect(facts.statusCountFollowingSlides == 5)
        let wrong = Self.finding(.value, facts)
        #expect(wrong.status == .fail)
        #expect(wrong.message.contains("the live region says “Slide 2 of 5”, the live region says there are 5, not 3"), "\(wrong.message)")
        saying { _ in "3 of 10 items in cart" }
        #expect(facts.statusCountFollowingSlides == nil)
        #expect(Self.finding(.value, facts).status == .pass)
        // Read on one slide only, a number cannot be seen to follow anything.
        saying { "Slide \($0 + 2) of 5" }
        facts.steps = []
        #expect(facts.statusCountFollowingSlides == nil)
    }

    /// A control named for the other way fails label: a screen-reader user hears "Previous" and
    /// goes forward. "Next slide" and "Go back" on their own sides pass; "backdrop" is no "back".
    @Test func aControlNamedForTheOtherWayFailsLabel() {
        var facts = Self.facts()
        #expect(Self.finding(.label, facts).status == .pass)
        facts.next?.name = "Next slide"
        facts.previous?.name = "Go back"
        #expect(Self.finding(.label, facts).status == .pass)
        facts.next?.name = "Backdrop next"
        #expect(Self.finding(.label, facts).status == .pass)
        facts.next?.name = "Previous"
        let swapped = Self.finding(.label, facts)
        #expect(swapped.status == .fail)
        #expect(swapped.message == "the control that goes to the next slide (#next) is named “Previous”", "\(swapped.message)")
    }

    /// Enter on a Next the page took out of the Tab order is no keyboard way (tiny-slider's
    /// prev and next are tabindex="-1"): with dots it passes and says so; alone it fails.
    @Test func arrowsOutOfTheTabOrderAreNoKeyboardWay() {
        var facts = Self.facts()
        facts.next?.outOfTabOrder = true
        facts.previous?.outOfTabOrder = true
        facts.tabOrder = ["picker-0"]
        facts.steps.append(PageStep(action: .picker(2, .enter), from: 0, after: Self.conveyed(2)))
        let passing = Self.finding(.scroll, facts)
        #expect(passing.status == .pass)
        #expect(
            passing.message
                == "every slide is reachable with the keyboard alone: on each dot (1 key press, moving exactly as the model does); “Previous” and “Next” are out of the Tab order (tabindex=\"-1\")"
        )
        facts.steps.removeLast()
        #expect(
            Self.finding(.scroll, facts).message
                == "“Previous” and “Next” cannot be reached with Tab (tabindex=\"-1\"), and no other key tried changes the slide")
    }

    @Test func reduceMotionAllowsACrossfade() {
        var facts = Self.facts()
        #expect(Self.finding(.reduceMotion, facts).message.hasPrefix("a page change does not animate at all"))
        facts.motion = MotionFacts(normalMilliseconds: 600)
        facts.motion.normalProperties = ["transform"]
        #expect(Self.finding(.reduceMotion, facts).status == .notApplicable)
        facts.motion.reducedMilliseconds = 300
        facts.motion.reducedProperties = ["opacity"]
        #expect(Self.finding(.reduceMotion, facts).message.hasPrefix("with prefers-reduced-motion: reduce, a page change only crossfades"))
        facts.motion.reducedProperties = ["opacity", "transform"]
        let failing = Self.finding(.reduceMotion, facts)
        #expect(failing.status == .fail)
        #expect(failing.message.hasPrefix("with prefers-reduced-motion: reduce, a page change still animates transform for 300 ms"))
    }

    /// No press changed the slide (blueimp's carousel, its arrows hidden until it is clicked):
    /// its 0 ms is no change watched, not a page change seen to be still.
    @Test func reduceMotionIsNotJudgedWhereNoPressChangedTheSlide() {
        var facts = Self.facts()
        facts.motion.changeWatched = false
        let unwatched = Self.finding(.reduceMotion, facts)
        #expect(unwatched.status == .notApplicable)
        #expect(unwatched.message == "no press changed the slide here, so no page change could be watched (see scroll)")
        facts.rotationFacts.changesAfterLoad = 3
        #expect(Self.finding(.reduceMotion, facts).message.hasSuffix("; its rotation under reduced motion is judged by auto-advance"))
    }

    @Test func rtlComparesTheControlsPlaces() {
        var facts = Self.facts()
        #expect(Self.finding(.rtl, facts).status == .notApplicable)
        facts.rightToLeft = true
        #expect(Self.finding(.rtl, facts).status == .fail)
        facts.next?.box = PageBox(x: 0, y: 100, width: 44, height: 44)
        facts.previous?.box = PageBox(x: 300, y: 100, width: 44, height: 44)
        #expect(Self.finding(.rtl, facts).status == .pass)
    }

    @Test func dotContrastTakesTheWorstOfEachKind() {
        var facts = Self.facts()
        facts.dotPixels = [
            DotPixels(picker: 0, isCurrent: true, dot: .white, background: SRGBColor(hex: "#777777")!, ratio: 4.48, pixels: 40),
            DotPixels(
                picker: 1, isCurrent: false, dot: SRGBColor(hex: "#BBBBBB")!, background: SRGBColor(hex: "#777777")!, ratio: 2.33,
                pixels: 40),
            DotPixels(
                picker: 2, isCurrent: false, dot: SRGBColor(hex: "#BBBBBB")!, background: SRGBColor(hex: "#555555")!, ratio: 3.21,
                pixels: 40),
        ]
        let finding = Self.finding(.dotContrast, facts)
        #expect(finding.status == .fail)
        #expect(finding.message.hasPrefix("inactive dots (worst: dot “Slide 2”) drawn #BBBBBB over #777777: 2.33:1, needs 3:1"))
        #expect(finding.measured == 2.33)
        facts.dotPixels = [DotPixels(picker: 0, isCurrent: false, dot: .white, background: .white, ratio: 1, pixels: 0)]
        #expect(Self.finding(.dotContrast, facts).status == .notApplicable)
    }

    @Test func dotsFitInANarrowWindow() {
        var facts = Self.facts()
        #expect(Self.finding(.dotsFit, facts).status == .pass)
        facts.narrow?.pickers[2] = PageBox(x: 330, y: 0, width: 24, height: 24)
        #expect(
            Self.finding(.dotsFit, facts).message.hasPrefix("in a 320 px wide window dot 3 of 3 falls outside the screen (from x = 330 px)")
        )
        // In a row that scrolls sideways (MkDocs' Material theme's tabs): still off the screen,
        // and the verdict says where, and whether a scroll bar shows there is more.
        facts.narrow?.row = NarrowLayout.SidewaysRow(
            selector: "#c > .tabs", box: PageBox(x: 16, y: 0, width: 288, height: 40), scrollBarHidden: true)
        let hidden = Self.finding(.dotsFit, facts)
        #expect(hidden.status == .fail)
        #expect(
            hidden.message
                == "in a 320 px wide window dot 3 of 3 falls outside the screen (from x = 330 px, in a row that scrolls sideways (#c > .tabs) whose scroll bar the page hides)"
        )
        facts.narrow?.row?.scrollBarHidden = false
        #expect(Self.finding(.dotsFit, facts).message.hasSuffix("(from x = 330 px, in a row that scrolls sideways (#c > .tabs))"))
        // A row that itself runs past the screen: a swipe along it does not bring the dot in.
        facts.narrow?.row?.box = PageBox(x: 0, y: 0, width: 400, height: 40)
        #expect(Self.finding(.dotsFit, facts).message.hasSuffix("falls outside the screen (from x = 330 px)"))
        facts = Self.facts()
        facts.narrow?.pickers[1] = PageBox(x: 10, y: 0, width: 24, height: 24)
        #expect(Self.finding(.dotsFit, facts).message.hasPrefix("in a 320 px wide window dots 1 and 2 overlap"))
        facts.narrow = nil
        #expect(Self.finding(.dotsFit, facts).status == .notApplicable)
    }

    @Test func targetSizeUsesTheSpacingException() {
        var facts = Self.facts()
        #expect(Self.finding(.targetSize, facts).message.hasPrefix("every dot and control is at least 24x24 px"))
        facts.pickers = (0..<3).map {
            Self.element("#d\($0)", name: "Slide \($0 + 1)", box: PageBox(x: Double($0) * 36, y: 0, width: 30, height: 3))
        }
        #expect(Self.finding(.targetSize, facts).message.contains("the spacing exception"))
        facts.pickers = (0..<3).map {
            Self.element("#d\($0)", name: "Slide \($0 + 1)", box: PageBox(x: Double($0) * 10, y: 0, width: 8, height: 8))
        }
        let failing = Self.finding(.targetSize, facts)
        #expect(failing.status == .fail)
        #expect(failing.message.hasPrefix("dot “Slide 1” (8x8 px) is under 24x24 px and its 24 px circle reaches"))
    }

    @Test func autoAdvanceNeedsAControlThatStopsIt() {
        var facts = Self.facts()
        #expect(Self.finding(.autoAdvance, facts).status == .notApplicable)
        facts.rotationFacts.changesAfterInteraction = 3
        facts.rotationFacts.interval = 5000
        #expect(
            Self.finding(.autoAdvance, facts).message
                == "the carousel changes slide on its own every 5 s after the first change by hand, and has no control to stop it")
        facts.rotation = Self.element("#stop", name: "Stop")
        facts.rotationFacts.pausedWithControl = true
        facts.rotationFacts.changesAfterPause = 2
        #expect(Self.finding(.autoAdvance, facts).message.contains("went on changing (2 times in 16 s) after “Stop” was pressed"))
        facts.rotationFacts.changesAfterPause = 0
        #expect(Self.finding(.autoAdvance, facts).status == .pass)
        facts.rotationFacts.changesUnderReducedMotion = 2
        #expect(Self.finding(.autoAdvance, facts).message.hasPrefix("with prefers-reduced-motion: reduce it still rotates"))
        // One change is said as one (Bootstrap with data-bs-wrap="false" rides to its end once).
        facts.rotationFacts.changesUnderReducedMotion = 1
        #expect(Self.finding(.autoAdvance, facts).message.contains("it still rotates (1 change in 16 s)"))
        facts.rotationFacts.changesAfterPause = 1
        #expect(Self.finding(.autoAdvance, facts).message.contains("went on changing (once in 16 s)"))
    }

    @Test func dotScalingIsNotApplicableOnAPage() {
        #expect(Self.finding(.dotScaling, Self.facts()).status == .notApplicable)
    }

    /// The rules' less common verdicts: each one a page can earn, with its reason.
    @Test func lessCommonVerdictsSayWhy() {
        var facts = Self.facts()
        facts.slides[0].name = ""
        #expect(
            Self.finding(.label, facts).message == "slide 1 is marked as a slide (aria-roledescription) but has no accessible name")

        facts = Self.facts()
        facts.pickers = []
        facts.previous = nil
        facts.next = nil
        facts.widget.name = ""
        facts.widget.role = ""
        facts.widget.roleDescription = nil
        let label = Self.finding(.label, facts)
        #expect(label.status == .notApplicable)
        #expect(label.message.hasSuffix("its container needs no name (role none)"))

        facts = Self.facts()
        facts.slides = [facts.slides[0]]
        let hidden = Self.finding(.hiddenPages, facts)
        #expect(hidden.status == .notApplicable)
        #expect(hidden.message == "there is one slide, so none is hidden")
        facts.slides = []
        #expect(Self.finding(.hiddenPages, facts).message == "the carousel's slides were not found as elements of their own")

        // The slide on screen is left out of the accessibility tree.
        facts = Self.facts()
        facts.initial.exposedSlides = []
        let unseen = Self.finding(.hiddenPages, facts)
        #expect(unseen.status == .fail)
        #expect(unseen.message.contains("slide 1 is on screen but hidden from assistive technology"))
        #expect(unseen.element?.selector == "#s0")

        facts = Self.facts()
        facts.steps = []
        let quiet = Self.finding(.oneAnnouncement, facts)
        #expect(quiet.status == .notApplicable)
        #expect(quiet.message == "no action changed the slide, so there was nothing to announce")

        facts = Self.facts()
        facts.rightToLeft = true
        facts.next = nil
        #expect(Self.finding(.rtl, facts).status == .notApplicable)
        #expect(Self.finding(.rtl, facts).message.contains("has no next and previous controls"))
    }

    /// A carousel that rotates and whose control could not be pressed, or that falls silent
    /// once stopped.
    @Test func rotationThatCannotBeStoppedOrFallsSilent() {
        var facts = Self.facts()
        facts.rotationFacts.changesAfterLoad = 4
        facts.rotation = Self.element("#stop", name: "Stop")
        #expect(
            Self.finding(.autoAdvance, facts).message
                == "the carousel changes slide on its own once loaded; its rotation control could not be activated")
        facts.rotationFacts.liveWhileRotating = "off"
        facts.rotationFacts.pausedWithControl = true
        facts.rotationFacts.changesAfterPause = 0
        facts.rotationFacts.liveAfterPause = "off"
        let silent = Self.finding(.oneAnnouncement, facts)
        #expect(silent.status == .fail)
        #expect(silent.message.contains("after rotation is stopped the slides are in no polite live region"))
    }
}

import PagerCore

/// The audit's rules applied to a carousel measured on a real page.
///
/// The rules are the ones the model is audited by (`AuditRule`), each judged on what the
/// browser measured (`CarouselFacts`). The pager model stays the reference: it is configured
/// from the widget (its page count and its slides' names) and says what a screen-reader user
/// must meet after each action; the page's facts are held to that. A rule the page gives no
/// facts for is not applicable, with the reason, never a silent pass.
package struct PageAuditor: Sendable {
    package var facts: CarouselFacts
    package var rules: [AuditRule]

    package init(facts: CarouselFacts, rules: [AuditRule] = AuditRule.allCases) {
        self.facts = facts
        self.rules = rules
    }

    package func run() -> [AuditFinding] { rules.map(check) }

    package func check(_ rule: AuditRule) -> AuditFinding {
        switch rule {
        case .label: checkLabel()
        case .value: checkValue()
        case .adjustable: checkAdjustable()
        case .scroll: checkKeyboard()
        case .edges: checkEdges()
        case .hiddenPages: checkHiddenPages()
        case .focusOrder: checkFocusOrder()
        case .focusVisible: checkFocusVisible()
        case .oneAnnouncement: checkAnnouncements()
        case .reduceMotion: checkReduceMotion()
        case .rtl: checkRTL()
        case .dotContrast: checkDotContrast()
        case .dotScaling: checkDotScaling()
        case .dotsFit: checkDotsFit()
        case .targetSize: checkTargetSize()
        case .autoAdvance: checkAutoAdvance()
        }
    }

    // MARK: - Words

    var count: Int { facts.count }
    var word: String { facts.pageWord }
    var pickerWord: String { facts.pickerWord }

    /// The model configured from the widget: its pages are the slides' names (or "Slide N").
    var model: Pager {
        let names = (0..<count).map { index -> String in
            let name = facts.slides.indices.contains(index) ? facts.slides[index].name : ""
            return AccessibleText.isSilent(name) ? "\(word.capitalisingFirstLetter()) \(index + 1)" : name
        }
        return Pager(pages: names)
    }

    /// "2 of 6", as the model's value says it for a 0-based page.
    func modelValue(_ page: Int) -> String {
        var pager = model
        if pager.count > 0 { _ = try? pager.reduce(.goTo(min(max(page, 0), pager.count - 1))) }
        return pager.accessibilityElement.value
    }

    func element(_ element: PageElement?) -> AuditFinding.Element? {
        element.map { AuditFinding.Element(selector: $0.selector, name: $0.name) }
    }

    func fail(_ rule: AuditRule, _ message: String, _ about: PageElement?, measured: Double? = nil, required: Double? = nil) -> AuditFinding
    {
        var finding = AuditFinding.fail(rule, message, measured: measured, required: required)
        finding.element = element(about ?? facts.widget)
        return finding
    }

    func pass(_ rule: AuditRule, _ message: String, _ about: PageElement? = nil, measured: Double? = nil, required: Double? = nil)
        -> AuditFinding
    {
        var finding = AuditFinding.pass(rule, message, measured: measured, required: required)
        finding.element = element(about ?? facts.widget)
        return finding
    }

    func notApplicable(_ rule: AuditRule, _ message: String) -> AuditFinding {
        var finding = AuditFinding.notApplicable(rule, message)
        finding.element = element(facts.widget)
        return finding
    }

    /// "dots 1–3", "dot 2", "dots 1 and 4"
    /// "dot 3", "dots 1 and 2", "dots 1–5", "dots 1–225 and 276–500": runs of three or more as
    /// ranges, and past eight items the count of the rest, so five hundred dots stay one line.
    func pickerList(_ indices: [Int]) -> String {
        guard let first = indices.first else { return "" }
        if indices.count == 1 { return "\(pickerWord) \(first + 1)" }
        var runs: [ClosedRange<Int>] = []
        for index in indices {
            if let last = runs.last, index == last.upperBound + 1 {
                runs[runs.count - 1] = last.lowerBound...index
            } else {
                runs.append(index...index)
            }
        }
        var items: [(text: String, count: Int)] = []
        for run in runs {
            if run.count >= 3 {
                items.append(("\(run.lowerBound + 1)–\(run.upperBound + 1)", run.count))
            } else {
                for index in run { items.append((String(index + 1), 1)) }
            }
        }
        let texts = items.map(\.text)
        if items.count == 1 { return "\(pickerWord)s \(texts[0])" }
        if items.count > 8 {
            let covered = items.prefix(7).reduce(0) { $0 + $1.count }
            return "\(pickerWord)s " + texts.prefix(7).joined(separator: ", ") + " and \(indices.count - covered) more"
        }
        return "\(pickerWord)s " + texts.dropLast().joined(separator: ", ") + " and " + texts[texts.count - 1]
    }

    /// "slide 2", or "no slide" for nil.
    func slidePhrase(_ page: Int?) -> String {
        page.map { "\(word) \($0 + 1)" } ?? "no \(word)"
    }

    // MARK: - label (WCAG 4.1.2)

    func checkLabel() -> AuditFinding {
        var problems: [(String, PageElement)] = []
        let widget = facts.widget
        if widget.roleDescription != nil || ["region", "group"].contains(widget.role), AccessibleText.isSilent(widget.name) {
            let said = widget.roleDescription ?? widget.role
            problems.append(
                (
                    "the carousel (\(widget.selector.clippedSelector(60))) has no accessible name: a screen reader says only \u{201C}\(said.clipped(30))\u{201D}",
                    widget
                ))
        }
        let silent = facts.pickers.indices.filter { AccessibleText.isSilent(facts.pickers[$0].name) }
        if facts.pickersAreRadios, let first = facts.pickers.first, facts.pickers.allSatisfy({ !$0.exposed }) {
            // A name in no tree is said by nothing: "says only “button”" told of a button that
            // is not there.
            problems.append(
                (
                    "all \(facts.pickers.count) radio buttons are hidden from screen readers (not in the accessibility tree; their labels are read as plain text, not as controls)",
                    first
                ))
        } else if let first = silent.first {
            let invisible = silent.filter { !facts.pickers[$0].name.isEmpty }
            let how =
                invisible.isEmpty
                ? "no accessible name"
                : "only characters a screen reader does not say as a name (\u{201C}\(facts.pickers[invisible[0]].name.clipped(20))\u{201D})"
            let role = facts.pickers[first].role.isEmpty ? "button" : facts.pickers[first].role
            // Words inside a part with no name (a list item's text) are read as a screen reader
            // reads the page, but they name no control: it cannot say them as it moves to one,
            // nor offer it to press.
            let said =
                invisible.isEmpty && !facts.pickers[first].words.isEmpty
                ? "a screen reader reads the words in them (\u{201C}\(facts.pickers[first].words.clipped(40))\u{201D}) as the text of a \u{201C}\(role)\u{201D}, not as a control's name"
                : "a screen reader says only \u{201C}\(role)\u{201D}"
            problems.append(
                (
                    "\(silent.count == facts.pickers.count && silent.count > 1 ? "all \(silent.count) \(pickerWord)s" : pickerList(silent)) \(silent.count == 1 ? "has" : "have") \(how): \(said)",
                    facts.pickers[first]
                ))
        }
        for (control, what) in [
            (facts.previous, "the previous control"), (facts.next, "the next control"), (facts.rotation, "the rotation control"),
        ] {
            guard let control, AccessibleText.isSilent(control.name) else { continue }
            problems.append(("\(what) (\(control.selector.clippedSelector(60))) has no accessible name", control))
        }
        // A control named for the other way: a screen-reader user hears "Previous" and goes
        // forward. A CSS carousel's buttons are found by the way they scroll, and one written
        // `::scroll-button(left)` "Previous" scrolls forward on a right-to-left page.
        for (control, way, other) in [
            (facts.next, "next", ["previous", "prev", "back", "backward", "backwards"]),
            (facts.previous, "previous", ["next", "forward", "forwards"]),
        ] {
            guard let control else { continue }
            let words = control.name.lowercased().split { !$0.isLetter }.map(String.init)
            if words.contains(where: other.contains) {
                problems.append(
                    (
                        "the control that goes to the \(way) \(word) (\(control.selector.clippedSelector(60))) is named \u{201C}\(control.name.clipped(30))\u{201D}",
                        control
                    ))
            }
        }
        let unnamedSlides = facts.slides.indices.filter {
            let slide = facts.slides[$0]
            return slide.exposed && slide.roleDescription != nil && AccessibleText.isSilent(slide.name)
        }
        if let first = unnamedSlides.first {
            problems.append(
                ("\(word) \(first + 1) is marked as a \(word) (aria-roledescription) but has no accessible name", facts.slides[first]))
        }
        if let (message, element) = problems.first {
            let more = problems.count > 1 ? "; " + problems.dropFirst().map(\.0).joined(separator: "; ") : ""
            return fail(.label, message + more, element)
        }
        var named: [String] = []
        if !AccessibleText.isSilent(widget.name) { named.append("the carousel \u{201C}\(widget.name.clipped(40))\u{201D}") }
        if let first = facts.pickers.first {
            named.append(
                facts.pickers.count == 1
                    ? "its one \(pickerWord) (\u{201C}\(first.name.clipped(30))\u{201D})"
                    : "its \(facts.pickers.count) \(pickerWord)s (\u{201C}\(first.name.clipped(30))\u{201D} …)")
        }
        let controls = [facts.previous, facts.next, facts.rotation].compactMap { $0 }.map { "\u{201C}\($0.name.clipped(30))\u{201D}" }
        if !controls.isEmpty { named.append("its controls (\(controls.joined(separator: ", ")))") }
        guard !named.isEmpty else {
            return notApplicable(
                .label,
                "the carousel has no pickers or controls to name, and its container needs no name (role \(widget.role.isEmpty ? "none" : widget.role))"
            )
        }
        let one = named.count == 1 && facts.pickers.isEmpty && controls.isEmpty
        return pass(.label, named.joined(separator: ", ") + (one ? " has a name" : " have names") + " a screen reader says")
    }

    // MARK: - value (WCAG 4.1.2)

    /// Every moment measured: at load, then after each step.
    var moments: [(what: String, conveyed: Conveyed)] {
        [("once loaded", facts.initial)]
            + facts.steps.map { step in
                ("after \(step.action.phrase(facts)) on \(slidePhrase(step.from))", step.after)
            }
    }

    func checkValue() -> AuditFinding {
        guard count > 0 else { return fail(.value, "the carousel has no \(word)s to convey", nil) }
        if let reason = facts.pickerStateUnreadable, moments.allSatisfy({ PagePosition($0.conveyed, in: facts).readings.isEmpty }) {
            return notApplicable(.value, "which \(pickerWord) is current cannot be read: \(reason)")
        }
        var problems: [String] = []
        var channels: Set<String> = []
        for (what, conveyed) in moments {
            let position = PagePosition(conveyed, in: facts)
            channels.formUnion(position.readings.filter { $0.page != nil }.map(\.channel))
            let expected = conveyed.shown ?? position.agreedPage ?? 0
            if let problem = position.problem(expected: expected, count: count, facts: facts) {
                // With no slide on screen the problem says so itself.
                problems.append(
                    conveyed.shown.map { "\(what) \(word) \($0 + 1) is on screen (the model: \(modelValue($0))), but \(problem)" }
                        ?? "\(what) \(problem)")
            }
        }
        guard problems.isEmpty else {
            let element = facts.initial.markedPickers.first.map { facts.pickers[$0] } ?? facts.pickers.first ?? facts.widget
            return fail(.value, summarise(problems), element)
        }
        let how = channels.sorted().map { channel -> String in
            switch channel {
            case "pickers":
                "the \(pickerWord)s' \(facts.initial.selected.isEmpty ? (facts.initial.current.isEmpty ? "aria-pressed" : "aria-current") : facts.cssCarousel ? "selected state" : facts.pickersAreRadios ? "checked state" : "aria-selected")"
            case "slide name":
                "the \(word)s' names (\u{201C}\(facts.initial.slideNames.first { PagePosition.nOfM($0) != nil }?.clipped(30) ?? "N of M")\u{201D})"
            case "slider": "the slider's value"
            case "picker names":
                "\(facts.pickersSayOnlyWords ? "the words in the \(pickerWord)s" : "the \(pickerWord)s' names") (\u{201C}\(facts.initial.namedCurrent.first.map { facts.pickers[$0].said.clipped(40) } ?? "current")\u{201D})"
            case "live region": "the live region (\u{201C}\(facts.initial.statusText?.clipped(30) ?? "N of M")\u{201D})"
            default: "which \(word) is exposed"
            }
        }
        return pass(
            .value,
            "\(how.joined(separator: " and ")) \(how.count == 1 && !channels.contains("slide name") && !channels.contains("picker names") ? "conveys" : "convey") the \(word) on screen, as \u{201C}N of \(count)\u{201D}, at load and after all \(facts.steps.count) changes"
        )
    }

    /// The first problem and how many more.
    func summarise(_ problems: [String]) -> String {
        guard let first = problems.first else { return "" }
        let distinct = Set(problems).count
        return distinct > 1 ? "\(first) (and \(distinct - 1) more)" : first
    }

    // MARK: - adjustable (WCAG 4.1.2)

    func checkAdjustable() -> AuditFinding {
        guard let slider = facts.slider else {
            // What it has: tabs alone (sphinx-tabs) were said to have buttons too.
            let buttons = facts.previous != nil || facts.next != nil
            let ways =
                facts.pickers.isEmpty ? "buttons" : buttons ? "\(pickerWord)s and buttons" : "\(pickerWord)s"
            // Nothing to press at all (slides found turning on their own): no buttons to name.
            let how = facts.pickers.isEmpty && !buttons ? "none of its own" : "its \(ways)"
            return notApplicable(
                .adjustable,
                "the carousel has no adjustable control (role=\"slider\"): its \(word)s change through \(how) (see scroll)"
            )
        }
        let keys = facts.steps.filter { if case .key(_, on: "slider") = $0.action { true } else { false } }
        guard !keys.isEmpty else { return notApplicable(.adjustable, "no key was pressed on the slider") }
        var problems: [String] = []
        for step in keys {
            guard case .key(let key, _) = step.action, let from = step.from else { continue }
            guard let forward = Self.isForward(key, on: "slider", rightToLeft: facts.rightToLeft) else { continue }
            let want = min(max(from + (forward ? 1 : -1), 0), count - 1)
            let got = PagePosition(step.after, in: facts).readings.first { $0.channel == "slider" }?.page
            if got != want {
                problems.append(
                    "\(key) on \(slidePhrase(from)) left the slider on \(got.map { "\(word) \($0 + 1)" } ?? "no value") instead of \(word) \(want + 1)"
                )
            }
        }
        guard problems.isEmpty else { return fail(.adjustable, summarise(problems), slider) }
        return pass(.adjustable, "the arrow keys move the slider exactly one \(word) and stop at the ends (\(keys.count) presses)", slider)
    }

    // MARK: - scroll (WCAG 2.1.1 Keyboard)

    /// The page a step must reach, in the model's terms: next and previous move one page, a
    /// picker selects its own; at an end the widget may stay or wrap around (edges judges which).
    func accepted(_ step: PageStep) -> [Int]? {
        guard let from = step.from, count > 0 else { return nil }
        switch step.action {
        case .next: return from == count - 1 ? [from, 0] : [from + 1]
        case .previous: return from == 0 ? [from, count - 1] : [from - 1]
        case .picker(let index, _): return [index]
        case .key(let key, "page"):
            // A deck's own keys: the one that went forward when it was found is forward.
            guard let keys = facts.deckKeys, key == keys.forward || key == keys.back else { return nil }
            let next = from + (key == keys.forward ? 1 : -1)
            if next < 0 { return [from, count - 1] }
            if next >= count { return [from, 0] }
            return [next]
        case .key(let key, let part) where part.hasPrefix("picker-") || part == "slider" || part == "root":
            switch key {
            case "Home": return [0]
            case "End": return [count - 1]
            default:
                guard let forward = Self.isForward(key, on: part, rightToLeft: facts.rightToLeft) else { return nil }
                let next = from + (forward ? 1 : -1)
                // A slider stops at its ends; tabs and dots may wrap round.
                if next < 0 { return part == "slider" ? [from] : [from, count - 1] }
                if next >= count { return part == "slider" ? [from] : [from, 0] }
                return [next]
            }
        default: return nil
        }
    }

    /// Which way an arrow key moves: right is forward (left, in a right-to-left layout); up is
    /// forward on a slider (its value rises) and back on a list of tabs or dots, as down is the
    /// reverse; nil for any other key.
    static func isForward(_ key: String, on part: String, rightToLeft: Bool) -> Bool? {
        switch key {
        case "ArrowRight": !rightToLeft
        case "ArrowLeft": rightToLeft
        case "ArrowUp": part == "slider"
        case "ArrowDown": part != "slider"
        default: nil
        }
    }

    func checkKeyboard() -> AuditFinding {
        guard count > 1 else {
            return notApplicable(.scroll, "the carousel has \(count == 1 ? "one \(word)" : "no \(word)s"): there is nothing to page to")
        }
        // Enter on a Next the page took out of the Tab order is pressed by no one who uses the
        // keyboard alone: those presses are not counted as ways (tiny-slider's were).
        let outOfReach = ["previous", "next"].filter { mark in
            facts.element(forMark: mark)?.outOfTabOrder == true && facts.tabOrder?.contains(mark) != true
        }
        let keyboard = facts.steps.filter { step in
            guard step.action.isKeyboard, accepted(step) != nil else { return false }
            switch step.action {
            case .next: return !outOfReach.contains("next")
            case .previous: return !outOfReach.contains("previous")
            default: return true
            }
        }
        var problems: [(String, PageElement?)] = []
        // A deck's start pages its keys never brought: those slides are out of the keyboard's
        // reach (a deck stuck after its third slide passed on the three it reached).
        if let keys = facts.deckKeys, !facts.deckUnreached.isEmpty {
            let slides = facts.deckUnreached.map { slidePhrase($0) }
            let list = slides.count == 1 ? slides[0] : slides.dropLast().joined(separator: ", ") + " and " + slides[slides.count - 1]
            problems.append(
                (
                    "\(list) could not be brought on screen with the deck's keys (\(keys.forward) and \(keys.back), \(CarouselFacts.deckPresses(count)) presses at most)",
                    nil
                ))
        }
        // What a mouse can do, a keyboard must reach.
        for (control, mark) in [(facts.previous, "previous"), (facts.next, "next")] {
            guard let control, !control.disabled else { continue }
            if !control.focusable, facts.tabOrder?.contains(mark) != true {
                problems.append(("\(facts.partPhrase(mark)) cannot be reached with Tab (it is not focusable)", control))
            }
        }
        let unreachable = facts.pickers.indices.filter { !facts.pickers[$0].focusable && facts.tabOrder?.contains("picker-\($0)") != true }
        if !unreachable.isEmpty, !facts.pickersTakeArrowKeys || unreachable.count == facts.pickers.count {
            problems.append(
                (
                    unreachable.count == facts.pickers.count
                        ? "no \(pickerWord) can be reached with Tab: they are not focusable"
                        : "\(pickerList(unreachable)) cannot be reached with Tab: \(unreachable.count == 1 ? "it is" : "they are") not focusable",
                    facts.pickers[unreachable[0]]
                ))
        }
        var moved = 0
        // Keys the widget does not use (an arrow key on a carousel without a tablist) are not
        // among the ways the pass names.
        var unusedKeys = 0
        var keysMoved = false
        // Arrow keys that moved focus to the tab the model goes to and left the page as it was:
        // tabs with manual activation, where Enter or Space then selects the focused tab (the
        // APG's second tabs example; sphinx-tabs). The APG allows it; those tabs failed as
        // "ArrowRight … did nothing".
        var focusMoves = 0
        for step in keyboard {
            guard let want = accepted(step), let from = step.from else { continue }
            let got = step.after.shown
            // The tab an arrow key left focus on where it left the page as it was.
            var focusedInstead: Int?
            if case .key(let key, _) = step.action, facts.pickersTakeArrowKeys, key.hasPrefix("Arrow"), got == from,
                let tab = step.after.focusedPicker, tab != from, facts.pickers.indices.contains(tab)
            {
                if want.contains(tab) {
                    focusMoves += 1
                    continue
                }
                focusedInstead = tab
            }
            if let got, want.contains(got) {
                if got != from {
                    moved += 1
                    if case .key = step.action { keysMoved = true }
                } else if case .key = step.action, !facts.pickersTakeArrowKeys {
                    unusedKeys += 1
                }
                continue
            }
            // Keys beyond Enter and Space are the widget's to offer: only a tablist must move with
            // the arrow keys (the APG tabs pattern); a key a widget does not use may do nothing.
            if case .key(let key, _) = step.action, got == from, !(facts.pickersTakeArrowKeys && key.hasPrefix("Arrow")) {
                unusedKeys += 1
                continue
            }
            let what = step.action.phrase(facts)
            let expected =
                want.count == 1 ? "\(word) \(want[0] + 1)" : "\(word) \(want.filter { $0 != from }.first.map { $0 + 1 } ?? from + 1)"
            // A picker past the last slide (four dots beside three slides) has no slide for the
            // model to go to: "the model goes to slide 4" of a model of 3 said what cannot be.
            if got == from, want.count == 1, want[0] >= facts.count {
                problems.append(
                    (
                        "\(what) on \(slidePhrase(from)) did nothing: there are \(facts.pickers.count) \(pickerWord)s for \(facts.count) \(word)s, and this one has no \(word) to show",
                        nil
                    ))
            } else if let tab = focusedInstead {
                // Focus went to another tab than the model's: "did nothing" hid where it went.
                problems.append(
                    (
                        "\(what) on \(slidePhrase(from)) moved focus to \(facts.pickerPhrase(tab)) and left the \(word) (the model goes to \(expected))",
                        facts.pickers[tab]
                    ))
            } else if got == from {
                problems.append(("\(what) on \(slidePhrase(from)) did nothing (the model goes to \(expected))", nil))
            } else {
                problems.append(("\(what) on \(slidePhrase(from)) went to \(slidePhrase(got)) instead of \(expected)", nil))
            }
        }
        let outOfReachPhrase = outOfReach.map { facts.partPhrase($0) }.joined(separator: " and ")
        if moved == 0, problems.isEmpty, !outOfReach.isEmpty {
            problems.append(
                (
                    "\(outOfReachPhrase) cannot be reached with Tab (tabindex=\"-1\"), and no other key tried changes the \(word)",
                    facts.element(forMark: outOfReach[0])
                ))
        }
        if moved == 0, problems.isEmpty {
            let pressed =
                facts.next == nil && facts.previous == nil && facts.pickers.isEmpty
                ? "the carousel has no Next, no Previous and no \(pickerWord)s to press, and no arrow key moved it"
                : "neither Enter nor Space on the controls, nor the arrow keys, moved it"
            problems.append(("no key changes the \(word): \(pressed)", nil))
        }
        if let (first, element) = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
            return fail(.scroll, first + more, element)
        }
        var ways: [String] = []
        if keyboard.contains(where: { if case .next = $0.action { true } else { false } }) {
            let space = keyboard.contains { if case .next(.space) = $0.action { true } else { false } }
            ways.append(space ? "Enter or Space on Next and Previous" : "Enter on Next and Previous (links: Space is not theirs)")
        }
        if keyboard.contains(where: { if case .picker = $0.action { true } else { false } }) {
            ways.append(facts.pickersAreRadios ? "Space on each radio button" : "on each \(pickerWord)")
        }
        if focusMoves > 0, !keysMoved {
            ways.append("the arrow keys, which move focus between the tabs for Enter or Space to select (manual activation)")
        } else if keysMoved || facts.pickersTakeArrowKeys {
            // Keys taken by the page, nothing of the carousel focused (Jssor's arrow keys act
            // wherever focus is): a person can page with them, and should know where they act.
            let onPage = keyboard.contains { step in
                guard case .key = step.action, step.after.shown != step.from else { return false }
                return step.after.focus == "none" || step.after.focus == "outside"
            }
            ways.append(onPage ? "the arrow keys, taken by the page itself (nothing of the carousel has focus)" : "the arrow keys")
        }
        let presses = keyboard.count - unusedKeys - focusMoves
        let aside =
            outOfReach.isEmpty ? "" : "; \(outOfReachPhrase) \(outOfReach.count == 1 ? "is" : "are") out of the Tab order (tabindex=\"-1\")"
        return pass(
            .scroll,
            "every \(word) is reachable with the keyboard alone: \(ways.joined(separator: ", ")) (\(presses == 1 ? "1 key press, moving" : "\(presses) key presses, each moving") exactly as the model does\(focusMoves > 0 ? "; \(focusMoves) arrow key \(focusMoves == 1 ? "press" : "presses") moved focus to the tab the model goes to" : ""))\(aside)"
        )
    }

    // MARK: - edges (WCAG 4.1.3)

    func checkEdges() -> AuditFinding {
        guard facts.previous != nil || facts.next != nil else {
            return notApplicable(.edges, "the carousel has no next or previous control that could meet an end")
        }
        guard count > 1 else { return notApplicable(.edges, "with one \(word) there is no end to meet") }
        var problems: [(String, PageElement?)] = []
        var outcomes: [String] = []
        // An action that never moves the page (Enter on a control that cannot take focus) says
        // nothing about the ends: the keyboard rule reports it.
        let working = Set(
            facts.steps.filter { $0.from != nil && $0.after.shown != nil && $0.after.shown != $0.from }.map { "\($0.action)" })
        for step in facts.steps where working.contains("\(step.action)") {
            guard let from = step.from else { continue }
            let atEnd: (name: String, control: PageElement?, unavailable: Bool, wrapTo: Int)
            switch step.action {
            case .next where from == count - 1: atEnd = ("Next", facts.next, step.after.nextUnavailable, 0)
            case .previous where from == 0: atEnd = ("Previous", facts.previous, step.after.previousUnavailable, count - 1)
            default: continue
            }
            let what = "\(step.action.phrase(facts)) on \(slidePhrase(from))"
            if step.after.shown == atEnd.wrapTo {
                outcomes.append("\(what) wraps around to \(slidePhrase(atEnd.wrapTo))")
            } else if step.after.shown == from {
                if atEnd.unavailable {
                    outcomes.append("\(atEnd.name) is disabled on \(slidePhrase(from))")
                } else {
                    problems.append(
                        ("\(what) is still offered and does nothing: a screen-reader user is not told that this is the end", atEnd.control))
                }
            } else {
                problems.append(("\(what) went to \(slidePhrase(step.after.shown))", atEnd.control))
            }
        }
        if let (first, element) = problems.first {
            return fail(.edges, first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""), element)
        }
        guard !outcomes.isEmpty else { return notApplicable(.edges, "the ends were not reached with the controls") }
        return pass(.edges, outcomes.joined(separator: "; "))
    }

    // MARK: - hidden-pages (WCAG 2.4.3)

    func checkHiddenPages() -> AuditFinding {
        guard facts.slides.count > 1 else {
            return notApplicable(
                .hiddenPages,
                facts.slides.isEmpty
                    ? "the carousel's \(word)s were not found as elements of their own" : "there is one \(word), so none is hidden")
        }
        var problems: [(String, PageElement?)] = []
        var copiesSaid = false
        for (what, conveyed) in moments {
            guard let shown = conveyed.shown else { continue }
            // A row of several slides on screen may be read whole: each is seen.
            let extra = conveyed.exposedSlides.filter { $0 != shown && !conveyed.rowBeside.contains($0) }
            if !extra.isEmpty {
                let names = extra.count > 3 ? "\(extra.count) \(word)s" : extra.map { "\(word) \($0 + 1)" }.joined(separator: ", ")
                problems.append(
                    (
                        "\(what) \(names), not on screen, \(extra.count == 1 ? "is" : "are") in the accessibility tree: a screen reader reads \(extra.count == 1 ? "it" : "them") as if shown",
                        facts.slides[extra[0]]
                    ))
            }
            // Said once, and first: the copies are there at every moment a loop keeps them, and
            // the slides' own problem is the same as without the loop.
            if conveyed.exposedCopies > 0, !copiesSaid {
                copiesSaid = true
                let copies = conveyed.exposedCopies == 1 ? "a copy of a \(word)" : "\(conveyed.exposedCopies) copies of \(word)s"
                problems.insert(
                    (
                        "\(what) \(copies) made for looping \(conveyed.exposedCopies == 1 ? "is" : "are") in the accessibility tree: a screen reader reads \(conveyed.exposedCopies == 1 ? "that \(word)" : "those \(word)s") again",
                        facts.slides[shown]
                    ), at: 0)
            }
            if !conveyed.exposedSlides.contains(shown), facts.slides[shown].exposed || conveyed.exposedSlides.isEmpty == false {
                problems.append(("\(what) \(word) \(shown + 1) is on screen but hidden from assistive technology", facts.slides[shown]))
            }
        }
        if let (first, element) = problems.first {
            return fail(.hiddenPages, first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""), element)
        }
        let rows = moments.contains { !$0.1.rowBeside.isEmpty }
        return pass(
            .hiddenPages,
            "only the \(word)\(rows ? "s" : "") on screen \(rows ? "are" : "is") in the accessibility tree, at load and after all \(facts.steps.count) changes\(rows ? " (it shows several side by side)" : "")"
        )
    }

    // MARK: - focus-order (WCAG 2.4.3)

    func checkFocusOrder() -> AuditFinding {
        guard let order = facts.tabOrder else { return notApplicable(.focusOrder, "Tab was not pressed through the page") }
        var problems: [(String, PageElement?)] = []
        let parts = order.filter { $0 != "outside" && $0 != "inside" }
        var seen: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            if let earlier = seen[part], earlier != index - 1 {
                problems.append(("Tab reached \(facts.partPhrase(part)) twice", nil))
            }
            seen[part] = index
        }
        let shown = facts.tabOrderShown
        for part in parts where part.hasPrefix("slide-") {
            if let index = Int(part.dropFirst(6)), index != shown {
                problems.append(
                    (
                        "Tab reached the content of \(word) \(index + 1), which is not on screen",
                        facts.slides.indices.contains(index) ? facts.slides[index] : nil
                    ))
            }
        }
        // What Tab reaches inside slides that are not shown, found by the walk or by looking.
        let walked = Set(parts.filter { $0.hasPrefix("slide-") })
        if let hidden = facts.hiddenFocusables.first(where: { !walked.contains("slide-\($0.slide)") }) {
            problems.append(
                (
                    "\(hidden.selector.clippedSelector(60)) in \(word) \(hidden.slide + 1), which is not on screen, can be reached with Tab",
                    facts.slides.indices.contains(hidden.slide) ? facts.slides[hidden.slide] : nil
                ))
        }
        if facts.rotationFacts.rotates, let rotation = facts.rotation, let first = parts.first, first != "rotation",
            parts.contains("rotation")
        {
            problems.append(
                (
                    "Tab reaches \(facts.partPhrase(first)) before the rotation control: the \(word)s keep moving while a keyboard user works towards it (the APG carousel puts it first)",
                    rotation
                ))
        }
        // The APG's tabs: Tab into the tablist lands on the active tab. A page that moves
        // tabindex="-1" onto the selected tab (sphinx-tabs after a click) sends Tab to another
        // tab, which a screen reader calls not selected, or past the tabs altogether. The walk
        // above ran at load; this is read at every moment of the steps, except while focus is
        // on another tab (tabs with manual activation, between an arrow key and Enter: focus
        // is in the tabs, and some pages move the Tab stop with it until a tab is chosen), and
        // where the tab selected is not the slide shown (the value rule's finding: the Tab stop
        // may be right and the selection wrong).
        // A click is named first where one did it: a mouse (or a screen reader's browse mode,
        // which clicks) selects a tab without the arrow keys that move the Tab stop.
        func untabbable(_ moment: Conveyed) -> Int? {
            guard let tab = moment.selectedOutOfTabOrder.first, moment.shown == tab,
                moment.focusedPicker == nil || moment.focusedPicker == tab, facts.pickers.indices.contains(tab)
            else { return nil }
            return tab
        }
        func outOfOrder() -> (when: String, tab: Int)? {
            if let tab = untabbable(facts.initial) { return ("once loaded", tab) }
            let clicked = facts.steps.first { if case .picker(_, .click) = $0.action { untabbable($0.after) != nil } else { false } }
            if let step = clicked ?? facts.steps.first(where: { untabbable($0.after) != nil }), let tab = untabbable(step.after) {
                return ("after \(step.action.phrase(facts)) on \(slidePhrase(step.from))", tab)
            }
            return nil
        }
        if facts.pickersAreTabs, let (when, tab) = outOfOrder() {
            problems.append(
                (
                    "\(when) the selected \(facts.pickerPhrase(tab)) has tabindex=\"-1\": Tab into the tabs lands on another tab or passes them by, not on the selected one (APG: Tab moves focus to the active tab)",
                    facts.pickers[tab]
                ))
        }
        if let (first, element) = problems.first {
            return fail(.focusOrder, first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""), element)
        }
        // A slide deck's keys act wherever focus is: with no control of its own, and nothing Tab
        // stops at in the slide shown (remark's slides of text), there is no order to judge.
        if parts.isEmpty, facts.pagedByKeys {
            return notApplicable(
                .focusOrder,
                "the carousel has no controls to focus (its arrow keys act wherever focus is), and Tab stops at nothing in the slide shown")
        }
        guard !parts.isEmpty else { return fail(.focusOrder, "Tab never reached any part of the carousel", facts.widget) }
        // Stops in a row in one part are one step of the path ("content of slide 6 (2 stops)"):
        // the walk names parts, not the links inside a slide.
        var runs: [(part: String, stops: Int)] = []
        for part in parts {
            if runs.last?.part == part { runs[runs.count - 1].stops += 1 } else { runs.append((part, 1)) }
        }
        let path =
            runs.prefix(8).map { facts.partPhrase($0.part) + ($0.stops > 1 ? " (\($0.stops) stops)" : "") }.joined(separator: " → ")
            + (runs.count > 8 ? " → …" : "")
        // One stop in all (the selected tab of a tablist, where focus roves) is reached "once".
        let once = runs.contains { $0.stops > 1 } ? "each part once" : runs.count == 1 ? "once" : "each once"
        if facts.tabOrderCut {
            return pass(
                .focusOrder,
                "Tab reaches \(path), \(once), and nothing of a \(word) that is not shown; the walk stopped after \(order.count) presses inside the carousel, so what lies beyond them was not walked"
            )
        }
        return pass(.focusOrder, "Tab reaches \(path), \(once), and nothing of a \(word) that is not shown")
    }

    // MARK: - focus-visible (WCAG 2.4.7)

    /// Each control Tab reaches must change where it is drawn when it takes focus. Only a control
    /// around which not one pixel changes fails: how strong the change must be is 2.4.13's
    /// concern (AAA, 3:1 over an area), so the message names the faintest change and lets a
    /// person judge it. Browsers draw a ring by default; a page that removes it (`outline: none`)
    /// and draws nothing instead leaves a keyboard user not knowing where they are.
    func checkFocusVisible() -> AuditFinding {
        guard let shown = facts.focusIndicators else { return notApplicable(.focusVisible, "Tab was not pressed through the page") }
        guard !shown.isEmpty else {
            return notApplicable(
                .focusVisible,
                facts.pagedByKeys
                    ? "the carousel has no controls to focus (its arrow keys act wherever focus is)"
                    : "Tab reaches none of the carousel's controls (see focus-order)")
        }
        let unseen = shown.filter { $0.changed == 0 }
        if let first = unseen.first {
            let names = unseen.prefix(3).map { facts.partPhrase($0.mark) }
            let more = unseen.count > 3 ? " and \(unseen.count - 3) more" : ""
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            let one = unseen.count == 1
            return fail(
                .focusVisible,
                "\(list)\(more) \(one ? "shows" : "show") no sign of focus when Tab reaches \(one ? "it" : "them"): not a pixel of \(one ? "it" : "them"), or of the \(FocusIndicator.margin) px around, changes (an outline removed and nothing drawn instead)",
                facts.element(forMark: first.mark))
        }
        let faintest = shown.min { ($0.strongest, $0.changed) < ($1.strongest, $1.changed) } ?? shown[0]
        let each = shown.count == 1 ? "the one control Tab reaches changes" : "each of the \(shown.count) controls Tab reaches changes"
        return pass(
            .focusVisible,
            "\(each) where it is drawn when it takes focus (the faintest change, \(facts.partPhrase(faintest.mark)): \(faintest.changed) pixels, by up to \(AuditNumber.ratio(faintest.strongest)))"
        )
    }

    // MARK: - one-announcement (WCAG 4.1.3)

    func checkAnnouncements() -> AuditFinding {
        var problems: [String] = []
        let rotation = facts.rotationFacts
        if rotation.rotates, let live = rotation.liveWhileRotating, live != "off" {
            problems.append(
                "while the \(word)s rotate on their own they are in an aria-live=\"\(live)\" region: a screen reader announces every rotation, interrupting whatever the person is reading (APG: aria-live=\"off\" while rotating)"
            )
        } else if rotation.rotates, let region = rotation.statusWhileRotating {
            // A counter or caption region beside the slides (lightGallery's "2 / 4") speaks for
            // them: the slides' own politeness being off does not silence it.
            let whose =
                region.outside.map { "the live region outside the carousel that names its \(word) (\($0.clipped(60)))" }
                ?? "the carousel's live region"
            problems.append(
                "while the \(word)s rotate on their own \(whose) says each new one (\u{201C}\(region.text.clipped(40))\u{201D}, aria-live=\"\(region.live)\"): a screen reader announces every rotation, interrupting whatever the person is reading (APG: aria-live=\"off\" while rotating)"
            )
        }
        // A polite region beside the slides once stopped announces a change made by hand as
        // well as the slides' own would; the steps below judge whether it did.
        if rotation.pausedWithControl, rotation.rotates, rotation.changesAfterPause == 0,
            rotation.liveAfterPause == nil || rotation.liveAfterPause == "off",
            rotation.statusLiveAfterPause == nil || rotation.statusLiveAfterPause == "off"
        {
            problems.append(
                "after rotation is stopped the \(word)s are in no polite live region, so a change made by hand is not announced (APG: aria-live=\"polite\" once stopped)"
            )
        }
        // The rotation control's own step changes nothing by hand; every other step that moved
        // the widget is a change a person made.
        let manual = facts.steps.filter { step in
            guard step.after.shown != step.from, step.after.shown != nil else { return false }
            if case .rotationControl = step.action { return false }
            return true
        }
        if let silent = manual.first(where: { step in
            let live = step.after.live
            // Focus on the newly selected tab, or on a slider whose value changed, is announced.
            let focusAnnounces = step.after.focus == "picker-\(step.after.shown ?? -1)" || step.after.focus == "slider"
            return (live == nil || live == "off") && !focusAnnounces && !Self.statusSpoke(step)
        }), !rotation.rotates || rotation.pausedWithControl == false && problems.isEmpty {
            // Where focus went, as it is: a CSS carousel's marker in links mode is an in-page
            // link, and pressing it leaves focus on the page itself.
            let focus =
                silent.after.focus == "none"
                ? "focus goes to the page itself"
                : silent.after.focus == "outside" ? "focus leaves the carousel" : "focus stays where it was"
            let region =
                silent.after.statusText != nil
                ? "its live region \(silent.after.statusLive == "off" ? "is off" : "said nothing new") and \(focus)"
                : "the \(word)s are in no live region and \(focus)"
            problems.append(
                "after \(silent.action.phrase(facts)) on \(slidePhrase(silent.from)) nothing announces \(word) \((silent.after.shown ?? 0) + 1): \(region)"
            )
        }
        if facts.initial.live == "assertive" || facts.steps.contains(where: { $0.after.live == "assertive" }) {
            problems.append(
                "the \(word)s are in an aria-live=\"assertive\" region: each change interrupts whatever a screen reader is saying")
        } else if let loud = manual.first(where: {
            ($0.after.live == nil || $0.after.live == "off") && $0.after.statusLive == "assertive" && Self.statusSpoke($0)
        }) {
            let whose =
                loud.after.statusOutside.map { "the live region outside the carousel that names its \(word) (\($0.clipped(60)))" }
                ?? "the carousel's live region"
            problems.append("\(whose) is assertive: each change interrupts whatever a screen reader is saying")
        }
        guard problems.isEmpty else { return fail(.oneAnnouncement, problems.joined(separator: "; "), facts.slides.first) }
        guard !manual.isEmpty || rotation.rotates else {
            return notApplicable(.oneAnnouncement, "no action changed the \(word), so there was nothing to announce")
        }
        var how: [String] = []
        if manual.contains(where: { $0.after.live == "polite" }) {
            how.append("a change made by hand is announced politely (aria-live=\"polite\")")
        }
        if let spoken = manual.first(where: { ($0.after.live == nil || $0.after.live == "off") && Self.statusSpoke($0) }),
            let text = spoken.after.statusText
        {
            let whose =
                spoken.after.statusOutside.map { "a live region outside the carousel (\($0.clipped(60)))" } ?? "the carousel's live region"
            how.append("after a change made by hand \(whose) says \u{201C}\(text.clipped(40))\u{201D} politely")
        }
        if manual.contains(where: { $0.after.focus == "picker-\($0.after.shown ?? -1)" }) {
            how.append("focus moves to the selected \(pickerWord), which is announced")
        }
        if manual.contains(where: { $0.after.focus == "slider" }) {
            how.append("the slider has focus, and its new value is announced")
        }
        if rotation.rotates {
            how.append("rotation is not announced (aria-live=\"\(rotation.liveWhileRotating ?? "off")\" while rotating)")
        }
        return pass(.oneAnnouncement, how.joined(separator: "; "))
    }

    /// Whether the widget's own live region announced the change: it is not off and its words
    /// changed (a region that says the same again says nothing). Judged where the slides are
    /// no live region themselves; where they are, theirs is the announcement (Swiper's
    /// assertive "Next slide" is feedback on the button, beside its polite slides).
    static func statusSpoke(_ step: PageStep) -> Bool {
        guard let text = step.after.statusText, !text.isEmpty, step.after.statusLive != "off" else { return false }
        return text != step.statusBefore
    }

    // MARK: - reduce-motion (WCAG 2.3.3)

    func checkReduceMotion() -> AuditFinding {
        let motion = facts.motion
        // Nothing to press is no change watched: "does not animate at all" was said of slides
        // that turn on their own with a 1.2 s fade (PyTango's Jssor slider), whose motion under
        // reduced motion only their rotation shows (auto-advance says whether it stops).
        guard facts.next != nil || facts.pickers.count > 1 || facts.pagedByKeys else {
            return notApplicable(
                .reduceMotion,
                "no page change could be made to watch: the carousel has no Next and no \(facts.pickerWord)s to press"
                    + (facts.rotationFacts.rotates ? " (its rotation under reduced motion is judged by auto-advance)" : ""))
        }
        // Pressed, yet no slide changed: a 0 ms there is no change seen to be still.
        guard motion.changeWatched else {
            return notApplicable(
                .reduceMotion,
                "no press changed the \(facts.pageWord) here, so no page change could be watched (see scroll)"
                    + (facts.rotationFacts.rotates ? "; its rotation under reduced motion is judged by auto-advance" : ""))
        }
        guard motion.normalMilliseconds > 0 else {
            return pass(.reduceMotion, "a page change does not animate at all, with or without prefers-reduced-motion")
        }
        guard let reduced = motion.reducedMilliseconds else {
            return notApplicable(.reduceMotion, "the page change could not be watched with prefers-reduced-motion: reduce emulated")
        }
        let moving = motion.reducedProperties.filter { $0 != "opacity" }
        let normal = "\(AuditNumber.text(motion.normalMilliseconds)) ms of \(motion.normalProperties.joined(separator: ", "))"
        if reduced > 0, !moving.isEmpty || motion.reducedProperties.isEmpty {
            let what = moving.isEmpty ? "an animation" : moving.joined(separator: ", ")
            // Named where it is a dot or a control, not the slides: a dot that grows is fixed in
            // another place than slides that slide.
            let part = motion.reducedPart.flatMap { mark in facts.element(forMark: mark).map { (mark, $0) } }
            let on = part.map { ", on \(facts.partPhrase($0.0))" } ?? ""
            return fail(
                .reduceMotion,
                "with prefers-reduced-motion: reduce, a page change still animates \(what) for \(AuditNumber.text(reduced)) ms\(on) (without it: \(normal)); the model settles at once",
                part?.1 ?? facts.slides.first, measured: reduced, required: 0)
        }
        if reduced > 0 {
            return pass(
                .reduceMotion,
                "with prefers-reduced-motion: reduce, a page change only crossfades (\(AuditNumber.text(reduced)) ms of opacity; without it: \(normal))"
            )
        }
        return pass(.reduceMotion, "with prefers-reduced-motion: reduce, a page change is at rest at once (without it: \(normal))")
    }

    // MARK: - rtl (WCAG 1.3.2)

    func checkRTL() -> AuditFinding {
        guard facts.rightToLeft else {
            return notApplicable(.rtl, "the carousel is laid out left to right; mirroring can only be judged on a right-to-left page")
        }
        guard let next = facts.next?.box, let previous = facts.previous?.box else {
            return notApplicable(.rtl, "the carousel is right to left but has no next and previous controls whose places could be compared")
        }
        guard next.centreX < previous.centreX else {
            return fail(
                .rtl, "the carousel reads right to left, but Next is drawn to the right of Previous: the controls are not mirrored",
                facts.next)
        }
        return pass(.rtl, "the carousel reads right to left and Next is drawn to the left of Previous, the mirror of left to right")
    }

    // MARK: - dot-contrast (WCAG 1.4.11)

    func checkDotContrast() -> AuditFinding {
        guard !facts.pickers.isEmpty else { return notApplicable(.dotContrast, "the carousel has no dots or tabs to see") }
        let measured = facts.dotPixels.filter { $0.pixels > 0 }
        guard !measured.isEmpty else {
            // Hiding the dots changes nothing where something else is drawn over them.
            if let covered = facts.coveredTargets.first(where: { $0.mark.hasPrefix("picker-") }) {
                return notApplicable(
                    .dotContrast,
                    "the \(pickerWord)s' colours could not be told: \(facts.partPhrase(covered.mark)) is covered by \(covered.bySelector.clippedSelector(60)) (see target-size)"
                )
            }
            return notApplicable(.dotContrast, "the \(pickerWord)s' colours could not be told from what lies behind them in the screenshot")
        }
        let required = Auditor<AuditModelSubject>.requiredContrast
        var parts: [(text: String, ratio: Double)] = []
        for current in [false, true] {
            let kind = measured.filter { $0.isCurrent == current }
            guard let worst = kind.min(by: { $0.ratio < $1.ratio }) else { continue }
            let name = current ? "the current \(pickerWord)" : "inactive \(pickerWord)s"
            let shown = AuditFinding.reported(worst.ratio, status: worst.ratio >= required ? .pass : .fail, required: required)
            let verdict = worst.ratio >= required ? "" : ", needs \(AuditNumber.ratio(required))"
            let which = current ? "" : " (worst: \(facts.pickerPhrase(worst.picker)))"
            parts.append(
                ("\(name)\(which) drawn \(worst.dot.hex) over \(worst.background.hex): \(AuditNumber.ratio(shown))\(verdict)", worst.ratio))
        }
        let lowest = measured.min(by: { $0.ratio < $1.ratio })!
        let ordered = parts.sorted { ($0.ratio < required ? 0 : 1) < ($1.ratio < required ? 0 : 1) }.map(\.text).joined(separator: "; ")
        if lowest.ratio < required {
            return fail(
                .dotContrast, ordered + " (measured in the screenshot's pixels)", facts.pickers[lowest.picker], measured: lowest.ratio,
                required: required)
        }
        return pass(
            .dotContrast, "worst case " + ordered + " (measured in the screenshot's pixels)", measured: lowest.ratio, required: required)
    }

    // MARK: - dot-scaling (WCAG 1.4.4)

    func checkDotScaling() -> AuditFinding {
        notApplicable(
            .dotScaling,
            "on the web, browser zoom enlarges the dots with the text, which meets 1.4.4; a text-only size setting like Dynamic Type cannot be applied to a page"
        )
    }

    // MARK: - dots-fit (WCAG 1.4.10)

    func checkDotsFit() -> AuditFinding {
        guard !facts.pickers.isEmpty else { return notApplicable(.dotsFit, "the carousel has no row of dots to fit") }
        guard let narrow = facts.narrow else { return notApplicable(.dotsFit, "the page was not laid out in a narrow window") }
        let width = narrow.width
        let lost = narrow.pickers.indices.filter { index in
            guard let box = narrow.pickers[index], !box.isEmpty else { return true }
            return box.x < -0.5 || box.maxX > width + 0.5
        }
        // On screen but squeezed to no width or height (flex items whose margins took the row):
        // there, but nothing to see or tap; "outside the screen" would misplace them.
        let squeezed = lost.filter { index in
            guard let box = narrow.pickers[index], box.isEmpty, box.width > 0 || box.height > 0 else { return false }
            return box.x >= -0.5 && box.maxX <= width + 0.5
        }
        var overlapping: [Int] = []
        let boxes = narrow.pickers.enumerated().compactMap { index, box in box.map { (index, $0) } }
        for (a, b) in zip(boxes, boxes.dropFirst()) {
            let (i, first) = a
            let (_, second) = b
            let overlapX = min(first.maxX, second.maxX) - max(first.x, second.x)
            let overlapY = min(first.maxY, second.maxY) - max(first.y, second.y)
            if overlapX > 0.5, overlapY > 0.5 { overlapping.append(i) }
        }
        let px = "\(AuditNumber.text(width)) px"
        if !lost.isEmpty {
            let outside = lost.filter { !squeezed.contains($0) }
            var location = outside.first.map { narrow.pickers[$0].map { "from x = \(AuditNumber.text($0.x)) px" } ?? "not drawn" }
            // Off the screen in a row that scrolls sideways, the row itself on the screen: a swipe
            // away, which is said, and whether the page hides the row's scroll bar (the verdict
            // stands: a person must find them first).
            if let row = narrow.row, let rowBox = row.box, rowBox.x >= -0.5, rowBox.maxX <= width + 0.5,
                let place = location, outside.first.flatMap({ narrow.pickers[$0] }) != nil
            {
                location =
                    place + ", in a row that scrolls sideways (\(row.selector.clippedSelector(60)))"
                    + (row.scrollBarHidden ? " whose scroll bar the page hides" : "")
            }
            let squeezedText = squeezed.first.map { first in
                "\(squeezed.count == 1 ? "is" : "are") squeezed to nothing on screen (\(pickerWord) \(first + 1): \(size(narrow.pickers[first]!)))"
            }
            let text: String
            if let squeezedText, let location {
                text =
                    "\(pickerList(lost)) of \(facts.pickers.count) cannot be seen: \(pickerList(squeezed)) \(squeezedText), \(pickerList(outside)) outside the screen (\(location))"
            } else if let squeezedText {
                text = "\(pickerList(lost)) of \(facts.pickers.count) \(squeezedText)"
            } else {
                text =
                    "\(pickerList(lost)) of \(facts.pickers.count) \(lost.count == 1 ? "falls" : "fall") outside the screen (\(location ?? "not drawn"))"
            }
            return fail(.dotsFit, "in a \(px) wide window " + text, facts.pickers[lost[0]], measured: Double(lost.count), required: 0)
        }
        if let first = overlapping.first {
            return fail(
                .dotsFit, "in a \(px) wide window \(pickerList([first, first + 1])) overlap: a tap meant for one reaches the other",
                facts.pickers[first])
        }
        let left = boxes.map(\.1.x).min() ?? 0
        let right = boxes.map(\.1.maxX).max() ?? 0
        return pass(
            .dotsFit,
            facts.pickers.count == 1
                ? "in a \(px) wide window its one \(pickerWord) is on screen, from x = \(AuditNumber.text(left)) to \(AuditNumber.text(right)) px"
                : "in a \(px) wide window all \(facts.pickers.count) \(pickerWord)s are on screen, side by side, from x = \(AuditNumber.text(left)) to \(AuditNumber.text(right)) px"
        )
    }

    // MARK: - target-size (WCAG 2.5.8)

    func checkTargetSize() -> AuditFinding {
        var targets: [(name: String, element: PageElement, box: PageBox)] = []
        // A target drawn with no width but some height (a flex row that squeezed its dots) is a
        // target of 0 px, not one that is absent: only one with neither is left out (not drawn).
        func drawn(_ box: PageBox?) -> PageBox? { box.flatMap { $0.width > 0 || $0.height > 0 ? $0 : nil } }
        for (index, picker) in facts.pickers.enumerated() {
            if let box = drawn(picker.box) { targets.append((facts.pickerPhrase(index), picker, box)) }
        }
        for (control, mark) in [(facts.previous, "previous"), (facts.next, "next"), (facts.rotation, "rotation")] {
            if let control, let box = drawn(control.box) { targets.append((facts.partPhrase(mark), control, box)) }
        }
        guard !targets.isEmpty else { return notApplicable(.targetSize, "the carousel has no dots or controls to tap") }
        let minimum = Auditor<AuditModelSubject>.minimumTarget
        let radius = minimum / 2
        func small(_ box: PageBox) -> Bool { box.width < minimum - 1e-9 || box.height < minimum - 1e-9 }
        var problems: [(String, PageElement)] = []
        // 2.5.8 counts only the part of a target nothing else is drawn over; one covered at its
        // middle loses the click or tap aimed at it.
        for covered in facts.coveredTargets {
            guard let element = facts.element(forMark: covered.mark) else { continue }
            let by =
                covered.byMark.map { facts.partPhrase($0) }
                ?? (AccessibleText.isSilent(covered.byName)
                    ? covered.bySelector.clippedSelector(60)
                    : "\(covered.bySelector.clippedSelector(60)) \u{201C}\(covered.byName.clipped(40))\u{201D}")
            problems.append(
                (
                    "\(facts.partPhrase(covered.mark)) is covered at its middle by \(by): a click or tap aimed at it goes to that instead",
                    element
                ))
        }
        let covered = problems.count
        var smallest = Double.infinity
        for (index, target) in targets.enumerated() {
            smallest = min(smallest, min(target.box.width, target.box.height))
            guard small(target.box) else { continue }
            let cx = target.box.centreX
            let cy = target.box.centreY
            for (other, neighbour) in targets.enumerated() where other != index {
                let dx = max(neighbour.box.x - cx, 0, cx - neighbour.box.maxX)
                let dy = max(neighbour.box.y - cy, 0, cy - neighbour.box.maxY)
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance < radius - 1e-9 {
                    problems.append(
                        (
                            "\(target.name) (\(size(target.box))) is under 24x24 px and its 24 px circle reaches \(AuditNumber.text(radius - distance)) px into \(neighbour.name)",
                            target.element
                        ))
                    break
                }
                guard small(neighbour.box) else { continue }
                let ndx = neighbour.box.centreX - cx
                let ndy = neighbour.box.centreY - cy
                let centres = (ndx * ndx + ndy * ndy).squareRoot()
                if centres < minimum - 1e-9 {
                    problems.append(
                        (
                            "\(target.name) (\(size(target.box))) is under 24x24 px and its 24 px circle overlaps that of \(neighbour.name) (centres \(AuditNumber.text(centres)) px apart)",
                            target.element
                        ))
                    break
                }
            }
        }
        if let (first, element) = problems.first {
            let message = first + (problems.count > 1 ? " (and \(problems.count - 1) more)" : "")
            // A covered target fails whatever its size: the measure goes with a size problem only.
            guard problems.count > covered else { return fail(.targetSize, message, element) }
            return fail(.targetSize, message, element, measured: smallest, required: minimum)
        }
        let undersized = targets.filter { small($0.box) }
        if undersized.isEmpty {
            return pass(
                .targetSize, "every dot and control is at least 24x24 px (the smallest side is \(AuditNumber.text(smallest)) px)",
                measured: smallest, required: minimum)
        }
        return pass(
            .targetSize,
            "\(undersized.count) of \(targets.count) targets \(undersized.count == 1 ? "is" : "are") under 24x24 px (\(undersized[0].name): \(size(undersized[0].box))) but spaced so that 24 px circles centred on them cross no other target or circle (the spacing exception)"
        )
    }

    func size(_ box: PageBox) -> String { "\(AuditNumber.text(box.width))x\(AuditNumber.text(box.height)) px" }

    // MARK: - auto-advance (WCAG 2.2.2)

    func checkAutoAdvance() -> AuditFinding {
        let rotation = facts.rotationFacts
        let watched = "\(AuditNumber.short(Double(rotation.watchedMilliseconds) / 1000)) s"
        guard rotation.rotates else {
            return notApplicable(
                .autoAdvance,
                "the carousel did not change \(word) on its own in \(watched) of page time, after loading or after a change by hand")
        }
        let when = rotation.changesAfterLoad > 0 ? "once loaded" : "after the first change by hand"
        let every = rotation.interval.map { " every \(AuditNumber.short(Double($0) / 1000)) s" } ?? ""
        var problems: [String] = []
        if facts.rotation == nil {
            problems.append("the carousel changes \(word) on its own\(every) \(when), and has no control to stop it")
        } else if !rotation.pausedWithControl {
            problems.append("the carousel changes \(word) on its own\(every) \(when); its rotation control could not be activated")
        } else if let after = rotation.changesAfterPause, after > 0 {
            problems.append(
                "the carousel changes \(word) on its own\(every) \(when), and went on changing (\(after == 1 ? "once" : "\(after) times") in \(watched)) after \(facts.partPhrase("rotation")) was pressed"
            )
        }
        if let reduced = rotation.changesUnderReducedMotion, reduced > 0 {
            problems.append(
                "with prefers-reduced-motion: reduce it still rotates (\(reduced) \(reduced == 1 ? "change" : "changes") in \(watched)); the model stops under Reduce Motion"
            )
        }
        guard problems.isEmpty else { return fail(.autoAdvance, problems.joined(separator: "; "), facts.rotation ?? facts.widget) }
        return pass(
            .autoAdvance,
            "the carousel rotates\(every) \(when); \(facts.partPhrase("rotation")) stops it (no change in \(watched) after it)",
            facts.rotation)
    }
}

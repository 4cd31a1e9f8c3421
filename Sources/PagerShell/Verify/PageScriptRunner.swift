import PagerAudit
import PagerCore
import PagerWeb

/// Runs one `verify` script on a real carousel and on the model side by side (`verify --url`).
///
/// The script's paging commands act on the widget as a person would: `next` and `previous` press
/// its own controls from the keyboard (focus, then Enter), or the arrow keys on the selected tab
/// of a tablist (then Enter on the tab they focus, where the tabs wait for it) or on the checked
/// radio button of a group, or, on a slide deck found by its keys, with focus on nothing; `go N` activates the N-th dot or tab (Space on a radio button), or
/// pages there with next and previous; `first` and `last` use Home and
/// End on a tablist (then Enter on the tab, where the page did not move) or a slide deck, else the same; `focus
/// next` and `focus previous` are Tab and Shift-Tab. The model, configured from the widget (its page count, its
/// slides' names, its direction), takes the same steps. Every check compares the two by fact:
/// the page the widget conveys on every channel it uses, against the model's.
struct PageScriptRunner {
    var probe: CarouselProbe
    var facts: CarouselFacts
    var marks: [String: Int]
    /// The address as given, for messages and reports.
    var url: String

    /// The model the widget is held to: one page per slide, named by the slides' names, on the
    /// slide the widget shows when the script starts. A carousel need not start on its first
    /// slide (one that deep-links, a server that marks another `active`, the APG's, whose first
    /// rotation happens as it loads), and a model on page 1 beside it would put every check after
    /// one off by the same step: no script could pass. A script written for page 1 there fails
    /// its page checks, and the first of them to fail says where the carousel started.
    func model(startingAt index: Int = 0) -> Pager {
        let word = facts.pageWord.capitalisingFirstLetter()
        let names = (0..<facts.count).map { index -> String in
            let name = facts.slides.indices.contains(index) ? facts.slides[index].name : ""
            return AccessibleText.isSilent(name) ? "\(word) \(index + 1)" : name
        }
        return Pager(pages: names, index: index, direction: facts.rightToLeft ? .rightToLeft : .leftToRight)
    }

    /// A script step that could not be done to the page: what is missing, in a person's words.
    /// A page check as it was made, to be judged again once the whole script has been seen.
    struct PageCheck {
        var index: Int
        var expectation: Expectation
        var line: Int
        var pager: Pager
        var conveyed: Conveyed
        var after: String?
        var stepNote: String?
    }

    struct Missing: Error {
        var reason: String
    }

    func run(file: String, text: String) -> ScriptRunner.Result {
        let clock = ContinuousClock()
        let start = clock.now
        var conveyed = facts.initial
        if let rest = try? probe.now(facts: facts, marks: marks) { conveyed = rest }
        let firstPage = PagePosition(conveyed, in: facts).agreedPage ?? 0
        var pager = model(startingAt: firstPage)
        // Where the carousel started is told once, with the first page check that fails.
        var startUntold = firstPage > 0
        var checks: [ScriptRunner.Check] = []
        var lastCommand: String?
        var lastStepNote: String?
        var expectations = 0
        var pageChecks: [PageCheck] = []
        for (offset, line) in ScriptRunner.lines(text).enumerated() {
            let number = offset + 1
            let trimmed = String(line).trimmingSpaces()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let expectation: Expectation?
            do {
                expectation = try Expectation.parse(trimmed)
            } catch {
                checks.append(.init(file: file, line: number, passed: false, expected: "a valid check", got: "error: \(error.message)"))
                continue
            }
            if let expectation {
                expectations += 1
                let checked = check(
                    expectation, file: file, line: number, pager: pager, conveyed: conveyed, after: lastCommand,
                    firstPage: startUntold ? firstPage : 0, stepNote: lastStepNote)
                if !checked.passed, expectation.isPageCheck { startUntold = false }
                if expectation.isPageCheck {
                    pageChecks.append(
                        PageCheck(
                            index: checks.count, expectation: expectation, line: number, pager: pager, conveyed: conveyed,
                            after: lastCommand, stepNote: lastStepNote))
                }
                checks.append(checked)
                continue
            }
            lastCommand = trimmed
            lastStepNote = nil
            let parsed: ShellCommand?
            do {
                parsed = try CommandParser.parse(trimmed, pageCount: pager.count)
            } catch {
                checks.append(
                    .init(
                        file: file, line: number, passed: false, expected: "'\(trimmed.clipped())' to run", got: "error: \(error.message)"))
                continue
            }
            guard let command = parsed else { continue }
            do {
                let before = (pager, conveyed)
                // The model moves only when the carousel could be moved too: a step that cannot
                // be done on the page (no Next to press) must not leave the two a page apart,
                // or every later check would fail for the one step already reported.
                var moved = pager
                conveyed = try perform(command, text: trimmed, pager: &moved, conveyed: conveyed)
                pager = moved
                lastStepNote = Self.stepNote(
                    command, text: trimmed, model: (before.0, pager),
                    carousel: (PagePosition(before.1, in: facts), PagePosition(conveyed, in: facts)))
            } catch let error as UsageError {
                checks.append(
                    .init(
                        file: file, line: number, passed: false, expected: "'\(trimmed.clipped())' to run", got: "error: \(error.message)"))
            } catch let missing as Missing {
                checks.append(
                    .init(
                        file: file, line: number, passed: false, expected: "'\(trimmed.clipped())' to run", got: missing.reason,
                        detail: "\(trimmed.clipped()) cannot be done on the carousel: \(missing.reason)"))
            } catch let failure as CarouselProbe.Failure {
                checks.append(
                    .init(
                        file: file, line: number, passed: false, expected: "'\(trimmed.clipped())' to run", got: failure.description,
                        detail: "\(trimmed.clipped()) failed on the page: \(failure.description)"))
            } catch {
                checks.append(.init(file: file, line: number, passed: false, expected: "'\(trimmed.clipped())' to run", got: "\(error)"))
            }
        }
        // A live region whose number followed the slides through the script is their position
        // whatever count it states ("Slide 2 of 5" on three slides), as in the audit; that is
        // known only once two slides have been seen, so the page checks are judged again with it.
        var judged = self
        judged.facts.otherMoments = pageChecks.map(\.conveyed)
        if judged.facts.statusCountFollowingSlides != nil {
            var untold = firstPage > 0
            for page in pageChecks {
                let again = judged.check(
                    page.expectation, file: file, line: page.line, pager: page.pager, conveyed: page.conveyed, after: page.after,
                    firstPage: untold ? firstPage : 0, stepNote: page.stepNote)
                if !again.passed { untold = false }
                checks[page.index] = again
            }
        }
        if expectations == 0 {
            checks.append(.init(file: file, line: 0, passed: false, expected: "at least one check", got: "no checks"))
        }
        let elapsed = clock.now - start
        let ns = UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
        var result = ScriptRunner.Result(file: file, checks: checks, nanoseconds: ns)
        result.url = url
        return result
    }

    // MARK: - Acting

    /// Does one command on the page and on the model; returns what the page conveys after it.
    func perform(_ command: ShellCommand, text: String, pager: inout Pager, conveyed: Conveyed) throws -> Conveyed {
        switch command {
        case .action(.increment):
            _ = try? pager.reduce(.increment)
            return try step(forward: true, conveyed: conveyed)
        case .action(.decrement):
            _ = try? pager.reduce(.decrement)
            return try step(forward: false, conveyed: conveyed)
        case .action(.goTo(let index)):
            guard index < facts.count else { throw UsageError("there is no page \(index + 1): the carousel has \(facts.count)") }
            try pager.reduce(.goTo(index))
            return try go(to: index, conveyed: conveyed, home: index == 0 ? "Home" : nil)
        case .firstPage:
            return try perform(.action(.goTo(0)), text: text, pager: &pager, conveyed: conveyed)
        case .lastPage:
            guard facts.count > 0 else { throw Missing(reason: "the carousel has no pages") }
            try pager.reduce(.goTo(facts.count - 1))
            return try go(to: facts.count - 1, conveyed: conveyed, home: "End")
        case .action(.moveFocus(let move)) where move == .next || move == .previous:
            try probe.moveFocus(backwards: move == .previous)
            return try probe.now(facts: facts, marks: marks)
        default:
            throw Missing(
                reason:
                    "only paging (next, previous, go N, first, last), focus next and focus previous act on a real page; its pages, size and settings are the page's own"
            )
        }
    }

    /// Next or previous: the arrow key on the selected tab of a tablist or the checked radio
    /// button of a group, else the widget's own control, focused and pressed with Enter (a
    /// control the keyboard cannot reach is missing).
    func step(forward: Bool, conveyed: Conveyed) throws -> Conveyed {
        if facts.pickersTakeArrowKeys {
            let selected = conveyed.markedPickers.first ?? conveyed.shown ?? 0
            if facts.pickers.indices.contains(selected), !facts.pickers[selected].focusable {
                throw Missing(
                    reason:
                        "its \(facts.pickersAreRadios ? "checked" : "selected") \(facts.pickerWord) (\(facts.pickers[selected].selector.clippedSelector(60))) cannot be reached with the keyboard"
                )
            }
            let key = forward != facts.rightToLeft ? "ArrowRight" : "ArrowLeft"
            let after = try probe.act(.key(key, on: "picker-\(selected)"), facts: facts, marks: marks).after
            // Tabs with manual activation (the APG's second tabs example, sphinx-tabs): the
            // arrow key moved focus to another tab and left the page; Enter selects it, as a
            // person then presses.
            if after.shown == conveyed.shown, let tab = after.focusedPicker, tab != selected, facts.pickers.indices.contains(tab) {
                return try probe.act(.picker(tab, facts.pickerKey), facts: facts, marks: marks).after
            }
            return after
        }
        let control = forward ? facts.next : facts.previous
        let name = forward ? "next" : "previous"
        if control == nil, let keys = facts.deckKeys {
            // A slide deck: its keys, with focus on nothing, as its readers page it.
            return try probe.act(.key(forward ? keys.forward : keys.back, on: "page"), facts: facts, marks: marks).after
        }
        if control == nil, let slider = facts.slider {
            guard slider.focusable else {
                throw Missing(reason: "its slider (\(slider.selector.clippedSelector(60))) cannot be reached with the keyboard")
            }
            let key = forward != facts.rightToLeft ? "ArrowRight" : "ArrowLeft"
            return try probe.act(.key(key, on: "slider"), facts: facts, marks: marks).after
        }
        guard let control else { throw Missing(reason: "it has no \(name) control") }
        // Judged as the page stands: Previous disabled on the first slide (so not focusable when
        // the carousel was found) is pressable on the last.
        switch try probe.reach(name) {
        case .pressable:
            return try probe.act(forward ? .next(.enter) : .previous(.enter), facts: facts, marks: marks).after
        case .disabled:
            // Tab passes a disabled or hidden control by and pressing it does nothing: the
            // carousel stays, as the model does at its end (a check after it says if the model
            // moved).
            return conveyed
        case .unreachable:
            throw Missing(reason: "its \(name) control (\(control.selector.clippedSelector(60))) cannot be reached with the keyboard")
        }
    }

    /// Page `index`: its dot or tab (Enter; Space on a radio button), else Home or End on a tablist where asked, else
    /// next or previous until the widget conveys it (bounded by the page count).
    func go(to index: Int, conveyed: Conveyed, home key: String?) throws -> Conveyed {
        if facts.pickers.indices.contains(index) {
            let picker = facts.pickers[index]
            guard picker.focusable else {
                throw Missing(
                    reason: "its \(facts.pickerPhrase(index)) (\(picker.selector.clippedSelector(60))) cannot be reached with the keyboard")
            }
            if facts.pickersAreTabs, let key {
                let selected = conveyed.markedPickers.first ?? conveyed.shown ?? 0
                let after = try probe.act(.key(key, on: "picker-\(selected)"), facts: facts, marks: marks).after
                // Home and End are optional in the APG's tabs, and tabs with manual activation
                // move focus with them and wait for Enter: where the page did not move, Enter on
                // the tab, as a person then presses (sphinx-tabs has neither key).
                guard after.shown == conveyed.shown, after.shown != index else { return after }
            }
            return try probe.act(.picker(index, facts.pickerKey), facts: facts, marks: marks).after
        }
        if let key, facts.slider?.focusable == true, facts.next == nil {
            return try probe.act(.key(key, on: "slider"), facts: facts, marks: marks).after
        }
        var now = conveyed
        // A slide deck takes Home and End as a person presses them (S5, remark); where that did
        // not bring the slide, the arrow keys do, a press at a time (one may show more of a
        // slide rather than the next, so presses are counted, not slides).
        if facts.pagedByKeys, let key {
            now = try probe.act(.key(key, on: "page"), facts: facts, marks: marks).after
        }
        for _ in 0..<(facts.pagedByKeys ? CarouselFacts.deckPresses(facts.count) : max(facts.count, 1)) {
            let at = PagePosition(now, in: facts).agreedPage ?? now.shown ?? 0
            if at == index { return now }
            now = try step(forward: index > at, conveyed: now)
        }
        return now
    }

    // MARK: - Checking

    /// Why a page check after a step (next or previous) may fail where the lines alone do not
    /// tell: the carousel went from one end to the other while the model stayed at its end (it
    /// wraps around, as Bootstrap's does by default, where the model, like the SwiftUI pager it
    /// reproduces, stops and says the edge again), or the model moved and the carousel conveys
    /// the page it conveyed before. Both ends are asked for before wrapping is said: a carousel
    /// that never moved is on its first page when the model reaches its last.
    static func stepNote(
        _ command: ShellCommand, text: String, model: (before: Pager, after: Pager), carousel: (before: PagePosition, after: PagePosition)
    ) -> String? {
        let count = model.after.count
        let forward: Bool
        switch command {
        case .action(.increment): forward = true
        case .action(.decrement): forward = false
        default: return nil
        }
        guard count > 1, let from = carousel.before.agreedPage, let to = carousel.after.agreedPage else { return nil }
        let end = forward ? count : 1
        if model.before.pageNumber == end, model.after.pageNumber == end, from == end - 1, to == count - end {
            return
                "the carousel wraps around at its ends, where the model stops (as the pager it reproduces does), so no script passes a step past an end"
        }
        if model.before.pageNumber != model.after.pageNumber, from == to {
            return "\(text.clipped()) did not move the carousel: it conveys the page it conveyed before"
        }
        return nil
    }

    /// `stepNote`: why the last command may have left the two apart (`stepNote(_:text:model:carousel:)`).
    func check(
        _ expectation: Expectation, file: String, line: Int, pager: Pager, conveyed: Conveyed, after command: String?, firstPage: Int = 0,
        stepNote: String? = nil
    ) -> ScriptRunner.Check {
        let count = facts.count
        let modelSays = "the model is on page \(pager.pageNumber) of \(pager.count)"
        let position = PagePosition(conveyed, in: facts)
        let said = describe(conveyed)
        let context = command.map { "after \($0.clipped()) " } ?? "at the start "
        let started =
            firstPage > 0 ? "; the carousel started on \(facts.pageWord) \(firstPage + 1), and so did the model" : ""
        switch expectation {
        case .page(let page), .position(let page, of: _):
            var wantCount = count
            if case .position(_, let stated) = expectation { wantCount = stated }
            let modelHolds = pager.pageNumber == page && pager.count == wantCount
            let pageProblem = page >= 1 ? position.problem(expected: page - 1, count: wantCount, facts: facts) : "the carousel has pages"
            let passed = modelHolds && pageProblem == nil
            // A count the carousel states wrongly ("Slide 2 of 5" on three slides) is not seen
            // in what it conveys, which names the slide alone: said as the audit says it.
            let counts = position.statedCounts.filter { $0.count != wantCount }
                .map { "; the \($0.channel) says there are \($0.count), not \(wantCount)" }.joined()
            // Where no channel names a page, what the carousel conveys ("slide 1 shown") looks
            // like the model's page, and the line must say why it still fails.
            var silent = ""
            if position.readings.isEmpty, facts.pickerStateUnreadable == nil, let pageProblem {
                silent = "; " + pageProblem
                let exposed = conveyed.exposedSlides.count
                let row = conveyed.shown.map { Set([$0] + conveyed.rowBeside) } ?? []
                if exposed > 1, Set(conveyed.exposedSlides) == row {
                    silent +=
                        " (the \(exposed) \(facts.pageWord)s on screen side by side are exposed together, so being exposed does not say it either)"
                } else if exposed > 1 {
                    let many = exposed == facts.slides.count ? "all \(exposed)" : String(exposed)
                    silent += " (\(many) \(facts.pageWord)s are exposed at once, so being exposed does not say it either)"
                }
            }
            return .init(
                file: file, line: line, passed: passed, expected: expectation.expectedText,
                got: "model page \(pager.pageNumber) of \(pager.count); the carousel conveys \(said)",
                detail: passed
                    ? nil
                    : "\(context)\(modelSays); the carousel conveys \(said)\(modelHolds ? "" : " (the script expects \(expectation.expectedText))")\(silent)\(counts)\(started)"
                        + (stepNote.map { "; " + $0 } ?? "")
            )
        case .spoken(let text):
            let focused = (try? probe.focusedElement()) ?? nil
            let passed = focused == text
            return .init(
                file: file, line: line, passed: passed, expected: "\"\(text)\"",
                got: focused.map { "\"\($0)\"" } ?? "no element with focus",
                detail: passed
                    ? nil
                    : "\(context)a screen reader is given \(focused.map { "\u{201C}\($0.clipped(80))\u{201D}" } ?? "nothing (no element has focus)") for the focused element, not \u{201C}\(text.clipped(80))\u{201D}"
            )
        case .boundary, .silence, .focus, .reading:
            return .init(
                file: file, line: line, passed: false, expected: expectation.expectedText, got: "not checkable on a page",
                detail:
                    "\(expectation.description) checks the model's speech, which a real page does not have; use expect-page, expect-position or expect \"TEXT\" (what a screen reader is given for the focused element)"
            )
        }
    }

    /// What the widget conveys, channel by channel: "“Slide 1” selected and slide “3 of 6”
    /// shown".
    func describe(_ conveyed: Conveyed) -> String {
        var parts: [String] = []
        let marked = conveyed.markedPickers
        if !facts.pickers.isEmpty {
            if facts.pickerStateUnreadable != nil {
                // A CSS carousel's markers in links mode: the tree does not say which is current.
                parts.append("::scroll-marker links that do not say which is current in the accessibility tree")
            } else if facts.pickersAreRadios, facts.pickers.allSatisfy({ !$0.exposed }) {
                // Checked or not, radio buttons out of the tree convey nothing ("radio button 1
                // checked" read as agreement on a failed check).
                parts.append("radio buttons hidden from screen readers (not in the accessibility tree)")
            } else if marked.isEmpty {
                parts.append("no \(facts.pickerWord) marked current")
            } else {
                let state =
                    !conveyed.selected.isEmpty
                    ? (facts.pickersAreRadios ? "checked" : "selected")
                    : !conveyed.current.isEmpty
                        ? "current"
                        : !conveyed.pressed.isEmpty
                            ? "pressed"
                            : facts.currentByName(marked)
                parts.append(marked.map { facts.pickerPhrase($0) }.joined(separator: " and ") + " \(state)")
            }
        }
        if conveyed.statusOutside == nil, let text = conveyed.statusText, PagePosition.nOfM(text) != nil {
            parts.append("its live region saying \u{201C}\(text.clipped(40))\u{201D}")
        }
        if let value = conveyed.sliderValue {
            parts.append("the slider at \(conveyed.sliderText.map { "\u{201C}\($0.clipped(40))\u{201D}" } ?? String(value))")
        }
        if let shown = conveyed.shown {
            let name = conveyed.slideNames.indices.contains(shown) ? conveyed.slideNames[shown] : ""
            parts.append(
                AccessibleText.isSilent(name)
                    ? "\(facts.pageWord) \(shown + 1) shown" : "\(facts.pageWord) \u{201C}\(name.clipped(40))\u{201D} shown")
        } else {
            parts.append("no \(facts.pageWord) shown")
        }
        return parts.joined(separator: " and ")
    }
}

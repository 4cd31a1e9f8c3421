import PagerCore

/// focus-order (WCAG 2.4.3 Focus Order, and 1.3.2 Meaningful Sequence): what VoiceOver's
/// one-finger swipes meet, and in what order.
///
/// The SwiftUI pager PagerVoice models and the page indicator both put the current page's content
/// (its title; the symbol is hidden) above the dots, and VoiceOver reads top to bottom, in
/// right-to-left layouts too: the content says what the dots then count. The walk is made through `.moveFocus`, as a person makes it, and what each
/// move must reach is worked out here from the page titles and the page the walk started on,
/// never from the subject's own list of elements.
extension Auditor {
    /// One element the walk must meet.
    package struct ExpectedElement {
        var kind: AccessibilityElement.Kind
        /// The current page's title, for its content; nil for the dots, whose label and value
        /// are the label and value rules' concern.
        var title: String?

        /// "the page's content "Explore"", "the dots"
        var phrase: String {
            title.map { "the page's content \"\($0.clipped())\"" } ?? "the dots"
        }

        func matches(_ element: AccessibilityElement) -> Bool {
            element.kind == kind && (title == nil || element.label == title)
        }
    }

    /// What one-finger swipes must meet with `page` current (nil: no pages): its content, then
    /// the dots. Hidden neighbouring pages are not elements.
    package func expectedElements(onPage page: Int?) -> [ExpectedElement] {
        let titles = base.pages
        guard let page, titles.indices.contains(page) else { return [ExpectedElement(kind: .dots)] }
        return [ExpectedElement(kind: .page, title: titles[page]), ExpectedElement(kind: .dots)]
    }

    /// Moves the cursor once. The focus change the move reports, or why it is not one clean
    /// cursor move: a refusal, no or several elements reported, or a page change or announcement
    /// (moving the cursor must change nothing else).
    package func stepFocus(_ subject: inout Subject, _ move: FocusMove) -> (change: FocusChange?, problem: String?) {
        let before = subject.index
        let events: [PagerEvent]
        do { events = try subject.reduce(.moveFocus(move)) } catch {
            return (nil, "focus \(move.rawValue) was refused: \(error)")
        }
        let changes = events.compactMap { if case .focus(let change) = $0 { change } else { nil } }
        if subject.index != before {
            return (nil, "focus \(move.rawValue) changed the page from \(before + 1) to \(subject.index + 1)")
        }
        if let said = events.lazy.compactMap({ if case .announcement(let a) = $0 { a } else { nil } }).first {
            return (nil, "focus \(move.rawValue) announced \"\(said.text.clipped())\" besides moving the cursor")
        }
        guard changes.count == 1 else {
            return (
                nil,
                changes.isEmpty ? "focus \(move.rawValue) reached no element" : "focus \(move.rawValue) reported \(changes.count) elements"
            )
        }
        return (changes[0], nil)
    }

    /// Why `element`, reached where `want` should have been (nil: where the walk should have
    /// stopped at a boundary), is wrong.
    package func focusMismatch(_ element: AccessibilityElement, want: ExpectedElement?, current: Int?) -> String {
        let name = "\"\(element.auditName)\""
        let instead = want.map { "instead of \($0.phrase)" } ?? "instead of stopping at a boundary"
        if let hidden = hiddenPage(element, current: current) {
            return "reached \(name), the content of page \(hidden + 1), which is hidden, \(instead)"
        }
        if element.kind == .dots, want?.kind == .page {
            return "reached the dots \(name) before \(want?.phrase ?? ""): the dots come before what they count"
        }
        return "reached \(name) \(instead)"
    }

    /// The hidden page whose content `element` is, when it is not the current page's.
    package func hiddenPage(_ element: AccessibilityElement, current: Int?) -> Int? {
        guard element.kind == .page, let current, base.pages[current] != element.label else { return nil }
        return base.pages.firstIndex(of: element.label)
    }

    /// One whole walk from `start`: `focus first`, `focus next` to the boundary, `focus previous`
    /// back to the boundary, `focus last`. `page` is the current page (nil: no pages). The
    /// elements `focus next` reached are returned for the pass message.
    package func focusWalkProblem(_ start: Subject, page: Int?, at: String, moves: inout Int) -> (
        problem: String?, reached: [AccessibilityElement]
    ) {
        var subject = start
        let expected = expectedElements(onPage: page)
        var reached: [AccessibilityElement] = []

        let (first, refusal) = stepFocus(&subject, .first)
        moves += 1
        guard let first else { return ("\(at) \(refusal ?? "")", reached) }
        if let want = expected.first, !want.matches(first.element) {
            return ("\(at) focus first \(focusMismatch(first.element, want: want, current: page))", reached)
        }
        reached.append(first.element)

        // Forward to the boundary: every element once, in order, then the cursor stays. One
        // move more than there are elements is enough to see any extra one.
        var boundary: FocusChange?
        while boundary == nil, reached.count <= expected.count {
            let (next, problem) = stepFocus(&subject, .next)
            moves += 1
            guard let next else { return ("\(at) \(problem ?? "")", reached) }
            if next.isBoundary { boundary = next } else { reached.append(next.element) }
        }
        for (i, element) in reached.enumerated() where i > 0 {
            let from = "focus next from \"\(reached[i - 1].auditName)\""
            let want = i < expected.count ? expected[i] : nil
            if want.map({ !$0.matches(element) }) ?? true {
                return ("\(at) \(from) \(focusMismatch(element, want: want, current: page))", reached)
            }
        }
        guard let boundary else {
            return ("\(at) focus next never stopped at a boundary (\(reached.count) elements reached)", reached)
        }
        if reached.count < expected.count {
            return (
                "\(at) focus next stopped at a boundary after \"\(reached[reached.count - 1].auditName)\" without reaching \(expected[reached.count].phrase)",
                reached
            )
        }
        if let last = expected.last, !last.matches(boundary.element) {
            return (
                "\(at) focus next from the last element was marked a boundary but left the cursor on \"\(boundary.element.auditName)\"",
                reached
            )
        }

        // Back again: each element before the last, in reverse, then a boundary on the first.
        var from = reached[reached.count - 1]
        for want in expected.dropLast().reversed() {
            let (previous, problem) = stepFocus(&subject, .previous)
            moves += 1
            guard let previous else { return ("\(at) \(problem ?? "")", reached) }
            let step = "focus previous from \"\(from.auditName)\""
            if previous.isBoundary { return ("\(at) \(step) stopped at a boundary before reaching \(want.phrase)", reached) }
            if !want.matches(previous.element) {
                return ("\(at) \(step) \(focusMismatch(previous.element, want: want, current: page))", reached)
            }
            from = previous.element
        }
        let (beyond, problem) = stepFocus(&subject, .previous)
        moves += 1
        guard let beyond else { return ("\(at) \(problem ?? "")", reached) }
        if !beyond.isBoundary {
            return ("\(at) focus previous from the first element \(focusMismatch(beyond.element, want: nil, current: page))", reached)
        }
        if !expected[0].matches(beyond.element) {
            return (
                "\(at) focus previous from the first element was marked a boundary but left the cursor on \"\(beyond.element.auditName)\"",
                reached
            )
        }

        // A four-finger tap near the bottom: the last element.
        let (last, lastProblem) = stepFocus(&subject, .last)
        moves += 1
        guard let last else { return ("\(at) \(lastProblem ?? "")", reached) }
        if let want = expected.last, !want.matches(last.element) {
            return ("\(at) focus last \(focusMismatch(last.element, want: want, current: page))", reached)
        }
        return (nil, reached)
    }

    /// With the cursor on the page's content, the page changes (the app, or a swipe elsewhere):
    /// the content element must then read the new page's title, not the one it was reached with.
    package func followsPageProblem(_ start: Subject, page: Int, at: String, moves: inout Int) -> String? {
        let other = page + 1 < count ? page + 1 : page - 1
        guard other >= 0, base.pages[other] != base.pages[page] else { return nil }
        var subject = start
        let (first, problem) = stepFocus(&subject, .first)
        moves += 1
        guard first != nil else { return "\(at) \(problem ?? "")" }
        do { try subject.reduce(.goTo(other)) } catch { return "\(at) going to page \(other + 1) was refused: \(error)" }
        let want = expectedElements(onPage: other)[0]
        for move in [FocusMove.next, .previous] {
            let (change, problem) = stepFocus(&subject, move)
            moves += 1
            guard let change else { return "\(at) \(problem ?? "")" }
            if move == .previous, !want.matches(change.element) {
                return
                    "\(at) after going to page \(other + 1) with the cursor on the page's content, focus next then previous \(focusMismatch(change.element, want: want, current: other))"
            }
        }
        return nil
    }

    package func checkFocusOrder() -> AuditFinding {
        var problems: [String] = []
        var moves = 0
        var followed = 0
        var walked: [AccessibilityElement] = []
        let refused = everyPage { start, page, direction, _ in
            let current = count > 0 ? page : nil
            let at = current.map { "on \(pageName($0))\(direction == .rightToLeft ? " (RTL)" : ""):" } ?? "with no pages:"
            let (problem, reached) = focusWalkProblem(start, page: current, at: at, moves: &moves)
            if walked.isEmpty { walked = reached }
            if let problem {
                problems.append(problem)
            } else if let current {
                let before = moves
                if let drift = followsPageProblem(start, page: current, at: at, moves: &moves) { problems.append(drift) }
                if moves > before { followed += 1 }
            }
        }
        problems += refused

        // No pages: only the dots, even with the cursor on the content as the last page goes.
        var emptyWalk: [AccessibilityElement] = count == 0 ? walked : []
        for direction in LayoutDirection.allCases where count > 0 {
            let at = "with no pages\(direction == .rightToLeft ? " (RTL)" : ""):"
            do {
                var empty = try subject(at: 0, direction: direction)
                _ = stepFocus(&empty, .first)
                try empty.reduce(.setPages([]))
                let (problem, reached) = focusWalkProblem(empty, page: nil, at: at, moves: &moves)
                if let problem { problems.append(problem) }
                if emptyWalk.isEmpty { emptyWalk = reached }
            } catch {
                problems.append("\(at) emptying the pager was refused: \(error)")
            }
        }

        guard problems.isEmpty else { return .fail(.focusOrder, Self.summarise(problems)) }
        let empty = emptyWalk.map(\.auditName).joined(separator: " → ")
        guard count > 0 else {
            return .pass(
                .focusOrder, "with no pages, focus next reaches only \(empty), then stops at a boundary, in LTR and RTL (\(moves) moves)")
        }
        let walk = walked.map(\.auditName).joined(separator: " → ")
        let placeWalked = count == 1 ? "on the only page" : "on page 1, and likewise on \(pagesPhrase)"
        let follows = followed > 0 ? " and the content follows the page" : ""
        return .pass(
            .focusOrder,
            "\(walk) \(placeWalked), LTR and RTL: focus next reaches the page's content, then the dots, each once, and stops at a boundary; focus previous walks back; no hidden page is reached\(follows); with no pages, only \(empty) (\(moves) moves)"
        )
    }
}

extension Auditor {
    /// focus-visible (WCAG 2.4.7) has nothing of the model's to judge: the SwiftUI component
    /// draws no focus of its own, and VoiceOver's cursor and Full Keyboard Access's ring are
    /// drawn by the system over whatever has focus. A page's own controls draw theirs, and are
    /// photographed (`audit --url`).
    package func checkFocusVisible() -> AuditFinding {
        .notApplicable(
            .focusVisible,
            "the component draws no focus of its own: VoiceOver's cursor and Full Keyboard Access's ring are drawn by the system over any control (a web page's controls draw theirs, and audit --url measures them)"
        )
    }
}

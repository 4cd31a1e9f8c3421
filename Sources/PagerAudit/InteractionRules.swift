import PagerCore

/// label, value, adjustable, scroll, edges, one-announcement: what a screen-reader user hears
/// and can do. (focus-order: FocusOrderRule.swift.)
extension Auditor {
    // MARK: - label (WCAG 4.1.2)

    package func checkLabel() -> AuditFinding {
        var problems: [String] = []
        let refused = everyPage(directions: [.leftToRight]) { subject, page, _, _ in
            if let problem = labelProblem(subject.accessibilityElement) {
                problems.append("on \(pageName(page)) \(problem)")
            }
        }
        problems += refused
        var empty = base
        do {
            try empty.reduce(.setPages([]))
            if let problem = labelProblem(empty.accessibilityElement) { problems.append("with no pages \(problem)") }
        } catch {
            problems.append("emptying the pager was refused: \(error)")
        }
        guard problems.isEmpty else { return .fail(.label, Self.summarise(problems)) }
        return .pass(.label, "the page dots are labelled \"\(base.accessibilityElement.label)\" on every page and when empty")
    }

    package func labelProblem(_ element: AccessibilityElement) -> String? {
        let label = element.label
        if label.trimmingSpaces().isEmpty {
            return
                "the page dots have no accessibility label, so VoiceOver reads a bare \"\(element.value)\" that does not say what it counts"
        }
        if AccessibleText.isSilent(label) {
            return
                "the page dots' label \"\(label.clipped())\" holds only characters a screen reader does not say, so VoiceOver reads a bare \"\(element.value)\""
        }
        if label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the label \"\(label.clipped())\" contains control characters"
        }
        return nil
    }

    // MARK: - value (WCAG 4.1.2)

    /// What the value must read, worked out independently of the model's strings.
    package func expectedValue(_ subject: Subject) -> String {
        subject.count > 0 ? "\(subject.index + 1) of \(subject.count)" : "None"
    }

    package func valueProblem(_ subject: Subject, after what: String) -> String? {
        let value = subject.accessibilityElement.value
        let expected = expectedValue(subject)
        return value == expected ? nil : "after \(what) the value reads \"\(value.clipped())\" instead of \"\(expected)\""
    }

    package func checkValue() -> AuditFinding {
        var problems: [String] = []
        var changes = 0
        let refused = everyPage { start, page, direction, _ in
            let context = direction == .rightToLeft ? " (RTL)" : ""
            changes += 1
            if let problem = valueProblem(start, after: "going to \(pageName(page))\(context)") { problems.append(problem) }
            var goTos = [0, count - 1, page - 1, page + 1].filter { $0 >= 0 && $0 < count && $0 != page }
            goTos = goTos.reduce(into: [Int]()) { if !$0.contains($1) { $0.append($1) } }
            let jumps = goTos.map { Probe(name: "go to page \($0 + 1)", kind: nil, actions: [.goTo($0)], step: $0 - page) }
            for probe in probes(direction) + jumps {
                let outcome = run(probe, on: start)
                changes += 1
                if let error = outcome.error {
                    problems.append("\(probe.name) on \(pageName(page))\(context) was refused: \(error)")
                } else if let problem = valueProblem(outcome.subject, after: "\(probe.name) on \(pageName(page))\(context)") {
                    problems.append(problem)
                }
            }
        }
        problems += refused

        // The page list changes under the person: shrink from the last page, empty, refill.
        do {
            var changing = try subject(at: count - 1)
            let titles = (0..<count).map { "Page \($0 + 1)" }
            if count > 1 {
                try changing.reduce(.setPages(Array(titles.dropLast())))
                changes += 1
                if let problem = valueProblem(changing, after: "removing the last page while on it") { problems.append(problem) }
            }
            try changing.reduce(.setPages([]))
            changes += 1
            if let problem = valueProblem(changing, after: "removing every page") { problems.append(problem) }
            for probe in probes(.leftToRight) {
                let outcome = run(probe, on: changing)
                changes += 1
                if let problem = valueProblem(outcome.subject, after: "\(probe.name) with no pages") { problems.append(problem) }
            }
            try changing.reduce(.setPages(titles))
            changes += 1
            if let problem = valueProblem(changing, after: "refilling an emptied pager") { problems.append(problem) }
        } catch {
            problems.append("changing the page list was refused: \(error)")
        }

        guard problems.isEmpty else { return .fail(.value, Self.summarise(problems)) }
        return .pass(
            .value, "the value reads \"N of \(count)\" for the current page after all \(changes) changes, and \"None\" on an emptied copy")
    }

    // MARK: - adjustable (WCAG 4.1.2), scroll (WCAG 2.1.1)

    package func checkStepping(_ kind: AuditActionKind) -> AuditFinding {
        let rule: AuditRule = kind == .adjustable ? .adjustable : .scroll
        let indicator = base.dots.style == .indicator
        guard offered.contains(kind) else {
            if kind == .adjustable, indicator { return checkIndicatorIsNotAdjustable() }
            return kind == .adjustable
                ? .fail(
                    rule,
                    "the component offers no adjustable action (see --actions): VoiceOver users cannot swipe up or down on the page dots to change page"
                )
                : .fail(
                    rule,
                    "the component offers no scroll action (see --actions): VoiceOver's three-finger swipe, Switch Control and Voice Control cannot change page"
                )
        }
        if kind == .adjustable, !base.accessibilityElement.traits.contains(.adjustable) {
            // Claimed but absent: the claim is judged by what the subject does, never assumed.
            guard indicator else {
                return .fail(rule, "the page dots lack the adjustable trait, so VoiceOver does not offer swiping up or down on them")
            }
            var probe = base
            do { try probe.reduce(.increment) } catch {
                return .fail(
                    rule,
                    "adjustable is claimed (see --actions), but the indicator lacks the adjustable trait and increment was refused: \(error)"
                )
            }
            return .fail(
                rule,
                "adjustable is claimed (see --actions), but the indicator lacks the adjustable trait, so VoiceOver does not offer swiping up or down on it"
            )
        }
        var problems: [String] = []
        var checked = 0
        let refused = everyPage { start, _, direction, _ in
            for probe in probes(direction, kinds: [kind]) {
                checked += 1
                let outcome = run(probe, on: start)
                if let problem = moveProblem(probe, outcome, direction) { problems.append(problem) }
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(rule, Self.summarise(problems)) }
        let names = kind == .adjustable ? "increment and decrement" : "scroll trailing and leading"
        return .pass(
            rule,
            "\(names) move exactly one page from \(pagesPhrase) and stop at the first and last page, in LTR and RTL (\(checked) actions)")
    }

    /// The page indicator (SwiftUI's page index view) is a label and a value that follow a paged view: it has no adjustable
    /// action, so the rule does not apply, as long as the element does not claim one either. An
    /// adjustable trait without the action would have VoiceOver say "adjustable" and then do
    /// nothing on a swipe up or down.
    package func checkIndicatorIsNotAdjustable() -> AuditFinding {
        var problems: [String] = []
        let refused = everyPage(directions: [.leftToRight]) { subject, page, _, _ in
            let element = subject.accessibilityElement
            if element.traits.contains(.adjustable) {
                problems.append(
                    "on \(pageName(page)) the indicator carries the adjustable trait, but the component offers no adjustable action (see --actions): VoiceOver says \"adjustable\" and a swipe up or down does nothing"
                )
            } else if !element.hint.isEmpty {
                problems.append("on \(pageName(page)) the indicator's hint \"\(element.hint.clipped())\" offers an action it does not have")
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(.adjustable, Self.summarise(problems)) }
        // Named as VoiceOver reads it on the second page where there is one: the value visibly
        // follows the page.
        let shown = (try? subject(at: min(1, max(count - 1, 0))).accessibilityElement) ?? base.accessibilityElement
        return .notApplicable(
            .adjustable,
            "the indicator has no adjustable action (a page indicator only follows its paged view): VoiceOver reads it as \(shown.auditName) and moves with the paged view"
        )
    }

    /// Why a probe did not land where it must, or nil.
    package func moveProblem(_ probe: Probe, _ outcome: Outcome, _ direction: LayoutDirection) -> String? {
        let at = "\(probe.name) on \(pageName(outcome.before))\(direction == .rightToLeft ? " (RTL)" : "")"
        if let error = outcome.error { return "\(at) was refused: \(error)" }
        let want = expected(probe, from: outcome.before)
        let got = outcome.after
        guard got != want else { return nil }
        let wrapped =
            (probe.step > 0 && outcome.before == count - 1 && got < outcome.before)
            || (probe.step < 0 && outcome.before == 0 && got > outcome.before)
        if wrapped { return "\(at) wrapped around to page \(got + 1)" }
        if got == outcome.before { return "\(at) stayed on page \(got + 1) instead of going to page \(want + 1)" }
        if abs(got - outcome.before) > 1 { return "\(at) moved \(abs(got - outcome.before)) pages, to page \(got + 1)" }
        return "\(at) went to page \(got + 1) instead of page \(want + 1)"
    }

    // MARK: - edges (WCAG 4.1.3)

    package func checkEdges() -> AuditFinding {
        // Tapping a dot selects that page outright: there is no page beyond to hit.
        guard !offered.subtracting([.tap]).isEmpty else {
            return .notApplicable(
                .edges,
                offered.isEmpty
                    ? "the component offers no action to change page with (see --actions)"
                    : "tapping a dot selects its page outright, and the component offers no action that steps from page to page (see --actions)"
            )
        }
        var problems: [String] = []
        var checked = 0
        let refused = everyPage { start, page, direction, _ in
            let context = direction == .rightToLeft ? " (RTL)" : ""
            for probe in probes(direction) where probe.step != 0 {
                let outcome = run(probe, on: start)
                let at = "\(probe.name) on \(pageName(page))\(context)"
                if let error = outcome.error {
                    problems.append("\(at) was refused: \(error)")
                    continue
                }
                let atEdge = expected(probe, from: page) == page
                let said = outcome.announcements
                if atEdge {
                    checked += 1
                    let repeated = "Page \(page + 1) of \(count)"
                    if outcome.after != page {
                        problems.append("\(at), past the end, left the page for page \(outcome.after + 1)")
                    } else if said.isEmpty {
                        problems.append("\(at), past the end, said nothing: the person cannot tell they hit the edge")
                    } else if !said.contains(where: \.isBoundary) {
                        problems.append("\(at), past the end, was not marked as a boundary")
                    } else if !said.contains(where: { $0.text == repeated }) {
                        problems.append("\(at), past the end, said \"\(said[0].text.clipped())\" instead of repeating \"\(repeated)\"")
                    }
                } else if said.contains(where: \.isBoundary) {
                    problems.append("\(at) changed page but was announced as a boundary")
                }
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(.edges, Self.summarise(problems)) }
        let ends = count == 1 ? "on the only page" : "on page 1 and page \(count)"
        return .pass(.edges, "\(ends), each of the \(checked) actions past the end keeps the page and repeats its value as a boundary")
    }

    // MARK: - one-announcement (WCAG 4.1.3)

    package func checkOneAnnouncement() -> AuditFinding {
        var problems: [String] = []
        var checked = 0
        let refused = everyPage { start, page, direction, _ in
            let context = direction == .rightToLeft ? " (RTL)" : ""
            // Nothing may be said while the finger is still down: the change has not happened yet.
            if offered.contains(.drag) {
                for sign in [-1.0, 1.0] {
                    var held = start
                    do {
                        var said = try held.reduce(.dragBegan)
                        said += try held.reduce(.dragChanged(translation: sign * held.width * 0.5))
                        checked += 1
                        let heard = said.filter { if case .announcement = $0 { true } else { false } }.count
                        if heard > 0 {
                            problems.append(
                                "a finger held \(Self.points(sign * held.width * 0.5)) on \(pageName(page))\(context) was announced before it lifted"
                            )
                        }
                    } catch {
                        problems.append("dragging on \(pageName(page))\(context) was refused: \(error)")
                    }
                }
            }
            let neighbours = [page - 1, page + 1].filter { $0 >= 0 && $0 < count }
            let jumps = neighbours.map { Probe(name: "go to page \($0 + 1)", kind: nil, actions: [.goTo($0)], step: $0 - page) }
            for probe in probes(direction) + jumps {
                checked += 1
                let outcome = run(probe, on: start)
                let at = "\(probe.name) on \(pageName(page))\(context)"
                if let error = outcome.error {
                    problems.append("\(at) was refused: \(error)")
                    continue
                }
                let said = outcome.announcements
                let want = probe.step == 0 ? 0 : 1
                if said.count != want {
                    let heard = said.map { "\"\($0.text)\"" }.joined(separator: ", ")
                    problems.append(
                        want == 0
                            ? "\(at) was announced (\(heard)) although the page did not change"
                            : said.isEmpty ? "\(at) was not announced" : "\(at) was announced \(said.count) times: \(heard)")
                } else if let announcement = said.first {
                    let now = outcome.after
                    let expectedText = "Page \(now + 1) of \(count)"
                    if announcement.text != expectedText || announcement.page != now + 1 {
                        problems.append("\(at) announced \"\(announcement.text.clipped())\" but the page is now \(now + 1) of \(count)")
                    }
                }
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(.oneAnnouncement, Self.summarise(problems)) }
        guard checked > 0 else {
            return .notApplicable(
                .oneAnnouncement, "nothing the component offers changes page, so there is nothing to announce (see --actions)")
        }
        return .pass(
            .oneAnnouncement,
            "each of \(checked) actions said exactly one \"Page N of \(count)\" when it changed page or hit an edge, and nothing on a cancel or while the finger was down"
        )
    }
}

extension AccessibilityElement {
    /// The element as VoiceOver names it in audit messages, without trait and hint: "Page, 2 of 3",
    /// "Explore".
    package var auditName: String {
        [label, value].filter { !$0.isEmpty }.map { $0.clipped() }.joined(separator: ", ")
    }
}

import PagerAudit
import PagerCore

/// What `verify --url` does to a real carousel, a line of a script at a time: the probe's own
/// steps (each waits until the widget is at rest), keyboard focus moved with Tab, and what a
/// screen reader is given for the focused element.
extension CarouselProbe {
    /// Does `action` as a person would, waits until the widget is at rest and reads what it
    /// conveys.
    package func act(_ action: PageStep.Action, facts: CarouselFacts, marks: [String: Int]) throws(Failure) -> PageStep {
        try step(action, facts, marks: marks)
    }

    /// What the widget conveys now, without acting on it.
    package func now(facts: CarouselFacts, marks: [String: Int]) throws(Failure) -> Conveyed {
        try conveyed(facts, marks: marks)
    }

    /// Whether a person can press a part (`next`, `previous`, `picker-2`) from the keyboard now.
    package enum Reach: Sendable, Equatable {
        /// It can be focused and is drawn.
        case pressable
        /// It is `disabled`, `aria-disabled`, or not drawn (a carousel that stops at an end
        /// disables or hides Previous on its first slide): it cannot be pressed.
        case disabled
        /// It is drawn and enabled but Tab never reaches it.
        case unreachable
    }

    /// `mark`'s reach as the page stands, not as it was at load: a control disabled on the first
    /// slide is enabled on the next.
    package func reach(_ mark: String) throws(Failure) -> Reach {
        if let part = pseudoParts.withLock({ $0[mark] }) {
            // A CSS carousel's pseudo-element part: the tree says whether it is disabled or can
            // be focused, and DevTools whether it is drawn.
            let tree: [JSON]
            do { tree = try page.accessibilitySubtree(of: part.backend, timeout: commandTimeout) } catch { throw .page(error) }
            guard let node = AccessibilitySnapshot(tree: tree, marks: [mark: part.backend]).nodes[mark], pseudoBox(mark) != nil else {
                return .disabled
            }
            return node.disabled ? .disabled : node.focusable ? .pressable : .unreachable
        }
        return switch try script("__pagervoice.reach(\(Self.literal(mark)))").stringValue {
        case "pressable": .pressable
        case "disabled": .disabled
        default: .unreachable
        }
    }

    /// Tab, or Shift-Tab: keyboard focus to the next or previous focusable element.
    package func moveFocus(backwards: Bool) throws(Failure) {
        try run { try page.press(.tab, modifiers: backwards ? [.shift] : []) }
        try settle()
    }

    /// What a screen reader is given for the element with keyboard focus, from the
    /// accessibility tree: its name, its role, and the states it has ("Slide 2, tab, selected");
    /// nil when nothing in the page has focus.
    package func focusedElement() throws(Failure) -> String? {
        let tree: [JSON]
        do { tree = try page.accessibilityTree(timeout: commandTimeout) } catch { throw .page(error) }
        for raw in tree where raw["ignored"]?.boolValue != true {
            let properties = raw["properties"]?.arrayValue ?? []
            let focused = properties.contains {
                $0["name"]?.stringValue == "focused" && $0["value"]?["value"]?.boolValue == true
            }
            var node = AccessibilitySnapshot.node(raw)
            guard focused, node.role != "RootWebArea" else { continue }
            // An element holding focus for another (aria-activedescendant: a tablist holding focus
            // itself): a screen reader says the one it points at.
            let relation = properties.first { $0["name"]?.stringValue == "activedescendant" }
            let related: JSON? = relation?["value"]?["relatedNodes"]?[0]
            if let pointed = related?["backendDOMNodeId"]?.intValue,
                let target = tree.first(where: { $0["backendDOMNodeId"]?.intValue == pointed })
            {
                node = AccessibilitySnapshot.node(target)
            }
            // Chromium's tree leaves aria-valuetext empty and does not carry aria-current (NVDA
            // and JAWS say it); the markup has both.
            let markup = try script("__pagervoice.focusAttributes()")
            if node.valueText?.isEmpty != false, node.role == "slider" {
                node.valueText = markup["valuetext"]?.stringValue ?? node.value.map { AuditNumber.short($0) }
            }
            return Self.spoken(node, current: markup["current"]?.stringValue)
        }
        return nil
    }

    /// "Slide 2, tab, selected", "One, radio, checked": the name, the role, then the states set. `current` is the
    /// element's `aria-current`: "current step" for `step` (and for `page`, `location`, `date`,
    /// `time` alike), "current" for `true` or a value ARIA does not know (which it treats as
    /// `true`), nothing for `false` or none, as NVDA says them.
    static func spoken(_ node: AccessibilitySnapshot.Node, current: String? = nil) -> String {
        var parts: [String] = []
        if !AccessibleText.isSilent(node.name) { parts.append(node.name) }
        parts.append(node.role)
        if let current = current?.trimmingSpaces().lowercased(), !current.isEmpty, current != "false" {
            parts.append(["page", "step", "location", "date", "time"].contains(current) ? "current \(current)" : "current")
        }
        if node.selected == true { parts.append("selected") }
        // A radio button or checkbox is said checked or not, as NVDA says it ("not checked").
        switch node.checked {
        case "true": parts.append("checked")
        case "false": parts.append("not checked")
        case "mixed": parts.append("half checked")
        default: break
        }
        if node.pressed == true { parts.append("pressed") }
        if node.disabled { parts.append("dimmed") }
        if let text = node.valueText, !text.isEmpty { parts.append(text) }
        return parts.joined(separator: ", ")
    }
}

import PagerCore

/// The pager's accessibility elements as the shell shows them: what `focus` speaks, what
/// `describe` prints (AccessibilitySnapshot's text form), and their JSON.
enum ElementReport {
    /// `focus`, `focus next`…: the element reached is spoken; at either end nothing is spoken and
    /// the output says where the cursor stayed.
    static func focus(_ element: AccessibilityElement, move: FocusMove?, isBoundary: Bool, verbosity: AccessibilityElement.Verbosity)
        -> SessionOutput
    {
        let text = element.focusDescription(verbosity: verbosity)
        var members: [(String, JSON)] = [("type", .string("focus"))]
        if let move { members.append(("move", .string(move.rawValue))) }
        members += [("boundary", .bool(isBoundary)), ("text", .string(isBoundary ? "" : text))] + fields(element)
        guard isBoundary else {
            return .speech(.init(kind: "focus", text: text, priority: .default, json: .object(members)))
        }
        let side = move == .previous ? "before" : "after"
        return .boundary(.init(text: ["(no element \(side) this one; focus stays on \(text))"], json: .object(members)))
    }

    /// `describe`: every element in reading order, `Label: Value. Trait.` with the hint on the
    /// line below (indented), as AccessibilitySnapshot writes them under an iOS snapshot.
    static func describe(_ pager: Pager) -> SessionOutput.Info {
        var text: [String] = []
        var elements: [JSON] = []
        for element in pager.accessibilityElements {
            let snapshot = element.snapshotDescription
            text.append(snapshot.description)
            if let hint = snapshot.hint { text.append("  " + hint) }
            var members = fields(element)
            members += [
                ("description", .string(snapshot.description)), ("snapshot_hint", snapshot.hint.map { .string($0) } ?? .null),
                ("focused", .bool(element.kind == pager.focusedElement.kind)),
            ]
            elements.append(.object(members))
        }
        return .init(text: text, json: .object([("type", .string("describe")), ("elements", .array(elements))]))
    }

    /// An element's own fields, for every event that carries one.
    static func fields(_ element: AccessibilityElement) -> [(String, JSON)] {
        [
            ("element", .string(element.kind.rawValue)), ("label", .string(element.label)), ("value", .string(element.value)),
            ("traits", .array(element.traits.map { .string($0.rawValue) })), ("hint", .string(element.hint)),
        ]
    }

    /// The elements for `layout`'s JSON.
    static func json(_ pager: Pager) -> JSON {
        .array(
            pager.accessibilityElements.map { element in
                .object(fields(element) + [("focused", .bool(element.kind == pager.focusedElement.kind))])
            })
    }
}

import PagerCore

/// The `layout` command: every rendered page and the dots, as a table and as the contract's JSON.
enum LayoutReport {
    static func make(_ pager: Pager) -> SessionOutput.Info {
        let layout = pager.layout()
        let dots = pager.dots
        let element = pager.accessibilityElement
        var text = [
            "position \(NumberText.fixed(layout.position, 3))  width \(NumberText.fixed(pager.width, 1)) pt  "
                + "\(pager.direction.rawValue)  reduce motion \(pager.reduceMotion ? "on" : "off")",
            "page  offset_x  screen_x  scale  brightness  z  touch  VoiceOver",
        ]
        for page in layout.pages {
            text.append(
                [
                    Formatting.pad(String(page.page + 1), 4),
                    Formatting.pad(NumberText.fixed(page.offsetX, 1), 9),
                    Formatting.pad(NumberText.fixed(page.screenOffsetX, 1), 9),
                    Formatting.pad(NumberText.fixed(page.scale, 3), 6),
                    Formatting.pad(NumberText.fixed(page.brightness, 3), 11),
                    Formatting.pad(String(page.zIndex), 2),
                    Formatting.pad(page.isHitTestable ? "yes" : "no", 6),
                    "  " + (page.isAccessibilityHidden ? "hidden" : "visible"),
                ].joined(separator: " "))
        }
        if layout.pages.isEmpty { text.append("  (no pages)") }
        text.append("dots (\(dots.style.rawValue)): \(DotsLine.render(dots))   \(element.label): \(element.value)")
        let focused = pager.focusedElement.kind
        text.append(
            "elements: "
                + pager.accessibilityElements.map { element in
                    element.focusDescription(verbosity: .terse) + (element.kind == focused ? " (focus)" : "")
                }.joined(separator: " | "))
        return .init(text: text, json: json(pager, layout: layout))
    }

    /// `{"type":"layout","page":2,"count":3,"position":1.0,"width":390,"direction":"ltr",…}`
    static func json(_ pager: Pager, layout: PagerLayout) -> JSON {
        let dots = pager.dots
        let element = pager.accessibilityElement
        return .object([
            ("type", .string("layout")),
            ("page", .int(pager.pageNumber)),
            ("count", .int(pager.count)),
            ("position", .double(layout.position)),
            ("width", .points(pager.width)),
            ("direction", .string(pager.direction.rawValue)),
            ("reduce_motion", .bool(pager.reduceMotion)),
            (
                "pages",
                .array(
                    layout.pages.map { page in
                        .object([
                            ("page", .int(page.page + 1)),
                            ("offset_x", .double(page.offsetX)),
                            ("scale", .double(page.scale)),
                            ("brightness", .double(page.brightness)),
                            ("z_index", .int(page.zIndex)),
                            ("hit_testable", .bool(page.isHitTestable)),
                            ("accessibility_hidden", .bool(page.isAccessibilityHidden)),
                            ("screen_offset_x", .double(page.screenOffsetX)),
                        ])
                    })
            ),
            (
                "dots",
                .object([
                    ("style", .string(dots.style.rawValue)),
                    ("label", .string(element.label)),
                    ("value", .string(element.value)),
                    (
                        "dots",
                        .array(
                            dots.dots.map { dot in
                                .object([("width", .points(dot.width)), ("height", .points(dot.height)), ("opacity", .double(dot.opacity))])
                            })
                    ),
                ])
            ),
            ("elements", ElementReport.json(pager)),
        ])
    }
}

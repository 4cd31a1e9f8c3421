import PagerCore

/// The `status` command: the whole state in a few lines.
enum StatusReport {
    static func make(_ pager: Pager, speech: String, language: String, listening: String? = nil) -> SessionOutput.Info {
        let finger: String
        if let drag = pager.drag {
            finger = drag.isActive ? "down, moved \(NumberText.fixed(drag.screenTranslation, 1)) pt" : "down, not yet dragging"
        } else {
            finger = "up"
        }
        var text = [
            pager.announcementText + (pager.currentTitle.map { ": \($0)" } ?? ""),
            "pages: "
                + (pager.pages.isEmpty
                    ? "(none)"
                    : pager.pages.prefix(20).joined(separator: ", ")
                        + (pager.count > 20 ? ", … (\(pager.count) in all)" : "")),
            "width \(NumberText.fixed(pager.width, 1)) pt, \(pager.direction.rawValue), reduce motion "
                + "\(pager.reduceMotion ? "on" : "off"), lang \(pager.strings.code), transition \(pager.pageChangeStyle.rawValue)",
            "dots: \(DotsLine.render(pager.dots)) (\(pager.dotsStyle.rawValue), text size \(pager.textSize.rawValue))",
            "focus: \(pager.focusedElement.focusDescription(verbosity: .terse))",
            "language: \(pager.strings.name) (\(language))",
            "finger: \(finger)",
        ]
        if !speech.isEmpty { text.append("speech: \(speech)") }
        if let listening { text.append("listening: \(listening)") }
        var members: [(String, JSON)] = [
            ("type", .string("status")),
            ("page", .int(pager.pageNumber)),
            ("count", .int(pager.count)),
            ("title", pager.currentTitle.map { .string($0) } ?? .null),
            ("pages", .array(pager.pages.map { .string($0) })),
            ("value", .string(pager.valueText)),
            ("width", .points(pager.width)),
            ("direction", .string(pager.direction.rawValue)),
            ("reduce_motion", .bool(pager.reduceMotion)),
            ("lang", .string(pager.strings.code)),
            ("lang_reason", .string(language)),
            ("transition", .string(pager.pageChangeStyle.rawValue)),
            ("finger_down", .bool(pager.drag != nil)),
            ("style", .string(pager.dotsStyle.rawValue)),
            ("text_size", .string(pager.textSize.rawValue)),
            ("focus", .string(pager.focusedElement.kind.rawValue)),
        ]
        if !speech.isEmpty { members.append(("speech", .string(speech))) }
        if let listening { members.append(("listening", .string(listening))) }
        return .init(text: text, json: .object(members))
    }
}

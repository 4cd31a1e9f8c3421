import PagerCore

/// A plain-text table: every column right-aligned to its widest cell, so a change from one frame
/// to the next is easy to follow down a column. The model returns values (PagerCore); how they
/// read on a terminal is decided here, at the edge.
enum TextTable {
    static func render(headers: [String], rows: [[String]]) -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                String(repeating: " ", count: max(widths[column] - cell.count, 0)) + cell
            }.joined(separator: "  ")
        }
        return ([line(headers)] + rows.map(line)).joined(separator: "\n")
    }
}

extension MotionAnimation {
    /// The animation as SwiftUI code reads: `smooth(duration: 0.45)`,
    /// `spring(duration: 0.35, bounce: 0.3)`, or `none`.
    var summary: String {
        guard let spring else { return "none" }
        var arguments = ["duration: \(NumberText.compact(spring.duration))"]
        switch spring.kind {
        case .spring:
            arguments.append("bounce: \(NumberText.compact(spring.bounce))")
        case .smooth, .snappy, .bouncy:
            let base = spring.kind == .snappy ? 0.15 : (spring.kind == .bouncy ? 0.3 : 0)
            let extra = spring.bounce - base
            if abs(extra) > 1e-12 { arguments.append("extraBounce: \(NumberText.compact(extra))") }
        }
        var text = "\(spring.kind.rawValue)(\(arguments.joined(separator: ", ")))"
        if spring.initialVelocity != 0 {
            text += ", initial velocity \(NumberText.fixed(spring.initialVelocity, 3))/s"
        }
        return text
    }
}

extension Timeline {
    /// One line: `smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames`.
    var summary: String {
        let frames = frameCount == 1 ? "1 frame" : "\(frameCount) frames"
        if case .none = animation { return "none (changes at once): \(frames)" }
        return "\(animation.summary) at \(framesPerSecond) fps: logically complete "
            + "\(logicallyCompleteMilliseconds) ms, settled \(settledMilliseconds) ms, \(frames)"
    }
}

extension PagerFrames {
    /// The frames as text: a summary line, then one row per frame with time, progress, position
    /// and every drawn page's look (offsets in layout points, as the `layout` command shows them).
    func table() -> String {
        let pages = frames.first.map { Self.pageNumbers($0.pages) } ?? []
        var headers = ["t ms", "progress", "position"]
        let isTransition = style != .interactive
        for (page, label) in pages {
            let name = "p\(page + 1)\(label)"
            headers +=
                isTransition
                ? ["\(name) x", "y", "scale", "opacity", "bright"]
                : ["\(name) x", "scale", "bright"]
        }
        let rows = frames.map { frame -> [String] in
            var row = [
                NumberText.fixed(frame.time * 1000, 1), NumberText.fixed(frame.progress, 4),
                NumberText.fixed(frame.position, 4),
            ]
            switch frame.pages {
            case .interactive(let layouts):
                for (page, _) in pages {
                    guard let layout = layouts.first(where: { $0.page == page }) else {
                        row += ["", "", ""]
                        continue
                    }
                    row += [
                        NumberText.fixed(layout.offsetX, 1), NumberText.fixed(layout.scale, 3),
                        NumberText.fixed(layout.brightness, 3),
                    ]
                }
            case .transition(let transitioned):
                for (page, _) in pages {
                    guard let drawn = transitioned.first(where: { $0.page == page }) else {
                        row += ["", "", "", "", ""]
                        continue
                    }
                    let effect = drawn.effect
                    row += [
                        NumberText.fixed(effect.offsetX, 1), NumberText.fixed(effect.offsetY, 1),
                        NumberText.fixed(effect.scale, 3), NumberText.fixed(effect.opacity, 3),
                        NumberText.fixed(effect.brightness, 3),
                    ]
                }
            }
            return row
        }
        return timeline.summary + "\n" + TextTable.render(headers: headers, rows: rows)
    }

    /// The pages drawn, with " in"/" out" marks under a transition.
    private static func pageNumbers(_ pages: PagerFrame.Pages) -> [(Int, String)] {
        switch pages {
        case .interactive(let layouts):
            layouts.map { ($0.page, "") }
        case .transition(let transitioned):
            transitioned.map { ($0.page, $0.role == .appearing ? " in" : " out") }
        }
    }
}

extension DotsFrames {
    /// The dots' frames as text: width and opacity of every dot on every frame.
    func table() -> String {
        var headers = ["t ms", "progress"]
        for dot in 0..<to.count { headers += ["dot \(dot + 1) w", "opacity"] }
        let rows = frames.map { frame -> [String] in
            [NumberText.fixed(frame.time * 1000, 1), NumberText.fixed(frame.progress, 4)]
                + frame.dots.flatMap { [NumberText.fixed($0.width, 2), NumberText.fixed($0.opacity, 3)] }
        }
        return timeline.summary + "\n" + TextTable.render(headers: headers, rows: rows)
    }
}

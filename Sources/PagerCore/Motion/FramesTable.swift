/// Frames as a plain-text table, for the `frames` command in text mode.
///
/// A person auditing motion reads numbers, not curves: one row per frame, fixed decimals, columns
/// right-aligned so a change from one frame to the next is easy to follow down a column.
/// Rendering lives here, beside the data, so every front end prints the same table; writing it
/// out is the shell's job.
public enum FramesTable {
    /// Right-aligns every column to its widest cell and joins the rows with newlines.
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

    /// `value` with exactly `decimals` digits after the point, without Foundation; never "-0.000".
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        let fraction = String(units % Int64(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// A number as a person writes it in code: `0.45`, `0.3`, `1`.
    static func short(_ value: Double) -> String {
        var text = fixed(value, 3)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

extension MotionAnimation {
    /// The animation as SwiftUI code reads: `smooth(duration: 0.45)`,
    /// `spring(duration: 0.35, bounce: 0.3)`, or `none`.
    public var summary: String {
        guard let spring else { return "none" }
        var arguments = ["duration: \(FramesTable.short(spring.duration))"]
        switch spring.kind {
        case .spring:
            arguments.append("bounce: \(FramesTable.short(spring.bounce))")
        case .smooth, .snappy, .bouncy:
            let base = spring.kind == .snappy ? 0.15 : (spring.kind == .bouncy ? 0.3 : 0)
            let extra = spring.bounce - base
            if abs(extra) > 1e-12 { arguments.append("extraBounce: \(FramesTable.short(extra))") }
        }
        var text = "\(spring.kind.rawValue)(\(arguments.joined(separator: ", ")))"
        if spring.initialVelocity != 0 {
            text += ", initial velocity \(FramesTable.fixed(spring.initialVelocity, 3))/s"
        }
        return text
    }
}

extension Timeline {
    /// One line: `smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames`.
    public var summary: String {
        let frames = frameCount == 1 ? "1 frame" : "\(frameCount) frames"
        if case .none = animation { return "none (changes at once): \(frames)" }
        return "\(animation.summary) at \(framesPerSecond) fps: logically complete "
            + "\(logicallyCompleteMilliseconds) ms, settled \(settledMilliseconds) ms, \(frames)"
    }
}

extension PagerFrames {
    /// The frames as text: a summary line, then one row per frame with time, progress, position
    /// and every drawn page's look (offsets in layout points, as the `layout` command shows them).
    public func table() -> String {
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
                FramesTable.fixed(frame.time * 1000, 1), FramesTable.fixed(frame.progress, 4),
                FramesTable.fixed(frame.position, 4),
            ]
            switch frame.pages {
            case .interactive(let layouts):
                for (page, _) in pages {
                    guard let layout = layouts.first(where: { $0.page == page }) else {
                        row += ["", "", ""]
                        continue
                    }
                    row += [
                        FramesTable.fixed(layout.offsetX, 1), FramesTable.fixed(layout.scale, 3),
                        FramesTable.fixed(layout.brightness, 3),
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
                        FramesTable.fixed(effect.offsetX, 1), FramesTable.fixed(effect.offsetY, 1),
                        FramesTable.fixed(effect.scale, 3), FramesTable.fixed(effect.opacity, 3),
                        FramesTable.fixed(effect.brightness, 3),
                    ]
                }
            }
            return row
        }
        return timeline.summary + "\n" + FramesTable.render(headers: headers, rows: rows)
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
    public func table() -> String {
        var headers = ["t ms", "progress"]
        for dot in 0..<to.count { headers += ["dot \(dot + 1) w", "opacity"] }
        let rows = frames.map { frame -> [String] in
            [FramesTable.fixed(frame.time * 1000, 1), FramesTable.fixed(frame.progress, 4)]
                + frame.dots.flatMap { [FramesTable.fixed($0.width, 2), FramesTable.fixed($0.opacity, 3)] }
        }
        return timeline.summary + "\n" + FramesTable.render(headers: headers, rows: rows)
    }
}

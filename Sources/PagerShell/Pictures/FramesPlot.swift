import PagerAudit
import PagerCore

/// The last page change as a picture: what `frames --svg FILE` writes.
///
/// Designers compare motion curves by eye, not by reading 43 rows of numbers: stacked panels
/// share one time axis (position, each rendered page's offset, scale and brightness, opacity
/// under a transition, the dots' widths), with the moments SwiftUI calls the change logically
/// complete and settled marked across them. A change that does not animate (Reduce Motion, a
/// finger on the pages) is one frame, drawn as the step it is.
///
/// The result is a self-contained SVG 1.1 document: no scripts, fonts, images or style sheets
/// from elsewhere; a `<title>` and a `<desc>` that say in words what the curves show, for people
/// who cannot see them.
public enum FramesPlot {
    /// The SVG document for `frames` (from `Pager.frames(for:)` or `restingFrames()`), headed by
    /// `title` (outside text: escaped, control characters replaced).
    public static func svg(_ frames: PagerFrames, title: String) -> String {
        FramesPlotDrawing(frames: frames, title: title).document()
    }

    /// The frames of the page change `action` causes on `pager`, sampled at `framesPerSecond`,
    /// or the pager's resting frames when the action changes no page (a cancelled drag, a
    /// setting): what `pagervoice frames` plots.
    public static func frames(
        of action: PagerAction, on pager: Pager, framesPerSecond: Int = Timeline.defaultFramesPerSecond
    ) throws(PagerError) -> PagerFrames {
        var after = pager
        let events = try after.reduce(action)
        let settle = events.compactMap { event -> Settle? in if case .settle(let settle) = event { settle } else { nil } }.last
        guard let settle else { return after.restingFrames(framesPerSecond: framesPerSecond) }
        return after.frames(for: settle, framesPerSecond: framesPerSecond)
    }
}

/// A value at a moment, in milliseconds since the change began.
struct PlotPoint {
    var time: Double
    var value: Double
}

/// One curve: a polyline through `points`, a dot on each sampled frame in `marks`.
struct PlotSeries {
    var name: String
    var color: SRGBColor
    var dash: String
    var width = 2.25
    var points: [PlotPoint]
    var marks: [PlotPoint] = []
}

/// One panel of the picture: a quantity over time.
struct PlotPanel {
    /// The quantity, and its unit ("" for a ratio): the panel's heading and y-axis label.
    var name: String
    var unit: String
    var series: [PlotSeries]
    /// A flat curve still gets a sensible range around it.
    var minimumSpan: Double
    /// Values the axis must include, and grows away from (1 for scale, 0…1 for opacity).
    var alwaysShown: [Double] = []
    /// What this panel is: the pages' position, one of their properties, or the dots.
    var kind = Kind.pages

    enum Kind {
        case position
        case pages
        case dots
    }

    /// "Horizontal offset (pt)"
    var title: String { unit.isEmpty ? name : "\(name) (\(unit))" }
}

/// A vertical line at a moment, labelled.
struct TimeMark {
    var milliseconds: Double
    var label: String
    var dash: String
    /// Where the label goes: left of the line (anchored at its end) or right of it.
    var labelOnLeft: Bool
}

/// Lays out and writes the picture. Coordinates are SVG user units (CSS pixels).
struct FramesPlotDrawing {
    let frames: PagerFrames
    let title: String

    // Geometry.
    static let width = 840.0
    static let plotLeft = 78.0
    static let plotRight = 612.0
    static let legendLeft = 634.0
    static let panelHeight = 112.0
    static let panelGap = 70.0
    static let firstPanelTop = 136.0
    static let fontFamily = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"

    /// The moments drawn: a little before the change (so a step at 0 is visible), through the
    /// last frame of the pages and of the dots.
    var endMilliseconds: Double {
        let last = max(
            frames.frames.last?.time ?? 0, frames.dots.frames.last?.time ?? 0, frames.timeline.settledTime,
            frames.dots.timeline.settledTime)
        // Nothing animates: leave room after the step to show that nothing follows it.
        return max(last * 1000, 300)
    }

    var leadMilliseconds: Double { (endMilliseconds * 0.08).rounded(.up) }

    var timeAxis: PlotAxis {
        let step = PlotAxis.roundStep(endMilliseconds / 7)
        return PlotAxis(
            lower: -leadMilliseconds, upper: endMilliseconds, step: step, from: Self.plotLeft, to: Self.plotRight)
    }

    var isImmediate: Bool { frames.frames.count == 1 }
    var dotsAreImmediate: Bool { frames.dots.frames.count == 1 }
    var isTransition: Bool { frames.style != .interactive }

    // MARK: - Data

    /// A page's look on one frame, the same fields for both kinds of page change.
    struct PageLook {
        var page: Int
        var role: TransitionRole?
        var offsetX: Double
        var offsetY: Double
        var scale: Double
        var opacity: Double
        var brightness: Double
    }

    static func looks(_ pages: PagerFrame.Pages) -> [PageLook] {
        switch pages {
        case .interactive(let layouts):
            layouts.map {
                PageLook(
                    page: $0.page, role: nil, offsetX: $0.offsetX, offsetY: 0, scale: $0.scale, opacity: 1,
                    brightness: $0.brightness)
            }
        case .transition(let pages):
            pages.map {
                PageLook(
                    page: $0.page, role: $0.role, offsetX: $0.effect.offsetX, offsetY: $0.effect.offsetY,
                    scale: $0.effect.scale, opacity: $0.effect.opacity, brightness: $0.effect.brightness)
            }
        }
    }

    /// Every page drawn during the change, in page order, with its role under a transition.
    var drawnPages: [(page: Int, role: TransitionRole?)] {
        var seen: [(page: Int, role: TransitionRole?)] = []
        for frame in frames.frames + [frames.rest] {
            for look in Self.looks(frame.pages) where !seen.contains(where: { $0.page == look.page }) {
                seen.append((look.page, look.role))
            }
        }
        return seen.sorted { $0.page < $1.page }
    }

    func pageName(_ page: Int, role: TransitionRole?) -> String {
        switch role {
        case .appearing: return "page \(page + 1) (in)"
        case .disappearing: return "page \(page + 1) (out)"
        case nil:
            if frames.fromIndex != frames.toIndex {
                if page == frames.toIndex { return "page \(page + 1) (to)" }
                if page == frames.fromIndex { return "page \(page + 1) (from)" }
            }
            return "page \(page + 1)"
        }
    }

    /// The moment in milliseconds and a value, for every frame.
    func sampled(_ value: (PagerFrame) -> Double?) -> [PlotPoint] {
        frames.frames.compactMap { frame in value(frame).map { PlotPoint(time: frame.time * 1000, value: $0) } }
    }

    /// The curve of one page property: the sampled frames, then the rest state held to the end.
    func pageSeries(_ page: Int, role: TransitionRole?, _ property: @escaping (PageLook) -> Double) -> PlotSeries {
        let look = { (frame: PagerFrame) in Self.looks(frame.pages).first { $0.page == page }.map(property) }
        var points = sampled(look)
        if let rest = look(frames.rest), let last = points.last, last.time < endMilliseconds {
            points.append(PlotPoint(time: endMilliseconds, value: rest))
        }
        let style = PlotPalette.style(page)
        return PlotSeries(
            name: pageName(page, role: role), color: style.color, dash: style.dash, points: points,
            marks: isImmediate ? sampled(look) : [])
    }

    var positionSeries: PlotSeries {
        let sampled = sampled { $0.position }
        var points: [PlotPoint] =
            [PlotPoint(time: -leadMilliseconds, value: frames.fromPosition), PlotPoint(time: 0, value: frames.fromPosition)] + sampled
        if let last = points.last, last.time < endMilliseconds {
            points.append(PlotPoint(time: endMilliseconds, value: frames.rest.position))
        }
        return PlotSeries(
            name: isImmediate ? "position (1 frame)" : "position (1 dot = 1 frame)", color: PlotPalette.ink, dash: "", width: 2,
            points: points, marks: sampled)
    }

    /// One curve per dot whose width changes; the dots that keep theirs share one grey line.
    var dotSeries: [PlotSeries] {
        let dots = frames.dots
        let count = dots.to.count
        guard count > 0 else { return [] }
        func width(_ dot: Int, in row: [PageDots.Dot]) -> Double? { dot < row.count ? row[dot].width : nil }
        func curve(_ dot: Int) -> (points: [PlotPoint], marks: [PlotPoint]) {
            let marks = dots.frames.compactMap { frame in width(dot, in: frame.dots).map { PlotPoint(time: frame.time * 1000, value: $0) } }
            var points = marks
            if let before = width(dot, in: dots.from.dots) {
                points = [PlotPoint(time: -leadMilliseconds, value: before), PlotPoint(time: 0, value: before)] + points
            }
            if let rest = width(dot, in: dots.rest), let last = points.last, last.time < endMilliseconds {
                points.append(PlotPoint(time: endMilliseconds, value: rest))
            }
            return (points, marks)
        }
        var series: [PlotSeries] = []
        var unchanged: [Int] = []
        for dot in 0..<count {
            let (points, marks) = curve(dot)
            let values = points.map(\.value)
            if let first = values.first, values.allSatisfy({ abs($0 - first) < 1e-9 }) {
                unchanged.append(dot)
                continue
            }
            let style = PlotPalette.style(dot)
            series.append(
                PlotSeries(
                    name: "dot \(dot + 1)", color: style.color, dash: style.dash, points: points,
                    marks: dotsAreImmediate ? marks : []))
        }
        if let dot = unchanged.first {
            let name =
                unchanged.count == count
                ? (count == 1 ? "the dot" : "all \(count) dots")
                : unchanged.count == 1 ? "dot \(dot + 1) (unchanged)" : "\(unchanged.count) other dots (unchanged)"
            series.append(
                PlotSeries(
                    name: name, color: PlotPalette.unchanged.color, dash: PlotPalette.unchanged.dash, width: 1.75,
                    points: curve(dot).points))
        }
        return series
    }

    var panels: [PlotPanel] {
        let pages = drawnPages
        func panel(
            _ name: String, unit: String = "", span: Double, shown: [Double] = [], _ property: @escaping (PageLook) -> Double
        ) -> PlotPanel {
            PlotPanel(
                name: name, unit: unit, series: pages.map { pageSeries($0.page, role: $0.role, property) }, minimumSpan: span,
                alwaysShown: shown)
        }
        var panels = [
            PlotPanel(
                name: "Position", unit: "pages", series: [positionSeries], minimumSpan: 1,
                alwaysShown: [frames.fromPosition, frames.targetPosition], kind: .position)
        ]
        panels.append(panel("Horizontal offset", unit: "pt", span: 20) { $0.offsetX })
        let allLooks = (frames.frames + [frames.rest]).flatMap { Self.looks($0.pages) }
        if allLooks.contains(where: { $0.offsetY != 0 }) {
            panels.append(panel("Vertical offset", unit: "pt", span: 20) { $0.offsetY })
        }
        panels.append(panel("Scale", unit: "×", span: 0.1, shown: [1]) { $0.scale })
        if isTransition {
            panels.append(panel("Opacity", span: 1, shown: [0, 1]) { $0.opacity })
        }
        panels.append(panel("Brightness", unit: "added", span: 0.25, shown: [0]) { $0.brightness })
        panels.append(PlotPanel(name: "Dot widths", unit: "pt", series: dotSeries, minimumSpan: 10, kind: .dots))
        return panels
    }

    // MARK: - Marks

    /// Logically complete and settled, for the pages (and position), and for the dots.
    func timeMarks(dots: Bool) -> [TimeMark] {
        let timeline = dots ? frames.dots.timeline : frames.timeline
        let prefix = dots ? "dots " : ""
        guard case .spring = timeline.animation else {
            return [TimeMark(milliseconds: 0, label: "\(prefix)no animation: 1 frame, at once", dash: "6 4", labelOnLeft: false)]
        }
        let complete = Double(timeline.logicallyCompleteMilliseconds)
        let settled = Double(timeline.settledMilliseconds)
        return [
            TimeMark(
                milliseconds: complete, label: "\(prefix)logically complete \(timeline.logicallyCompleteMilliseconds) ms",
                dash: "6 4", labelOnLeft: true),
            TimeMark(
                milliseconds: settled, label: "\(prefix)settled \(timeline.settledMilliseconds) ms", dash: "2 3",
                labelOnLeft: false),
        ]
    }

    // MARK: - Writing

    /// The bottom of the last of `panels` panels.
    static func bottom(panels: Int) -> Double {
        firstPanelTop + Double(panels) * panelHeight + Double(panels - 1) * panelGap
    }

    func document() -> String {
        let panels = panels
        let bottom = Self.bottom(panels: panels.count)
        let height = bottom + 62
        let size = "width=\"\(Markup.number(Self.width))\" height=\"\(Markup.number(height))\""
        var out: [String] = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" \#(size) viewBox="0 0 \#(Markup.number(Self.width)) \#(Markup.number(height))" role="img" aria-labelledby="plot-title plot-desc" font-family="\#(Self.fontFamily)" font-size="12">"#,
            "<title id=\"plot-title\">\(Markup.escape(title))</title>",
            "<desc id=\"plot-desc\">\(Markup.escape(description(panels)))</desc>",
            "<rect x=\"0\" y=\"0\" width=\"\(Markup.number(Self.width))\" height=\"\(Markup.number(height))\" fill=\"\(PlotPalette.background.hex)\"/>",
            Self.fitted(title).map { text($0.text, x: 24, y: 34, size: $0.size, weight: "bold") } ?? "",
            text("Pages: " + frames.timeline.summary, x: 24, y: 58, size: 13, color: PlotPalette.secondaryInk),
            text("Dots: " + frames.dots.timeline.summary, x: 24, y: 76, size: 13, color: PlotPalette.secondaryInk),
        ]
        let time = timeAxis
        for (index, panel) in panels.enumerated() {
            let top = Self.firstPanelTop + Double(index) * (Self.panelHeight + Self.panelGap)
            out += draw(panel, top: top, time: time, showMarkLabels: index == 0 || panel.kind == .dots)
        }
        out.append(
            text(
                "Time since the change began (ms)", x: (Self.plotLeft + Self.plotRight) / 2, y: bottom + 44, size: 13,
                anchor: "middle"))
        out.append("</svg>")
        return out.joined(separator: "\n") + "\n"
    }

    func draw(_ panel: PlotPanel, top: Double, time: PlotAxis, showMarkLabels: Bool) -> [String] {
        let bottom = top + Self.panelHeight
        let values = panel.series.flatMap { $0.points.map(\.value) }
        let y = PlotAxis(covering: values, anchors: panel.alwaysShown, minimumSpan: panel.minimumSpan, from: bottom, to: top, tickCount: 4)
        var out: [String] = ["<g>"]
        out.append(text(panel.title, x: Self.plotLeft, y: top - 30, size: 14, weight: "bold"))
        // The moment before the change, shaded.
        let zero = time.coordinate(0)
        out.append(
            rect(x: Self.plotLeft, y: top, width: zero - Self.plotLeft, height: Self.panelHeight, fill: PlotPalette.before))
        // Gridlines and tick labels.
        for tick in y.ticks {
            let at = y.coordinate(tick)
            out.append(line(Self.plotLeft, at, Self.plotRight, at, color: PlotPalette.grid, width: 1))
            out.append(
                text(
                    NumberText.fixed(tick, y.decimals), x: Self.plotLeft - 8, y: at + 4, size: 11, color: PlotPalette.secondaryInk,
                    anchor: "end"))
        }
        for tick in time.ticks {
            let at = time.coordinate(tick)
            out.append(line(at, top, at, bottom, color: PlotPalette.grid, width: 1))
            out.append(
                text(
                    NumberText.fixed(tick, time.decimals), x: at, y: bottom + 16, size: 11, color: PlotPalette.secondaryInk,
                    anchor: "middle"))
        }
        // Axes.
        out.append(line(Self.plotLeft, top, Self.plotLeft, bottom, color: PlotPalette.axis, width: 1))
        out.append(line(Self.plotLeft, bottom, Self.plotRight, bottom, color: PlotPalette.axis, width: 1))
        // Time marks.
        for mark in timeMarks(dots: panel.kind == .dots) {
            let at = time.coordinate(mark.milliseconds)
            out.append(line(at, top - 4, at, bottom, color: PlotPalette.ink, width: 1.25, dash: mark.dash))
            if showMarkLabels {
                out.append(
                    text(
                        mark.label, x: at + (mark.labelOnLeft ? -5 : 5), y: top - 10, size: 11,
                        anchor: mark.labelOnLeft ? "end" : "start"))
            }
        }
        // Curves, not clipped: an overshoot is drawn where it is.
        for series in panel.series {
            let points = series.points.map { "\(Markup.number(time.coordinate($0.time))),\(Markup.number(y.coordinate($0.value)))" }
            var attributes = "fill=\"none\" stroke=\"\(series.color.hex)\" stroke-width=\"\(Markup.number(series.width))\""
            attributes += " stroke-linejoin=\"round\" stroke-linecap=\"round\""
            if !series.dash.isEmpty { attributes += " stroke-dasharray=\"\(series.dash)\"" }
            out.append(
                "<polyline class=\"series\" \(attributes) points=\"\(points.joined(separator: " "))\"><title>\(Markup.escape(series.name))</title></polyline>"
            )
            for mark in series.marks {
                out.append(
                    "<circle cx=\"\(Markup.number(time.coordinate(mark.time)))\" cy=\"\(Markup.number(y.coordinate(mark.value)))\" r=\"\(series.marks.count == 1 ? "4" : "1.75")\" fill=\"\(series.color.hex)\"/>"
                )
            }
        }
        // Legend.
        for (index, series) in panel.series.enumerated() {
            let at = top + 10 + Double(index) * 18
            var sample =
                "<line x1=\"\(Markup.number(Self.legendLeft))\" y1=\"\(Markup.number(at))\" x2=\"\(Markup.number(Self.legendLeft + 30))\" y2=\"\(Markup.number(at))\""
            sample += " stroke=\"\(series.color.hex)\" stroke-width=\"\(Markup.number(series.width))\""
            if !series.dash.isEmpty { sample += " stroke-dasharray=\"\(series.dash)\"" }
            out.append(sample + "/>")
            out.append(text(series.name, x: Self.legendLeft + 38, y: at + 4, size: 12))
        }
        out.append("</g>")
        return out
    }

    // MARK: - Words

    /// What the picture shows, in sentences: the `<desc>`.
    func description(_ panels: [PlotPanel]) -> String {
        let count = frames.dots.to.count
        var sentences: [String] = []
        let style =
            switch frames.style {
            case .interactive: "the interactive pager"
            case .parallaxPush: "the parallax push transition"
            case .slideScale: "the slide scale transition"
            }
        if count == 0 {
            sentences.append("The pager has no pages, so nothing moves.")
        } else if frames.fromIndex == frames.toIndex && frames.fromPosition == frames.targetPosition {
            sentences.append("The pager at rest on page \(frames.toIndex + 1) of \(count), \(style): nothing moves.")
        } else {
            sentences.append("A page change from page \(frames.fromIndex + 1) to page \(frames.toIndex + 1) of \(count), \(style).")
        }
        let from = Markup.number(frames.fromPosition)
        let to = Markup.number(frames.targetPosition)
        if isImmediate {
            sentences.append("Nothing animates: one frame, the position steps from \(from) to \(to) pages at 0 ms.")
        } else {
            let positions = frames.frames.map(\.position)
            var sentence = "The position moves from \(from) to \(to) pages with \(frames.timeline.summary)"
            let overshoot = frames.targetPosition >= frames.fromPosition ? positions.max() ?? 0 : positions.min() ?? 0
            if abs(overshoot - frames.targetPosition) > 0.005,
                (overshoot - frames.targetPosition) * (frames.targetPosition - frames.fromPosition) > 0
            {
                sentence += ", overshooting to \(Markup.number(overshoot))"
            }
            sentences.append(sentence + ".")
        }
        for panel in panels where panel.kind == .pages {
            let unit = panel.unit == "pt" ? " pt" : ""
            let values = panel.series.compactMap { series -> String? in
                guard let first = series.points.first?.value, let last = series.points.last?.value else { return nil }
                if isImmediate || first == last { return "\(series.name) at \(Markup.number(last))\(unit)" }
                return "\(series.name) from \(Markup.number(first)) to \(Markup.number(last))\(unit)"
            }
            if !values.isEmpty { sentences.append("\(panel.name): \(values.joined(separator: "; ")).") }
        }
        let dots = frames.dots
        let moved = (0..<count).compactMap { dot -> String? in
            guard dot < dots.from.count else { return nil }
            let before = dots.from.dot(at: dot).width
            let after = dots.to.dot(at: dot).width
            guard before != after else { return nil }
            return "dot \(dot + 1) \(after > before ? "widens" : "narrows") from \(Markup.number(before)) to \(Markup.number(after)) pt"
        }
        let how = dotsAreImmediate ? "at once, in one frame" : "with \(dots.timeline.summary)"
        sentences.append(moved.isEmpty ? "The dots keep their widths." : "The dots change \(how): \(moved.joined(separator: ", ")).")
        if !isImmediate {
            sentences.append(
                "Marked: logically complete at \(frames.logicallyCompleteMilliseconds) ms and settled at \(frames.settledMilliseconds) ms.")
        }
        sentences.append("Offsets are in layout points; right-to-left layouts mirror them on screen.")
        return sentences.joined(separator: " ")
    }

    // MARK: - Elements

    /// The title as drawn within the picture's margins: at 20 px when it fits, smaller down to
    /// 12 px when it does not, and past that cut with an ellipsis (the `<title>` keeps it whole).
    /// Widths are estimated from DejaVu Sans Bold's widest common advances, so the estimate errs
    /// long. Nil for an empty title.
    static func fitted(_ title: String) -> (text: String, size: Double)? {
        guard !title.isEmpty else { return nil }
        let room = width - 48
        func ems(_ text: Substring) -> Double {
            text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 && Formatting.displayWidth(String($1)) == 2 ? 1.0 : 0.68) }
        }
        let whole = ems(Substring(title))
        if whole * 20 <= room { return (title, 20) }
        if whole * 12 <= room { return (title, (room / whole * 10).rounded(.down) / 10) }
        var cut = Substring(title)
        while !cut.isEmpty && (ems(cut) + 0.68) * 12 > room { cut = cut.dropLast() }
        return (cut + "…", 12)
    }

    func text(
        _ content: String, x: Double, y: Double, size: Double, weight: String? = nil, color: SRGBColor = PlotPalette.ink,
        anchor: String = "start"
    ) -> String {
        var attributes = "x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" font-size=\"\(Markup.number(size))\" fill=\"\(color.hex)\""
        if let weight { attributes += " font-weight=\"\(weight)\"" }
        if anchor != "start" { attributes += " text-anchor=\"\(anchor)\"" }
        return "<text \(attributes)>\(Markup.escape(content))</text>"
    }

    func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: SRGBColor, width: Double, dash: String = "") -> String {
        var out = "<line x1=\"\(Markup.number(x1))\" y1=\"\(Markup.number(y1))\" x2=\"\(Markup.number(x2))\" y2=\"\(Markup.number(y2))\""
        out += " stroke=\"\(color.hex)\" stroke-width=\"\(Markup.number(width))\""
        if !dash.isEmpty { out += " stroke-dasharray=\"\(dash)\"" }
        return out + "/>"
    }

    func rect(x: Double, y: Double, width: Double, height: Double, fill: SRGBColor) -> String {
        "<rect x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(max(width, 0)))\" height=\"\(Markup.number(height))\" fill=\"\(fill.hex)\"/>"
    }
}

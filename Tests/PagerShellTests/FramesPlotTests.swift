import Foundation
import PagerCore
import Testing

@testable import PagerShell

/// Reads a frames plot back the way a person reads it: each panel's heading, its gridlines and
/// their labels (which give the scale), its curves by their legend names, its marked moments.
/// Values are recovered from picture coordinates through the labelled gridlines only, so the
/// tests check what the picture says, not how the code computed it.
struct PlotReading {
    struct Panel {
        var title: String
        var texts: [String]
        /// Curve name → (ms, value) points.
        var curves: [String: [(time: Double, value: Double)]]
        /// Frame dots, (ms, value).
        var dots: [(time: Double, value: Double)]
        /// Dashed vertical lines: the marked moments in ms.
        var marks: [Double]
    }

    var title: String
    var description: String
    var width: Double
    var height: Double
    var panels: [Panel]

    init(_ svg: String) throws {
        let xml = try ParsedXML(svg)
        let root = try #require(xml.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["version"] == "1.1")
        width = try #require(Double(root.attributes["width"] ?? ""))
        height = try #require(Double(root.attributes["height"] ?? ""))
        title = try #require(xml.all("title").first { $0.element.parent == 0 }).element.text
        description = try #require(xml.all("desc").first).element.text
        panels = []
        for (group, _) in xml.all("g") {
            let texts = xml.all("text", inside: group).map(\.element)
            guard let heading = texts.first(where: { $0.attributes["font-weight"] == "bold" }) else { continue }
            func number(_ key: String, _ element: ParsedXML.Element) -> Double { Double(element.attributes[key] ?? "") ?? .nan }
            let lines = xml.all("line", inside: group).map(\.element)
            // Gridline ↔ label pairs give the scales.
            var valueTicks: [(pixel: Double, value: Double)] = []
            var timeTicks: [(pixel: Double, value: Double)] = []
            for line in lines where line.attributes["stroke-dasharray"] == nil {
                let (x1, y1, x2, y2) = (number("x1", line), number("y1", line), number("x2", line), number("y2", line))
                if y1 == y2, let label = texts.first(where: { $0.attributes["text-anchor"] == "end" && abs(number("y", $0) - y1) < 6 }),
                    let value = Double(label.text)
                {
                    valueTicks.append((y1, value))
                }
                if x1 == x2, let label = texts.first(where: { $0.attributes["text-anchor"] == "middle" && number("x", $0) == x1 }),
                    let value = Double(label.text)
                {
                    timeTicks.append((x1, value))
                }
            }
            let value = try Self.scale(valueTicks)
            let time = try Self.scale(timeTicks)
            var curves: [String: [(time: Double, value: Double)]] = [:]
            for (index, polyline) in xml.all("polyline", inside: group) {
                let name = try #require(xml.all("title", inside: index).first).element.text
                let pairs = (polyline.attributes["points"] ?? "").split(separator: " ").map { pair in
                    pair.split(separator: ",").compactMap { Double($0) }
                }
                curves[name] = pairs.map { (time($0[0]), value($0[1])) }
            }
            let dots = xml.all("circle", inside: group).map { (time(number("cx", $0.element)), value(number("cy", $0.element))) }
            let marks = lines.filter { $0.attributes["stroke-dasharray"] != nil && number("x1", $0) == number("x2", $0) }
                .map { time(number("x1", $0)) }
            panels.append(Panel(title: heading.text, texts: texts.map(\.text), curves: curves, dots: dots, marks: marks))
        }
    }

    /// The linear map through the first and last labelled gridline.
    static func scale(_ ticks: [(pixel: Double, value: Double)]) throws -> (Double) -> Double {
        // (An axis line drawn over a gridline pairs with the same label again.)
        let sorted = ticks.sorted { $0.pixel < $1.pixel }
        let first = try #require(sorted.first)
        let last = try #require(sorted.last)
        try #require(ticks.count >= 2 && first.pixel != last.pixel, "an axis needs two labelled gridlines")
        return { pixel in first.value + (pixel - first.pixel) / (last.pixel - first.pixel) * (last.value - first.value) }
    }

    func panel(_ title: String) throws -> Panel {
        try #require(panels.first { $0.title == title }, "no panel \(title) in \(panels.map(\.title))")
    }
}

@Suite struct FramesPlotTests {
    static func plot(_ pager: Pager, _ action: PagerAction, title: String = "test") throws -> (svg: String, reading: PlotReading) {
        let frames = try FramesPlot.frames(of: action, on: pager)
        let svg = FramesPlot.svg(frames, title: title)
        return (svg, try PlotReading(svg))
    }

    static func near(_ a: Double?, _ b: Double, within tolerance: Double) -> Bool {
        guard let a else { return false }
        return abs(a - b) <= tolerance
    }

    /// The default pager's `next`: smooth(0.45) from page 1 to page 2, 60 Hz, settled at 0.70 s,
    /// so 0.7 × 60 = 42 frame intervals, 43 frames (DESIGN.md §5).
    @Test func settleCurveOfTheDefaultPager() throws {
        let (_, plot) = try Self.plot(Pager(), .increment)
        #expect(
            plot.panels.map(\.title) == [
                "Position (pages)", "Horizontal offset (pt)", "Scale (×)", "Brightness (added)", "Dot widths (pt)",
            ])
        let position = try plot.panel("Position (pages)")
        #expect(position.dots.count == 43)
        let curve = try #require(position.curves.values.first)
        let frames = curve.filter { $0.time >= -0.01 }.dropFirst()  // the frames, after the step-in point at 0
        #expect(frames.count == 43)
        // One frame every 1000/60 ms, from 0 to 700 ms.
        #expect(Self.near(frames.first?.time, 0, within: 0.1))
        #expect(Self.near(frames.last?.time, 700, within: 0.1))
        for (a, b) in zip(frames, frames.dropFirst()) {
            #expect(Self.near(b.time - a.time, 1000.0 / 60, within: 0.1))
            #expect(b.value >= a.value - 0.005, "smooth does not overshoot")
        }
        #expect(Self.near(curve.first?.value, 0, within: 0.005))
        #expect(curve[0].time < 0, "the curve starts before the change")
        #expect(Self.near(curve.last?.value, 1, within: 0.005))

        // Marked moments: logically complete at 450 ms, settled at 700 ms.
        #expect(position.texts.contains("logically complete 450 ms"))
        #expect(position.texts.contains("settled 700 ms"))
        #expect(position.marks.count == 2)
        #expect(Self.near(position.marks.min(), 450, within: 1))
        #expect(Self.near(position.marks.max(), 700, within: 1))

        // Page 1 recedes: 0.3 × 390 = 117 pt, scale 1 − 0.08 = 0.92, brightness −0.25 (DESIGN.md §2).
        let offsets = try plot.panel("Horizontal offset (pt)")
        let page1 = try #require(offsets.curves["page 1 (from)"])
        #expect(Self.near(page1.first?.value, 0, within: 0.5))
        #expect(Self.near(page1.last?.value, -117, within: 0.5))
        let page2 = try #require(offsets.curves["page 2 (to)"])
        #expect(Self.near(page2.first?.value, 390, within: 0.5))
        #expect(Self.near(page2.last?.value, 0, within: 0.5))
        let scale = try #require(try plot.panel("Scale (×)").curves["page 1 (from)"])
        #expect(Self.near(scale.last?.value, 0.92, within: 0.001))
        let brightness = try #require(try plot.panel("Brightness (added)").curves["page 1 (from)"])
        #expect(Self.near(brightness.last?.value, -0.25, within: 0.001))

        // The dots: the 22 pt capsule moves from dot 1 to dot 2 with snappy(0.3), settled at 553 ms.
        let dots = try plot.panel("Dot widths (pt)")
        #expect(Self.near(dots.curves["dot 1"]?.first?.value, 22, within: 0.05))
        #expect(Self.near(dots.curves["dot 1"]?.last?.value, 8, within: 0.05))
        #expect(Self.near(dots.curves["dot 2"]?.first?.value, 8, within: 0.05))
        #expect(Self.near(dots.curves["dot 2"]?.last?.value, 22, within: 0.05))
        #expect(dots.curves["dot 3 (unchanged)"]?.allSatisfy { abs($0.value - 8) < 0.05 } == true)
        #expect(dots.texts.contains("dots settled 553 ms"))
        #expect(Self.near(dots.marks.max(), 553, within: 1))

        #expect(plot.description.contains("from page 1 to page 2 of 3"))
        #expect(plot.description.contains("logically complete at 450 ms and settled at 700 ms"))
    }

    /// Reduce Motion: one frame at the target, drawn as a step at 0 ms, and no settle marks.
    @Test func reduceMotionIsOneStep() throws {
        let (_, plot) = try Self.plot(Pager(reduceMotion: true), .increment)
        let position = try plot.panel("Position (pages)")
        let curve = try #require(position.curves.values.first)
        #expect(curve.count == 4)
        #expect(curve.map { ($0.value * 1000).rounded() / 1000 } == [0, 0, 1, 1])
        #expect(curve[0].time < 0)
        #expect(Self.near(curve[1].time, 0, within: 0.1) && Self.near(curve[2].time, 0, within: 0.1))
        #expect(position.dots.count == 1)
        #expect(position.texts.contains("no animation: 1 frame, at once"))
        #expect(!plot.panels.flatMap(\.texts).contains { $0.contains("logically complete") })
        // The dots jump too: dot 2 is 8 pt before 0 ms and 22 pt from 0 ms on.
        let dot2 = try #require(try plot.panel("Dot widths (pt)").curves["dot 2"])
        #expect(dot2.first.map { $0.time < 0 && abs($0.value - 8) < 0.05 } == true)
        #expect(dot2.filter { $0.time > 0.1 }.allSatisfy { abs($0.value - 22) < 0.05 })
        #expect(plot.description.contains("one frame"))
        // Without parallax the previous page sits a whole width away: −390 pt.
        let offsets = try plot.panel("Horizontal offset (pt)")
        #expect(Self.near(offsets.curves["page 1 (from)"]?.last?.value, -390, within: 0.5))
    }

    /// Parallax push (seed 002): the incoming page slides in from 390 pt over the outgoing one,
    /// which moves 117 pt and dims by 0.25; opacity stays 1.
    @Test func parallaxPush() throws {
        let (_, plot) = try Self.plot(Pager(pageChangeStyle: .parallaxPush), .increment)
        #expect(
            plot.panels.map(\.title) == [
                "Position (pages)", "Horizontal offset (pt)", "Scale (×)", "Opacity", "Brightness (added)", "Dot widths (pt)",
            ])
        let offsets = try plot.panel("Horizontal offset (pt)")
        #expect(Set(offsets.curves.keys) == ["page 1 (out)", "page 2 (in)"])
        #expect(Self.near(offsets.curves["page 2 (in)"]?.first?.value, 390, within: 0.5))
        #expect(Self.near(offsets.curves["page 2 (in)"]?.last?.value, 0, within: 0.5))
        #expect(Self.near(offsets.curves["page 1 (out)"]?.last?.value, -117, within: 0.5))
        #expect(Self.near(try plot.panel("Brightness (added)").curves["page 1 (out)"]?.last?.value, -0.25, within: 0.001))
        #expect(try plot.panel("Opacity").curves.values.allSatisfy { $0.allSatisfy { abs($0.value - 1) < 0.001 } })
        // Its demo's spring: smooth(0.7), settled at 1.1 s.
        #expect(try plot.panel("Position (pages)").texts.contains("settled 1100 ms"))
    }

    /// Slide scale (seed 003): in from 220 pt at 0.8 and transparent, out to −220 pt at 0.8.
    @Test func slideScale() throws {
        let (_, plot) = try Self.plot(Pager(pageChangeStyle: .slideScale), .increment)
        let offsets = try plot.panel("Horizontal offset (pt)")
        let scale = try plot.panel("Scale (×)")
        let opacity = try plot.panel("Opacity")
        #expect(Self.near(offsets.curves["page 2 (in)"]?.first?.value, 220, within: 0.5))
        #expect(Self.near(offsets.curves["page 1 (out)"]?.last?.value, -220, within: 0.5))
        #expect(Self.near(scale.curves["page 2 (in)"]?.first?.value, 0.8, within: 0.001))
        #expect(Self.near(scale.curves["page 1 (out)"]?.last?.value, 0.8, within: 0.001))
        #expect(Self.near(opacity.curves["page 2 (in)"]?.first?.value, 0, within: 0.001))
        #expect(Self.near(opacity.curves["page 1 (out)"]?.last?.value, 0, within: 0.001))
        #expect(plot.description.contains("Opacity: page 1 (out) from 1 to 0; page 2 (in) from 0 to 1."))
    }

    /// The indicator's bouncy spring (0.35 s, bounce 0.3) stretches the capsule past 24 pt.
    @Test func bouncyDotsOvershoot() throws {
        let (_, plot) = try Self.plot(Pager(dotsStyle: .indicator), .scroll(.trailing))
        let dot2 = try #require(try plot.panel("Dot widths (pt)").curves["dot 2"])
        #expect((dot2.map(\.value).max() ?? 0) > 24.5)
        #expect(Self.near(dot2.last?.value, 24, within: 0.05))
        #expect(try plot.panel("Dot widths (pt)").texts.contains("dots settled 757 ms"))
    }

    @Test func restingPagerDrawsNothingMoving() throws {
        let svg = FramesPlot.svg(Pager().restingFrames(), title: "at rest")
        let plot = try PlotReading(svg)
        #expect(plot.description.contains("at rest on page 1 of 3"))
        #expect(try plot.panel("Dot widths (pt)").curves.keys.sorted() == ["all 3 dots"])
    }

    @Test func emptyPagerStillDrawsItsAxes() throws {
        let plot = try PlotReading(FramesPlot.svg(Pager(pages: []).restingFrames(), title: "empty"))
        #expect(plot.description.hasPrefix("The pager has no pages, so nothing moves."))
        #expect(try plot.panel("Dot widths (pt)").curves.isEmpty)
        #expect(plot.panels.count == 5)
    }

    /// A setting changes no page: `frames(of:on:)` gives the resting frames; a refused action throws.
    @Test func framesOfAnActionThatChangesNoPage() throws {
        let frames = try FramesPlot.frames(of: .setWidth(300), on: Pager())
        #expect(frames.fromIndex == 0 && frames.toIndex == 0 && frames.frames.count == 1)
        #expect(throws: PagerError.self) { try FramesPlot.frames(of: .goTo(9), on: Pager()) }
    }

    @Test func titleIsEscapedAndSelfContained() throws {
        let title = "<script>alert(1)</script> & \"Tom's\" \u{1B}[31m"
        let (svg, plot) = try Self.plot(Pager(), .increment, title: title)
        #expect(plot.title == "<script>alert(1)</script> & \"Tom's\" \\u{1B}[31m")
        #expect(!svg.contains("<script"))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        for outside in ["href", "url(", "<image", "@import", "<foreignObject", "<style"] {
            #expect(!svg.contains(outside), "\(outside)")
        }
    }

    /// Lines reach 3:1 against the white page (WCAG 1.4.11), text 4.5:1 (1.4.3); no two
    /// curves share a dash pattern, so colour is never the only difference (1.4.1).
    @Test func paletteContrast() {
        for (color, _) in PlotPalette.series + [PlotPalette.unchanged] {
            #expect(color.contrastRatio(with: PlotPalette.background) >= 3, "\(color.hex)")
        }
        #expect(PlotPalette.axis.contrastRatio(with: PlotPalette.background) >= 3)
        for text in [PlotPalette.ink, PlotPalette.secondaryInk] {
            #expect(text.contrastRatio(with: PlotPalette.background) >= 4.5, "\(text.hex)")
            #expect(text.contrastRatio(with: PlotPalette.before) >= 4.5, "\(text.hex) on the shaded part")
        }
        let dashes = (PlotPalette.series + [PlotPalette.unchanged]).map(\.dash)
        #expect(Set(dashes).count == dashes.count)
    }
}

/// Round ticks, worked out by hand.
@Suite struct PlotAxisTests {
    @Test func roundSteps() {
        #expect(PlotAxis.roundStep(0.33) == 0.5)
        #expect(PlotAxis.roundStep(39) == 50)
        #expect(PlotAxis.roundStep(0.0333) == 0.05)
        #expect(PlotAxis.roundStep(0.2) == 0.2)
        #expect(PlotAxis.roundStep(130) == 200)
        #expect(PlotAxis.roundStep(2.2) == 2.5)
    }

    @Test func coveringRanges() {
        // 0…1 in 4 ticks: (1 − 0) / 3 = 0.33 → step 0.5.
        let position = PlotAxis(covering: [0, 0.4, 1], minimumSpan: 1, from: 100, to: 0, tickCount: 4)
        #expect(position.ticks == [0, 0.5, 1])
        #expect(position.coordinate(0) == 100 && position.coordinate(1) == 0 && position.coordinate(0.5) == 50)
        // −117…0: span 117 / 3 = 39 → step 50, from −150.
        let offset = PlotAxis(covering: [-117, 0], minimumSpan: 20, from: 0, to: 1, tickCount: 4)
        #expect(offset.ticks == [-150, -100, -50, 0])
        #expect(offset.decimals == 0)
        // 0.92…1 is narrower than 0.1: 0.91…1.01, step 0.1 / 3 → 0.05, so 0.90…1.05.
        let scale = PlotAxis(covering: [0.92, 1], minimumSpan: 0.1, from: 0, to: 1, tickCount: 4)
        #expect(scale.ticks == [0.9, 0.95, 1, 1.05])
        #expect(scale.decimals == 2)
        // Anchored at 1, the range grows downwards only: 0.9…1.
        let anchored = PlotAxis(covering: [0.92, 1], anchors: [1], minimumSpan: 0.1, from: 0, to: 1, tickCount: 4)
        #expect(anchored.ticks == [0.9, 0.95, 1])
        // A flat 0 anchored at 0 with a 0.25 span: −0.25…0, step 0.25 / 3 → 0.1, so −0.3…0.
        let flat = PlotAxis(covering: [0, 0], anchors: [0], minimumSpan: 0.25, from: 0, to: 1, tickCount: 4)
        #expect(flat.ticks == [-0.3, -0.2, -0.1, 0])
        // A value a spring leaves a hair below 0 does not add a whole step.
        let hair = PlotAxis(covering: [-2e-17, 1], minimumSpan: 1, from: 0, to: 1, tickCount: 4)
        #expect(hair.ticks.first == 0)
    }
}

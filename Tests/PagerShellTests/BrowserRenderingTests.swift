import Foundation
import PagerCore
import PagerTestSupport
import Testing

@testable import PagerAudit
@testable import PagerShell

/// The SVG plot and the HTML report through a real browser, Debian's chromium-headless-shell:
/// what it parses (the DOM it dumps) and what it draws (a screenshot, decoded and counted).
///
/// These runs also make the README's pictures: with `PAGERVOICE_DOCS_DIR` set
/// (`scripts/docs-pictures.sh`), the screenshots of the default pager's settle curve and of the
/// default audit are copied there as settle-curve.png and audit-report.png.
@Suite struct BrowserRenderingTests {
    /// Device pixels per CSS pixel: 2, so the README's pictures stay sharp on high-density screens.
    static let scale = 2.0

    static func distance(_ pixel: UInt32, _ color: SRGBColor) -> Int {
        let hex = UInt32(color.hex.dropFirst(), radix: 16) ?? 0
        let channels = [(pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF].map(Int.init)
        let wanted = [(hex >> 16) & 0xFF, (hex >> 8) & 0xFF, hex & 0xFF].map(Int.init)
        return zip(channels, wanted).map { abs($0 - $1) }.max() ?? 255
    }

    /// How many pixels of the image are `color`, within `tolerance` per channel.
    static func count(_ color: SRGBColor, in image: PNGImage, tolerance: Int = 0) -> Int {
        image.colorCounts.filter { distance($0.key, color) <= tolerance }.map(\.value).reduce(0, +)
    }

    /// Copies a finished screenshot into the docs folder when asked to.
    static func publish(_ png: String, as name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["PAGERVOICE_DOCS_DIR"], !folder.isEmpty else { return }
        let target = URL(fileURLWithPath: folder).appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: png, toPath: target)
    }

    /// The default pager's `next` at 60 Hz, docs/settle-curve.png: exactly what
    /// `pagervoice frames --svg` writes (the session's plot of its last page change).
    @Test func settleCurveInChromium() throws {
        let chromium = try HeadlessChromium()
        let folder = try TemporaryDirectory(prefix: "pv-plot")
        let path = folder.path + "/settle-curve.svg"
        var session = Session()
        _ = session.handle("next")
        guard case .file(let request)? = session.run(.frames(svg: path)).first else {
            Issue.record("frames --svg wrote no file")
            return
        }
        let svg = request.contents
        let reading = try PlotReading(svg)
        try AtomicFile.write(svg, to: path)

        let dom = try chromium.dom(of: path)
        #expect(dom.contains("<title id=\"plot-title\">Page change to Page 2 of 3</title>"))
        #expect(dom.contains("<desc id=\"plot-desc\">A page change from page 1 to page 2 of 3"))
        #expect(dom.components(separatedBy: "<polyline").count - 1 == 1 + 3 * 3 + 3, "position, 3 properties × 3 pages, 3 dots")

        let png = folder.path + "/settle-curve.png"
        let image = try chromium.screenshot(
            of: path, width: Int(reading.width), height: Int(reading.height), scale: Self.scale, to: png)
        #expect(image.width == Int(reading.width * Self.scale) && image.height == Int(reading.height * Self.scale))
        let white = Self.count(.white, in: image)
        #expect(white < image.width * image.height * 97 / 100, "not blank: \(white) of \(image.width * image.height) white")
        #expect(image.colorCounts.count > 50)
        // The curves are drawn in their colours: page 1 blue, page 2 vermilion, the position in ink.
        for color in [PlotPalette.style(0).color, PlotPalette.style(1).color, PlotPalette.ink] {
            #expect(Self.count(color, in: image, tolerance: 12) > 200, "\(color.hex)")
        }
        try Self.publish(png, as: "settle-curve.png")
    }

    /// Reduce Motion's single step, drawn: a vertical line of the position's ink at 0 ms.
    @Test func reduceMotionStepInChromium() throws {
        let chromium = try HeadlessChromium()
        let folder = try TemporaryDirectory(prefix: "pv-plot")
        let svg = FramesPlot.svg(try FramesPlot.frames(of: .increment, on: Pager(reduceMotion: true)), title: "Reduce Motion")
        let reading = try PlotReading(svg)
        let path = folder.path + "/step.svg"
        try AtomicFile.write(svg, to: path)
        let image = try chromium.screenshot(of: path, width: Int(reading.width), height: Int(reading.height), to: folder.path + "/step.png")
        // The position curve: at 0 before the change, at 1 after it, nothing in between.
        let xml = try ParsedXML(svg)
        let position = try #require(xml.all("polyline").first).element
        let points = (position.attributes["points"] ?? "").split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
        try #require(points.count == 4)
        func inked(_ x: Double, _ y: Double) -> Bool {
            let pixel = image.pixel(x: Int(x.rounded(.down)), y: Int(y.rounded(.down)))
            return Int(pixel.red) < 0x50 && Int(pixel.green) < 0x50 && Int(pixel.blue) < 0x50
        }
        let before = ((points[0][0] + points[1][0]) / 2, points[0][1])
        let after = ((points[2][0] + points[3][0]) / 2, points[3][1])
        #expect(inked(before.0, before.1), "at 0 pages before the change")
        #expect(inked(after.0, after.1), "at 1 page after it")
        #expect(!inked(after.0, before.1), "no longer at 0 after it")
        #expect(!inked(before.0, after.1), "not yet at 1 before it")
        // The step itself: the ink runs all the way up the column at 0 ms.
        let column = points[1][0]
        let rising = stride(from: points[2][1] + 2, to: points[1][1] - 2, by: 1).filter { inked(column, $0) }
        #expect(rising.count > Int(points[1][1] - points[2][1]) - 6, "a vertical step at 0 ms")
    }

    /// The default audit as a browser shows it: lang, heading order, each rule with its status,
    /// swatch colours in the DOM, and on screen the swatch's orange and the dots composited on
    /// it as the audit computed (white at 45 % over #FF9500 is #FFC573).
    @Test func auditReportInChromium() throws {
        let chromium = try HeadlessChromium()
        let folder = try TemporaryDirectory(prefix: "pv-report")
        let (html, report) = AuditHTMLTests.report()
        let path = folder.path + "/audit.html"
        try AtomicFile.write(html, to: path)

        let dom = try chromium.dom(of: path)
        #expect(dom.contains("<html lang=\"en\">"))
        #expect(try AuditHTMLTests.headingsInOrder(dom))
        for finding in report.findings {
            let status = finding.status.rawValue
            #expect(dom.contains("<section class=\"rule \(status)\" id=\"rule-\(finding.rule.id)\""), "\(finding.rule.id) \(status)")
        }
        #expect(dom.contains("<th scope=\"row\"><a href=\"#rule-dots-fit\">dots-fit</a></th>"))
        #expect(dom.contains("data-background=\"#FF9500\" data-dot=\"#FFFFFF\" data-opacity=\"0.45\""))
        #expect(dom.contains("fill=\"#FFFFFF\" fill-opacity=\"0.45\""))
        #expect(!dom.contains("<script"))

        let png = folder.path + "/audit-report.png"
        let image = try chromium.screenshot(of: path, width: 900, height: 1500, scale: Self.scale, to: png)
        #expect(image.colorCounts.count > 50)
        #expect(Self.count(.white, in: image) < image.width * image.height * 95 / 100)
        #expect(Self.count(AuditHTMLColors.fail, in: image) > 1000, "the Fail badges")
        #expect(Self.count(SystemColors.orange, in: image) > 10_000, "the swatch's background")
        let seen = try #require(SRGBColor(hex: "#FFC573"))
        #expect(Self.count(seen, in: image, tolerance: 2) > 500, "inactive dots composited as the audit says")
        try Self.publish(png, as: "audit-report.png")
    }
}

import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// `audit --format html` as text: structure, escaping, colours. (What a browser makes of it:
/// BrowserRenderingTests.)
@Suite struct AuditHTMLTests {
    static func report(_ configure: (inout AuditConfiguration) -> Void = { _ in }) -> (html: String, report: AuditReport) {
        var configuration = AuditConfiguration()
        configure(&configuration)
        var report = AuditReport(findings: Auditor(base: configuration.makeSubject(), configuration: configuration).run())
        report.configuration = configuration
        return (report.lines(.html).joined(separator: "\n"), report)
    }

    /// Every match of `pattern`'s first capture group, in order.
    static func captures(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Heading levels in document order never skip one on the way down, and start at h1.
    static func headingsInOrder(_ html: String) throws -> Bool {
        let levels = try captures("<h([1-6])[ >]", in: html).compactMap { Int($0) }
        guard levels.first == 1, levels.filter({ $0 == 1 }).count == 1 else { return false }
        return zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 }
    }

    @Test func structurePreachesWhatItChecks() throws {
        let (html, report) = Self.report()
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(try Self.headingsInOrder(html))
        #expect(html.contains("<title>Pager accessibility audit: 2 of 16 rules fail</title>"))
        // The summary: a table with column headers and one row header per rule.
        let summary = try #require(
            html.components(separatedBy: "<table class=\"summary\">").dropFirst().first?.components(separatedBy: "</table>").first)
        #expect(try Self.captures("<th scope=\"(col)\"", in: summary).count == 3)
        #expect(try Self.captures("<th scope=\"row\"><a href=\"#rule-([a-z-]+)\">", in: summary) == AuditRule.allCases.map(\.id))
        #expect(summary.contains("<caption>16 rules: 11 passed, 2 failed, 3 not applicable</caption>"))
        // One section per rule, its status in words, its WCAG link; failures first.
        let sections = try Self.captures("<section class=\"rule [a-z-]+\" id=\"rule-([a-z-]+)\"", in: html)
        #expect(Set(sections) == Set(AuditRule.allCases.map(\.id)))
        #expect(Array(sections.prefix(2)) == ["dot-contrast", "dot-scaling"])
        for finding in report.findings {
            let id = finding.rule.id
            let badge = ["pass": "Pass", "fail": "Fail", "not-applicable": "Not applicable"][finding.status.rawValue] ?? "?"
            #expect(html.contains("<h3 id=\"rule-\(id)-heading\">\(id) <span class=\"status "), "\(id)")
            #expect(html.contains(">\(badge)</span></h3>"), "\(id)")
            #expect(html.contains("<a href=\"\(finding.rule.helpURI)\">Understanding WCAG 2.2 success criterion \(finding.rule.wcag),"))
        }
        #expect(html.contains("Measured <strong>1.41:1</strong>; required at least 3:1."))
        #expect(html.contains("<h2 id=\"audited\">What was audited</h2>"))
    }

    /// What `audit --format html` prints: the page line by line, with what was audited.
    @Test func auditCommandReportsItsConfiguration() {
        var configuration = AuditConfiguration()
        configuration.format = .html
        let lines = AuditCommand.audit(configuration).lines(configuration.format)
        #expect(lines.first == "<!DOCTYPE html>")
        #expect(lines.last == "</html>")
        #expect(!lines.contains { $0.contains("\n") })
        #expect(lines.contains("<h2 id=\"audited\">What was audited</h2>"))
        #expect(lines.contains("<tr><th scope=\"row\">Pages</th><td>3: Explore, Collect, Share</td></tr>"))
    }

    @Test func selfContained() throws {
        let (html, _) = Self.report()
        for outside in ["<script", "src=", "<link", "url(", "@import", "<iframe", "<object", "<img"] {
            #expect(!html.contains(outside), "\(outside)")
        }
        // Links go to sections of the page or to W3C's explanations, nowhere else.
        for target in try Self.captures("href=\"([^\"]*)\"", in: html) {
            #expect(target.hasPrefix("#rule-") || target.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/"), "\(target)")
        }
    }

    /// Seed 000's dots over its worst backdrop, the orange end of Collect's gradient (#FF9500):
    /// inactive white at 45 % and the current one at 100 %, each 8 pt tall, the current 22 wide.
    @Test func contrastSwatchesCarryTheMeasuredColours() throws {
        let (html, report) = Self.report()
        let finding = try #require(report.findings.first { $0.rule == .dotContrast })
        #expect(finding.swatches.map(\.kind) == ["inactive", "current"])
        for swatch in finding.swatches {
            #expect(swatch.background.hex == "#FF9500")
            #expect(swatch.dot.hex == "#FFFFFF")
            #expect(swatch.row.count == 3)
        }
        #expect(
            html.contains(
                "<figure class=\"swatch inactive\" id=\"rule-dot-contrast-inactive\" data-background=\"#FF9500\" data-dot=\"#FFFFFF\" data-opacity=\"0.45\">"
            ))
        #expect(
            html.contains(
                "<figure class=\"swatch current\" id=\"rule-dot-contrast-current\" data-background=\"#FF9500\" data-dot=\"#FFFFFF\" data-opacity=\"1\">"
            ))
        #expect(html.contains("width=\"22\" height=\"8\" rx=\"4\" fill=\"#FFFFFF\" fill-opacity=\"1\""))
        #expect(html.contains("width=\"8\" height=\"8\" rx=\"4\" fill=\"#FFFFFF\" fill-opacity=\"0.45\""))
        // At real size: 12 pt around a 22 + 8 + 8 + 8 + 8 = 54 pt row: 78 × 32.
        #expect(
            html.contains("<svg class=\"swatch\" xmlns=\"http://www.w3.org/2000/svg\" width=\"78\" height=\"32\" viewBox=\"0 0 78 32\""))
        #expect(
            html.contains(
                "Inactive dots: white #FFFFFF at 45%, seen as #FFC573, over #FF9500, Collect&apos;s gradient at its orange end: 1.41:1, needs 3:1."
            ))

        // Seed 004: primary (black) at 25 % over white.
        let (indicator, _) = Self.report { $0.style = .indicator }
        #expect(indicator.contains("data-background=\"#FFFFFF\" data-dot=\"#000000\" data-opacity=\"0.25\""))
        #expect(indicator.contains("seen as #BFBFBF"))
    }

    @Test func outsideTextIsEscaped() throws {
        let (html, _) = Self.report {
            $0.pages = ["<b>Tom & Jerry</b>", "It's \"2\""]
            $0.label = "<i>Seite</i>"
        }
        #expect(html.contains("2: &lt;b&gt;Tom &amp; Jerry&lt;/b&gt;, It&apos;s &quot;2&quot;"))
        #expect(html.contains("&lt;i&gt;Seite&lt;/i&gt;"))
        #expect(!html.contains("<b>Tom") && !html.contains("<i>Seite"))
        #expect(try Self.headingsInOrder(html))
    }

    /// Every text colour of the report reaches 4.5:1 on every background it is drawn on,
    /// measured with the audit's own contrast code, and the style sheet uses no other colour.
    @Test func reportTextContrast() throws {
        for pair in AuditHTMLColors.textPairs {
            #expect(pair.text.contrastRatio(with: pair.background) >= 4.5, "\(pair.name): \(pair.text.hex) on \(pair.background.hex)")
        }
        #expect(AuditHTMLColors.rule.contrastRatio(with: AuditHTMLColors.page) >= 3)
        let used = Set(try Self.captures("(#[0-9A-F]{6})", in: AuditHTML.styleSheet))
        let known = Set(
            (AuditHTMLColors.textPairs.flatMap { [$0.text.hex, $0.background.hex] } + [AuditHTMLColors.rule.hex]))
        #expect(used.isSubset(of: known), "\(used.subtracting(known))")
        #expect(used.count >= 8)
    }
}

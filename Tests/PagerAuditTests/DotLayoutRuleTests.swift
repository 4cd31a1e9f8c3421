import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// dots-fit and target-size, with every number worked out by hand from DESIGN.md §3:
/// the pager's dots are 8 pt, 8 pt apart, the current one 22 pt wide; the indicator's are
/// 8 × caption1 / 12 pt, as far apart as they are wide, the current one three times as wide.
@Suite struct DotLayoutRuleTests {
    static func configuration(
        style: PageDots.Style = .pager, textSize: TextSize = .standard, pages: Int = 3, actions: Set<AuditActionKind>? = nil,
        width: Double = 390
    ) -> AuditConfiguration {
        var configuration = AuditConfiguration()
        configuration.style = style
        configuration.textSize = textSize
        configuration.pages = (1...pages).map { "P\($0)" }
        if let actions { configuration.actions = actions }
        configuration.width = width
        return configuration
    }

    static func finding(_ rule: AuditRule, _ configuration: AuditConfiguration) -> AuditFinding {
        Auditor(base: configuration.makeSubject(), configuration: configuration).check(rule)
    }

    // MARK: - dots-fit

    /// 3 pager dots: 22 + 2 × 8 + 2 × 8 = 54 pt of the 390 − 2 × 16 = 358 pt. Room for n dots
    /// while 22 + 16 (n − 1) ≤ 358, n − 1 ≤ 21: 22 dots fill 358 pt exactly and still fit, 23
    /// need 374.
    @Test func defaultPagerFitsUpTo22Pages() {
        let finding = Self.finding(.dotsFit, Self.configuration())
        #expect(finding.status == .pass)
        #expect(finding.measured == 54)
        #expect(finding.required == 358)
        #expect(finding.message.contains("the 3 dots need 54 pt at large, within the 358 pt"))
        #expect(finding.message.contains("the row fits up to 22 pages at large and overflows from 23"))
        // Exactly full still fits; one more does not.
        #expect(Self.finding(.dotsFit, Self.configuration(pages: 22)).status == .pass)
        let over = Self.finding(.dotsFit, Self.configuration(pages: 23))
        #expect(over.status == .fail)
        #expect(over.measured == 374)
        #expect(over.message.contains("overflow by 16 pt"))
    }

    /// Seed 004 at AX5: dots 8 × 40 / 12 = 26.67 pt, capsule 80 pt, each further dot 53.33 pt.
    /// 7 pages: 80 + 6 × 53.33 = 400 pt > 358 → overflow by 42. Room: (358 − 80) / 53.33 = 5.21,
    /// so 6 pages (346.67 pt) fit and 7 do not.
    @Test func seed004AtAX5OverflowsFromSevenPages() {
        let finding = Self.finding(.dotsFit, Self.configuration(style: .indicator, textSize: .ax5, pages: 7))
        #expect(finding.status == .fail)
        #expect(abs((finding.measured ?? 0) - 400) < 1e-9)
        #expect(
            finding.message
                == "the 7 dots need 400 pt at AX5 but a 390 pt pager less 16 pt margins on each side leaves 358 pt: they overflow by 42 pt; the row fits up to 6 pages at AX5 and overflows from 7"
        )
        #expect(Self.finding(.dotsFit, Self.configuration(style: .indicator, textSize: .ax5, pages: 6)).status == .pass)
    }

    /// At the default size the indicator's 4 demo pages fit, and the message warns where AX5 stops:
    /// at large, 8 pt dots, 24 pt capsule: 24 + 16 (n − 1) ≤ 358 → n ≤ 21.875: 21 pages.
    @Test func passMessageNamesTheLargestSize() {
        let finding = Self.finding(.dotsFit, Self.configuration(style: .indicator, pages: 4))
        #expect(finding.status == .pass)
        #expect(finding.message.contains("the row fits up to 21 pages at large and overflows from 22"))
        #expect(finding.message.contains("at AX5, the largest text size, the row fits up to 6 pages and overflows from 7"))
    }

    /// A 100 pt pager leaves 68 pt: 22 + 16 (n − 1) ≤ 68 → 3 dots (54 pt) fit, 4 (70 pt) do not.
    /// A 40 pt pager leaves 8 pt: not even the 22 pt capsule fits.
    @Test func narrowPagers() {
        let narrow = Self.finding(.dotsFit, Self.configuration(pages: 4, width: 100))
        #expect(narrow.status == .fail)
        #expect(narrow.message.contains("overflow by 2 pt; the row fits up to 3 pages at large and overflows from 4"))
        let tiny = Self.finding(.dotsFit, Self.configuration(pages: 1, width: 40))
        #expect(tiny.status == .fail)
        #expect(tiny.message.hasSuffix("not even one dot fits at large"))
        var empty = Self.configuration()
        empty.pages = []
        #expect(Self.finding(.dotsFit, empty).status == .notApplicable)
    }

    /// A width that must stay at most the room: rounding never shows a failing 358.004 as 358.
    @Test func reportedWidthNeverRoundsDownToAPass() {
        #expect(AuditFinding.reported(358.004, status: .fail, required: 358, atMost: true) == 358.01)
        #expect(AuditFinding.reported(357.996, status: .pass, required: 358, atMost: true) == 358)
        let finding = AuditFinding.fail(.dotsFit, "x", measured: 358.004, required: 358)
        #expect(finding.reportedMeasured == 358.01)
    }

    // MARK: - target-size

    @Test func tapIsOptIn() {
        #expect(AuditConfiguration().actions == [.adjustable, .scroll, .swipe, .drag])
        #expect(Self.configuration(style: .indicator).actions == [.scroll, .swipe])
        let finding = Self.finding(.targetSize, Self.configuration())
        #expect(finding.status == .notApplicable)
        #expect(finding.message.contains("add tap to --actions"))
    }

    /// The pager's row with page 1 current: dot 1 spans 0…22 (centre 11), dot 2 30…38 (34),
    /// dot 3 46…54 (50). Dot 1 is 2 pt narrower and 16 pt shorter than 24; its circle and dot 2's
    /// are 23 pt apart, 1 pt short of 24. Dots 2 and 3 are 16 pt short each way, circles 16 pt
    /// apart: 8 pt short. (A 12 pt radius from dot 2's centre just touches dot 1 at 22 and dot 3
    /// at 46: touching is not crossing.)
    @Test func pagerDotsAreTooSmallToTap() {
        let finding = Self.finding(.targetSize, Self.configuration(actions: [.adjustable, .tap]))
        #expect(finding.status == .fail)
        #expect(finding.measured == 8)
        #expect(finding.required == 24)
        #expect(
            finding.message
                == "with page 1 current at large, all 3 dots fail: dot 1 (22x8 pt) is 2 pt too narrow and 16 pt too short, and its 24 pt circle overlaps a neighbour's by 1 pt (centres 23 pt apart, 24 needed); dots 2 and 3 (8x8 pt) are 16 pt too narrow and 16 pt too short, and their 24 pt circle overlaps a neighbour's by 8 pt (centres 16 pt apart, 24 needed) (the same with any page current)"
        )
    }

    /// Indicator at AX1: dots 8 × 20 / 12 = 13.33 pt, 13.33 apart, capsule 40. Centres: 20,
    /// 60, 86.67: 40 and 26.67 apart (≥ 24); from dot 2's centre, dot 1 ends 20 pt away and dot 3
    /// begins 20 pt away (≥ 12). Small, but the spacing exception holds.
    @Test func spacingExceptionAtAX1() {
        let finding = Self.finding(.targetSize, Self.configuration(style: .indicator, textSize: .ax1, actions: [.tap]))
        #expect(finding.status == .pass)
        #expect(finding.message.contains("spacing exception"))
        #expect(finding.message.contains("13.33 pt"))
    }

    /// Indicator at xxxLarge: dots 8 × 17 / 12 = 11.33 pt, 11.33 apart, capsule 34. With page 1
    /// current, dots 2 and 3 have centres 51 and 73.67: 22.67 apart, 1.33 short; dot 1's centre
    /// (17) is 34 from dot 2's, so dot 1 passes by spacing. With page 2 current the two small
    /// dots are 34 from the capsule's centre: all pass. Page 3 fails like page 1.
    @Test func whichDotsFailAndByHowMuch() {
        let finding = Self.finding(.targetSize, Self.configuration(style: .indicator, textSize: .xxxLarge, actions: [.tap]))
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "with page 1 current at xxxLarge, 2 of 3 dots fail: dots 2 and 3 (11.33x11.33 pt) are 12.67 pt too narrow and 12.67 pt too short, and their 24 pt circle overlaps a neighbour's by 1.33 pt (centres 22.67 pt apart, 24 needed) (and with 1 more of the 3 pages checked current)"
        )
    }

    /// Indicator at AX5: 26.67 pt dots, every side at least 24.
    @Test func bigEnoughAtAX5() {
        let finding = Self.finding(.targetSize, Self.configuration(style: .indicator, textSize: .ax5, actions: [.tap]))
        #expect(finding.status == .pass)
        #expect(abs((finding.measured ?? 0) - 80.0 / 3) < 1e-9)
        #expect(finding.message.hasPrefix("every dot is at least 24x24 pt (the smallest side is 26.67 pt)"))
    }

    /// A small dot beside a large one: its circle (radius 12) centred 4 + 4 = 8 pt from the large
    /// dot reaches 4 pt into it; the large dot, 26.67 pt square, is a target of its own size.
    @Test func circleReachingIntoALargeNeighbour() {
        let small = PageDots(style: .pager, count: 2, current: 0).dots[1]
        let large = PageDots(style: .indicator, count: 2, current: 0, textSize: .ax5).dots[1]
        #expect(small.width == 8 && large.height > 26)
        let problems = Auditor<AuditModelSubject>.targetProblems([small, large], spacing: 4)
        #expect(problems.count == 1)
        #expect(problems.first?.dot == 0)
        #expect(problems.first?.overlap == 4)
        #expect(problems.first?.conflict == "reaches 4 pt into a neighbouring dot (8 pt from its centre, 12 needed)")
        #expect(Auditor<AuditModelSubject>.targetProblems([small, large], spacing: 8).isEmpty)
    }

    /// Tapping selects a page outright: alone, it has no edge to announce.
    @Test func tapAloneHasNoEdges() {
        let finding = Self.finding(.edges, Self.configuration(actions: [.tap]))
        #expect(finding.status == .notApplicable)
        #expect(finding.message.hasPrefix("tapping a dot selects its page outright"))
    }

    // MARK: - In every report

    @Test func newRulesInEveryFormat() throws {
        #expect(AuditRule.dotsFit.wcag == "1.4.10" && AuditRule.dotsFit.wcagName == "Reflow")
        #expect(AuditRule.targetSize.wcag == "2.5.8" && AuditRule.targetSize.wcagName == "Target Size (Minimum)")
        #expect(AuditRule.dotsFit.helpURI == "https://www.w3.org/WAI/WCAG22/Understanding/reflow.html")
        #expect(AuditRule.targetSize.helpURI == "https://www.w3.org/WAI/WCAG22/Understanding/target-size-minimum.html")
        let configuration = Self.configuration(style: .indicator, textSize: .ax5, pages: 7, actions: [.scroll, .tap])
        let report = AuditReport(findings: Auditor(base: configuration.makeSubject(), configuration: configuration).run())
        let text = report.lines(.text)
        #expect(text.contains { $0.hasPrefix("FAIL dots-fit (WCAG 1.4.10): the 7 dots need 400 pt at AX5") })
        #expect(text.contains { $0.hasPrefix("PASS target-size (WCAG 2.5.8): every dot is at least 24x24 pt") })

        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.lines(.json)[0].utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let fit = try #require(findings.first { $0["rule"] as? String == "dots-fit" })
        #expect(fit["status"] as? String == "fail")
        #expect(fit["measured"] as? Double == 400)
        #expect(fit["required_max"] as? Double == 358)
        #expect(fit["required"] == nil)
        #expect(findings.first { $0["rule"] as? String == "target-size" }?["required"] as? Double == 24)

        let sarif = report.lines(.sarif)[0]
        #expect(sarif.contains("\"ruleId\":\"dots-fit\",\"ruleIndex\":13,\"kind\":\"fail\",\"level\":\"error\""))
        #expect(sarif.contains("\"id\":\"target-size\""))
        #expect(sarif.contains("\"requiredMax\":358.0"))

        let html = report.lines(.html).joined(separator: "\n")
        #expect(html.contains("<section class=\"rule fail\" id=\"rule-dots-fit\""))
        #expect(html.contains("<section class=\"rule pass\" id=\"rule-target-size\""))
        #expect(html.contains("required at most 358 pt"))
    }
}

import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// The focus-order rule, and seed 004's indicator as written (no adjustable action), with every
/// expected message and count worked out by hand from the seeds: the current page's title comes
/// before the dots in both seeds, VoiceOver reads top to bottom in RTL too, and one walk is
/// `focus first`, `next` to the boundary, `previous` back to the boundary, `focus last`.
@Suite struct AuditFocusOrderTests {
    static func finding(_ rule: AuditRule, _ arguments: [String] = []) throws -> AuditFinding {
        try AuditRuleTests.finding(rule, arguments)
    }

    static func finding(_ rule: AuditRule, _ fault: FaultyPager.Fault, _ arguments: [String] = []) throws -> AuditFinding {
        try AuditRuleTests.finding(rule, fault, arguments)
    }

    /// What the walk checks besides each element, in one phrase.
    static let walkedAndChecked =
        "focus next reaches the page's content, then the dots, each once, and stops at a boundary; focus previous walks back; no hidden page is reached"

    // MARK: - focus-order on the model

    /// Moves: each walk is first + next (dots) + next (boundary) + previous (content) + previous
    /// (boundary) + last = 6; with another page to go to, first + next + previous more = 9. Three
    /// pages in two directions: 54. No pages, per direction: first, next (boundary), previous
    /// (boundary), last = 4, twice: 8. In all 62.
    @Test func seedDefaultsWalkTitleThenDots() throws {
        for style in ["pager", "indicator"] {
            let finding = try Self.finding(.focusOrder, ["--style", style])
            #expect(finding.status == .pass, "\(style)")
            #expect(
                finding.message
                    == "Explore → Page, 1 of 3 on page 1, and likewise on each of the 3 pages, LTR and RTL: \(Self.walkedAndChecked) and the content follows the page; with no pages, only Page, None (62 moves)",
                "\(style)")
        }
    }

    /// One page: 6 moves per direction, none to another page: 12, and 8 with no pages: 20.
    @Test func onePage() throws {
        let finding = try Self.finding(.focusOrder, ["--pages", "Only"])
        #expect(finding.status == .pass)
        #expect(
            finding.message
                == "Only → Page, 1 of 1 on the only page, LTR and RTL: \(Self.walkedAndChecked); with no pages, only Page, None (20 moves)")
    }

    /// The dots are reached under the component's label, as VoiceOver reads them.
    @Test func dotsReadUnderTheComponentsLabel() throws {
        let finding = try Self.finding(.focusOrder, ["--label", "Slide", "--pages", "Welcome,Sign in"])
        #expect(finding.status == .pass)
        #expect(finding.message.hasPrefix("Welcome → Slide, 1 of 2 on page 1, and likewise on each of the 2 pages"))
        #expect(finding.message.hasSuffix("with no pages, only Slide, None (44 moves)"))
    }

    /// 200 pages: the first, middle and last ten are walked, 30 × 2 × 9 = 540 moves, + 8.
    @Test func longListsAreSampled() throws {
        let pages = (1...200).map { "P\($0)" }.joined(separator: ",")
        let finding = try Self.finding(.focusOrder, ["--pages", pages])
        #expect(finding.status == .pass)
        #expect(
            finding.message.hasPrefix(
                "P1 → Page, 1 of 200 on page 1, and likewise on 30 of the 200 pages (the first, middle and last ten), LTR and RTL"))
        #expect(finding.message.hasSuffix("(548 moves)"))
    }

    /// Nothing but the dots: two walks of 4 moves.
    @Test func noPagesAtAll() {
        var configuration = AuditConfiguration()
        configuration.pages = []
        let finding = Auditor(base: configuration.makeSubject(), configuration: configuration).check(.focusOrder)
        #expect(finding.status == .pass)
        #expect(finding.message == "with no pages, focus next reaches only Page, None, then stops at a boundary, in LTR and RTL (8 moves)")
    }

    /// Two pages titled alike: the walk cannot tell a hidden page by its title, and does not try
    /// to show the content following the page (it reads the same).
    @Test func repeatedTitles() throws {
        let finding = try Self.finding(.focusOrder, ["--pages", "Same,Same"])
        #expect(finding.status == .pass)
        #expect(!finding.message.contains("follows the page"))
        // 2 pages × 2 directions × 6 + 8.
        #expect(finding.message.hasSuffix("(32 moves)"))
    }

    // MARK: - focus-order catches each fault

    /// Three pages in two directions: six walks fail alike, each on its own page.
    @Test func dotsBeforeTheContent() throws {
        for style in ["pager", "indicator"] {
            let finding = try Self.finding(.focusOrder, .dotsBeforeContent, ["--style", style])
            #expect(finding.status == .fail)
            #expect(
                finding.message
                    == "on page 1 of 3: focus first reached the dots \"Page, 1 of 3\" before the page's content \"Explore\": the dots come before what they count (and 5 more)",
                "\(style)")
        }
    }

    /// Right to left changes the side pages come from, not the reading order: only the three
    /// RTL walks fail.
    @Test func readingOrderMirroredInRTL() throws {
        let finding = try Self.finding(.focusOrder, .mirroredFocusInRTL)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "on page 1 of 3 (RTL): focus first reached the dots \"Page, 1 of 3\" before the page's content \"Explore\": the dots come before what they count (and 2 more)"
        )
    }

    @Test func hiddenPageReachable() throws {
        let finding = try Self.finding(.focusOrder, .hiddenPageReachable)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "on page 1 of 3: focus next from \"Explore\" reached \"Collect\", the content of page 2, which is hidden, instead of the dots (and 5 more)"
        )
        // A single page has no neighbour to leak.
        #expect(try Self.finding(.focusOrder, .hiddenPageReachable, ["--pages", "Only"]).status == .pass)
        // hidden-pages judges the layout, which this fault leaves right: only the walk sees it.
        #expect(try Self.finding(.hiddenPages, .hiddenPageReachable).status == .pass)
    }

    /// Six page walks, and with no pages the lone dots wrap onto themselves, in both directions.
    @Test func focusWrapsInsteadOfStopping() throws {
        let finding = try Self.finding(.focusOrder, .focusWraps)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "on page 1 of 3: focus next from \"Page, 1 of 3\" reached \"Explore\" instead of stopping at a boundary (and 7 more)")
    }

    @Test func contentStuckOnThePageItWasReachedOn() throws {
        let finding = try Self.finding(.focusOrder, .staleContent)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "on page 1 of 3: after going to page 2 with the cursor on the page's content, focus next then previous reached \"Explore\", the content of page 1, which is hidden, instead of the page's content \"Collect\" (and 5 more)"
        )
    }

    @Test func contentLeftBehindWhenThePagesGo() throws {
        let finding = try Self.finding(.focusOrder, .ghostContent)
        #expect(finding.status == .fail)
        #expect(finding.message == "with no pages: focus first reached \"Explore\" instead of the dots (and 1 more)")
    }

    // MARK: - Seed 004's indicator

    @Test func indicatorHasNoAdjustableAction() throws {
        let finding = try Self.finding(.adjustable, ["--style", "indicator"])
        #expect(finding.status == .notApplicable)
        #expect(
            finding.message
                == "the indicator has no adjustable action (a page indicator only follows its paged view): VoiceOver reads it as Page, 2 of 3 and moves with the paged view"
        )
        #expect(try Self.finding(.adjustable, ["--style", "indicator", "--pages", "Only"]).message.contains("reads it as Page, 1 of 1 "))
        #expect(try Self.finding(.adjustable, ["--style", "indicator", "--label", "Slide"]).message.contains("reads it as Slide, 2 of 3 "))
        // An indicator that says "adjustable" without the action misleads: that fails.
        let misleading = try Self.finding(.adjustable, .advertisesAdjustable, ["--style", "indicator"])
        #expect(misleading.status == .fail)
        #expect(
            misleading.message
                == "on page 1 of 3 the indicator carries the adjustable trait, but the component offers no adjustable action (see --actions): VoiceOver says \"adjustable\" and a swipe up or down does nothing (and 2 more)"
        )
        // The pager's dots without the action still fail: seed 000's dots are the control.
        #expect(try Self.finding(.adjustable, ["--actions", "scroll,swipe,drag"]).status == .fail)
    }

    /// `--style indicator --actions adjustable` is a usage error (see
    /// `AuditActionKind.indicatorAdjustableMistake`); built in code, the same claim is judged
    /// against the model and fails: it refuses increment.
    @Test func claimingAdjustableOnTheIndicator() throws {
        for arguments in [
            ["--style", "indicator", "--actions", "adjustable"], ["--actions", "scroll,adjustable", "--style", "indicator"],
        ] {
            #expect(throws: (any Error).self, "\(arguments)") { try AuditRuleTests.configuration(arguments) }
        }
        var configuration = AuditConfiguration()
        configuration.style = .indicator
        configuration.actions = [.adjustable, .scroll]
        let finding = Auditor(base: configuration.makeSubject(), configuration: configuration).check(.adjustable)
        #expect(finding.status == .fail)
        #expect(
            finding.message
                == "adjustable is claimed (see --actions), but the indicator lacks the adjustable trait and increment was refused: the indicator has no adjustable action (a page indicator only follows its paged view); that view moves with scroll or swipe"
        )
    }

    @Test func defaultActionsFollowTheStyle() throws {
        #expect(try AuditRuleTests.configuration().actions == [.adjustable, .scroll, .swipe, .drag])
        #expect(try AuditRuleTests.configuration(["--style", "indicator"]).actions == [.scroll, .swipe])
        // Explicit --actions win, in either style.
        #expect(try AuditRuleTests.configuration(["--style", "indicator", "--actions", "scroll,drag"]).actions == [.scroll, .drag])
        #expect(try AuditRuleTests.configuration(["--actions", "none"]).actions.isEmpty)
        var configuration = AuditConfiguration()
        configuration.style = .indicator
        #expect(configuration.actions == [.scroll, .swipe])
        configuration.actions = [.tap]
        configuration.style = .pager
        #expect(configuration.actions == [.tap])
    }

    /// The indicator's rules with its own actions (scroll and swipe), counted by hand:
    /// edges: past the end on page 1 scroll leading and swipe right (LTR), on page 3 scroll
    /// trailing and swipe left: 4 per direction, 8. one-announcement: 4 probes from each page
    /// plus go-to each neighbour (1, 2, 1): 16 per direction, 32. rtl: the two swipes from 3
    /// pages in 2 directions: 12.
    @Test func indicatorRulesWithItsOwnActions() throws {
        let arguments = ["--style", "indicator"]
        var statuses: [AuditRule: AuditFinding.Status] = [:]
        for rule in AuditRule.allCases { statuses[rule] = try Self.finding(rule, arguments).status }
        #expect(statuses.filter { $0.value == .fail }.keys.sorted { $0.id < $1.id } == [.dotContrast])
        #expect(Set(statuses.filter { $0.value == .notApplicable }.keys) == [.adjustable, .focusVisible, .targetSize, .autoAdvance])
        #expect(try Self.finding(.edges, arguments).message.contains("each of the 8 actions past the end"))
        #expect(try Self.finding(.oneAnnouncement, arguments).message.hasPrefix("each of 32 actions said exactly one \"Page N of 3\""))
        #expect(try Self.finding(.reduceMotion, arguments).message.hasPrefix("with Reduce Motion on, all 32 page changes move nothing"))
        #expect(
            try Self.finding(.rtl, arguments).message
                == "in RTL swipe left goes back and swipe right forward, the mirror of LTR (12 checks)")
        #expect(
            try Self.finding(.hiddenPages, arguments).message.contains("at rest and on every frame of every page change (no drag offered)"))
        #expect(try Self.finding(.label, arguments).status == .pass)
    }

    /// Every rule can still fail on the indicator with its own actions: each fault it exists for.
    @Test func everyIndicatorRuleCanFail() throws {
        let arguments = ["--style", "indicator"]
        let faults: [(AuditRule, FaultyPager.Fault)] = [
            (.label, .emptyLabel), (.value, .seed004Value), (.adjustable, .advertisesAdjustable), (.scroll, .scrollSkips),
            (.edges, .silentEdges), (.hiddenPages, .visibleHiddenPages), (.focusOrder, .dotsBeforeContent),
            (.oneAnnouncement, .doubleAnnouncement), (.reduceMotion, .ignoresReduceMotion), (.rtl, .ignoresRTL),
        ]
        for (rule, fault) in faults {
            let pages = rule == .scroll ? ["--pages", "A,B,C,D"] : []
            #expect(try Self.finding(rule, fault, arguments + pages).status == .fail, "\(rule.id)")
            #expect(try Self.finding(rule, .none, arguments + pages).status != .fail, "\(rule.id)")
        }
    }

    // MARK: - In every report

    @Test func focusOrderInEveryFormat() throws {
        #expect(AuditRule.focusOrder.wcag == "2.4.3" && AuditRule.focusOrder.wcagName == "Focus Order")
        #expect(AuditRule.focusOrder.helpURI == "https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html")
        #expect(AuditRule.focusOrder.alsoServes.map(\.number) == ["1.3.2"])
        let configuration = try AuditRuleTests.configuration(["--style", "indicator"])
        let report = AuditReport(findings: Auditor(base: configuration.makeSubject(), configuration: configuration).run())

        #expect(report.lines(.text).contains { $0.hasPrefix("PASS focus-order (WCAG 2.4.3): Explore → Page, 1 of 3 on page 1") })

        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.lines(.json)[0].utf8)) as? [String: Any])
        let findings = try #require(json["findings"] as? [[String: Any]])
        let focus = try #require(findings.first { $0["rule"] as? String == "focus-order" })
        #expect(focus["status"] as? String == "pass" && focus["wcag"] as? String == "2.4.3")
        #expect(findings.firstIndex { $0["rule"] as? String == "focus-order" } == 6)

        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.lines(.sarif)[0].utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "focus-order" })
        #expect((rule["properties"] as? [String: Any])?["tags"] as? [String] == ["accessibility", "WCAG 2.4.3", "WCAG 1.3.2"])
        #expect(
            ((rule["fullDescription"] as? [String: Any])?["text"] as? String)?.hasPrefix(
                "WCAG 2.2 2.4.3 Focus Order (also 1.3.2 Meaningful Sequence): one-finger swipes reach") == true)
        #expect(rule["helpUri"] as? String == "https://www.w3.org/WAI/WCAG22/Understanding/focus-order.html")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.first { $0["ruleId"] as? String == "focus-order" }?["kind"] as? String == "pass")

        let html = report.lines(.html).joined(separator: "\n")
        #expect(html.contains("<section class=\"rule pass\" id=\"rule-focus-order\""))
        #expect(html.contains("<section class=\"rule not-applicable\" id=\"rule-adjustable\""))
    }
}

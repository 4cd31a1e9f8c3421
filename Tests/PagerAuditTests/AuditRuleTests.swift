import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// A pager with one deliberate bug, so each rule is shown to fail on the fault it exists for.
struct FaultyPager: AuditSubject {
    enum Fault {
        case none
        /// Increment on the last page goes to the first.
        case wraps
        /// Scroll trailing skips a page.
        case scrollSkips
        /// Hitting an edge says nothing.
        case silentEdges
        /// Seed 004 as written: "\(current + 1) of \(count)", so "1 of 0" when empty.
        case seed004Value
        /// Pages underneath stay visible to VoiceOver.
        case visibleHiddenPages
        /// Every announcement is made twice.
        case doubleAnnouncement
        /// Announces while the finger is still moving.
        case announcesWhileDragging
        /// Ignores the Reduce Motion setting.
        case ignoresReduceMotion
        /// Ignores right-to-left layout: swipes and drags are never mirrored.
        case ignoresRTL
        /// The dots carry no label.
        case emptyLabel
        /// The dots lose the adjustable trait.
        case notAdjustable
        /// The dots gain the adjustable trait (on seed 004's indicator, which has no such action).
        case advertisesAdjustable
        /// VoiceOver meets the dots before the page's content they count.
        case dotsBeforeContent
        /// In right-to-left layouts the reading order is reversed too: dots, then content.
        case mirroredFocusInRTL
        /// The next page's content, drawn hidden beside the current one, is an element too.
        case hiddenPageReachable
        /// Focus wraps around at either end instead of stopping at a boundary.
        case focusWraps
        /// The content element keeps the title it had when focus first reached it.
        case staleContent
        /// With no pages, the last page's content stays behind as an element.
        case ghostContent
    }

    var pager: Pager
    var fault: Fault
    /// Where the faulty cursor is, in `elements` (the focus faults keep their own).
    var cursor = 0
    /// The title `staleContent` keeps.
    var keptTitle: String?
    /// The title `ghostContent` leaves behind.
    var lastTitle: String?

    init(_ fault: Fault, pages: [String] = Pager.demoPages, style: PageDots.Style = .pager) {
        pager = Pager(pages: pages, dotsStyle: style)
        self.fault = fault
    }

    var index: Int { pager.index }
    var count: Int { pager.count }
    var pages: [String] { pager.pages }
    var width: Double { pager.width }
    var dots: PageDots { pager.dots }

    var accessibilityElement: AccessibilityElement {
        var element = pager.accessibilityElement
        switch fault {
        case .seed004Value: element.value = "\(pager.index + 1) of \(pager.count)"
        case .emptyLabel: element.label = ""
        case .notAdjustable: element.traits = []
        case .advertisesAdjustable: element.traits = [.adjustable]
        default: break
        }
        return element
    }

    @discardableResult
    mutating func reduce(_ action: PagerAction) throws(PagerError) -> [PagerEvent] {
        switch (fault, action) {
        case (.wraps, .increment) where pager.count > 1 && pager.index == pager.count - 1:
            return try pager.reduce(.goTo(0))
        case (.scrollSkips, .scroll(.trailing)) where pager.index + 2 < pager.count:
            return try pager.reduce(.goTo(pager.index + 2))
        case (.ignoresReduceMotion, .setReduceMotion):
            return []
        case (.ignoresRTL, .setDirection):
            return []
        case (_, .moveFocus(let move)) where ownsFocus:
            return [.focus(moveFocus(move))]
        default:
            break
        }
        if let title = pager.currentTitle { lastTitle = title }
        var events = try pager.reduce(action)
        switch fault {
        case .silentEdges:
            events = events.filter { if case .announcement(let a) = $0 { !a.isBoundary } else { true } }
        case .doubleAnnouncement:
            events += events.filter { if case .announcement = $0 { true } else { false } }
        case .announcesWhileDragging:
            if case .dragChanged = action {
                events.append(
                    .announcement(
                        Announcement(
                            action: "move", text: pager.announcementText, page: pager.pageNumber,
                            count: pager.count, isBoundary: false, settleMilliseconds: 0)))
            }
        default:
            break
        }
        return events
    }

    var ownsFocus: Bool {
        switch fault {
        case .dotsBeforeContent, .mirroredFocusInRTL, .hiddenPageReachable, .focusWraps, .staleContent, .ghostContent: true
        default: false
        }
    }

    /// The elements in the faulty reading order.
    var elements: [AccessibilityElement] {
        let dots = accessibilityElement
        var content = pager.pageElement.map { [$0] } ?? []
        switch fault {
        case .dotsBeforeContent:
            return [dots] + content
        case .mirroredFocusInRTL where pager.direction == .rightToLeft:
            return [dots] + content
        case .hiddenPageReachable where pager.count > 1:
            let neighbour = pager.index + 1 < pager.count ? pager.index + 1 : pager.index - 1
            var hidden = content[0]
            hidden.label = pager.pages[neighbour]
            return content + [hidden, dots]
        case .staleContent:
            if let keptTitle, !content.isEmpty { content[0].label = keptTitle }
        case .ghostContent where content.isEmpty:
            if let lastTitle, let ghost = Pager(pages: [lastTitle]).pageElement { content = [ghost] }
        default:
            break
        }
        return content + [dots]
    }

    /// The model's cursor rules (one step, a boundary at either end) over the faulty elements.
    mutating func moveFocus(_ move: FocusMove) -> FocusChange {
        let list = elements
        let current = min(cursor, list.count - 1)
        var target: Int
        switch move {
        case .next: target = current + 1
        case .previous: target = current - 1
        case .first: target = 0
        case .last: target = list.count - 1
        }
        if fault == .focusWraps { target = (target + list.count) % list.count }
        guard list.indices.contains(target) else { return FocusChange(move: move, element: list[current], isBoundary: true) }
        cursor = target
        if fault == .staleContent, list[target].kind == .page, keptTitle == nil { keptTitle = list[target].label }
        return FocusChange(move: move, element: list[target], isBoundary: false)
    }

    func layout() -> PagerLayout {
        var layout = pager.layout()
        if fault == .visibleHiddenPages {
            for i in layout.pages.indices { layout.pages[i].isAccessibilityHidden = false }
        }
        return layout
    }

    func frames(for settle: Settle, framesPerSecond: Int) -> PagerFrames {
        pager.frames(for: settle, framesPerSecond: framesPerSecond)
    }
}

@Suite struct AuditRuleTests {
    static func configuration(_ arguments: [String] = []) throws -> AuditConfiguration {
        try AuditCommand.configuration(parsing: arguments)
    }

    /// The finding of `rule` for the model configured by `arguments`.
    static func finding(_ rule: AuditRule, _ arguments: [String] = []) throws -> AuditFinding {
        let configuration = try configuration(arguments)
        return Auditor(base: configuration.makeSubject(), configuration: configuration).check(rule)
    }

    /// The finding of `rule` for a faulty pager.
    static func finding(_ rule: AuditRule, _ fault: FaultyPager.Fault, _ arguments: [String] = []) throws -> AuditFinding {
        let configuration = try configuration(arguments)
        return Auditor(
            base: FaultyPager(fault, pages: configuration.pages, style: configuration.style),
            configuration: configuration
        ).check(rule)
    }

    @Test func faultlessPagerPassesWhatTheModelPasses() throws {
        for rule in [
            AuditRule.label, .value, .adjustable, .scroll, .edges, .hiddenPages, .focusOrder, .oneAnnouncement, .reduceMotion, .rtl,
        ] {
            #expect(try Self.finding(rule, .none).status == .pass, "\(rule.id)")
            #expect(try Self.finding(rule).status == .pass, "\(rule.id)")
        }
    }

    @Test func label() throws {
        #expect(try Self.finding(.label, ["--label", "Onboarding page"]).message.contains("\"Onboarding page\""))
        for empty in ["", "   "] {
            let finding = try Self.finding(.label, ["--label", empty])
            #expect(finding.status == .fail)
            #expect(finding.message.contains("no accessibility label"))
        }
        #expect(try Self.finding(.label, .emptyLabel).status == .fail)
    }

    @Test func value() throws {
        let finding = try Self.finding(.value, .seed004Value)
        #expect(finding.status == .fail)
        #expect(finding.message.contains("\"1 of 0\"") && finding.message.contains("\"None\""))
        #expect(try Self.finding(.value, ["--pages", "Only"]).status == .pass)
    }

    @Test func adjustable() throws {
        let wraps = try Self.finding(.adjustable, .wraps)
        #expect(wraps.status == .fail)
        #expect(wraps.message.contains("increment on page 3 of 3 wrapped around to page 1"))
        let missing = try Self.finding(.adjustable, ["--actions", "scroll,swipe,drag"])
        #expect(missing.status == .fail)
        #expect(missing.message.contains("no adjustable action"))
        #expect(try Self.finding(.adjustable, .notAdjustable).status == .fail)
        #expect(try Self.finding(.adjustable, ["--actions", "adjustable"]).status == .pass)
    }

    @Test func scroll() throws {
        let skips = try Self.finding(.scroll, .scrollSkips, ["--pages", "A,B,C,D"])
        #expect(skips.status == .fail)
        #expect(skips.message.contains("moved 2 pages"))
        #expect(try Self.finding(.scroll, ["--actions", "adjustable"]).status == .fail)
        #expect(try Self.finding(.scroll, ["--actions", "scroll"]).status == .pass)
    }

    @Test func edges() throws {
        let silent = try Self.finding(.edges, .silentEdges)
        #expect(silent.status == .fail)
        #expect(silent.message.contains("said nothing"))
        #expect(try Self.finding(.edges, ["--actions", "none"]).status == .notApplicable)
        #expect(try Self.finding(.edges, ["--actions", "drag"]).status == .pass)
    }

    @Test func hiddenPages() throws {
        let visible = try Self.finding(.hiddenPages, .visibleHiddenPages)
        #expect(visible.status == .fail)
        #expect(visible.message.contains("visible to VoiceOver"))
        // Without drags the pages underneath are never laid out mid-drag, but still checked at rest.
        #expect(try Self.finding(.hiddenPages, .visibleHiddenPages, ["--actions", "adjustable"]).status == .fail)
    }

    @Test func oneAnnouncement() throws {
        let twice = try Self.finding(.oneAnnouncement, .doubleAnnouncement)
        #expect(twice.status == .fail)
        #expect(twice.message.contains("announced 2 times"))
        let early = try Self.finding(.oneAnnouncement, .announcesWhileDragging)
        #expect(early.status == .fail)
        #expect(early.message.contains("before it lifted"))
        // Without drags nothing moves the finger, so the same fault goes unseen: the rule only
        // judges what the component offers.
        #expect(try Self.finding(.oneAnnouncement, .announcesWhileDragging, ["--actions", "adjustable"]).status == .pass)
        #expect(try Self.finding(.oneAnnouncement, ["--actions", "none", "--pages", "A"]).status == .notApplicable)
    }

    @Test func reduceMotion() throws {
        let ignored = try Self.finding(.reduceMotion, .ignoresReduceMotion)
        #expect(ignored.status == .fail)
        #expect(ignored.message.contains("with Reduce Motion on"))
        for transition in PageChangeStyle.allCases {
            #expect(try Self.finding(.reduceMotion, ["--transition", transition.rawValue]).status == .pass, "\(transition)")
            #expect(
                try Self.finding(.reduceMotion, .ignoresReduceMotion, ["--transition", transition.rawValue]).status == .fail,
                "\(transition)")
        }
        let crossfade = try Self.finding(.reduceMotion, ["--transition", "parallax-push"])
        #expect(crossfade.message.contains("crossfade"))
    }

    @Test func rtl() throws {
        let ignored = try Self.finding(.rtl, .ignoresRTL)
        #expect(ignored.status == .fail)
        #expect(ignored.message.contains("(RTL)"))
        #expect(try Self.finding(.rtl, .ignoresRTL, ["--actions", "drag"]).status == .fail)
        #expect(try Self.finding(.rtl, ["--actions", "adjustable,scroll"]).status == .notApplicable)
        // Adjustable and scroll are named in layout terms, so ignoring RTL does not break them.
        #expect(try Self.finding(.adjustable, .ignoresRTL).status == .pass)
    }

    @Test func dotContrastOfSeed000() throws {
        let finding = try Self.finding(.dotContrast)
        #expect(finding.status == .fail)
        #expect(finding.required == 3)
        // Worst case, found independently: white at 45 % over system orange (Collect's gradient).
        let orange = (r: 255.0, g: 149.0, b: 0.0)
        func lin(_ c: Double) -> Double {
            let v = c / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        func lum(_ r: Double, _ g: Double, _ b: Double) -> Double { 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) }
        let seen = (0.45 * 255 + 0.55 * orange.r, 0.45 * 255 + 0.55 * orange.g, 0.45 * 255 + 0.55 * orange.b)
        let expected = (lum(seen.0, seen.1, seen.2) + 0.05) / (lum(orange.r, orange.g, orange.b) + 0.05)
        let measured = try #require(finding.measured)
        #expect(measured <= expected + 1e-9)
        #expect(abs(measured - expected) < 0.01)
        #expect(finding.message.hasPrefix("inactive dots (white at 45%"))
        #expect(finding.message.contains("Collect's gradient"))
        #expect(finding.message.contains(AuditNumber.ratio(expected)))
    }

    @Test func dotContrastOfSeed004() throws {
        let finding = try Self.finding(.dotContrast, ["--style", "indicator"])
        #expect(finding.status == .fail)
        let expected = 1.05 / (pow((0.75 + 0.055) / 1.055, 2.4) + 0.05)
        #expect(abs(try #require(finding.measured) - expected) < 1e-9)
        #expect(finding.message.contains("primary at 25%"))
        #expect(finding.message.contains("21:1"))
    }

    @Test func dotContrastPassesOnAStrongBackground() throws {
        // White at 45 % over black is #737373: 4.42:1.
        let finding = try Self.finding(.dotContrast, ["--background", "#000000"])
        #expect(finding.status == .pass)
        #expect(abs(try #require(finding.measured) - 4.42) < 0.01)
        // At 25 % opacity no pair of colours reaches 3:1: white over black is the best, 2.02:1.
        let indicator = try Self.finding(.dotContrast, ["--style", "indicator", "--tint", "white", "--background", "black"])
        #expect(indicator.status == .fail)
        #expect(abs(try #require(indicator.measured) - 2.02) < 0.01)
        // One page: there are no inactive dots, only the current one.
        let single = try Self.finding(.dotContrast, ["--pages", "Only", "--background", "#1C1C1E"])
        #expect(single.status == .pass)
        #expect(!single.message.contains("inactive"))
    }

    @Test func dotScaling() throws {
        let pager = try Self.finding(.dotScaling)
        #expect(pager.status == .fail)
        #expect(pager.measured == 1 && pager.required == 2)
        #expect(pager.message.contains("stay 8 pt"))
        let indicator = try Self.finding(.dotScaling, ["--style", "indicator", "--text-size", "AX3"])
        #expect(indicator.status == .pass)
        #expect(abs(try #require(indicator.measured) - 40.0 / 12) < 1e-9)
        #expect(indicator.message.contains("19.33 pt at AX3"))
    }

    @Test func autoAdvance() throws {
        #expect(try Self.finding(.autoAdvance).status == .notApplicable)
        #expect(try Self.finding(.autoAdvance, ["--auto-advance", "0"]).status == .notApplicable)
        let seedDemo = try Self.finding(.autoAdvance, ["--auto-advance", "1.3"])
        #expect(seedDemo.status == .fail)
        #expect(seedDemo.message.contains("every 1.3 s and cannot be paused"))
        #expect(try Self.finding(.autoAdvance, ["--auto-advance", "1.3", "--pausable"]).status == .pass)
        #expect(try Self.finding(.autoAdvance, ["--auto-advance", "10"]).status == .fail)
        let keepsGoing = try Self.finding(.autoAdvance, ["--auto-advance", "6", "--pausable", "--advances-under-reduce-motion"])
        #expect(keepsGoing.status == .fail)
        #expect(keepsGoing.message.contains("Reduce Motion"))
    }

    @Test func longPageListsAreSampled() throws {
        let pages = (1...200).map { "P\($0)" }.joined(separator: ",")
        let configuration = try Self.configuration(["--pages", pages])
        let auditor = Auditor(base: configuration.makeSubject(), configuration: configuration)
        #expect(auditor.auditedPages.count == 30)
        #expect(auditor.auditedPages.contains(0) && auditor.auditedPages.contains(199))
        let wraps = Auditor(base: FaultyPager(.wraps, pages: configuration.pages), configuration: configuration).check(.adjustable)
        #expect(wraps.status == .fail)
    }
}

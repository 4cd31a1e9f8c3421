import PagerTestSupport
import Testing

@testable import PagerCore

/// Thousands of random action sequences, checking the rules that must hold after every step.
/// Seeded, so a failure names the seed that replays it.
@Suite struct PagerPropertyTests {
    static func randomAction(_ rng: inout SplitMix64) -> PagerAction {
        func number() -> Double {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: .nan
            case 1: .infinity
            case 2: -.infinity
            case 3: 0
            case 4: Double.random(in: -1e7...1e7, using: &rng)
            case 5: Double.random(in: -12...12, using: &rng)
            default: Double.random(in: -800...800, using: &rng)
            }
        }
        switch Int.random(in: 0..<19, using: &rng) {
        case 0, 1: return .increment
        case 2, 3: return .decrement
        case 4: return .scroll(Bool.random(using: &rng) ? .trailing : .leading)
        case 5: return .swipe(Bool.random(using: &rng) ? .left : .right)
        case 6: return .dragBegan
        case 7: return .dragChanged(translation: number())
        case 8: return .dragEnded(predicted: Bool.random(using: &rng) ? nil : number())
        case 9: return .drag(translation: number(), predicted: Bool.random(using: &rng) ? nil : number())
        case 10: return .goTo(Int.random(in: -3...12, using: &rng))
        case 11: return .setCount(Int.random(in: -2...9, using: &rng))
        case 12: return .setPages((0..<Int.random(in: 0...6, using: &rng)).map { "P\($0)" })
        case 13: return .setWidth(Bool.random(using: &rng) ? number() : 390)
        case 14: return .setDirection(Bool.random(using: &rng) ? .leftToRight : .rightToLeft)
        case 15: return .setReduceMotion(Bool.random(using: &rng))
        case 16: return .setLanguage(["en", "es", "ar", "fr", ""].randomElement(using: &rng)!)
        case 17: return .setPageChangeStyle(PageChangeStyle.allCases.randomElement(using: &rng)!)
        default: return .goTo(Int.random(in: 0...2, using: &rng))
        }
    }

    static func isNavigation(_ action: PagerAction) -> Bool {
        switch action {
        case .increment, .decrement, .scroll, .swipe, .goTo, .dragEnded, .drag: true
        default: false
        }
    }

    @Test(arguments: 0..<8)
    func invariantsHoldOverRandomSequences(batch: Int) {
        var steps = 0
        for sequence in 0..<500 {
            let seed = UInt64(batch * 1_000_000 + sequence)
            var rng = SplitMix64(seed: seed)
            var pager = Pager(pages: ["A", "B", "C"])
            for step in 0..<40 {
                let action = Self.randomAction(&rng)
                let before = pager
                let context = "seed \(seed) step \(step) action \(action)"
                let events: [PagerEvent]
                do {
                    events = try pager.reduce(action)
                } catch {
                    // A refused action changes nothing at all.
                    #expect(pager == before, "\(context)")
                    continue
                }
                steps += 1
                let announcements = events.announcements
                let moved = pager.index != before.index

                // Index always valid.
                #expect(pager.index == InteractivePagerMath.clampedIndex(pager.index, count: pager.count), "\(context)")
                #expect(pager.index >= 0 && (pager.count == 0 || pager.index < pager.count), "\(context)")
                #expect(pager.position.isFinite, "\(context)")

                // Exactly one announcement per page change; boundaries only when nothing moved.
                #expect(announcements.count <= 1, "\(context)")
                if moved { #expect(announcements.count == 1, "\(context)") }
                for a in announcements {
                    if a.isBoundary { #expect(!moved, "\(context)") }
                    #expect(a.page == pager.pageNumber && a.count == pager.count, "\(context)")
                    #expect(a.text == pager.announcementText, "\(context)")
                    // Reduce Motion: the interactive pager settles at once; transitions only crossfade.
                    if pager.reduceMotion, pager.pageChangeStyle == .interactive || a.action == "drag" {
                        #expect(a.settleMilliseconds == 0, "\(context)")
                    }
                }
                if Self.isNavigation(action), announcements.isEmpty {
                    // Silence is only for a cancelled drag or a tap.
                    if case .goTo = action { Issue.record("go is always answered: \(context)") }
                    #expect(!moved, "\(context)")
                }
                switch action {
                case .setCount, .setPages:
                    break  // announce the value again when it changed
                default:
                    // Settings and finger movement say nothing.
                    if !Self.isNavigation(action) { #expect(announcements.isEmpty, "\(context)") }
                }
                // Settles end at the current page.
                for s in events.settles { #expect(s.toIndex == pager.index, "\(context)") }

                // Hidden == not hit-testable == not the current page.
                for page in pager.layout().pages {
                    #expect(page.isAccessibilityHidden == !page.isHitTestable, "\(context)")
                    #expect(page.isHitTestable == (page.page == pager.index), "\(context)")
                    #expect(page.offsetX.isFinite && page.scale.isFinite && page.brightness.isFinite, "\(context)")
                    #expect(abs(page.page - pager.index) <= 1, "\(context)")
                }
                // The dots agree with the pager.
                #expect(pager.dots.dots.count == pager.count, "\(context)")
                #expect(pager.dots.dots.filter(\.isCurrent).count == (pager.count > 0 ? 1 : 0), "\(context)")
                #expect(pager.accessibilityElement.value == pager.valueText, "\(context)")
            }
        }
        #expect(steps > 5_000)
    }
}

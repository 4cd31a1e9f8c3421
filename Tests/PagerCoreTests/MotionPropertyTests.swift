import PagerTestSupport
import Testing

@testable import PagerCore

/// Randomised checks over thousands of timelines. Every case comes from a seeded SplitMix64, so a
/// failure names its seed and replays exactly.
@Suite struct MotionPropertyTests {
    /// SwiftUI's settling estimate for a bouncing spring, `-ln(ε / (|λ - v0| + 1)) / λ`, bounds the
    /// true envelope `e^(-λt) √(1 + ((λ - v0) / ωd)²)` only while ωd ≥ 1 rad/s; below that (a
    /// barely bouncing, slow spring) it stops early. No spring PagerVoice uses comes near: the
    /// slowest, smooth(0.7), does not bounce at all, and snappy(0.3) has ωd ≈ 11 rad/s.
    static func settlingEstimateIsABound(_ spring: SpringAnimation) -> Bool {
        spring.regime != .underdamped || spring.frequency >= 1
    }

    static func randomSpring(_ rng: inout MotionRandom) -> SpringAnimation {
        let duration = Double.random(in: 0.05...2, using: &rng)
        let velocity = Bool.random(using: &rng) ? 0 : Double.random(in: -30...30, using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .smooth(duration: duration, initialVelocity: velocity)
        case 1: return .snappy(duration: duration, initialVelocity: velocity)
        case 2: return .bouncy(duration: duration, initialVelocity: velocity)
        default:
            return .spring(duration: duration, bounce: Double.random(in: -0.8...0.9, using: &rng), initialVelocity: velocity)
        }
    }

    @Test(arguments: 0..<4)
    func everySpringTimelineEndsWithinToleranceAndThenExactlyOnTarget(batch: UInt64) {
        var checked = 0
        for case_ in 0..<2_000 as Range<UInt64> {
            let seed = batch << 32 | case_
            var rng = MotionRandom(seed: seed)
            let spring = Self.randomSpring(&rng)
            guard Self.settlingEstimateIsABound(spring) else { continue }
            let fps = [24, 30, 60, 120][Int.random(in: 0..<4, using: &rng)]
            let timeline = Timeline(spring, framesPerSecond: fps)
            let progresses = timeline.progresses
            let times = timeline.times
            checked += 1
            #expect(times.first == 0, "seed \(seed)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed)")
            #expect(timeline.lastFrameTime >= timeline.settledTime - 1e-12, "seed \(seed)")
            #expect(
                abs(1 - progresses.last!) < SpringAnimation.settlingEpsilon,
                "seed \(seed): \(spring) at \(fps) fps ends at \(progresses.last!)")
            #expect(timeline.finalProgress == 1, "seed \(seed)")
        }
        #expect(checked > 1_800)  // the excluded corner stays a corner
    }

    /// The limit of SwiftUI's estimate, pinned so nobody mistakes it for a bug in the frames.
    @Test func swiftUIsEstimateStopsEarlyForSlowBarelyBouncingSprings() {
        let spring = SpringAnimation.spring(duration: 1, bounce: 0.001)
        #expect(!Self.settlingEstimateIsABound(spring))
        let timeline = Timeline(spring)
        #expect(MotionCheck.near(timeline.settledTime, 1.4167, 0.0001))
        #expect(abs(1 - timeline.progresses.last!) > SpringAnimation.settlingEpsilon)
    }

    // MARK: The pager

    static func randomAction(_ rng: inout MotionRandom, count: Int) -> PagerAction {
        func points() -> Double { Double.random(in: -700...700, using: &rng) }
        switch Int.random(in: 0..<18, using: &rng) {
        case 0, 1: return .increment
        case 2, 3: return .decrement
        case 4: return .scroll(Bool.random(using: &rng) ? .trailing : .leading)
        case 5: return .swipe(Bool.random(using: &rng) ? .left : .right)
        case 6, 7: return .drag(translation: points(), predicted: Bool.random(using: &rng) ? points() : nil)
        case 8: return .goTo(Int.random(in: -1...max(count, 0), using: &rng))
        case 9: return .dragBegan
        case 10: return .dragChanged(translation: points())
        case 11: return .dragEnded(predicted: Bool.random(using: &rng) ? points() : nil)
        case 12: return .setReduceMotion(Bool.random(using: &rng))
        case 13: return .setPageChangeStyle(PageChangeStyle.allCases.randomElement(using: &rng)!)
        case 14: return .setDirection(LayoutDirection.allCases.randomElement(using: &rng)!)
        case 15: return .setWidth(Bool.random(using: &rng) ? 390 : Double.random(in: 0...800, using: &rng))
        case 16: return .setDotsStyle(PageDots.Style.allCases.randomElement(using: &rng)!)
        default: return .setCount(Int.random(in: 0...6, using: &rng))
        }
    }

    @Test(arguments: 0..<4)
    func everyPagerSettleEndsWithinToleranceAndThenExactlyOnTarget(batch: UInt64) {
        var settlesChecked = 0
        for case_ in 0..<500 as Range<UInt64> {
            let seed = batch << 32 | case_
            var rng = MotionRandom(seed: seed)
            var pager = Pager(pages: Array(Pager.demoPages.prefix(Int.random(in: 1...3, using: &rng))))
            for step in 0..<12 {
                let action = Self.randomAction(&rng, count: pager.count)
                guard let events = try? pager.reduce(action) else { continue }
                let fps = [24, 30, 60, 120][Int.random(in: 0..<4, using: &rng)]
                for settle in MotionCheck.settles(events) {
                    settlesChecked += 1
                    check(settle, in: pager, fps: fps, events: events, context: "seed \(seed) step \(step) \(action)")
                }
            }
        }
        #expect(settlesChecked > 1_000)
    }

    private func check(_ settle: Settle, in pager: Pager, fps: Int, events: [PagerEvent], context: String) {
        let frames = pager.frames(for: settle, framesPerSecond: fps)
        let target = frames.targetPosition
        let distance = abs(target - settle.fromPosition)
        let last = frames.frames.last!

        #expect(frames.frames.first?.time == 0, "\(context)")
        #expect(frames.frames.count == frames.timeline.frameCount, "\(context)")
        #expect(
            abs(last.position - target) <= SpringAnimation.settlingEpsilon * distance + 1e-12,
            "\(context): last frame at \(last.position), target \(target)")
        // Once the timeline is over the pager is exactly at the target.
        #expect(frames.rest.progress == 1, "\(context)")
        #expect(frames.rest.position == target, "\(context)")
        if pager.drag == nil {
            #expect(target == Double(settle.toIndex), "\(context)")
            #expect(target == pager.position, "\(context)")
        }
        #expect(frames.dots.rest == pager.dots.dots, "\(context)")
        if let lastDots = frames.dots.frames.last?.dots {
            for (dot, rest) in zip(lastDots, pager.dots.dots) {
                #expect(
                    abs(dot.width - rest.width) <= SpringAnimation.settlingEpsilon * pager.dots.currentWidth + 1e-9,
                    "\(context)")
            }
        }

        switch settle.style {
        case .interactive:
            #expect(MotionCheck.layouts(frames.rest) == pager.layout(atPosition: target).pages, "\(context)")
            if !settle.isAnimated {
                // Reduce Motion or a finger down: one frame, already at the target.
                #expect(frames.animationName == "none", "\(context)")
                #expect(
                    frames.frames
                        == [frames.rest].map { frame in
                            PagerFrame(time: 0, progress: 1, position: frame.position, pages: frame.pages)
                        }, "\(context)")
                #expect(frames.settledMilliseconds == 0, "\(context)")
            } else {
                #expect(frames.animationName == "smooth" && frames.duration == 0.45, "\(context)")
            }
        case .parallaxPush, .slideScale:
            let rest = MotionCheck.transitioned(frames.rest)
            #expect(rest.count == (pager.count > 0 ? 1 : 0), "\(context)")
            #expect(rest.allSatisfy { $0.effect == TransitionEffect(zIndex: $0.page) && $0.page == settle.toIndex }, "\(context)")
            if pager.reduceMotion {
                for frame in frames.frames {
                    #expect(
                        MotionCheck.transitioned(frame).allSatisfy { $0.effect.hasNoMotion && $0.effect.brightness == 0 },
                        "\(context)")
                }
            }
            for frame in frames.frames where frames.frames.count > 1 {
                #expect(MotionCheck.transitioned(frame).count == 2, "\(context)")
            }
        }

        // What is announced agrees with the frames whenever the reducer animates.
        if settle.isAnimated, let announcement = MotionCheck.announcements(events).first {
            #expect(announcement.settleMilliseconds == frames.logicallyCompleteMilliseconds, "\(context)")
        }
    }
}

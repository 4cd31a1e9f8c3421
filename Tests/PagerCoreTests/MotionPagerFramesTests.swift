import Testing

@testable import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct MotionPagerFramesTests {
    // MARK: Interactive pager (seed 000)

    @Test func incrementSettlesWithSmooth045() throws {
        var pager = Pager()
        let settle = try MotionCheck.settle(&pager, .increment)
        let frames = pager.frames(for: settle)
        #expect(frames.animationName == "smooth")
        #expect(frames.duration == 0.45)
        #expect(frames.bounce == 0)
        #expect(frames.framesPerSecond == 60)
        #expect(frames.logicallyCompleteMilliseconds == 450)
        #expect(frames.settledMilliseconds == 700)
        #expect(frames.frames.count == 43)
        #expect(frames.frames.first?.position == 0)
        #expect(frames.frames.first?.time == 0)
        let last = try #require(frames.frames.last)
        #expect(last.time == 0.7)
        #expect(abs(last.position - 1) < SpringAnimation.settlingEpsilon)
        #expect(frames.rest.position == 1)
        #expect(MotionCheck.layouts(frames.rest) == pager.layout().pages)
        // For a step of one page, animating each page's values is moving `position`: pages 0
        // and 1 are where the pager at that position draws them. Page 2, which only the new
        // index draws, fades in where it will rest, just off the trailing edge.
        for frame in frames.frames {
            let drawn = MotionCheck.layouts(frame)
            let atPosition = pager.layout(atPosition: frame.position).pages
            #expect(drawn.map(\.page) == [0, 1, 2])
            for page in 0...1 {
                #expect(MotionCheck.near(drawn[page].offsetX, atPosition[page].offsetX, 1e-9))
                #expect(MotionCheck.near(drawn[page].scale, atPosition[page].scale, 1e-12))
                #expect(MotionCheck.near(drawn[page].brightness, atPosition[page].brightness, 1e-12))
                #expect(drawn[page].opacity == 1)
            }
            #expect(drawn[2].offsetX == 390)
            #expect(drawn[2].opacity == min(max(frame.progress, 0), 1))
        }
        // Page 1 slides in from the trailing edge and page 0 recedes under it.
        let first = MotionCheck.layouts(frames.frames[0])
        #expect(first.map(\.page) == [0, 1, 2])
        #expect(first[1].offsetX == 390)
        #expect(first[0].offsetX == 0)
        let restLayouts = MotionCheck.layouts(frames.rest)
        #expect(restLayouts[0].offsetX == -117)
        #expect(restLayouts[0].scale == 0.92)
        #expect(restLayouts[0].brightness == -0.25)
    }

    @Test func positionMovesMonotonicallyWithoutOvershoot() throws {
        var pager = Pager(pages: ["A", "B", "C", "D"], index: 3)
        let settle = try MotionCheck.settle(&pager, .goTo(0))
        let positions = pager.frames(for: settle).frames.map(\.position)
        #expect(positions.first == 3)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(positions.allSatisfy { $0 >= 0 && $0 <= 3 })
    }

    @Test func announcementSettleTimeIsTheLogicallyCompleteTime() throws {
        for style in PageChangeStyle.allCases {
            var pager = Pager(pageChangeStyle: style)
            let events = try pager.reduce(.increment)
            let settle = try #require(MotionCheck.settles(events).first)
            let announcement = try #require(MotionCheck.announcements(events).first)
            #expect(announcement.settleMilliseconds == pager.frames(for: settle).logicallyCompleteMilliseconds)
            #expect(announcement.settleMilliseconds == Int((style.smoothDuration * 1000).rounded()))
        }
    }

    @Test func reduceMotionSettlesInOneFrameAtTheTarget() throws {
        var pager = Pager(reduceMotion: true)
        for action in [
            PagerAction.increment, .drag(translation: -300, predicted: nil), .goTo(0),
            .drag(translation: 30, predicted: 40),
        ] {
            let events = try pager.reduce(action)
            for settle in MotionCheck.settles(events) {
                let frames = pager.frames(for: settle)
                #expect(frames.animationName == "none")
                #expect(frames.duration == 0)
                #expect(frames.bounce == 0)
                #expect(frames.settledMilliseconds == 0)
                #expect(frames.logicallyCompleteMilliseconds == 0)
                #expect(frames.frames.count == 1)
                #expect(frames.frames[0].time == 0)
                #expect(frames.frames[0].position == Double(settle.toIndex))
                #expect(frames.frames[0] == frames.rest)
                #expect(frames.dots.frames.count == 1)
            }
        }
    }

    /// Seed 000 animates `position` with `.animation(…, value: position)`; the drag changed it
    /// without animation, so the settle starts from rest whatever the flick's speed (issue 12).
    @Test func aFlickSettlesFromRest() throws {
        var pager = Pager()
        // A short flick: 100 pt dragged, predicted 400 pt further in a quarter second.
        let settle = try MotionCheck.settle(&pager, .drag(translation: -100, predicted: -500))
        #expect(settle.toIndex == 1)
        let frames = pager.frames(for: settle)
        let spring = try #require(frames.timeline.animation.spring)
        #expect(spring.initialVelocity == 0)
        // smooth(0.45) from rest: critically damped, x(t) = 1 - e^(-ω0 t)(1 + ω0 t), ω0 = 2π/0.45.
        let omega = 2 * Double.pi / 0.45
        let t = 1.0 / 60
        let x = 1 - exp(-omega * t) * (1 + omega * t)
        let from = 100.0 / 390
        #expect(frames.frames.first?.position == from)
        #expect(MotionCheck.near(frames.frames[1].position, from + (1 - from) * x, 1e-12))
        #expect(frames.settledMilliseconds == 700)
        #expect(frames.rest.position == 1)
    }

    @Test func aCancelledDragSettlesBack() throws {
        var pager = Pager(index: 1)
        let settle = try MotionCheck.settle(&pager, .drag(translation: 100, predicted: nil))
        #expect(settle.fromIndex == 1 && settle.toIndex == 1)
        let frames = pager.frames(for: settle)
        #expect(MotionCheck.near(frames.fromPosition, 1 - 100 / 390.0, 1e-12))
        #expect(frames.rest.position == 1)
        #expect(frames.dots.animationName == "none")  // the current dot never moved
    }

    @Test func rightToLeftMirrorsOnScreenOnly() throws {
        var pager = Pager(direction: .rightToLeft)
        let settle = try MotionCheck.settle(&pager, .increment)
        let frames = pager.frames(for: settle)
        let first = MotionCheck.layouts(frames.frames[0])
        #expect(first[1].offsetX == 390)
        #expect(first[1].screenOffsetX == -390)
    }

    @Test func restingFramesAreOneFrameWhereThePagerIs() {
        let pager = Pager(index: 2)
        let frames = pager.restingFrames()
        #expect(frames.animationName == "none")
        #expect(frames.frames.count == 1)
        #expect(frames.frames[0].position == 2)
        #expect(MotionCheck.layouts(frames.frames[0]) == pager.layout().pages)
        #expect(Pager(pages: []).restingFrames().frames[0].pages == .interactive([]))
    }

    // MARK: Transition styles (seeds 002, 003)

    @Test func parallaxPushForward() throws {
        var pager = Pager(pageChangeStyle: .parallaxPush)
        let settle = try MotionCheck.settle(&pager, .increment)
        let frames = pager.frames(for: settle)
        #expect(frames.animationName == "smooth")
        #expect(frames.duration == 0.7)
        #expect(frames.logicallyCompleteMilliseconds == 700)
        #expect(frames.settledMilliseconds == 1100)
        #expect(frames.frames.count == 67)
        let first = MotionCheck.transitioned(frames.frames[0])
        #expect(first.map(\.page) == [0, 1])
        #expect(first[0].role == .disappearing && first[1].role == .appearing)
        #expect(first[0].effect == .identity)
        #expect(first[1].effect == TransitionEffect(offsetX: 390, zIndex: 1))
        #expect(first[1].isHitTestable && !first[1].isAccessibilityHidden)
        #expect(!first[0].isHitTestable && first[0].isAccessibilityHidden)
        let last = MotionCheck.transitioned(frames.frames.last!)
        #expect(abs(last[1].effect.offsetX) < 390 * SpringAnimation.settlingEpsilon)
        #expect(abs(last[0].effect.offsetX + 117) < 117 * SpringAnimation.settlingEpsilon)
        #expect(abs(last[0].effect.brightness + 0.25) < 0.25 * SpringAnimation.settlingEpsilon)
        // Once over, only the incoming page is left, at rest.
        #expect(
            MotionCheck.transitioned(frames.rest) == [
                TransitionedPage(
                    page: 1, role: .appearing, effect: TransitionEffect(zIndex: 1), screenOffsetX: 0,
                    isHitTestable: true, isAccessibilityHidden: false)
            ])
        #expect(frames.rest.position == 1)
    }

    @Test func parallaxPopGoingBack() throws {
        var pager = Pager(index: 2, pageChangeStyle: .parallaxPush)
        let settle = try MotionCheck.settle(&pager, .decrement)
        let frames = pager.frames(for: settle)
        let first = MotionCheck.transitioned(frames.frames[0])
        // Drawing order: the incoming page 1 underneath, the outgoing page 2 on top sliding off.
        #expect(first.map(\.page) == [1, 2])
        #expect(first[0].role == .appearing)
        #expect(MotionCheck.near(first[0].effect.offsetX, -117, 1e-9))
        #expect(first[0].effect.brightness == -0.25)
        #expect(first[1].effect.offsetX == 0)
        let last = MotionCheck.transitioned(frames.frames.last!)
        #expect(abs(last[1].effect.offsetX - 390) < 390 * SpringAnimation.settlingEpsilon)
        #expect(last[1].effect.brightness == 0)
    }

    @Test func slideScaleDrivenBySmooth055() throws {
        var pager = Pager(pageChangeStyle: .slideScale)
        let settle = try MotionCheck.settle(&pager, .goTo(2))
        let frames = pager.frames(for: settle)
        #expect(frames.duration == 0.55)
        #expect(frames.settledMilliseconds == 900)
        #expect(frames.frames.count == 55)
        let first = MotionCheck.transitioned(frames.frames[0])
        #expect(first.map(\.page) == [0, 2])
        #expect(first[1].effect == TransitionEffect(offsetX: 220, scale: 0.8, opacity: 0, zIndex: 2))
        #expect(first[0].effect == TransitionEffect(zIndex: 0))
        let middle = MotionCheck.transitioned(frames.frames[20])
        #expect(middle[0].effect.opacity + middle[1].effect.opacity == 1)
    }

    @Test(arguments: [PageChangeStyle.parallaxPush, .slideScale], [PagerAction.increment, .goTo(2), .decrement])
    func transitionsOnlyFadeUnderReduceMotion(style: PageChangeStyle, action: PagerAction) throws {
        var pager = Pager(index: 1, reduceMotion: true, pageChangeStyle: style)
        let settle = try MotionCheck.settle(&pager, action)
        let frames = pager.frames(for: settle)
        // The crossfade still animates with the style's spring…
        #expect(frames.animationName == "smooth")
        #expect(frames.duration == style.smoothDuration)
        #expect(frames.frames.count > 1)
        // …but nothing moves, grows, shrinks or darkens on any frame.
        for frame in frames.frames {
            for page in MotionCheck.transitioned(frame) {
                #expect(page.effect.hasNoMotion)
                #expect(page.effect.brightness == 0)
                #expect(page.screenOffsetX == 0)
            }
        }
        let opacities = frames.frames.map { MotionCheck.transitioned($0).first { $0.role == .appearing }!.effect.opacity }
        #expect(opacities.first == 0)
        #expect(opacities.last! > 0.999)
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 })
        // The dots change at once.
        #expect(frames.dots.animationName == "none")
    }

    @Test func aFingerDownStopsEveryAnimation() {
        var pager = Pager(pageChangeStyle: .parallaxPush)
        _ = try? pager.reduce(.dragBegan)
        _ = try? pager.reduce(.dragChanged(translation: -50))
        let events = (try? pager.reduce(.goTo(2))) ?? []
        guard let settle = MotionCheck.settles(events).first else {
            Issue.record("no settle")
            return
        }
        let frames = pager.frames(for: settle)
        #expect(frames.animationName == "none")
        #expect(frames.frames.count == 1)
        #expect(frames.rest.position == pager.position)
        // The one frame is the end state: the outgoing page is already gone.
        #expect(MotionCheck.transitioned(frames.frames[0]).map(\.page) == [2])
        #expect(frames.frames[0] == frames.rest)
    }

    // MARK: Dots alongside

    @Test func pagerDotsMoveWithSnappy() throws {
        var pager = Pager()
        let settle = try MotionCheck.settle(&pager, .increment)
        let dots = pager.frames(for: settle).dots
        #expect(dots.animationName == "snappy")
        #expect(dots.logicallyCompleteMilliseconds == 300)
        #expect(dots.settledMilliseconds == 553)
        #expect(dots.frames.count == 35)
        #expect(dots.frames[0].dots.map(\.width) == [22, 8, 8])
        #expect(dots.frames[0].dots.map(\.opacity) == [1, 0.45, 0.45])
        #expect(dots.rest == pager.dots.dots)
        let last = dots.frames.last!.dots
        #expect(abs(last[1].width - 22) < 14 * SpringAnimation.settlingEpsilon)
        // snappy overshoots a little: the new capsule stretches past 22 pt on the way.
        #expect(dots.frames.map { $0.dots[1].width }.max()! > 22)
        #expect(dots.frames.allSatisfy { frame in frame.dots.allSatisfy { $0.opacity >= 0 && $0.opacity <= 1 } })
    }

    @Test func indicatorDotsBounce() throws {
        var pager = Pager(dotsStyle: .indicator, textSize: .ax1)
        let settle = try MotionCheck.settle(&pager, .scroll(.trailing))
        let dots = pager.frames(for: settle).dots
        #expect(dots.animationName == "spring")
        #expect(dots.settledMilliseconds == 757)
        #expect(dots.frames.count == 47)
        let size = pager.dots.dotSize
        #expect(dots.frames[0].dots[0].width == 3 * size)
        let widest = dots.frames.map { $0.dots[1].width }.max()!
        #expect(widest > 3 * size)
        #expect(MotionCheck.near(widest, size + 2 * size * 1.0459879, 0.05))
    }

    @Test func dotsChangeAtOnceWhenTheRowChanges() {
        let before = PageDots(count: 3, current: 0)
        #expect(before.animation(to: PageDots(count: 4, current: 1), reduceMotion: false) == .none)
        #expect(before.animation(to: PageDots(style: .indicator, count: 3, current: 1), reduceMotion: false) == .none)
        #expect(before.animation(to: PageDots(count: 3, current: 0), reduceMotion: false) == .none)
        #expect(before.animation(to: PageDots(count: 3, current: 1), reduceMotion: true) == .none)
        #expect(before.animation(to: PageDots(count: 3, current: 1), reduceMotion: false) == .spring(.snappy(duration: 0.3)))
        let jump = before.frames(to: PageDots(count: 4, current: 1), reduceMotion: false)
        #expect(jump.frames.count == 1)
        #expect(jump.frames[0].dots == PageDots(count: 4, current: 1).dots)
    }
}

import Testing

@testable import PagerCore

@Suite struct MotionTransitionTests {
    static let width = 390.0

    // MARK: Phases

    @Test func phaseValues() {
        #expect(TransitionPhase.willAppear.value == -1)
        #expect(TransitionPhase.identity.value == 0)
        #expect(TransitionPhase.didDisappear.value == 1)
        #expect(TransitionPhase.identity.isIdentity)
        #expect(!TransitionPhase.willAppear.isIdentity)
        #expect(TransitionRole.appearing.startPhase == .willAppear)
        #expect(TransitionRole.appearing.endPhase == .identity)
        #expect(TransitionRole.disappearing.startPhase == .identity)
        #expect(TransitionRole.disappearing.endPhase == .didDisappear)
    }

    // MARK: Parallax push (seed 002)

    /// (phase, offsetX, brightness) with Reduce Motion off: push moves the new page over a whole
    /// width, the old one 30 % underneath and darkened; pop mirrors it.
    @Test(arguments: [
        (true, TransitionPhase.willAppear, 390.0, 0.0),
        (true, .identity, 0, 0),
        (true, .didDisappear, -117, -0.25),
        (false, .willAppear, -117, -0.25),
        (false, .identity, 0, 0),
        (false, .didDisappear, 390, 0),
    ])
    func parallaxPushPhases(isForward: Bool, phase: TransitionPhase, offsetX: Double, brightness: Double) {
        let transition = ParallaxPushTransition(isForward: isForward, reduceMotion: false)
        let effect = transition.effect(at: phase, width: Self.width)
        #expect(MotionCheck.near(effect.offsetX, offsetX, 1e-9))
        #expect(effect.offsetY == 0)
        #expect(effect.scale == 1)
        #expect(effect.opacity == 1)
        #expect(effect.brightness == brightness)
        #expect(effect.zIndex == 0)
    }

    @Test func parallaxShift() {
        let push = ParallaxPushTransition.push()
        #expect(push.shift(at: .identity) == 0)
        #expect(push.shift(at: .willAppear) == 1)
        #expect(push.shift(at: .didDisappear) == -0.3)
        let pop = ParallaxPushTransition.pop()
        #expect(pop.shift(at: .willAppear) == -0.3)
        #expect(pop.shift(at: .didDisappear) == 1)
        #expect(!pop.isForward)
        #expect(ParallaxPushTransition(parallax: 0.5).shift(at: .didDisappear) == -0.5)
    }

    @Test(arguments: [true, false], TransitionPhase.allCases)
    func parallaxPushCrossfadesUnderReduceMotion(isForward: Bool, phase: TransitionPhase) {
        let effect = ParallaxPushTransition(isForward: isForward, reduceMotion: true).effect(at: phase, width: Self.width)
        #expect(effect == TransitionEffect(opacity: phase == .identity ? 1 : 0))
        #expect(effect.hasNoMotion)
        #expect(effect.brightness == 0)
    }

    // MARK: Slide scale (seed 003)

    @Test(arguments: SlideScaleTransition.Axis.allCases, TransitionPhase.allCases)
    func slideScalePhases(axis: SlideScaleTransition.Axis, phase: TransitionPhase) {
        let effect = SlideScaleTransition(axis: axis).effect(at: phase, width: Self.width)
        let offset: Double =
            switch phase {
            case .willAppear: 220
            case .identity: 0
            case .didDisappear: -220
            }
        #expect(effect.offsetX == (axis == .horizontal ? offset : 0))
        #expect(effect.offsetY == (axis == .vertical ? offset : 0))
        #expect(effect.scale == (phase == .identity ? 1 : 0.8))
        #expect(effect.opacity == (phase == .identity ? 1 : 0))
        #expect(effect.brightness == 0)
    }

    @Test(arguments: SlideScaleTransition.Axis.allCases, TransitionPhase.allCases)
    func slideScaleOnlyFadesUnderReduceMotion(axis: SlideScaleTransition.Axis, phase: TransitionPhase) {
        let effect = SlideScaleTransition(axis: axis, reduceMotion: true).effect(at: phase, width: Self.width)
        #expect(effect == TransitionEffect(opacity: phase == .identity ? 1 : 0))
    }

    @Test func slideScaleParameters() {
        let custom = SlideScaleTransition(axis: .vertical, distance: 100, scale: 0.5)
        #expect(custom.effect(at: .willAppear, width: 0) == TransitionEffect(offsetY: 100, scale: 0.5, opacity: 0))
        #expect(custom.effect(at: .didDisappear, width: 0) == TransitionEffect(offsetY: -100, scale: 0.5, opacity: 0))
        #expect(SlideScaleTransition().offset(at: .identity) == 0)
        #expect(SlideScaleTransition().offset(at: .identity).sign == .plus)
    }

    // MARK: Between phases

    @Test func appearingRunsFromWillAppearToIdentity() {
        let push = ParallaxPushTransition.push()
        #expect(push.effect(.appearing, progress: 0, width: Self.width) == push.effect(at: .willAppear, width: Self.width))
        #expect(push.effect(.appearing, progress: 1, width: Self.width) == .identity)
        #expect(push.effect(.appearing, progress: 0.5, width: Self.width).offsetX == 195)
        let slide = SlideScaleTransition()
        let half = slide.effect(.appearing, progress: 0.5, width: Self.width)
        #expect(half == TransitionEffect(offsetX: 110, scale: 0.9, opacity: 0.5))
    }

    @Test func disappearingRunsFromIdentityToDidDisappear() {
        let push = ParallaxPushTransition.push()
        #expect(push.effect(.disappearing, progress: 0, width: Self.width) == .identity)
        #expect(push.effect(.disappearing, progress: 1, width: Self.width) == push.effect(at: .didDisappear, width: Self.width))
        let quarter = push.effect(.disappearing, progress: 0.25, width: Self.width)
        #expect(MotionCheck.near(quarter.offsetX, -29.25, 1e-9))
        #expect(quarter.brightness == -0.0625)
        let slide = SlideScaleTransition(axis: .vertical)
        #expect(
            slide.effect(.disappearing, progress: 0.5, width: Self.width)
                == TransitionEffect(offsetY: -110, scale: 0.9, opacity: 0.5))
    }

    @Test func overshootMovesPastTheEndButOpacityStaysInRange() {
        let slide = SlideScaleTransition()
        let past = slide.effect(.appearing, progress: 1.05, width: Self.width)
        #expect(MotionCheck.near(past.offsetX, -11, 1e-9))
        #expect(MotionCheck.near(past.scale, 1.01, 1e-12))
        #expect(past.opacity == 1)
        #expect(slide.effect(.disappearing, progress: 1.05, width: Self.width).opacity == 0)
    }

    @Test func interpolationKeepsZIndexAndNeverShowsNegativeZero() {
        let start = TransitionEffect(offsetX: -10, zIndex: 3)
        let end = TransitionEffect(offsetX: 0, zIndex: 7)
        let done = TransitionEffect.interpolated(from: start, to: end, progress: 1)
        #expect(done.zIndex == 3)
        #expect(done.offsetX.sign == .plus)
    }

    @Test func screenOffsetMirrorsInRightToLeft() {
        let effect = ParallaxPushTransition.push().effect(at: .willAppear, width: Self.width)
        #expect(effect.screenOffsetX(in: .leftToRight) == 390)
        #expect(effect.screenOffsetX(in: .rightToLeft) == -390)
        #expect(TransitionEffect.identity.screenOffsetX(in: .rightToLeft).sign == .plus)
    }
}

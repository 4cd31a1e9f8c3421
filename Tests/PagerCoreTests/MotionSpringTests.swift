import Testing

@testable import PagerCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct MotionSpringTests {
    // MARK: Parameterisation (DESIGN.md §5)

    @Test func swiftUIParameterisation() {
        // Apple's own example: Spring(duration: 0.5, bounce: 0.3) has mass 1, stiffness 157.9, damping 17.6.
        let spring = SpringAnimation(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(MotionCheck.near(spring.stiffness, 157.9, 0.05))
        #expect(MotionCheck.near(spring.damping, 17.6, 0.05))
        #expect(MotionCheck.near(spring.dampingRatio, 0.7, 1e-12))
        #expect(MotionCheck.near(spring.naturalFrequency, 2 * Double.pi / 0.5, 1e-12))
        #expect(spring.regime == .underdamped)
    }

    @Test func dampingRatioFromBounce() {
        #expect(SpringAnimation.smooth(duration: 0.45).dampingRatio == 1)
        #expect(SpringAnimation.smooth(duration: 0.45).regime == .criticallyDamped)
        #expect(MotionCheck.near(SpringAnimation.snappy(duration: 0.3).dampingRatio, 0.85, 1e-12))
        #expect(MotionCheck.near(SpringAnimation.bouncy(duration: 0.3).dampingRatio, 0.7, 1e-12))
        // Negative bounce: ζ = 1 / (1 + bounce).
        let overdamped = SpringAnimation(duration: 0.5, bounce: -0.5)
        #expect(MotionCheck.near(overdamped.dampingRatio, 2, 1e-12))
        #expect(overdamped.regime == .overdamped)
        #expect(MotionCheck.near(overdamped.damping, 2 * 2 * (2 * Double.pi / 0.5), 1e-9))
    }

    @Test func presets() {
        #expect(SpringAnimation.smooth(duration: 0.45).bounce == 0)
        #expect(SpringAnimation.snappy(duration: 0.3).bounce == 0.15)
        #expect(SpringAnimation.bouncy(duration: 0.3).bounce == 0.3)
        #expect(SpringAnimation.snappy(duration: 0.3, extraBounce: 0.1).bounce == 0.15 + 0.1)
        #expect(SpringAnimation.smooth().duration == 0.5)
        #expect(SpringAnimation.smooth(duration: 0.45).kind == .smooth)
        #expect(SpringAnimation.spring(duration: 0.35, bounce: 0.3).kind == .spring)
        #expect(MotionAnimation.spring(.snappy(duration: 0.3)).name == "snappy")
        #expect(MotionAnimation.none.name == "none")
    }

    @Test func nonsenseInputIsGuarded() {
        let zero = SpringAnimation(duration: 0, bounce: .nan, initialVelocity: .infinity)
        #expect(zero.duration == SpringAnimation.minimumDuration)
        #expect(zero.bounce == 0)
        #expect(zero.initialVelocity == 0)
        #expect(zero.progress(at: 1).isFinite)
        #expect(SpringAnimation(duration: 1, bounce: -1).dampingRatio == 1000)
    }

    // MARK: Settled times (issue 3 "Done when")

    @Test func settledTimesOfTheSeeds() {
        // Critically damped: the first 0.1 s grid time after which |1 - x| < ε for good.
        #expect(SpringAnimation.smooth(duration: 0.45).settlingDuration == 0.7)
        #expect(SpringAnimation.smooth(duration: 0.45).settlingMilliseconds == 700)
        #expect(SpringAnimation.smooth(duration: 0.7).settlingDuration == 1.1)
        #expect(SpringAnimation.smooth(duration: 0.55).settlingDuration == 0.9)
        // Underdamped: -ln(ε / (|λ - v0| + 1)) / λ.
        let indicator = SpringAnimation.spring(duration: 0.35, bounce: 0.3)
        #expect(MotionCheck.near(indicator.settlingDuration, 0.757, 0.0005))
        #expect(indicator.settlingMilliseconds == 757)
        let dots = SpringAnimation.snappy(duration: 0.3)
        #expect(MotionCheck.near(dots.settlingDuration, 0.553, 0.0005))
        #expect(dots.settlingMilliseconds == 553)
    }

    @Test func underdampedSettlingFollowsTheEnvelopeFormula() {
        for (duration, bounce, v0) in [(0.35, 0.3, 0.0), (0.3, 0.15, 0.0), (0.5, 0.5, 3.0), (0.4, 0.2, -7.0)] {
            let spring = SpringAnimation(duration: duration, bounce: bounce, initialVelocity: v0)
            let lambda = (1 - bounce) * 2 * Double.pi / duration
            let expected = -log(0.001 / (abs(lambda - v0) + 1)) / lambda
            #expect(MotionCheck.near(spring.settlingDuration, expected, 1e-12))
        }
        #expect(MotionCheck.near(SpringAnimation.spring(duration: 0.35, bounce: 0.3).settlingDuration, 0.7572074350261636, 1e-12))
        #expect(MotionCheck.near(SpringAnimation.snappy(duration: 0.3).settlingDuration, 0.5528333595720246, 1e-12))
    }

    @Test func gridSettlingIsTheFirstGridTimeInsideEpsilonForGood() {
        for spring in [
            SpringAnimation.smooth(duration: 0.45), .smooth(duration: 0.7),
            .spring(duration: 0.5, bounce: -0.3), .smooth(duration: 0.45, initialVelocity: 4),
        ] {
            let settled = spring.settlingDuration
            #expect(abs(spring.remaining(at: settled)) < SpringAnimation.settlingEpsilon)
            #expect(abs(spring.remaining(at: settled - 0.1)) >= SpringAnimation.settlingEpsilon)
            for k in 0...40 {
                #expect(abs(spring.remaining(at: settled + Double(k) * 0.05)) < SpringAnimation.settlingEpsilon)
            }
        }
        // The grid for smooth(0.45): 0.6 s is still outside, 0.7 s inside.
        let smooth = SpringAnimation.smooth(duration: 0.45)
        #expect(MotionCheck.near(abs(smooth.remaining(at: 0.6)), 0.0021565, 1e-6))
        #expect(MotionCheck.near(abs(smooth.remaining(at: 0.7)), 0.0006133, 1e-6))
    }

    @Test func releaseVelocityChangesTheSettledTime() {
        // On the 0.1 s grid: a push towards the target settles sooner, a hard flick overshoots and
        // a pull away from it has further to go.
        let atRest = SpringAnimation.smooth(duration: 0.45)
        let flicked = atRest.withInitialVelocity(10)
        #expect(flicked.initialVelocity == 10)
        #expect(flicked.kind == .smooth)
        #expect(flicked.settlingDuration == 0.6)
        #expect(atRest.withInitialVelocity(60).settlingDuration == 0.8)
        #expect(atRest.withInitialVelocity(-10).settlingDuration == 0.8)
        let bouncy = SpringAnimation.spring(duration: 0.35, bounce: 0.3)
        #expect(bouncy.withInitialVelocity(bouncy.decay).settlingDuration < bouncy.settlingDuration)
    }

    @Test func logicallyCompleteAtTheDuration() {
        #expect(SpringAnimation.smooth(duration: 0.45).logicallyCompleteTime == 0.45)
        #expect(SpringAnimation.smooth(duration: 0.45).logicallyCompleteMilliseconds == 450)
        #expect(SpringAnimation.smooth(duration: 0.7).logicallyCompleteMilliseconds == 700)
        #expect(SpringAnimation.snappy(duration: 0.3).logicallyCompleteMilliseconds == 300)
        #expect(MotionAnimation.none.logicallyCompleteMilliseconds == 0)
    }

    // MARK: Progress curve

    @Test func progressAtTheDurationDependsOnlyOnBounce() {
        // x(d) is scale-free: the same at every duration for a given bounce.
        let cases: [(Double, Double)] = [
            (0, 0.986399068534425), (0.15, 1.0060199607118339),
            (0.3, 1.0144984216160449), (-0.3, 0.907764486347596),
        ]
        for (bounce, expected) in cases {
            for duration in [0.3, 0.35, 0.45, 0.55, 0.7, 1] {
                let spring = SpringAnimation(duration: duration, bounce: bounce)
                #expect(MotionCheck.near(spring.progress(at: duration), expected, 1e-12))
            }
        }
        // Closed forms by hand: critically damped x(d) = 1 - e^(-2π)(1 + 2π).
        #expect(
            MotionCheck.near(
                SpringAnimation.smooth(duration: 0.45).progress(at: 0.45),
                1 - exp(-2 * Double.pi) * (1 + 2 * Double.pi), 1e-12))
    }

    @Test func startsAtZeroWithTheGivenVelocity() {
        for bounce in [-0.5, 0, 0.15, 0.3] {
            for v0 in [0.0, 2.5, -4] {
                let spring = SpringAnimation(duration: 0.45, bounce: bounce, initialVelocity: v0)
                #expect(MotionCheck.near(spring.progress(at: 0), 0, 1e-12))
                #expect(MotionCheck.near(spring.velocity(at: 0), v0, 1e-9))
                #expect(spring.progress(at: -1) == spring.progress(at: 0))
            }
        }
    }

    @Test func closedFormsSolveTheSpringEquation() {
        // x'' = -k (x - 1) - c x' (mass 1), checked by central differences in every regime.
        let h = 1e-4
        for bounce in [-0.6, -0.2, 0, 0.15, 0.3, 0.7] {
            for v0 in [0.0, 5, -3] {
                let spring = SpringAnimation(duration: 0.4, bounce: bounce, initialVelocity: v0)
                for t in stride(from: 0.05, through: 1.0, by: 0.05) {
                    let x = spring.progress(at: t)
                    let acceleration = (spring.progress(at: t + h) - 2 * x + spring.progress(at: t - h)) / (h * h)
                    let slope = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
                    let expected = -spring.stiffness * (x - 1) - spring.damping * slope
                    #expect(MotionCheck.near(acceleration, expected, 1e-3 * max(1, abs(expected))))
                    #expect(MotionCheck.near(spring.velocity(at: t), slope, 1e-5 * max(1, abs(slope))))
                }
            }
        }
    }

    @Test func bounceZeroIsMonotonic() {
        for duration in [0.3, 0.45, 0.55, 0.7] {
            let spring = SpringAnimation.smooth(duration: duration)
            let xs = MotionCheck.samples(through: 3) { spring.progress(at: $0) }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(xs.allSatisfy { $0 >= 0 && $0 <= 1 })
            #expect(MotionCheck.samples(through: 3) { spring.velocity(at: $0) }.allSatisfy { $0 >= 0 })
        }
    }

    @Test func overdampedNeverOvershoots() {
        let spring = SpringAnimation(duration: 0.5, bounce: -0.4)
        let xs = MotionCheck.samples(through: 5) { spring.progress(at: $0) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(xs.allSatisfy { $0 <= 1 })
    }

    @Test func positiveBounceOvershoots() {
        let cases: [(SpringAnimation, Double)] = [
            (.snappy(duration: 0.3), 1.0062876), (.bouncy(duration: 0.5), 1.0459879),
            (.spring(duration: 0.35, bounce: 0.3), 1.0459879),
        ]
        for (spring, peak) in cases {
            let highest = MotionCheck.samples(through: 2, step: 0.0001) { spring.progress(at: $0) }.max() ?? 0
            #expect(highest > 1)
            #expect(MotionCheck.near(highest, peak, 1e-6))
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A spring as SwiftUI's `Spring(duration:bounce:)` defines it, solved in closed form.
///
/// The SwiftUI components PagerVoice models animate with `smooth`, `snappy` and
/// `spring(duration:bounce:)`; a tester comparing PagerVoice with a device needs the very same
/// curve, so this follows SwiftUI's parameterisation rather than a hand-tuned easing:
/// mass 1, damping ratio `ζ = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)`, natural frequency
/// `ω0 = 2π / duration`, stiffness `ω0²`, damping `2ζω0`.
///
/// Progress runs from 0 towards 1; `initialVelocity` is in progress units per second, so a flick
/// that was already moving the page keeps moving it (see `PagerFrames`).
///
/// Everything that does not depend on time is worked out once in `init`, so sampling a frame is
/// one `exp` plus, when the spring bounces, one `sin` and one `cos`.
public struct SpringAnimation: Sendable, Hashable {
    /// Which SwiftUI constructor made the spring: the name a tester sees in `frames` output.
    public enum Kind: String, Sendable, CaseIterable {
        /// `.smooth(duration:extraBounce:)`: bounce 0 plus any extra bounce.
        case smooth
        /// `.snappy(duration:extraBounce:)`: bounce 0.15 plus any extra bounce.
        case snappy
        /// `.bouncy(duration:extraBounce:)`: bounce 0.3 plus any extra bounce.
        case bouncy
        /// `.spring(duration:bounce:)`.
        case spring
    }

    /// How the spring returns to rest, which decides the closed form.
    public enum Regime: String, Sendable {
        /// ζ < 1: overshoots and oscillates around the target.
        case underdamped
        /// ζ = 1 (bounce 0): the fastest approach that never overshoots from rest.
        case criticallyDamped
        /// ζ > 1 (negative bounce): creeps in without overshooting.
        case overdamped
    }

    /// The tolerance of SwiftUI's `settlingDuration`: the spring is at rest once it stays within
    /// 0.001 of the target (in progress units).
    public static let settlingEpsilon = 0.001

    /// SwiftUI's guards against nonsense input: a zero-length or negative duration would mean an
    /// infinitely stiff spring, and bounce -1 an infinitely damped one.
    static let minimumDuration = 0.001
    static let minimumOnePlusBounce = 0.001

    /// Grid of SwiftUI's settling search for springs that do not bounce: 0.1 s steps…
    static let settlingGridStepsPerSecond = 10.0
    /// …the search stops once the spring stayed within ε for more than 1 s of grid samples…
    static let settlingGridHold = 11
    /// …and gives up after 1024 samples (102.4 s).
    static let settlingGridLimit = 1024

    public let kind: Kind
    /// The perceptual duration: the spring is logically complete after this long.
    public let duration: Double
    /// -1…1: negative is overdamped, 0 critically damped, positive bounces.
    public let bounce: Double
    /// Initial velocity in progress units per second (1 = the whole distance per second).
    public let initialVelocity: Double

    /// ζ, the fraction of critical damping.
    public let dampingRatio: Double
    /// ω0 = 2π / duration, in radians per second.
    public let naturalFrequency: Double
    /// λ = ζω0: how fast the motion dies away.
    public let decay: Double
    /// ωd = ω0√(1 - ζ²) when underdamped, μ = ω0√(ζ² - 1) when overdamped, 0 when critical.
    let frequency: Double
    public let regime: Regime
    /// Coefficients of the closed form, fixed by the start at rest-position 0 with `initialVelocity`.
    let coefficientA: Double
    let coefficientB: Double

    /// `Spring(duration:bounce:)` with an initial velocity (progress units per second).
    public init(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) {
        self.init(kind: .spring, duration: duration, bounce: bounce, initialVelocity: initialVelocity)
    }

    init(kind: Kind, duration rawDuration: Double, bounce rawBounce: Double, initialVelocity rawVelocity: Double) {
        let duration = rawDuration.isFinite ? max(rawDuration, Self.minimumDuration) : Self.minimumDuration
        let bounce = rawBounce.isFinite ? min(rawBounce, 1) : 0
        let v0 = rawVelocity.isFinite ? rawVelocity : 0
        let zeta = bounce >= 0 ? 1 - bounce : 1 / max(1 + bounce, Self.minimumOnePlusBounce)
        let omega0 = 2 * Double.pi / duration
        let lambda = zeta * omega0

        self.kind = kind
        self.duration = duration
        self.bounce = bounce
        self.initialVelocity = v0
        self.dampingRatio = zeta
        self.naturalFrequency = omega0
        self.decay = lambda

        // The distance still to go, y = 1 - x, obeys y'' + 2λy' + ω0²y = 0 with y(0) = 1 and
        // y'(0) = -v0. Each regime below is that equation's solution.
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            regime = .underdamped
            frequency = omegaD
            // y = e^(-λt) [cos(ωd t) + ((λ - v0) / ωd) sin(ωd t)]
            coefficientA = 1
            coefficientB = (lambda - v0) / omegaD
        } else if zeta == 1 {
            regime = .criticallyDamped
            frequency = 0
            // y = e^(-λt) [1 + (λ - v0) t]
            coefficientA = 1
            coefficientB = lambda - v0
        } else {
            let mu = omega0 * (zeta * zeta - 1).squareRoot()
            regime = .overdamped
            frequency = mu
            // y = c1 e^(r1 t) + c2 e^(r2 t), roots r = -λ ± μ; c1 + c2 = 1, r1 c1 + r2 c2 = -v0.
            let r2 = -lambda - mu
            let c1 = (-v0 - r2) / (2 * mu)
            coefficientA = c1
            coefficientB = 1 - c1
        }
    }

    // MARK: - SwiftUI's presets

    /// `.smooth(duration:extraBounce:)`: no bounce. The pager settles with `smooth(duration: 0.45)`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0, initialVelocity: Double = 0) -> SpringAnimation {
        SpringAnimation(kind: .smooth, duration: duration, bounce: extraBounce, initialVelocity: initialVelocity)
    }

    /// `.snappy(duration:extraBounce:)`: a small bounce (0.15). The pager's dots use `snappy(duration: 0.3)`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0, initialVelocity: Double = 0) -> SpringAnimation {
        SpringAnimation(kind: .snappy, duration: duration, bounce: 0.15 + extraBounce, initialVelocity: initialVelocity)
    }

    /// `.bouncy(duration:extraBounce:)`: a visible bounce (0.3).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0, initialVelocity: Double = 0) -> SpringAnimation {
        SpringAnimation(kind: .bouncy, duration: duration, bounce: 0.3 + extraBounce, initialVelocity: initialVelocity)
    }

    /// `.spring(duration:bounce:)`. The indicator dots use `spring(duration: 0.35, bounce: 0.3)`.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> SpringAnimation {
        SpringAnimation(kind: .spring, duration: duration, bounce: bounce, initialVelocity: initialVelocity)
    }

    /// The same spring started with another velocity (a pager settle always starts from rest; see
    /// `Settle`).
    public func withInitialVelocity(_ velocity: Double) -> SpringAnimation {
        SpringAnimation(kind: kind, duration: duration, bounce: bounce, initialVelocity: velocity)
    }

    /// The SwiftUI-derived physical constants, for people who think in mass/stiffness/damping.
    public var mass: Double { 1 }
    public var stiffness: Double { naturalFrequency * naturalFrequency }
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    // MARK: - Motion

    /// Progress at `time` seconds: 0 at the start, 1 at the target, above 1 while overshooting.
    /// Time before the start is the start.
    public func progress(at time: Double) -> Double {
        1 - remaining(at: time)
    }

    /// The distance still to go, `1 - progress`: the quantity SwiftUI's settling test measures.
    func remaining(at time: Double) -> Double {
        let t = max(time, 0)
        switch regime {
        case .underdamped:
            let phase = frequency * t
            return exp(-decay * t) * (cos(phase) + coefficientB * sin(phase))
        case .criticallyDamped:
            return exp(-decay * t) * (1 + coefficientB * t)
        case .overdamped:
            return coefficientA * exp((frequency - decay) * t) + coefficientB * exp((-decay - frequency) * t)
        }
    }

    /// Velocity in progress units per second at `time`: tests use it to show a smooth spring
    /// never runs backwards.
    public func velocity(at time: Double) -> Double {
        let t = max(time, 0)
        switch regime {
        case .underdamped:
            let phase = frequency * t
            let (s, c) = (sin(phase), cos(phase))
            // d/dt of -y for y = e^(-λt)(c + B s)
            let y = c + coefficientB * s
            let dy = -frequency * s + coefficientB * frequency * c
            return -exp(-decay * t) * (dy - decay * y)
        case .criticallyDamped:
            let y = 1 + coefficientB * t
            return -exp(-decay * t) * (coefficientB - decay * y)
        case .overdamped:
            let r1 = frequency - decay
            let r2 = -decay - frequency
            return -(coefficientA * r1 * exp(r1 * t) + coefficientB * r2 * exp(r2 * t))
        }
    }

    /// SwiftUI reports an animation "logically complete" after its duration, although a spring
    /// is only about 98.6 % there (bounce 0): completion handlers and `settle_ms` use this time.
    public var logicallyCompleteTime: Double { duration }

    /// `logicallyCompleteTime` in whole milliseconds, as announcements carry it (`settle_ms`).
    public var logicallyCompleteMilliseconds: Int { Self.milliseconds(logicallyCompleteTime) }

    /// How long until the spring is at rest: SwiftUI's `settlingDuration` with ε = 0.001.
    ///
    /// A bouncing spring uses SwiftUI's closed-form envelope estimate
    /// `-ln(ε / (|λ - v0| + 1)) / λ`. A spring that does not bounce is searched on a 0.1 s grid:
    /// the first grid time from which the distance to go stays below ε (SwiftUI checks that it
    /// stays there for more than a second of samples). With bounce 0 and no initial velocity this
    /// gives 0.70 s for `smooth(duration: 0.45)`.
    public var settlingDuration: Double {
        switch regime {
        case .underdamped:
            guard decay > 0 else { return .infinity }  // bounce 1: it never stops
            let magnitude = abs(decay - initialVelocity) + 1
            return max(0, -log(Self.settlingEpsilon / magnitude) / decay)
        case .criticallyDamped, .overdamped:
            return gridSettlingDuration()
        }
    }

    /// `settlingDuration` in whole milliseconds (`settled_ms`).
    public var settlingMilliseconds: Int { Self.milliseconds(settlingDuration) }

    /// SwiftUI's search for springs without oscillation. Grid times are `k / 10`, not a running
    /// sum of 0.1, so 0.7 s is exactly 0.7 and prints as 700 ms.
    ///
    /// SwiftUI reports 0 when the search runs out (a spring still moving after 102.4 s); that would
    /// end the frames before anything moved, so this reports the end of the search instead.
    private func gridSettlingDuration() -> Double {
        var first: Int?  // first grid sample of the current run inside ε
        for k in 0..<Self.settlingGridLimit {
            let distance = abs(remaining(at: Double(k) / Self.settlingGridStepsPerSecond))
            guard distance.isFinite else { break }
            if distance >= Self.settlingEpsilon {
                first = nil
            } else if let start = first {
                if k - start >= Self.settlingGridHold { return Double(start) / Self.settlingGridStepsPerSecond }
            } else {
                first = k
            }
        }
        return Double(first ?? Self.settlingGridLimit) / Self.settlingGridStepsPerSecond
    }

    static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return Int.max }
        return Int((seconds * 1000).rounded())
    }
}

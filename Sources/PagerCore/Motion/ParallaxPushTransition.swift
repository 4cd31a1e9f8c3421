/// The parallax push transition: the incoming page slides over while the outgoing one moves at a slower parallax speed.
///
/// Moving forward (push) the new page enters from the trailing edge on top, and the old one
/// drifts a little towards the leading edge underneath, darkening. Moving back (pop) plays the
/// same film backwards: the old page slides off towards the trailing edge and the previous page
/// comes out from underneath. The page on top must have the higher zIndex.
///
/// A SwiftUI `Transition` cannot read the environment, so Reduce Motion is passed in: with it on,
/// the pages only crossfade (no offset, no dimming).
public struct ParallaxPushTransition: PageTransition, Sendable, Equatable {
    /// The darkening of the page going underneath.
    public static let dimming = -0.25

    /// True for push (moving forward), false for pop (moving back).
    public var isForward: Bool
    public var reduceMotion: Bool
    /// How far the page underneath moves, as a fraction of the width (0.3 in the parallax push transition).
    public var parallax: Double

    public init(isForward: Bool = true, reduceMotion: Bool = false, parallax: Double = 0.3) {
        self.isForward = isForward
        self.reduceMotion = reduceMotion
        self.parallax = parallax
    }

    /// For moving forward.
    public static func push(reduceMotion: Bool = false) -> ParallaxPushTransition {
        ParallaxPushTransition(isForward: true, reduceMotion: reduceMotion)
    }

    /// For moving back: set before the page changes, as the parallax push transition does.
    public static func pop(reduceMotion: Bool = false) -> ParallaxPushTransition {
        ParallaxPushTransition(isForward: false, reduceMotion: reduceMotion)
    }

    /// The horizontal shift as a fraction of the width: the page on top travels a whole width,
    /// the one underneath only `parallax`.
    public func shift(at phase: TransitionPhase) -> Double {
        switch phase {
        case .identity: 0
        case .willAppear: isForward ? 1 : -parallax
        case .didDisappear: isForward ? -parallax : 1
        }
    }

    public func effect(at phase: TransitionPhase, width: Double) -> TransitionEffect {
        if reduceMotion {
            return TransitionEffect(opacity: phase.isIdentity ? 1 : 0)
        }
        let shift = shift(at: phase)
        return TransitionEffect(offsetX: shift * width + 0, brightness: shift < 0 ? Self.dimming : 0)
    }
}

/// The slide-scale transition: a view enters from one side slightly shrunk and leaves by the other, fading.
///
/// `phase.value` is -1 before appearing and 1 after disappearing, so `offset = -value * distance`
/// brings the view in from the trailing (or bottom) side and sends it out the leading (or top)
/// side, whichever way the content moves. With Reduce Motion on, the view only fades: no offset,
/// no scale.
public struct SlideScaleTransition: PageTransition, Sendable, Equatable {
    /// The axis a view slides along.
    public enum Axis: String, Sendable, CaseIterable {
        case horizontal
        case vertical
    }

    public var axis: Axis
    /// Points travelled between rest and the appearing or disappearing look (220 in the slide-scale transition).
    public var distance: Double
    /// Size away from rest (0.8 in the slide-scale transition).
    public var scale: Double
    public var reduceMotion: Bool

    public init(axis: Axis = .horizontal, distance: Double = 220, scale: Double = 0.8, reduceMotion: Bool = false) {
        self.axis = axis
        self.distance = distance
        self.scale = scale
        self.reduceMotion = reduceMotion
    }

    /// Offset along the axis at `phase`.
    public func offset(at phase: TransitionPhase) -> Double {
        reduceMotion ? 0 : -phase.value * distance + 0
    }

    /// The width plays no part: the distance is fixed in points.
    public func effect(at phase: TransitionPhase, width: Double) -> TransitionEffect {
        let offset = offset(at: phase)
        return TransitionEffect(
            offsetX: axis == .horizontal ? offset : 0,
            offsetY: axis == .vertical ? offset : 0,
            scale: phase.isIdentity || reduceMotion ? 1 : scale,
            opacity: phase.isIdentity ? 1 : 0
        )
    }
}

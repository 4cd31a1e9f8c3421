/// Everything a transition changes about a view at one moment.
///
/// Offsets are in layout coordinates, like `PageLayout.offsetX`: SwiftUI mirrors geometry in
/// right-to-left layouts, so a positive `offsetX` moves a view towards the trailing edge, which is
/// the left of the screen in Arabic. `screenOffsetX(in:)` gives what the eye sees.
public struct TransitionEffect: Sendable, Equatable {
    public var offsetX: Double
    public var offsetY: Double
    public var scale: Double
    /// 0…1. A crossfade (Reduce Motion) changes only this.
    public var opacity: Double
    /// Added brightness: negative darkens, as the page going under does in the parallax push.
    public var brightness: Double
    /// Drawing order; a transition itself does not set it (the modelled transitions leave it to the caller), the
    /// pager gives each page its index so the later page is on top.
    public var zIndex: Int

    public init(
        offsetX: Double = 0, offsetY: Double = 0, scale: Double = 1, opacity: Double = 1,
        brightness: Double = 0, zIndex: Int = 0
    ) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.scale = scale
        self.opacity = opacity
        self.brightness = brightness
        self.zIndex = zIndex
    }

    /// A view at rest: no offset, full size, fully opaque.
    public static let identity = TransitionEffect()

    /// Horizontal offset on screen: layout mirrored in right-to-left layouts.
    public func screenOffsetX(in direction: LayoutDirection) -> Double {
        offsetX * direction.forward + 0
    }

    /// True when the view is where and how large it would be at rest: what Reduce Motion must
    /// guarantee on every frame (only opacity may change).
    public var hasNoMotion: Bool {
        offsetX == 0 && offsetY == 0 && scale == 1
    }

    /// The look at `progress` along the way from `start` (0) to `end` (1).
    ///
    /// SwiftUI animates each property's value along the spring's progress, so a bouncy spring
    /// can push offset and scale past `end`; opacity is clamped to 0…1 because that is all a
    /// renderer can show. zIndex is not animatable and keeps `start`'s value.
    public static func interpolated(from start: TransitionEffect, to end: TransitionEffect, progress: Double) -> TransitionEffect {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress + 0 }
        return TransitionEffect(
            offsetX: mix(start.offsetX, end.offsetX),
            offsetY: mix(start.offsetY, end.offsetY),
            scale: mix(start.scale, end.scale),
            opacity: min(max(mix(start.opacity, end.opacity), 0), 1),
            brightness: mix(start.brightness, end.brightness),
            zIndex: start.zIndex
        )
    }
}

/// A custom SwiftUI `Transition` as a value: its look at each phase, and so at any moment between.
public protocol PageTransition: Sendable {
    /// The look at `phase` for a view `width` points wide (the width only matters to transitions
    /// that move by a fraction of the page, like the parallax push).
    func effect(at phase: TransitionPhase, width: Double) -> TransitionEffect
}

extension PageTransition {
    /// The look of a view in `role` at `progress` (the driving animation's progress, 0…1 and
    /// beyond when the spring overshoots): from its start phase's look to its end phase's.
    public func effect(_ role: TransitionRole, progress: Double, width: Double) -> TransitionEffect {
        TransitionEffect.interpolated(
            from: effect(at: role.startPhase, width: width),
            to: effect(at: role.endPhase, width: width),
            progress: progress
        )
    }
}

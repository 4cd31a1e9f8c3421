extension PageDots.Style {
    /// The spring the dots change with when the current page changes: `snappy(duration: 0.3)` for
    /// the pager's own dots, `spring(duration: 0.35, bounce: 0.3)` for the page indicator (SwiftUI's
    /// page index view). Both pass `nil` instead under Reduce Motion.
    public var animation: SpringAnimation {
        switch self {
        case .pager: .snappy(duration: 0.3)
        case .indicator: .spring(duration: 0.35, bounce: 0.3)
        }
    }
}

/// The page dots at one moment while the current dot moves.
public struct DotsFrame: Sendable, Equatable {
    /// Seconds since the change began.
    public var time: Double
    /// The dots' animation progress (a bouncy spring overshoots 1).
    public var progress: Double
    public var dots: [PageDots.Dot]
}

/// Every frame of the page dots while the current dot moves from one page to another: the old
/// capsule narrows and fades while the new one widens and brightens.
public struct DotsFrames: Sendable, Equatable {
    public let timeline: Timeline
    public let from: PageDots
    public let to: PageDots
    /// Sampled frames from t = 0 through the settled time.
    public let frames: [DotsFrame]

    /// The dots once the timeline is over: exactly the new dots.
    public var rest: [PageDots.Dot] { to.dots }

    public var animationName: String { timeline.animation.name }
    public var logicallyCompleteMilliseconds: Int { timeline.logicallyCompleteMilliseconds }
    public var settledMilliseconds: Int { timeline.settledMilliseconds }
}

extension PageDots {
    /// How the dots change into `new`: with their style's spring when only the current page
    /// moved (both animate on `value: current`), at once under Reduce Motion or when the
    /// row itself changed (count, style, text size), where there is nothing to interpolate.
    public func animation(to new: PageDots, reduceMotion: Bool) -> MotionAnimation {
        let onlyCurrentMoved =
            current != new.current && count == new.count && style == new.style
            && textSize == new.textSize
        guard onlyCurrentMoved else { return .none }
        return .unlessReduceMotion(new.style.animation, reduceMotion: reduceMotion)
    }

    /// The frames of the change into `new`.
    public func frames(
        to new: PageDots, reduceMotion: Bool,
        framesPerSecond: Int = Timeline.defaultFramesPerSecond
    ) -> DotsFrames {
        let timeline = Timeline(animation(to: new, reduceMotion: reduceMotion), framesPerSecond: framesPerSecond)
        let frames: [DotsFrame]
        if case .none = timeline.animation {
            frames = [DotsFrame(time: 0, progress: 1, dots: new.dots)]
        } else {
            let old = dots
            let target = new.dots
            frames = timeline.map { time, progress in
                DotsFrame(
                    time: time, progress: progress,
                    dots: zip(old, target).map { before, after in
                        Self.interpolated(from: before, to: after, progress: progress)
                    })
            }
        }
        return DotsFrames(timeline: timeline, from: self, to: new, frames: frames)
    }

    /// One dot on the way from `before` to `after`. The width follows the spring, overshoot and
    /// all (the capsule visibly stretches past 22 pt with a bouncy spring); opacity is clamped to
    /// 0…1, all a renderer can show.
    static func interpolated(from before: Dot, to after: Dot, progress: Double) -> Dot {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
        return Dot(
            width: mix(before.width, after.width),
            height: mix(before.height, after.height),
            opacity: min(max(mix(before.opacity, after.opacity), 0), 1),
            isCurrent: after.isCurrent
        )
    }
}

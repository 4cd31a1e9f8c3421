/// What drives a change on screen: a spring, or nothing at all.
///
/// "Nothing" is a real answer, not a missing one: under Reduce Motion the pager and its dots change
/// at once (the SwiftUI pager and the page indicator pass `nil` to `.animation`), and a page under a finger follows the
/// finger rather than animating. Modelling it as a case lets every timeline say `"animation":"none"`
/// with one frame at the target, which is what an auditor checks.
public enum MotionAnimation: Sendable, Hashable {
    /// The change happens at once.
    case none
    /// The change follows a spring's progress curve.
    case spring(SpringAnimation)

    /// The name shown in `frames` output: "none", "smooth", "snappy", "bouncy" or "spring".
    public var name: String {
        switch self {
        case .none: "none"
        case .spring(let spring): spring.kind.rawValue
        }
    }

    /// The spring, if anything animates.
    public var spring: SpringAnimation? {
        if case .spring(let spring) = self { spring } else { nil }
    }

    /// Seconds; 0 when nothing animates.
    public var duration: Double { spring?.duration ?? 0 }

    /// SwiftUI's bounce; 0 when nothing animates.
    public var bounce: Double { spring?.bounce ?? 0 }

    /// Progress units per second carried in at the start; 0 when nothing animates.
    public var initialVelocity: Double { spring?.initialVelocity ?? 0 }

    /// Progress at `time`: an immediate change is complete from the first frame.
    public func progress(at time: Double) -> Double {
        spring?.progress(at: time) ?? 1
    }

    /// When SwiftUI calls the change done (completion handlers, `settle_ms`).
    public var logicallyCompleteTime: Double { spring?.logicallyCompleteTime ?? 0 }

    /// When the motion is at rest, within `SpringAnimation.settlingEpsilon`.
    public var settlingDuration: Double { spring?.settlingDuration ?? 0 }

    public var logicallyCompleteMilliseconds: Int { spring?.logicallyCompleteMilliseconds ?? 0 }
    public var settlingMilliseconds: Int { spring?.settlingMilliseconds ?? 0 }

    /// The animation, or none under Reduce Motion: the `.animation(reduceMotion ? nil : …)` of
    /// the SwiftUI pager and the page indicator in one place.
    public static func unlessReduceMotion(_ spring: SpringAnimation, reduceMotion: Bool) -> MotionAnimation {
        reduceMotion ? .none : .spring(spring)
    }
}

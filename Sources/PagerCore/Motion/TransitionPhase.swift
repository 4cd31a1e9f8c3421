/// Where a view is in a SwiftUI transition (`TransitionPhase`).
///
/// A transition describes a view's look at three moments only: just before it appears, at rest,
/// and just after it disappears. The animation in between is the spring interpolating from one
/// look to the next (see `TransitionEffect.interpolated`).
public enum TransitionPhase: String, Sendable, CaseIterable {
    /// Inserted, not yet shown: the look it animates in from.
    case willAppear
    /// At rest, fully shown.
    case identity
    /// Removed, no longer shown: the look it animates out to.
    case didDisappear

    /// SwiftUI's `phase.value`: -1 before appearing, 0 at rest, 1 after disappearing. The slide-scale
    /// transition turns it into an offset, so a view enters from one side and leaves by the other.
    public var value: Double {
        switch self {
        case .willAppear: -1
        case .identity: 0
        case .didDisappear: 1
        }
    }

    public var isIdentity: Bool { self == .identity }
}

/// Whether a view is coming or going during a transition, which fixes the two phases it moves
/// between: appearing runs `willAppear → identity`, disappearing runs `identity → didDisappear`.
public enum TransitionRole: String, Sendable, CaseIterable {
    case appearing
    case disappearing

    /// The phase at progress 0.
    public var startPhase: TransitionPhase { self == .appearing ? .willAppear : .identity }
    /// The phase at progress 1.
    public var endPhase: TransitionPhase { self == .appearing ? .identity : .didDisappear }
}

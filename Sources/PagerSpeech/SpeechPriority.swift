/// Announcement priority with iOS 17 semantics (`AccessibilityNotification.Announcement`):
/// a screen-reader user expects a page change to cut off stale speech, but a high-priority
/// message (an error, say) must be heard in full.
public enum SpeechPriority: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Queues behind whatever is being spoken.
    case low
    /// Interrupts current speech and can itself be interrupted.
    case `default`
    /// Interrupts current speech and cannot be interrupted; later announcements queue behind it.
    case high

    /// Same as `.default`, for callers that read better with the word "normal".
    public static let normal = SpeechPriority.default

    var rank: Int {
        switch self {
        case .low: 0
        case .default: 1
        case .high: 2
        }
    }

    public static func < (lhs: SpeechPriority, rhs: SpeechPriority) -> Bool { lhs.rank < rhs.rank }
}

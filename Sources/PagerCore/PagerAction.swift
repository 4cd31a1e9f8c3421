/// Where VoiceOver's cursor goes.
public enum FocusMove: String, Sendable, CaseIterable {
    case next, previous, first, last
}

/// Everything that can happen to a pager: what a screen-reader user, a finger or the app does.
public enum PagerAction: Sendable, Equatable {
    /// Adjustable increment (VoiceOver: swipe up on the page dots).
    case increment
    /// Adjustable decrement (VoiceOver: swipe down on the page dots).
    case decrement
    /// `accessibilityScrollAction`: trailing reveals the next page, leading the previous one.
    case scroll(ScrollEdge)
    /// Three-finger swipe, in screen terms.
    case swipe(SwipeDirection)
    /// Finger touches down.
    case dragBegan
    /// Finger moved; translation in screen points since touch-down. Only the horizontal part moves
    /// the pages; both count towards the 10 pt a drag needs to begin (DragGesture measures the
    /// distance in two dimensions).
    case dragChanged(translation: Double, vertical: Double = 0)
    /// Finger lifted. `predicted` is SwiftUI's predicted end translation in screen points
    /// (translation plus a quarter second of velocity); nil means the finger stopped before lifting.
    case dragEnded(predicted: Double?)
    /// A whole drag in one step: touch down, move by `translation` (and `vertical`), lift.
    case drag(translation: Double, predicted: Double?, vertical: Double = 0)
    /// VoiceOver's cursor moves: one-finger swipe right/left (next/previous), four-finger tap
    /// near the top/bottom (first/last).
    case moveFocus(FocusMove)
    /// The app sets the page (0-based).
    case goTo(Int)
    /// The app replaces the pages; the index clamps into the new list.
    case setPages([String])
    /// The app replaces the pages with `count` pages, keeping the titles it already has.
    case setCount(Int)
    case setWidth(Double)
    case setDirection(LayoutDirection)
    case setReduceMotion(Bool)
    case setLanguage(String)
    case setPageChangeStyle(PageChangeStyle)
    case setDotsStyle(PageDots.Style)
    case setTextSize(TextSize)

    /// The name used in announcements and JSON events (`"action":"increment"`).
    public var name: String {
        switch self {
        case .increment: "increment"
        case .decrement: "decrement"
        case .scroll: "scroll"
        case .swipe: "swipe"
        case .dragBegan: "press"
        case .dragChanged: "move"
        case .dragEnded, .drag: "drag"
        case .goTo: "go"
        case .setPages: "pages"
        case .setCount: "count"
        case .setWidth: "width"
        case .setDirection: "direction"
        case .setReduceMotion: "reduce-motion"
        case .setLanguage: "lang"
        case .setPageChangeStyle: "transition"
        case .setDotsStyle: "style"
        case .setTextSize: "text-size"
        case .moveFocus: "focus"
        }
    }
}

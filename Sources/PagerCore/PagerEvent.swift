/// What a reduction produced besides the new state: the edge renders these as text, JSON and speech.
public enum PagerEvent: Sendable, Equatable {
    /// Something to say.
    case announcement(Announcement)
    /// The displayed position starts moving towards a page.
    case settle(Settle)
    /// VoiceOver's cursor moved (or, at either end, stayed).
    case focus(FocusChange)
}

/// Where a focus move ended: the element VoiceOver speaks, or, at either end, the element the
/// cursor stays on, silently (`isBoundary`).
public struct FocusChange: Sendable, Equatable {
    public var move: FocusMove
    public var element: AccessibilityElement
    /// The move went past the first or last element: nothing is spoken.
    public var isBoundary: Bool

    public init(move: FocusMove, element: AccessibilityElement, isBoundary: Bool) {
        self.move = move
        self.element = element
        self.isBoundary = isBoundary
    }
}

/// How urgent an announcement is, with iOS 17's meaning (`AccessibilityNotification.Announcement`
/// priority): the edge's speech queue implements it.
public enum AnnouncementPriority: String, Sendable, CaseIterable {
    /// Waits behind whatever is being spoken.
    case low
    /// Interrupts current speech, and can itself be interrupted.
    case `default`
    /// Interrupts current speech and cannot be interrupted.
    case high
}

/// One thing a screen reader would say after an action.
public struct Announcement: Sendable, Equatable {
    /// The action's name, e.g. "increment", "swipe", "drag".
    public var action: String
    /// The spoken text, e.g. "Page 2 of 3".
    public var text: String
    /// 1-based page now current, 0 when there are no pages.
    public var page: Int
    public var count: Int
    /// The action hit an edge: the index stayed and the same value is said again, which is how
    /// VoiceOver tells a person there is nothing further that way.
    public var isBoundary: Bool
    public var priority: AnnouncementPriority
    /// How long the page takes to settle visually after this action, in milliseconds: 0 when
    /// nothing moves, under Reduce Motion, and while a finger holds the pages away from rest.
    public var settleMilliseconds: Int

    public init(
        action: String, text: String, page: Int, count: Int, isBoundary: Bool,
        priority: AnnouncementPriority = .default, settleMilliseconds: Int
    ) {
        self.action = action
        self.text = text
        self.page = page
        self.count = count
        self.isBoundary = isBoundary
        self.priority = priority
        self.settleMilliseconds = settleMilliseconds
    }
}

/// The displayed position animating to rest after a page change or a released drag.
public struct Settle: Sendable, Equatable {
    /// Position (in pages) where the animation starts: where the finger left it, or the old page.
    public var fromPosition: Double
    public var fromIndex: Int
    public var toIndex: Int
    public var style: PageChangeStyle
    /// False when the change happens at once: Reduce Motion, or a finger holding the pages away
    /// from rest (the SwiftUI pager: `dragTranslation != 0 || reduceMotion ? nil : .smooth(duration: 0.45)`).
    public var isAnimated: Bool

    /// Always from rest: the pager's `.animation(…, value: position)` animates from a position the
    /// drag set without animation, so a flick's speed does not carry into the settle.
    public init(fromPosition: Double, fromIndex: Int, toIndex: Int, style: PageChangeStyle, isAnimated: Bool) {
        self.fromPosition = fromPosition
        self.fromIndex = fromIndex
        self.toIndex = toIndex
        self.style = style
        self.isAnimated = isAnimated
    }
}

/// Why an action was refused. The state is unchanged whenever one is thrown.
public enum PagerError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFinite(String)
    case outOfRange(String, ClosedRange<Double>)
    case pageOutOfRange(page: Int, count: Int)
    case noPages
    case fingerNotDown
    case fingerAlreadyDown
    case unknownLanguage(String)
    case tooManyPages(Int)
    case badTitle(String)
    case notAdjustable

    public var description: String {
        switch self {
        case .notFinite(let what):
            "\(what) must be a finite number"
        case .outOfRange(let what, let range):
            "\(what) must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound))"
        case .pageOutOfRange(let page, let count):
            "there is no page \(page): pages are 1 to \(count)"
        case .noPages:
            "there are no pages"
        case .fingerNotDown:
            "no finger is down: use press first, or drag DX"
        case .fingerAlreadyDown:
            "a finger is already down: use move DX or release"
        case .unknownLanguage(let code):
            SpokenStrings.unknownLanguageMessage(code)
        case .tooManyPages(let limit):
            "a pager holds at most \(limit) pages"
        case .badTitle(let why):
            why
        case .notAdjustable:
            "the indicator has no adjustable action (a page indicator only follows its paged view); that view moves with scroll or swipe"
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// The whole state of one pager and its page dots: a value, so any moment can be kept, compared
/// and replayed. Change it only through `reduce(_:)`, which keeps the index clamped.
public struct Pager: Sendable, Equatable {
    /// The most pages one pager holds: beyond this, a count is a typo, not a pager.
    public static let maximumPageCount = 10_000
    /// The longest page title accepted, in characters.
    public static let maximumTitleLength = 200
    /// Widths and translations beyond this many points are refused as nonsense.
    public static let maximumPoints = 1_000_000.0
    /// The demo pages of the SwiftUI pager PagerVoice models.
    public static let demoPages = ["Explore", "Collect", "Share"]

    /// Page titles, in order. Their number is the page count.
    public internal(set) var pages: [String]
    /// 0-based current page; always `clampedIndex(index, count:)`.
    public internal(set) var index: Int
    /// Width of the pager in points (iPhone 15's 390 by default).
    public internal(set) var width: Double
    public internal(set) var direction: LayoutDirection
    public internal(set) var reduceMotion: Bool
    /// The finger on the pager, if any.
    public internal(set) var drag: Drag?
    /// Language of everything spoken.
    public internal(set) var strings: SpokenStrings
    public internal(set) var pageChangeStyle: PageChangeStyle
    public internal(set) var dotsStyle: PageDots.Style
    public internal(set) var textSize: TextSize
    /// Where VoiceOver's cursor is. It starts on the page dots, the element the adjust actions
    /// work on; `focus first` reaches the page's content. A cursor on the page's content falls
    /// back to the dots while there are no pages.
    public internal(set) var focus: AccessibilityElement.Kind

    public init(
        pages: [String] = Pager.demoPages, index: Int = 0, width: Double = 390,
        direction: LayoutDirection = .leftToRight, reduceMotion: Bool = false,
        strings: SpokenStrings = .english, pageChangeStyle: PageChangeStyle = .interactive,
        dotsStyle: PageDots.Style = .pager, textSize: TextSize = .standard
    ) {
        self.pages = Array(pages.prefix(Pager.maximumPageCount))
        self.index = InteractivePagerMath.clampedIndex(index, count: self.pages.count)
        self.width = width.isFinite ? min(max(width, 0), Pager.maximumPoints) : 0
        self.direction = direction
        self.reduceMotion = reduceMotion
        self.drag = nil
        self.strings = strings
        self.pageChangeStyle = pageChangeStyle
        self.dotsStyle = dotsStyle
        self.textSize = textSize
        self.focus = .dots
    }

    public var count: Int { pages.count }

    /// 1-based page number a person reads; 0 when there are no pages.
    public var pageNumber: Int { count > 0 ? index + 1 : 0 }

    /// The current page's title, if there is a page.
    public var currentTitle: String? { count > 0 ? pages[index] : nil }

    /// The finger's translation in layout direction, zero when no gesture is under way.
    public var layoutTranslation: Double { drag?.layoutTranslation(direction) ?? 0 }

    /// Where the pages are drawn, in pages: the index, moved by the finger (resisted at the edges).
    public var position: Double {
        InteractivePagerMath.position(index: index, count: count, translation: layoutTranslation, width: width)
    }

    /// The page dots for the current state.
    public var dots: PageDots {
        PageDots(style: dotsStyle, count: count, current: index, textSize: textSize)
    }

    /// The page dots' accessibility element (adjustable in the pager's own dots).
    public var accessibilityElement: AccessibilityElement {
        dots.accessibility(strings: strings)
    }

    /// The current page's content as VoiceOver meets it: its title, static text. Hidden pages
    /// (the neighbours drawn beside it) are not elements; with no pages there is none.
    public var pageElement: AccessibilityElement? {
        guard let title = currentTitle else { return nil }
        return AccessibilityElement(
            kind: .page, label: title, value: "", traits: [.staticText], hint: "", traitNames: [], strings: strings)
    }

    /// Every element in VoiceOver's reading order: the page's content, then the dots. (Top to
    /// bottom, which right-to-left layouts do not change.)
    public var accessibilityElements: [AccessibilityElement] {
        (pageElement.map { [$0] } ?? []) + [accessibilityElement]
    }

    /// The element under VoiceOver's cursor.
    public var focusedElement: AccessibilityElement {
        focus == .page ? (pageElement ?? accessibilityElement) : accessibilityElement
    }

    /// The dots' accessibility value, "2 of 3" or "None".
    public var valueText: String { strings.valueText(page: pageNumber, count: count) }

    /// What is announced for the current page, "Page 2 of 3" or "None".
    public var announcementText: String { strings.announcementText(page: pageNumber, count: count) }
}

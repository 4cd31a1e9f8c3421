/// The page dots under the pager: one accessibility element after the page's content.
///
/// The SwiftUI components PagerVoice models have two looks: the dots built into the interactive pager (fixed 8 pt, white,
/// adjustable) and the stand-alone indicator (scales with Dynamic Type, tinted, label and value
/// only). They share one model so that both get the same clamped value.
public struct PageDots: Sendable, Equatable {
    /// The two visual styles.
    public enum Style: String, Sendable, CaseIterable {
        /// Built into the interactive pager: the pager's own adjustable dots.
        case pager
        /// The stand-alone page indicator (like SwiftUI's page index view).
        case indicator
    }

    /// One dot as drawn: the current one is a wider capsule.
    public struct Dot: Sendable, Equatable {
        public var width: Double
        public var height: Double
        public var opacity: Double
        public var isCurrent: Bool
    }

    public var style: Style
    public var count: Int
    /// 0-based, already clamped.
    public var current: Int
    public var textSize: TextSize

    public init(style: Style = .pager, count: Int, current: Int, textSize: TextSize = .standard) {
        self.style = style
        self.count = max(count, 0)
        self.current = InteractivePagerMath.clampedIndex(current, count: count)
        self.textSize = textSize
    }

    /// Height of every dot: fixed for the pager, scaled with text size for the indicator.
    public var dotSize: Double {
        switch style {
        case .pager: 8
        case .indicator: textSize.scaled(8)
        }
    }

    /// Gap between dots.
    public var spacing: Double {
        switch style {
        case .pager: 8
        case .indicator: dotSize
        }
    }

    /// Width of the capsule marking the current page.
    public var currentWidth: Double {
        switch style {
        case .pager: 22
        case .indicator: dotSize * 3
        }
    }

    /// Opacity of the current dot; the colour itself is white (pager) or the tint (indicator).
    public var currentOpacity: Double { 1 }

    /// Opacity of the other dots: the only cue, besides width, of which page is current.
    public var otherOpacity: Double {
        switch style {
        case .pager: 0.45
        case .indicator: 0.25
        }
    }

    /// What the dots are drawn in before opacity: white over the pager's pages, the tint
    /// (primary by default) for the indicator.
    public var colorName: String {
        switch style {
        case .pager: "white"
        case .indicator: "primary"
        }
    }

    public var dots: [Dot] {
        (0..<count).map { dot(at: $0) }
    }

    public func dot(at index: Int) -> Dot {
        let isCurrent = index == current
        return Dot(
            width: isCurrent ? currentWidth : dotSize,
            height: dotSize,
            opacity: isCurrent ? currentOpacity : otherOpacity,
            isCurrent: isCurrent
        )
    }

    /// The row's total width, for audits of how much room the dots need.
    public var totalWidth: Double {
        guard count > 0 else { return 0 }
        return currentWidth + Double(count - 1) * dotSize + Double(count - 1) * spacing
    }

    /// Whether the dots take VoiceOver's adjust gestures. The interactive pager gives its dots
    /// `accessibilityAdjustableAction`; the page indicator only follows a paged view and is
    /// `.accessibilityElement(children: .ignore)` with a label and a value, nothing else.
    public var isAdjustable: Bool { style == .pager }

    /// The one accessibility element the dots expose: "Page, 2 of 3", adjustable in the pager
    /// style only.
    public func accessibility(strings: SpokenStrings = .english) -> AccessibilityElement {
        AccessibilityElement(
            kind: .dots,
            label: strings.label,
            value: strings.valueText(page: current + 1, count: count),
            traits: isAdjustable ? [.adjustable] : [],
            hint: isAdjustable ? strings.adjustableHint : "",
            traitNames: isAdjustable ? [strings.adjustableTrait] : [],
            strings: strings
        )
    }
}

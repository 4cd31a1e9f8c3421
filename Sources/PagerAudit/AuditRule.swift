/// The rules `pagervoice audit` checks, each tied to the WCAG 2.2 success criterion it serves.
///
/// The order here is the order of every report.
package enum AuditRule: String, Sendable, CaseIterable {
    case label
    case value
    case adjustable
    case scroll
    case edges
    case hiddenPages = "hidden-pages"
    case focusOrder = "focus-order"
    case focusVisible = "focus-visible"
    case oneAnnouncement = "one-announcement"
    case reduceMotion = "reduce-motion"
    case rtl
    case dotContrast = "dot-contrast"
    case dotScaling = "dot-scaling"
    case dotsFit = "dots-fit"
    case targetSize = "target-size"
    case autoAdvance = "auto-advance"

    package var id: String { rawValue }

    /// The WCAG 2.2 success criterion the rule checks (or, where WCAG has none for a native
    /// control, the nearest one a tester would file the finding under). dots-fit serves 1.4.4
    /// Resize Text as well: its message names the page count at the largest text size.
    package var wcag: String {
        switch self {
        case .label, .value, .adjustable: "4.1.2"
        case .scroll: "2.1.1"
        case .edges, .oneAnnouncement: "4.1.3"
        case .hiddenPages, .focusOrder: "2.4.3"
        case .focusVisible: "2.4.7"
        case .reduceMotion: "2.3.3"
        case .rtl: "1.3.2"
        case .dotContrast: "1.4.11"
        case .dotScaling: "1.4.4"
        case .dotsFit: "1.4.10"
        case .targetSize: "2.5.8"
        case .autoAdvance: "2.2.2"
        }
    }

    /// The criterion's name, as WCAG titles it.
    package var wcagName: String {
        switch self {
        case .label, .value, .adjustable: "Name, Role, Value"
        case .scroll: "Keyboard"
        case .edges, .oneAnnouncement: "Status Messages"
        case .hiddenPages, .focusOrder: "Focus Order"
        case .focusVisible: "Focus Visible"
        case .reduceMotion: "Animation from Interactions"
        case .rtl: "Meaningful Sequence"
        case .dotContrast: "Non-text Contrast"
        case .dotScaling: "Resize Text"
        case .dotsFit: "Reflow"
        case .targetSize: "Target Size (Minimum)"
        case .autoAdvance: "Pause, Stop, Hide"
        }
    }

    /// Criteria the rule serves besides `wcag`, for SARIF's tags and descriptions: focus-order
    /// checks VoiceOver's reading sequence (1.3.2) as much as its focus order; dots-fit names the
    /// page count that still fits at the largest text size (1.4.4).
    package var alsoServes: [(number: String, name: String)] {
        switch self {
        case .focusOrder: [("1.3.2", "Meaningful Sequence")]
        case .dotsFit: [("1.4.4", "Resize Text")]
        default: []
        }
    }

    /// W3C's "Understanding" page for the criterion.
    package var helpURI: String {
        let page: String =
            switch self {
            case .label, .value, .adjustable: "name-role-value"
            case .scroll: "keyboard"
            case .edges, .oneAnnouncement: "status-messages"
            case .hiddenPages, .focusOrder: "focus-order"
            case .focusVisible: "focus-visible"
            case .reduceMotion: "animation-from-interactions"
            case .rtl: "meaningful-sequence"
            case .dotContrast: "non-text-contrast"
            case .dotScaling: "resize-text"
            case .dotsFit: "reflow"
            case .targetSize: "target-size-minimum"
            case .autoAdvance: "pause-stop-hide"
            }
        return "https://www.w3.org/WAI/WCAG22/Understanding/\(page).html"
    }

    /// One line: what the rule demands.
    package var summary: String {
        switch self {
        case .label: "the page dots have a non-empty accessibility label"
        case .value: "the value reads \"N of M\" after every change, and \"None\" when there are no pages"
        case .adjustable:
            "adjustable increment/decrement move exactly one page and never wrap (not applicable to a page indicator, which has none)"
        case .scroll: "the scroll action (three-finger swipe) moves exactly one page and never wraps"
        case .edges: "at the first and last page the action is announced as a boundary"
        case .hiddenPages: "only the current page is visible to assistive technology and hit-testable, at rest and mid-drag"
        case .focusOrder:
            "one-finger swipes reach the current page's content, then the dots, each once, with a boundary at either end, and never a hidden page"
        case .focusVisible: "each control the keyboard reaches shows that it has focus"
        case .oneAnnouncement: "every page change is announced exactly once; nothing is said while dragging or on a cancel"
        case .reduceMotion: "with Reduce Motion pages settle at once, without parallax, scaling or dimming"
        case .rtl: "in right-to-left layouts swipes and drags are mirrored"
        case .dotContrast: "current and inactive dots reach 3:1 against what lies behind them"
        case .dotScaling: "the dots grow with the text size, to at least 2x at the largest size"
        case .dotsFit: "the row of dots fits the pager's width less its margins at the audited text size"
        case .targetSize: "dots that select a page when tapped are 24x24 pt targets, or spaced so 24 pt circles around them do not overlap"
        case .autoAdvance: "an auto-advance can be paused and stops under Reduce Motion"
        }
    }

    /// True when the measured value must stay at or below the required one (a width that must
    /// fit), rather than reach it.
    package var requiresAtMost: Bool { self == .dotsFit }
}

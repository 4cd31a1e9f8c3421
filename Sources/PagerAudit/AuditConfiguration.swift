import PagerCore

/// What the component under audit offers people to change page with (`--actions`).
package enum AuditActionKind: String, Sendable, CaseIterable {
    /// Adjustable increment/decrement on the page dots (VoiceOver: swipe up/down).
    case adjustable
    /// `accessibilityScrollAction` (Switch Control, Voice Control, VoiceOver's three-finger swipe).
    case scroll
    /// Three-finger swipe in screen terms.
    case swipe
    /// A finger dragging the pages.
    case drag
    /// Tapping a dot selects its page, as UIPageControl's dots do. The modelled components' dots do not, so it
    /// is only audited when asked for.
    case tap

    /// What `--actions` means when absent: what the component of `style` offers. The SwiftUI
    /// pager's dots are adjustable and the pager follows the finger with its own drag. The page
    /// indicator (SwiftUI's page index view) has no action of its own: the paged `TabView` it
    /// follows moves, by VoiceOver's scroll and the three-finger swipe; that view pages under a
    /// finger by UIKit's rules, not the pager's drag, which PagerVoice models, so drag is audited
    /// for the indicator only when asked for.
    package static func defaults(for style: PageDots.Style) -> Set<AuditActionKind> {
        switch style {
        case .pager: [.adjustable, .scroll, .swipe, .drag]
        case .indicator: [.scroll, .swipe]
        }
    }

    /// Why `--style indicator --actions adjustable` is a usage error, not a finding: the page
    /// indicator has no adjustable action (the model refuses increment), so no verdict on such a
    /// claim would be about the component the person has.
    package static let indicatorAdjustableMistake =
        "--actions: the indicator has no adjustable action (a page indicator only follows its paged view): VoiceOver reads its label and value, and a swipe up or down does nothing; "
        + "leave out adjustable, or audit adjustable dots with --style pager"

    /// `defaults(for:)` as `--help` writes it: "adjustable,scroll,swipe,drag".
    package static func defaultsText(for style: PageDots.Style) -> String {
        allCases.filter(defaults(for: style).contains).map(\.rawValue).joined(separator: ",")
    }
}

/// How the report is written (`--format`).
package enum AuditFormat: String, Sendable, CaseIterable {
    case text
    case json
    case sarif
    /// One self-contained page for people: summary table, a section per rule, swatches.
    case html
}

/// A pager configuration to audit: the options of `pagervoice audit`, parsed and checked.
package struct AuditConfiguration: Sendable {
    package var pages: [String] = Pager.demoPages
    /// The accessibility label the component gives its dots.
    package var label = "Page"
    /// What the component offers: `--actions` when given, else what the style's component offers.
    package var actions: Set<AuditActionKind> {
        get { chosenActions ?? AuditActionKind.defaults(for: style) }
        set { chosenActions = newValue }
    }
    /// `--actions` as given; nil follows the style.
    package var chosenActions: Set<AuditActionKind>?
    package var style: PageDots.Style = .pager
    /// What lies behind the dots; nil = the components' own (page gradients, or the system background).
    package var background: SRGBColor?
    /// The dots' colour; nil = the style's own (white for the pager, primary for the indicator).
    package var tint: SRGBColor?
    package var textSize: TextSize = .standard
    package var transition: PageChangeStyle = .interactive
    /// Seconds between automatic page changes; nil when the pager does not auto-advance.
    package var autoAdvance: Double?
    /// The person can pause the auto-advance.
    package var pausable = false
    /// The auto-advance stops while Reduce Motion is on, as the components' demos do.
    package var autoAdvanceStopsUnderReduceMotion = true
    /// Audit with Reduce Motion on (the reduce-motion rule turns it on regardless).
    package var reduceMotion = false
    package var format: AuditFormat = .text
    /// The rules to check, in report order.
    package var rules: [AuditRule] = AuditRule.allCases
    /// Width of the pager in points (the model's default, an iPhone 15).
    package var width = 390.0
    /// Room the dot row leaves on each side of the pager (dots-fit): 16 pt, SwiftUI's default
    /// `.padding()` and UIKit's layout margins on an iPhone, so the dots clear the screen's
    /// rounded corners and the edge gestures.
    package var dotsMargin = 16.0

    package init() {}

    /// The model configured as the options say, on the first page, left to right.
    package func makeSubject() -> AuditModelSubject {
        AuditModelSubject(
            pager: Pager(
                pages: pages, width: width, reduceMotion: reduceMotion, pageChangeStyle: transition,
                dotsStyle: style, textSize: textSize
            ),
            label: label
        )
    }

    /// "a, b ,c" → ["a", "b", "c"]; empty items dropped (for ids, where "a,,b" harms no one).
    package static func list(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false)
            .map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }
}

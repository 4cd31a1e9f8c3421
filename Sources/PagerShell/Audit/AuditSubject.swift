import PagerCore

/// What the audit drives: a pager seen from outside, through its actions, its accessibility
/// element, its layout and its dots. `Pager` (the model) is one; tests supply faulty ones to show
/// that every rule can fail. The audit only ever changes a subject through `reduce(_:)`.
protocol AuditSubject {
    /// 0-based current page.
    var index: Int { get }
    var count: Int { get }
    /// Width in points, for building drags.
    var width: Double { get }
    /// The one element the dots expose to assistive technology.
    var accessibilityElement: AccessibilityElement { get }
    /// The dots as drawn now.
    var dots: PageDots { get }
    @discardableResult
    mutating func reduce(_ action: PagerAction) throws(PagerError) -> [PagerEvent]
    /// The rendered pages now (following the finger, if one is down).
    func layout() -> PagerLayout
    /// Every frame of a page change `settle` emitted, drawn by the subject that reduction left.
    func frames(for settle: Settle, framesPerSecond: Int) -> PagerFrames
}

extension Pager: AuditSubject {}

/// The model as the audit's options describe it: PagerCore's pager, with the label the
/// component gives its dots (`--label`).
struct AuditModelSubject: AuditSubject {
    var pager: Pager
    var label: String

    var index: Int { pager.index }
    var count: Int { pager.count }
    var width: Double { pager.width }
    var dots: PageDots { pager.dots }

    var accessibilityElement: AccessibilityElement {
        var element = pager.accessibilityElement
        element.label = label
        return element
    }

    @discardableResult
    mutating func reduce(_ action: PagerAction) throws(PagerError) -> [PagerEvent] {
        try pager.reduce(action)
    }

    func layout() -> PagerLayout { pager.layout() }

    func frames(for settle: Settle, framesPerSecond: Int) -> PagerFrames {
        pager.frames(for: settle, framesPerSecond: framesPerSecond)
    }
}

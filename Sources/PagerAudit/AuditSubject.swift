import PagerCore

/// What the audit drives: a pager seen from outside, through its actions, its accessibility
/// elements, its layout and its dots. `Pager` (the model) is one; tests supply faulty ones to show
/// that every rule can fail. The audit only ever changes a subject through `reduce(_:)`.
package protocol AuditSubject {
    /// 0-based current page.
    var index: Int { get }
    var count: Int { get }
    /// The page titles, in order: what the current page's content element must read.
    var pages: [String] { get }
    /// Width in points, for building drags.
    var width: Double { get }
    /// The element the dots expose to assistive technology. (The page's content is another,
    /// met through `.moveFocus`, as VoiceOver meets it.)
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
package struct AuditModelSubject: AuditSubject {
    package var pager: Pager
    package var label: String

    package var index: Int { pager.index }
    package var count: Int { pager.count }
    package var pages: [String] { pager.pages }
    package var width: Double { pager.width }
    package var dots: PageDots { pager.dots }

    package var accessibilityElement: AccessibilityElement {
        var element = pager.accessibilityElement
        element.label = label
        return element
    }

    /// The model's events, with the dots read under the component's label wherever focus
    /// reaches them.
    @discardableResult
    package mutating func reduce(_ action: PagerAction) throws(PagerError) -> [PagerEvent] {
        try pager.reduce(action).map { event in
            guard case .focus(var change) = event, change.element.kind == .dots else { return event }
            change.element.label = label
            return .focus(change)
        }
    }

    package func layout() -> PagerLayout { pager.layout() }

    package func frames(for settle: Settle, framesPerSecond: Int) -> PagerFrames {
        pager.frames(for: settle, framesPerSecond: framesPerSecond)
    }
}

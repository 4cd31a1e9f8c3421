/// The reading direction the pager is laid out in.
///
/// Gestures arrive in screen points, but the pager's "next" page sits on the trailing side, which is
/// the left in right-to-left layouts. `forward` converts between the two so the rest of the model
/// can think in layout terms only.
public enum LayoutDirection: String, Sendable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// 1 or -1: multiplies a screen-point translation into layout direction (and back).
    public var forward: Double { self == .rightToLeft ? -1 : 1 }
}

/// The edge an assistive-technology scroll action asks to reveal (`accessibilityScrollAction`).
/// Trailing is always "next" whatever the layout direction, because it is named in layout terms.
public enum ScrollEdge: String, Sendable, CaseIterable {
    case trailing
    case leading
}

/// A three-finger swipe, in screen terms: the direction the fingers travel.
public enum SwipeDirection: String, Sendable, CaseIterable {
    case left
    case right

    /// Page step the swipe means. Swiping left pushes content left, revealing what lies to the
    /// right: the next page in left-to-right layouts, the previous one in right-to-left layouts.
    public func pageStep(in direction: LayoutDirection) -> Int {
        let screenStep = self == .left ? 1 : -1
        return direction == .rightToLeft ? -screenStep : screenStep
    }
}

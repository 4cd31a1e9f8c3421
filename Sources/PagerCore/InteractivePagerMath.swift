/// The arithmetic of the interactive pager (the SwiftUI pager PagerVoice models), as pure
/// functions so every number of it can be tested on its own and reused by layout, reducer and
/// audits alike.
///
/// Translations here are already in layout direction (screen points times `forward`).
public enum InteractivePagerMath {
    /// A drag only counts as a gesture once the finger moved this far (SwiftUI's
    /// `DragGesture(minimumDistance: 10)`), so a tap on the page never nudges it.
    public static let minimumDragDistance = 10.0
    /// Dragging past the first or last page moves the page at this fraction of the finger: the
    /// rubber band that tells a sighted user there is nothing more.
    public static let edgeResistance = 0.3
    /// A release commits when the finger travelled this fraction of the width…
    public static let commitFraction = 0.4
    /// …or when the flick's predicted end lies beyond this fraction.
    public static let flickFraction = 0.6
    /// The page underneath moves at this fraction of the top page's speed (parallax depth).
    public static let parallaxFactor = 0.3
    /// How much the page underneath shrinks when fully covered.
    public static let recedeScale = 0.08
    /// How much the page underneath darkens when fully covered.
    public static let recedeDimming = 0.25
    /// SwiftUI predicts a gesture's end as translation plus a quarter second of velocity.
    public static let predictionHorizon = 0.25

    /// Keeps any index inside the page list; an empty list has index 0.
    @inlinable
    public static func clampedIndex(_ index: Int, count: Int) -> Int {
        count > 0 ? min(max(index, 0), count - 1) : 0
    }

    /// Slows the drag past the first and last page.
    @inlinable
    public static func resisted(translation: Double, index: Int, count: Int) -> Double {
        let current = clampedIndex(index, count: count)
        let pastStart = current == 0 && translation > 0
        let pastEnd = current >= count - 1 && translation < 0
        return pastStart || pastEnd ? translation * edgeResistance : translation
    }

    /// The continuous page position while dragging: the current index minus the resisted drag as a
    /// fraction of the width. A zero width cannot be divided by, so the position stays put.
    @inlinable
    public static func position(index: Int, count: Int, translation: Double, width: Double) -> Double {
        let current = clampedIndex(index, count: count)
        let drag = resisted(translation: translation, index: current, count: count)
        return Double(current) - (width > 0 ? drag / width : 0)
    }

    /// Commits when the finger went far enough, or was flicked hard enough; otherwise cancels.
    /// Uses the raw translation, not the resisted one, so the rubber band does not change the rule.
    @inlinable
    public static func targetIndex(index: Int, count: Int, translation: Double, predicted: Double, width: Double) -> Int {
        let current = clampedIndex(index, count: count)
        guard count > 0, width > 0 else { return current }
        let decisive = decisiveTranslation(translation: translation, predicted: predicted, width: width)
        guard decisive != 0 else { return current }
        return clampedIndex(current + (decisive < 0 ? 1 : -1), count: count)
    }

    /// The translation that decides a release, or 0 when the release is a cancel.
    @inlinable
    public static func decisiveTranslation(translation: Double, predicted: Double, width: Double) -> Double {
        guard width > 0 else { return 0 }
        if abs(translation) > width * commitFraction { return translation }
        if abs(predicted) > width * flickFraction { return predicted }
        return 0
    }

    /// `relative` is 0 for the centred page, 1 for the next and -1 for the previous. The page on
    /// top slides fully; the one underneath moves at parallax speed. Without parallax (Reduce
    /// Motion) pages slide plainly side by side.
    @inlinable
    public static func offsetX(relative: Double, width: Double, parallax: Bool) -> Double {
        relative > 0 || !parallax ? relative * width : relative * width * parallaxFactor
    }

    /// The page underneath shrinks as it recedes, down to 0.92 when fully covered.
    @inlinable
    public static func scale(relative: Double, parallax: Bool) -> Double {
        guard parallax, relative < 0 else { return 1 }
        return 1 - recedeScale * min(-relative, 1)
    }

    /// The page underneath darkens as it recedes, down to -0.25 when fully covered.
    @inlinable
    public static func brightness(relative: Double, parallax: Bool) -> Double {
        parallax && relative < 0 ? recedeDimming * max(relative, -1) : 0
    }
}

/// Where one rendered page is drawn and whether assistive technology can reach it.
public struct PageLayout: Sendable, Equatable {
    /// 0-based page index.
    public var page: Int
    /// 0 for the page at rest in the centre, 1 for the next, -1 for the previous.
    public var relative: Double
    /// Horizontal offset in layout coordinates (positive = towards the trailing edge).
    public var offsetX: Double
    /// Horizontal offset on screen: layout mirrored in right-to-left layouts.
    public var screenOffsetX: Double
    public var scale: Double
    /// Added brightness: negative darkens (the page underneath recedes).
    public var brightness: Double
    /// Later pages draw on top, so the incoming page covers the receding one.
    public var zIndex: Int
    /// Only the current page takes touches…
    public var isHitTestable: Bool
    /// …and only the current page is visible to assistive technology, so VoiceOver never reads a
    /// page that is off screen or underneath.
    public var isAccessibilityHidden: Bool
}

/// All rendered pages at one moment.
public struct PagerLayout: Sendable, Equatable {
    public var position: Double
    public var pages: [PageLayout]
}

extension Pager {
    /// The rendered pages now, following the finger if one is down.
    public func layout() -> PagerLayout { layout(atPosition: position) }

    /// The rendered pages with the pages displayed at `position` (used while a settle animates).
    /// Only the current page and its neighbours are rendered, as in seed 000.
    public func layout(atPosition position: Double) -> PagerLayout {
        let parallax = !reduceMotion
        let forward = direction.forward
        var rendered: [PageLayout] = []
        rendered.reserveCapacity(3)
        for page in max(index - 1, 0)...max(min(index + 1, count - 1), 0) where page < count {
            let relative = Double(page) - position
            // `+ 0` turns -0.0 into 0.0 so output never shows a negative zero.
            let offset = InteractivePagerMath.offsetX(relative: relative, width: width, parallax: parallax) + 0
            let current = page == index
            rendered.append(
                PageLayout(
                    page: page,
                    relative: relative,
                    offsetX: offset,
                    screenOffsetX: offset * forward + 0,
                    scale: InteractivePagerMath.scale(relative: relative, parallax: parallax),
                    brightness: InteractivePagerMath.brightness(relative: relative, parallax: parallax) + 0,
                    zIndex: page,
                    isHitTestable: current,
                    isAccessibilityHidden: !current
                ))
        }
        return PagerLayout(position: position, pages: rendered)
    }
}

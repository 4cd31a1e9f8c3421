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
    /// 1 at rest; a page that stops or starts being drawn fades during an animated change.
    public var opacity: Double = 1

    /// The pages of one animation frame: each page drawn before and after the change has every
    /// value mixed by `progress`; a page drawn only before fades out unchanged, one drawn only
    /// after fades in unchanged (lists in page order, and so is the result).
    static func interpolated(from before: [PageLayout], to after: [PageLayout], progress: Double) -> [PageLayout] {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress + 0 }
        let fade = min(max(progress, 0), 1)
        var pages: [PageLayout] = []
        var old = before[...]
        var new = after[...]
        while let next = [old.first?.page, new.first?.page].compactMap({ $0 }).min() {
            let start = old.first?.page == next ? old.popFirst() : nil
            let end = new.first?.page == next ? new.popFirst() : nil
            switch (start, end) {
            case (let start?, let end?):
                var page = end
                page.relative = mix(start.relative, end.relative)
                page.offsetX = mix(start.offsetX, end.offsetX)
                page.screenOffsetX = mix(start.screenOffsetX, end.screenOffsetX)
                page.scale = mix(start.scale, end.scale)
                page.brightness = mix(start.brightness, end.brightness)
                pages.append(page)
            case (var leaving?, nil):
                leaving.opacity = 1 - fade
                leaving.isHitTestable = false
                leaving.isAccessibilityHidden = true
                pages.append(leaving)
            case (nil, var arriving?):
                arriving.opacity = fade
                pages.append(arriving)
            case (nil, nil):
                break
            }
        }
        return pages
    }
}

/// All rendered pages at one moment.
public struct PagerLayout: Sendable, Equatable {
    public var position: Double
    public var pages: [PageLayout]
}

extension Pager {
    /// The rendered pages now, following the finger if one is down.
    public func layout() -> PagerLayout { layout(atPosition: position) }

    /// The rendered pages with the pages displayed at `position`. Only the current page and its
    /// neighbours are rendered, as in the SwiftUI pager PagerVoice models.
    public func layout(atPosition position: Double) -> PagerLayout {
        PagerLayout(position: position, pages: pageLayouts(around: index, atPosition: position))
    }

    /// The pages drawn when `centre` is the current index (it and its neighbours, the SwiftUI
    /// pager's `abs(pageIndex - currentIndex) <= 1`) and the pages are displayed at `position`. Touch and
    /// VoiceOver reach the model's current page only. `pageCount` is how many pages the list held
    /// when they were drawn: a page list that shrank still drew its old page a moment ago.
    func pageLayouts(around centre: Int, atPosition position: Double, pageCount: Int? = nil) -> [PageLayout] {
        let parallax = !reduceMotion
        let forward = direction.forward
        let first = max(centre - 1, 0)
        let last = min(centre + 1, (pageCount ?? count) - 1)
        guard first <= last else { return [] }
        var rendered: [PageLayout] = []
        rendered.reserveCapacity(3)
        for page in first...last {
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
        return rendered
    }
}

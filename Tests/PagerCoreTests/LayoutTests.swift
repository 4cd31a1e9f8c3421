import Testing

@testable import PagerCore

/// Rendered pages per DESIGN.md §2, in layout and screen coordinates.
@Suite struct LayoutTests {
    /// The `layout` example of DESIGN.md §8: page 2 of 3 at rest, width 390, LTR.
    @Test func designContractExample() throws {
        var pager = Pager()
        try pager.reduce(.increment)
        let layout = pager.layout()
        #expect(layout.position == 1.0)
        #expect(layout.pages.map(\.page) == [0, 1, 2])
        let first = layout.pages[0]
        #expect(first.offsetX == -117.0)
        #expect(first.screenOffsetX == -117.0)
        #expect(first.scale == 0.92)
        #expect(first.brightness == -0.25)
        #expect(first.zIndex == 0)
        #expect(first.isHitTestable == false)
        #expect(first.isAccessibilityHidden == true)
        let current = layout.pages[1]
        #expect(
            current
                == PageLayout(
                    page: 1, relative: 0, offsetX: 0, screenOffsetX: 0, scale: 1,
                    brightness: 0, zIndex: 1, isHitTestable: true, isAccessibilityHidden: false))
        let next = layout.pages[2]
        #expect(next.offsetX == 390)
        #expect(next.scale == 1)
        #expect(next.brightness == 0)
        #expect(next.zIndex == 2)
        #expect(next.isAccessibilityHidden)
    }

    @Test func rightToLeftMirrorsOnScreenOnly() throws {
        var pager = Pager(index: 1, direction: .rightToLeft)
        let layout = pager.layout()
        #expect(layout.pages.map(\.offsetX) == [-117, 0, 390])
        #expect(layout.pages.map(\.screenOffsetX) == [117, 0, -390])
        // No negative zero on screen for the centred page.
        #expect(layout.pages[1].screenOffsetX.sign == .plus)
        // A finger moving right on screen in RTL moves towards the next page.
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: 195))
        #expect(pager.position == 1.5)
        let dragged = pager.layout()
        #expect(dragged.pages.map(\.relative) == [-1.5, -0.5, 0.5])
        #expect(isClose(dragged.pages.map(\.offsetX), [-175.5, -58.5, 195]))
        #expect(isClose(dragged.pages.map(\.screenOffsetX), [175.5, 58.5, -195]))
        #expect(isClose(dragged.pages.map(\.scale), [0.92, 0.96, 1]))
        #expect(dragged.pages.map(\.brightness) == [-0.25, -0.125, 0])
    }

    @Test func onlyNeighboursRender() throws {
        var pager = Pager(pages: ["A", "B", "C", "D", "E"], index: 0)
        #expect(pager.layout().pages.map(\.page) == [0, 1])
        try pager.reduce(.goTo(2))
        #expect(pager.layout().pages.map(\.page) == [1, 2, 3])
        try pager.reduce(.goTo(4))
        #expect(pager.layout().pages.map(\.page) == [3, 4])
        #expect(Pager(pages: ["only"]).layout().pages.map(\.page) == [0])
        #expect(Pager(pages: []).layout().pages.isEmpty)
    }

    @Test func reduceMotionRemovesParallaxScaleAndDimming() throws {
        var pager = Pager(index: 1, reduceMotion: true)
        #expect(pager.layout().pages.map(\.offsetX) == [-390, 0, 390])
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: -97.5))
        let layout = pager.layout()
        #expect(layout.position == 1.25)
        #expect(layout.pages.map(\.offsetX) == [-487.5, -97.5, 292.5])
        #expect(layout.pages.allSatisfy { $0.scale == 1 && $0.brightness == 0 })
    }

    @Test func rubberBandAtTheFirstPage() throws {
        var pager = Pager()
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: 130))
        let layout = pager.layout()
        #expect(layout.position == -0.1)
        #expect(isClose(layout.pages.map(\.offsetX), [39, 429]))
        // The current page is to the right of centre, so it is not "receding".
        #expect(layout.pages[0].scale == 1)
    }

    @Test func fingerBelowMinimumDistanceDoesNotMoveThePage() throws {
        var pager = Pager(index: 1)
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: -9.5))
        #expect(pager.position == 1)
        try pager.reduce(.dragChanged(translation: -10))
        #expect(pager.position == 1 + 10.0 / 390)
        // Once begun, the gesture keeps following even back under 10 pt.
        try pager.reduce(.dragChanged(translation: -3.9))
        #expect(isClose(pager.position, 1.01))
    }

    @Test func zeroWidthNeverMovesAndAllOffsetsAreZero() throws {
        var pager = Pager(index: 1, width: 0)
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: -300))
        #expect(pager.position == 1)
        #expect(pager.layout().pages.map(\.offsetX) == [0, 0, 0])
    }

    @Test func hiddenIsExactlyNotHitTestableIsExactlyNotCurrent() {
        for index in 0..<5 {
            let pager = Pager(pages: ["A", "B", "C", "D", "E"], index: index)
            for page in pager.layout().pages {
                #expect(page.isAccessibilityHidden == !page.isHitTestable)
                #expect(page.isHitTestable == (page.page == index))
            }
        }
    }
}

import Testing

@testable import PagerCore

/// Issue 12: what a screen reader meets, true to the seeds. Every expected number here is worked
/// out by hand from the seeds' formulas (seed 000's offsetX/scale/brightness, seed 004's
/// accessibility modifiers), not by calling the model's own helpers.
@Suite struct FidelityTests {
    // MARK: Seed 004's indicator is label and value only

    @Test func theIndicatorRefusesToAdjustAndSaysPageTwoOfThree() throws {
        var pager = Pager(index: 1, dotsStyle: .indicator)
        let before = pager
        #expect(throws: PagerError.notAdjustable) { try pager.reduce(.increment) }
        #expect(throws: PagerError.notAdjustable) { try pager.reduce(.decrement) }
        #expect(pager == before)
        #expect(
            PagerError.notAdjustable.description
                == "the indicator has no adjustable action (a page indicator only follows its paged view); that view moves with scroll or swipe"
        )
        let dots = pager.accessibilityElement
        #expect(dots.traits.isEmpty && dots.hint.isEmpty)
        #expect(dots.focusDescription() == "Page, 2 of 3")
        #expect(dots.focusDescription(verbosity: .terse) == "Page, 2 of 3")
        #expect(dots.snapshotDescription.description == "Page: 2 of 3")
        #expect(dots.snapshotDescription.hint == nil)
        // The paged view it follows still moves.
        #expect(
            try pager.reduce(.scroll(.trailing)).compactMap { if case .announcement(let a) = $0 { a.text } else { nil } } == ["Page 3 of 3"]
        )
        #expect(try pager.reduce(.swipe(.right)).isEmpty == false)
    }

    @Test func seedZeroDotsStayAdjustable() throws {
        var pager = Pager(index: 1)
        let dots = pager.accessibilityElement
        #expect(dots.traits == [.adjustable])
        #expect(dots.focusDescription() == "Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.")
        #expect(dots.snapshotDescription.description == "Page: 2 of 3. Adjustable.")
        #expect(dots.snapshotDescription.hint == "Swipe up or down with one finger to adjust the value.")
        try pager.reduce(.increment)
        #expect(pager.index == 2)
    }

    // MARK: Every element, in reading order

    @Test func focusWalksTitleThenDotsInBothStylesAndDirections() throws {
        for style in PageDots.Style.allCases {
            for direction in LayoutDirection.allCases {
                var pager = Pager(index: 1, direction: direction, dotsStyle: style)
                let context = "\(style) \(direction)"
                let dotsSaid =
                    style == .pager ? "Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value." : "Page, 2 of 3"
                #expect(pager.accessibilityElements.map(\.kind) == [.page, .dots], "\(context)")
                #expect(pager.focusedElement.kind == .dots, "\(context)")
                // First: the current page's title.
                let first = try focus(&pager, .first)
                #expect(first.element.label == "Collect" && !first.isBoundary, "\(context)")
                #expect(first.element.focusDescription() == "Collect", "\(context)")
                // Before the first element there is nothing: focus stays, silently.
                let before = try focus(&pager, .previous)
                #expect(before.isBoundary && before.element.kind == .page, "\(context)")
                // Next: the dots; after them nothing.
                let next = try focus(&pager, .next)
                #expect(!next.isBoundary && next.element.focusDescription() == dotsSaid, "\(context)")
                let after = try focus(&pager, .next)
                #expect(after.isBoundary && after.element.kind == .dots, "\(context)")
                #expect(pager.focusedElement.kind == .dots, "\(context)")
                // Last goes to the dots; every element is reachable from the first by `next`.
                #expect(try focus(&pager, .last).element.kind == .dots, "\(context)")
            }
        }
    }

    @Test func thePageElementFollowsThePage() throws {
        var pager = Pager()
        _ = try focus(&pager, .first)
        #expect(pager.focusedElement.label == "Explore")
        try pager.reduce(.swipe(.left))
        #expect(pager.focusedElement.kind == .page)
        #expect(pager.focusedElement.label == "Collect")
        // With no pages there is no page element: the cursor falls back to the dots.
        try pager.reduce(.setCount(0))
        #expect(pager.accessibilityElements.map(\.kind) == [.dots])
        #expect(pager.focusedElement.focusDescription(verbosity: .terse) == "Page, None, adjustable.")
        // Hidden neighbours are never elements.
        #expect(Pager(index: 1).accessibilityElements.map(\.label) == ["Collect", "Page"])
    }

    // MARK: settle_ms as the seed animates

    /// (a) A finger down that has not moved 10 pt leaves `dragTranslation` at 0, so seed 000's
    /// `.animation(dragTranslation != 0 || reduceMotion ? nil : .smooth(duration: 0.45), …)`
    /// animates a page change made then.
    @Test func aFingerThatHasNotDraggedDoesNotStopTheAnimation() throws {
        var pager = Pager()
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: -6))
        let events = try pager.reduce(.goTo(2))
        #expect(announcements(events).map(\.settleMilliseconds) == [450])
        // Once the finger holds the pages away from rest, a change is not animated.
        var held = Pager()
        try held.reduce(.dragBegan)
        try held.reduce(.dragChanged(translation: -30))
        #expect(announcements(try held.reduce(.goTo(2))).map(\.settleMilliseconds) == [0])
    }

    /// (b) Seed 000 clamps the index in `.onChange(of: pages.count)`, and the position change that
    /// follows animates: 450 ms, or nothing under Reduce Motion.
    @Test func theClampAfterTheListShrinksAnimates() throws {
        var pager = Pager(index: 2)
        let events = try pager.reduce(.setPages(["A", "B"]))
        #expect(announcements(events).map(\.settleMilliseconds) == [450])
        #expect(events.contains { if case .settle(let s) = $0 { s.fromIndex == 2 && s.toIndex == 1 && s.isAnimated } else { false } })
        var still = Pager(index: 2, reduceMotion: true)
        #expect(announcements(try still.reduce(.setCount(1))).map(\.settleMilliseconds) == [0])
        // Shrinking the list past pages the index is not on moves nothing.
        var early = Pager(pages: ["A", "B", "C", "D"], index: 0)
        #expect(try early.reduce(.setCount(2)) == [announce("count", page: 1, count: 2)])
    }

    // MARK: A jump animates each page's values

    /// `go 1` then `go 3`: page 2 goes from where index 0 drew it (relative +1: 390 pt, scale 1)
    /// to where index 2 draws it (relative -1: -0.3 × 390 = -117 pt, scale 0.92, brightness
    /// -0.25). At progress 0.25: 390 + (-117 - 390) / 4 = 263.25 pt, 1 - 0.08 / 4 = 0.98.
    @Test func aJumpOfTwoPagesInterpolatesEachPagesValues() throws {
        var pager = Pager()
        let settle = try #require(
            try pager.reduce(.goTo(2)).compactMap { if case .settle(let s) = $0 { s } else { nil } }.first)
        let frame = pager.frame(for: settle, progress: 0.25)
        guard case .interactive(let pages) = frame.pages else {
            Issue.record("not the interactive pager")
            return
        }
        #expect(pages.map(\.page) == [0, 1, 2])
        #expect(abs(pages[1].offsetX - 263.25) < 1e-9)
        #expect(abs(pages[1].scale - 0.98) < 1e-12)
        #expect(abs(pages[1].brightness - -0.0625) < 1e-12)
        // Page 1 was current and is no longer drawn: it fades out where it was (offset 0).
        #expect(pages[0].offsetX == 0 && pages[0].opacity == 0.75 && pages[0].isAccessibilityHidden)
        // Page 3 was not drawn and now is: it fades in where it rests (offset 0), reachable at once.
        #expect(pages[2].offsetX == 0 && pages[2].opacity == 0.25 && pages[2].isHitTestable)
        // Interpolating `position` instead would have put page 2 at relative 0.5: 195 pt, 1.00.
        #expect(abs(frame.position - 0.5) < 1e-12)
    }

    // MARK: DragGesture measures its 10 pt in two dimensions

    @Test func aTwoDimensionalDragOfSixAndEightStartsAGesture() throws {
        var diagonal = Pager()
        try diagonal.reduce(.dragBegan)
        try diagonal.reduce(.dragChanged(translation: 6, vertical: 8))  // √(36 + 64) = 10 pt
        #expect(diagonal.drag?.isActive == true)
        #expect(diagonal.position != 0)  // the page follows the 6 pt (resisted at the first page)
        var flat = Pager()
        try flat.reduce(.dragBegan)
        try flat.reduce(.dragChanged(translation: 6, vertical: 0))
        #expect(flat.drag?.isActive == false)
        #expect(flat.position == 0)
        // The whole-drag form too: a vertical-only 12 pt starts a gesture that moves nothing.
        var vertical = Pager()
        #expect(try vertical.reduce(.drag(translation: 0, predicted: nil, vertical: 12)) == [])
        #expect(try vertical.reduce(.drag(translation: 6, predicted: 300, vertical: 0)) == [])
        #expect(announcements(try vertical.reduce(.drag(translation: -6, predicted: -300, vertical: 8))).map(\.page) == [2])
    }

    // MARK: Helpers

    func focus(_ pager: inout Pager, _ move: FocusMove) throws -> FocusChange {
        let events = try pager.reduce(.moveFocus(move))
        guard case .focus(let change) = events.first, events.count == 1 else {
            throw FidelityFailure.expectedOneFocusEvent
        }
        return change
    }

    func announcements(_ events: [PagerEvent]) -> [Announcement] {
        events.compactMap { if case .announcement(let a) = $0 { a } else { nil } }
    }

    func announce(_ action: String, page: Int, count: Int) -> PagerEvent {
        .announcement(
            Announcement(
                action: action, text: "Page \(page) of \(count)", page: page, count: count, isBoundary: false, settleMilliseconds: 0))
    }
}

enum FidelityFailure: Error {
    case expectedOneFocusEvent
}

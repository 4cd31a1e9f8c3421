import Testing

@testable import PagerCore

/// Every formula of DESIGN.md §2 with exact expected numbers.
@Suite struct InteractivePagerMathTests {
    typealias M = InteractivePagerMath

    @Test func clampKeepsIndexInsideList() {
        #expect(M.clampedIndex(-5, count: 3) == 0)
        #expect(M.clampedIndex(1, count: 3) == 1)
        #expect(M.clampedIndex(7, count: 3) == 2)
        #expect(M.clampedIndex(Int.max, count: 3) == 2)
        #expect(M.clampedIndex(Int.min, count: 3) == 0)
        #expect(M.clampedIndex(4, count: 0) == 0)
        #expect(M.clampedIndex(-4, count: 0) == 0)
        #expect(M.clampedIndex(4, count: 1) == 0)
    }

    @Test func resistanceOnlyPastTheEdges() {
        #expect(M.resisted(translation: 100, index: 0, count: 3) == 30)  // past the first page
        #expect(M.resisted(translation: -100, index: 0, count: 3) == -100)  // towards the next
        #expect(M.resisted(translation: -100, index: 2, count: 3) == -30)  // past the last page
        #expect(M.resisted(translation: 100, index: 2, count: 3) == 100)
        #expect(M.resisted(translation: 100, index: 1, count: 3) == 100)
        #expect(M.resisted(translation: -100, index: 1, count: 3) == -100)
        // One page is both first and last: resisted both ways.
        #expect(M.resisted(translation: 50, index: 0, count: 1) == 15)
        #expect(M.resisted(translation: -50, index: 0, count: 1) == -15)
        // Empty pager: index 0 >= count - 1 and == 0, resisted both ways.
        #expect(M.resisted(translation: -50, index: 0, count: 0) == -15)
    }

    @Test func positionFollowsResistedDrag() {
        #expect(M.position(index: 1, count: 3, translation: -195, width: 390) == 1.5)
        #expect(M.position(index: 1, count: 3, translation: 97.5, width: 390) == 0.75)
        #expect(M.position(index: 0, count: 3, translation: 130, width: 390) == -0.1)
        #expect(M.position(index: 2, count: 3, translation: -390, width: 390) == 2.3)
        #expect(M.position(index: 1, count: 3, translation: -100, width: 0) == 1)
        #expect(M.position(index: 1, count: 3, translation: -100, width: -10) == 1)
    }

    @Test func releaseCommitsBeyondFortyPercentOrFlickBeyondSixty() {
        let w = 390.0  // 0.4w = 156, 0.6w = 234
        #expect(M.targetIndex(index: 1, count: 3, translation: -157, predicted: -157, width: w) == 2)
        #expect(M.targetIndex(index: 1, count: 3, translation: -156, predicted: -156, width: w) == 1)
        #expect(M.targetIndex(index: 1, count: 3, translation: 157, predicted: 157, width: w) == 0)
        #expect(M.targetIndex(index: 1, count: 3, translation: -20, predicted: -235, width: w) == 2)
        #expect(M.targetIndex(index: 1, count: 3, translation: -20, predicted: -234, width: w) == 1)
        #expect(M.targetIndex(index: 1, count: 3, translation: 20, predicted: 300, width: w) == 0)
        // The finger's own travel wins over a flick the other way.
        #expect(M.targetIndex(index: 1, count: 3, translation: -200, predicted: 400, width: w) == 2)
        // Edges clamp; empty or zero-width pagers never move.
        #expect(M.targetIndex(index: 2, count: 3, translation: -300, predicted: -300, width: w) == 2)
        #expect(M.targetIndex(index: 0, count: 3, translation: 300, predicted: 300, width: w) == 0)
        #expect(M.targetIndex(index: 0, count: 0, translation: -300, predicted: -300, width: w) == 0)
        #expect(M.targetIndex(index: 1, count: 3, translation: -300, predicted: -300, width: 0) == 1)
        #expect(M.decisiveTranslation(translation: -20, predicted: -235, width: w) == -235)
        #expect(M.decisiveTranslation(translation: -157, predicted: 0, width: w) == -157)
        #expect(M.decisiveTranslation(translation: 10, predicted: 10, width: w) == 0)
    }

    @Test func offsetScaleBrightness() {
        let w = 390.0
        #expect(M.offsetX(relative: 1, width: w, parallax: true) == 390)
        #expect(M.offsetX(relative: 0.5, width: w, parallax: true) == 195)
        #expect(M.offsetX(relative: -1, width: w, parallax: true) == -117)
        #expect(M.offsetX(relative: -0.5, width: w, parallax: true) == -58.5)
        #expect(M.offsetX(relative: -1, width: w, parallax: false) == -390)
        #expect(M.scale(relative: -1, parallax: true) == 0.92)
        #expect(M.scale(relative: -0.5, parallax: true) == 0.96)
        #expect(M.scale(relative: -3, parallax: true) == 0.92)  // never below 0.92
        #expect(M.scale(relative: 0.5, parallax: true) == 1)
        #expect(M.scale(relative: -1, parallax: false) == 1)
        #expect(M.brightness(relative: -1, parallax: true) == -0.25)
        #expect(M.brightness(relative: -0.5, parallax: true) == -0.125)
        #expect(M.brightness(relative: -2, parallax: true) == -0.25)
        #expect(M.brightness(relative: 1, parallax: true) == 0)
        #expect(M.brightness(relative: -1, parallax: false) == 0)
    }
}

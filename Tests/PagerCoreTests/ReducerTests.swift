import Testing

@testable import PagerCore

/// Each action in the style of the Composable Architecture's TestStore: send it, then assert the
/// whole new state and every event it produced.
@Suite struct ReducerTests {
    func announce(
        _ action: String, _ page: Int, of count: Int, boundary: Bool = false, settle: Int = 450,
        text: String? = nil
    ) -> PagerEvent {
        .announcement(
            Announcement(
                action: action, text: text ?? "Page \(page) of \(count)", page: page, count: count,
                isBoundary: boundary, priority: .default, settleMilliseconds: settle))
    }

    func settle(
        _ from: Double, _ fromIndex: Int, _ toIndex: Int,
        style: PageChangeStyle = .interactive, animated: Bool = true
    ) -> PagerEvent {
        .settle(Settle(fromPosition: from, fromIndex: fromIndex, toIndex: toIndex, style: style, isAnimated: animated))
    }

    @Test func incrementAndDecrement() throws {
        var pager = Pager()
        var expected = pager
        #expect(try pager.reduce(.increment) == [settle(0, 0, 1), announce("increment", 2, of: 3)])
        expected.index = 1
        #expect(pager == expected)
        #expect(try pager.reduce(.increment) == [settle(1, 1, 2), announce("increment", 3, of: 3)])
        #expect(try pager.reduce(.increment) == [announce("increment", 3, of: 3, boundary: true, settle: 0)])
        #expect(pager.index == 2)
        #expect(try pager.reduce(.decrement) == [settle(2, 2, 1), announce("decrement", 2, of: 3)])
        #expect(try pager.reduce(.decrement) == [settle(1, 1, 0), announce("decrement", 1, of: 3)])
        #expect(try pager.reduce(.decrement) == [announce("decrement", 1, of: 3, boundary: true, settle: 0)])
        #expect(pager.index == 0)
    }

    @Test(arguments: LayoutDirection.allCases)
    func adjustingIsTheSameInBothDirections(direction: LayoutDirection) throws {
        // The dots' value is a number, not a place on screen: increment is "next" in RTL too.
        var pager = Pager(direction: direction)
        #expect(try pager.reduce(.increment) == [settle(0, 0, 1), announce("increment", 2, of: 3)])
        #expect(try pager.reduce(.decrement) == [settle(1, 1, 0), announce("decrement", 1, of: 3)])
        #expect(try pager.reduce(.decrement) == [announce("decrement", 1, of: 3, boundary: true, settle: 0)])
        #expect(pager.direction == direction)
    }

    @Test(arguments: LayoutDirection.allCases)
    func scrollIsInLayoutTermsWhateverTheDirection(direction: LayoutDirection) throws {
        var pager = Pager(direction: direction)
        #expect(
            try pager.reduce(.scroll(.trailing)).announcements == [
                Announcement(action: "scroll", text: "Page 2 of 3", page: 2, count: 3, isBoundary: false, settleMilliseconds: 450)
            ])
        #expect(try pager.reduce(.scroll(.leading)).announcements.map(\.page) == [1])
        #expect(try pager.reduce(.scroll(.leading)).announcements.map(\.isBoundary) == [true])
        #expect(pager.index == 0)
    }

    @Test func swipeLeftMeansNextInLeftToRight() throws {
        var pager = Pager(direction: .leftToRight)
        #expect(try pager.reduce(.swipe(.left)) == [settle(0, 0, 1), announce("swipe", 2, of: 3)])
        #expect(try pager.reduce(.swipe(.right)) == [settle(1, 1, 0), announce("swipe", 1, of: 3)])
        #expect(try pager.reduce(.swipe(.right)) == [announce("swipe", 1, of: 3, boundary: true, settle: 0)])
    }

    @Test func swipeLeftMeansPreviousInRightToLeft() throws {
        var pager = Pager(direction: .rightToLeft)
        #expect(try pager.reduce(.swipe(.left)) == [announce("swipe", 1, of: 3, boundary: true, settle: 0)])
        #expect(try pager.reduce(.swipe(.right)) == [settle(0, 0, 1), announce("swipe", 2, of: 3)])
        #expect(try pager.reduce(.swipe(.left)) == [settle(1, 1, 0), announce("swipe", 1, of: 3)])
    }

    @Test func dragCommitsPastFortyPercentLeftToRight() throws {
        var pager = Pager()
        #expect(try pager.reduce(.dragBegan) == [])
        #expect(pager.drag == Drag(screenTranslation: 0, isActive: false))
        #expect(try pager.reduce(.dragChanged(translation: -200)) == [])
        #expect(pager.drag == Drag(screenTranslation: -200, isActive: true))
        #expect(isClose(pager.position, 200.0 / 390))
        let events = try pager.reduce(.dragEnded(predicted: nil))
        #expect(events == [settle(200.0 / 390, 0, 1), announce("drag", 2, of: 3)])
        #expect(pager.drag == nil)
        #expect(pager.index == 1)
    }

    @Test func dragCommitsTheOtherWayInRightToLeft() throws {
        var pager = Pager(direction: .rightToLeft)
        // Finger moves right on screen: in RTL the next page comes in from the left.
        let events = try pager.reduce(.drag(translation: 200, predicted: nil))
        #expect(
            events.announcements == [
                Announcement(
                    action: "drag", text: "Page 2 of 3", page: 2, count: 3,
                    isBoundary: false, settleMilliseconds: 450)
            ])
        #expect(pager.index == 1)
        // Finger moving left in RTL goes back.
        #expect(try pager.reduce(.drag(translation: -200, predicted: nil)).announcements.map(\.page) == [1])
    }

    @Test func flickCommits() throws {
        var pager = Pager(index: 1)
        // 40 pt of travel is under 40% of 390, but the predicted 300 pt is past 60% (234 pt).
        let events = try pager.reduce(.drag(translation: 40, predicted: 300))
        #expect(pager.index == 0)
        let settles = events.settles
        #expect(settles.count == 1)
        #expect(isClose(settles[0].fromPosition, 1 - 40.0 / 390))
        #expect(events.announcements.map(\.text) == ["Page 1 of 3"])
        #expect(events.announcements.map(\.settleMilliseconds) == [450])
    }

    @Test func cancelledDragAnnouncesNothingAndSettlesBack() throws {
        var pager = Pager(index: 1)
        let events = try pager.reduce(.drag(translation: -150, predicted: -200))
        #expect(pager.index == 1)
        #expect(events.announcements.isEmpty)
        #expect(events.settles.map(\.toIndex) == [1])
        #expect(isClose(events.settles[0].fromPosition, 1 + 150.0 / 390))
    }

    @Test func tapUnderMinimumDistanceIsNotADrag() throws {
        var pager = Pager(index: 1)
        #expect(try pager.reduce(.drag(translation: -9.99, predicted: -900)) == [])
        #expect(pager == Pager(index: 1))
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: 5))
        #expect(try pager.reduce(.dragEnded(predicted: 1000)) == [])
        #expect(pager == Pager(index: 1))
    }

    @Test func decisiveDragPastTheEdgeIsABoundary() throws {
        var pager = Pager()
        let events = try pager.reduce(.drag(translation: 300, predicted: nil))
        #expect(pager.index == 0)
        #expect(
            events.announcements == [
                Announcement(
                    action: "drag", text: "Page 1 of 3", page: 1, count: 3,
                    isBoundary: true, settleMilliseconds: 450)
            ])
        // Rubber band: the page was displaced by 300 * 0.3 and springs back.
        #expect(isClose(events.settles.first?.fromPosition ?? .nan, -90.0 / 390))
    }

    @Test func goToAndItsErrors() throws {
        var pager = Pager()
        #expect(try pager.reduce(.goTo(2)) == [settle(0, 0, 2), announce("go", 3, of: 3)])
        #expect(try pager.reduce(.goTo(2)) == [announce("go", 3, of: 3, settle: 0)])
        let before = pager
        #expect(throws: PagerError.pageOutOfRange(page: 4, count: 3)) { try pager.reduce(.goTo(3)) }
        #expect(throws: PagerError.pageOutOfRange(page: -1, count: 3)) { try pager.reduce(.goTo(-1)) }
        #expect(throws: PagerError.pageOutOfRange(page: Int.max, count: 3)) { try pager.reduce(.goTo(Int.max)) }
        #expect(pager == before)
        var empty = Pager(pages: [])
        #expect(throws: PagerError.noPages) { try empty.reduce(.goTo(0)) }
    }

    @Test func reduceMotionSettlesInstantly() throws {
        var pager = Pager(reduceMotion: true)
        #expect(try pager.reduce(.increment) == [settle(0, 0, 1, animated: false), announce("increment", 2, of: 3, settle: 0)])
        #expect(try pager.reduce(.drag(translation: -200, predicted: nil)).announcements.map(\.settleMilliseconds) == [0])
        #expect(pager.index == 2)
    }

    @Test func noAnimationWhileTheFingerIsDown() throws {
        var pager = Pager()
        try pager.reduce(.dragBegan)
        try pager.reduce(.dragChanged(translation: -50))
        let events = try pager.reduce(.increment)
        #expect(events.announcements.map(\.settleMilliseconds) == [0])
        #expect(events.settles.map(\.isAnimated) == [false])
        #expect(pager.drag != nil)
    }

    @Test func pageChangeStyleSetsTheSettleTime() throws {
        var pager = Pager()
        try pager.reduce(.setPageChangeStyle(.parallaxPush))
        #expect(try pager.reduce(.increment).announcements.map(\.settleMilliseconds) == [700])
        try pager.reduce(.setPageChangeStyle(.slideScale))
        #expect(try pager.reduce(.increment).announcements.map(\.settleMilliseconds) == [550])
    }

    @Test func emptyPagerSaysNone() throws {
        var pager = Pager(pages: [])
        let none = announce("increment", 0, of: 0, boundary: true, settle: 0, text: "None")
        #expect(try pager.reduce(.increment) == [none])
        #expect(try pager.reduce(.swipe(.right)).announcements.map(\.text) == ["None"])
        #expect(try pager.reduce(.drag(translation: -300, predicted: nil)).announcements.isEmpty)
        #expect(pager.valueText == "None")
        #expect(pager.index == 0)
        #expect(pager.layout().pages.isEmpty)
    }

    @Test func onePagePagerIsAlwaysAtBothEdges() throws {
        var pager = Pager(pages: ["Only"])
        for action in [PagerAction.increment, .decrement, .scroll(.trailing), .scroll(.leading), .swipe(.left), .swipe(.right)] {
            let events = try pager.reduce(action)
            #expect(events.announcements.map(\.isBoundary) == [true])
            #expect(events.announcements.map(\.text) == ["Page 1 of 1"])
        }
        #expect(try pager.reduce(.drag(translation: -300, predicted: nil)).announcements.map(\.isBoundary) == [true])
    }

    @Test func shrinkingThePageListClampsAndAnnounces() throws {
        var pager = Pager(pages: ["A", "B", "C", "D", "E"], index: 4)
        // The clamp moves the index, and seed 000 animates that jump like any page change.
        #expect(try pager.reduce(.setCount(2)) == [settle(4, 4, 1), announce("count", 2, of: 2, settle: 450)])
        #expect(pager.pages == ["A", "B"])
        #expect(pager.index == 1)
        #expect(try pager.reduce(.setCount(4)) == [announce("count", 2, of: 4, settle: 0)])
        #expect(pager.pages == ["A", "B", "Page 3", "Page 4"])
        #expect(try pager.reduce(.setPages(["X", "Y", "Z", "W"])) == [])
        #expect(try pager.reduce(.setPages(["Solo"])) == [settle(1, 1, 0), announce("pages", 1, of: 1, settle: 450)])
        #expect(try pager.reduce(.setCount(0)) == [announce("count", 0, of: 0, settle: 0, text: "None")])
        #expect(pager.index == 0)
        #expect(pager.count == 0)
    }

    @Test func refusedActionsLeaveTheStateUnchanged() {
        var pager = Pager(index: 1)
        let before = pager
        let refused: [(PagerAction, PagerError)] = [
            (.setWidth(.nan), .notFinite("width")),
            (.setWidth(.infinity), .notFinite("width")),
            (.setWidth(-1), .outOfRange("width", 0...1_000_000)),
            (.setWidth(1e30), .outOfRange("width", 0...1_000_000)),
            (.setCount(-1), .outOfRange("count", 0...10_000)),
            (.setCount(10_001), .tooManyPages(10_000)),
            (.setPages(["A", ""]), .badTitle("a page title cannot be empty")),
            (.setPages(["A\u{1}B"]), .badTitle("a page title cannot contain control characters")),
            (.setPages([String(repeating: "x", count: 201)]), .badTitle("a page title can be at most 200 characters")),
            (.setLanguage("xx"), .unknownLanguage("xx")),
            (.dragChanged(translation: 5), .fingerNotDown),
            (.dragEnded(predicted: nil), .fingerNotDown),
            (.drag(translation: .nan, predicted: nil), .notFinite("translation")),
            (.drag(translation: -200, predicted: -.infinity), .notFinite("predicted translation")),
            (.drag(translation: 1e300, predicted: nil), .outOfRange("translation", -1_000_000...1_000_000)),
        ]
        for (action, error) in refused {
            #expect(throws: error) { try pager.reduce(action) }
            #expect(pager == before)
        }
        var pressed = pager
        _ = try? pressed.reduce(.dragBegan)
        let down = pressed
        #expect(throws: PagerError.fingerAlreadyDown) { try pressed.reduce(.dragBegan) }
        #expect(throws: PagerError.notFinite("translation")) { try pressed.reduce(.dragChanged(translation: .nan)) }
        #expect(throws: PagerError.fingerAlreadyDown) { try pressed.reduce(.drag(translation: 20, predicted: nil)) }
        #expect(pressed == down)
    }

    @Test func markupInTitlesIsKeptLiterally() throws {
        var pager = Pager()
        try pager.reduce(.setPages(["<speak>Hi</speak>", "<audio src=\"/etc/passwd\"/>", "a & b"]))
        #expect(pager.pages == ["<speak>Hi</speak>", "<audio src=\"/etc/passwd\"/>", "a & b"])
        #expect(pager.currentTitle == "<speak>Hi</speak>")
    }

    @Test func settingsChangeNothingSpoken() throws {
        var pager = Pager()
        #expect(try pager.reduce(.setWidth(0)) == [])
        #expect(pager.width == 0)
        #expect(try pager.reduce(.setDirection(.rightToLeft)) == [])
        #expect(pager.direction == .rightToLeft)
        #expect(try pager.reduce(.setReduceMotion(true)) == [])
        #expect(pager.reduceMotion)
        #expect(try pager.reduce(.setLanguage("es")) == [])
        #expect(pager.strings.code == "es")
        #expect(try pager.reduce(.setDotsStyle(.indicator)) == [])
        #expect(try pager.reduce(.setTextSize(.ax5)) == [])
        #expect(pager.dots.dotSize == 8 * 40.0 / 12)
        // Zero width: drags never move the page.
        #expect(try pager.reduce(.drag(translation: -300, predicted: nil)) == [])
    }

    @Test func initialiserClampsAndSanitises() {
        #expect(Pager(index: 99).index == 2)
        #expect(Pager(index: -3).index == 0)
        #expect(Pager(width: .nan).width == 0)
        #expect(Pager(width: -5).width == 0)
        #expect(Pager(pages: Array(repeating: "p", count: 20_000)).count == Pager.maximumPageCount)
    }

    @Test(arguments: [("es", "Página 2 de 3"), ("ar", "الصفحة 2 من 3"), ("en", "Page 2 of 3")])
    func announcementsInEachLanguage(code: String, text: String) throws {
        var pager = Pager()
        try pager.reduce(.setLanguage(code))
        #expect(try pager.reduce(.increment).announcements.map(\.text) == [text])
    }
}

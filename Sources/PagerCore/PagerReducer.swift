/// The pager's reducer: the one place state changes.
///
/// Pure and synchronous, in the style of the Composable Architecture: it takes an action, mutates
/// the state, and returns events for the edge (speech, terminal) to carry out. A refused action
/// throws before anything is mutated, so the state is never half-changed.
extension Pager {
    @discardableResult
    public mutating func reduce(_ action: PagerAction) throws(PagerError) -> [PagerEvent] {
        switch action {
        case .increment, .decrement:
            // Adjusting acts on the dots, which only the interactive pager makes adjustable: a script that
            // assumes the indicator can be adjusted must fail, not pass.
            guard dots.isAdjustable else { throw .notAdjustable }
            return step(action == .increment ? 1 : -1, action: action.name)
        case .scroll(let edge):
            return step(edge == .trailing ? 1 : -1, action: action.name)
        case .swipe(let swipe):
            return step(swipe.pageStep(in: direction), action: action.name)

        case .dragBegan:
            guard drag == nil else { throw .fingerAlreadyDown }
            drag = Drag()
            return []
        case .dragChanged(let translation, let vertical):
            guard drag != nil else { throw .fingerNotDown }
            try Self.validatePoints(translation, "translation")
            try Self.validatePoints(vertical, "vertical translation")
            drag?.move(to: translation, vertical: vertical)
            return []
        case .dragEnded(let predicted):
            guard let finger = drag else { throw .fingerNotDown }
            if let predicted { try Self.validatePoints(predicted, "predicted translation") }
            drag = nil
            return release(finger, predicted: predicted)
        case .drag(let translation, let predicted, let vertical):
            guard drag == nil else { throw .fingerAlreadyDown }
            try Self.validatePoints(translation, "translation")
            try Self.validatePoints(vertical, "vertical translation")
            if let predicted { try Self.validatePoints(predicted, "predicted translation") }
            var finger = Drag()
            finger.move(to: translation, vertical: vertical)
            return release(finger, predicted: predicted)

        case .moveFocus(let move):
            return [.focus(moveFocus(move))]

        case .goTo(let target):
            guard count > 0 else { throw .noPages }
            guard target >= 0, target < count else {
                // 1-based for the person reading the error; Int.max has no successor to name.
                throw .pageOutOfRange(page: target >= 0 && target < .max ? target + 1 : target, count: count)
            }
            return moveTo(target, action: action.name)

        case .setPages(let titles):
            guard titles.count <= Self.maximumPageCount else { throw .tooManyPages(Self.maximumPageCount) }
            for title in titles { try Self.validateTitle(title) }
            return replacePages(titles, action: action.name)
        case .setCount(let newCount):
            guard newCount >= 0 else {
                throw .outOfRange("count", 0...Double(Self.maximumPageCount))
            }
            guard newCount <= Self.maximumPageCount else { throw .tooManyPages(Self.maximumPageCount) }
            let kept = pages.prefix(newCount)
            let added = (kept.count..<newCount).map { "Page \($0 + 1)" }
            return replacePages(Array(kept) + added, action: action.name)

        case .setWidth(let newWidth):
            guard newWidth.isFinite else { throw .notFinite("width") }
            guard newWidth >= 0, newWidth <= Self.maximumPoints else {
                throw .outOfRange("width", 0...Self.maximumPoints)
            }
            width = newWidth
            return []
        case .setDirection(let newDirection):
            direction = newDirection
            return []
        case .setReduceMotion(let on):
            reduceMotion = on
            return []
        case .setLanguage(let code):
            guard let found = SpokenStrings.forLanguage(code) else { throw .unknownLanguage(code) }
            strings = found
            return []
        case .setPageChangeStyle(let style):
            pageChangeStyle = style
            return []
        case .setDotsStyle(let style):
            dotsStyle = style
            return []
        case .setTextSize(let size):
            textSize = size
            return []
        }
    }

    // MARK: - Page changes

    /// One page forwards or backwards, as every assistive-technology action does. At an edge the
    /// index stays and the value is said again, marked as a boundary.
    private mutating func step(_ delta: Int, action: String) -> [PagerEvent] {
        let target = InteractivePagerMath.clampedIndex(index + delta, count: count)
        guard target != index, count > 0 else {
            return [.announcement(announcement(action: action, boundary: true, settle: 0))]
        }
        return moveTo(target, action: action)
    }

    /// Changes the page from where the pages are displayed now (a finger may still be down).
    private mutating func moveTo(_ target: Int, action: String) -> [PagerEvent] {
        // Going to the page already shown moves nothing, but the person asked: say where they are.
        guard target != index else { return [.announcement(announcement(action: action, boundary: false, settle: 0))] }
        let settle = Settle(
            fromPosition: position, fromIndex: index, toIndex: target, style: pageChangeStyle, isAnimated: settleAnimates)
        index = target
        return [.settle(settle), .announcement(announcement(action: action, boundary: false, settle: settleMilliseconds(settle)))]
    }

    /// The SwiftUI pager animates the position unless Reduce Motion is on or the finger holds the pages
    /// away from rest (`dragTranslation != 0`): a finger that has not yet moved the 10 pt a drag
    /// needs leaves the translation at 0, so a page change then still animates.
    private var settleAnimates: Bool { !reduceMotion && layoutTranslation == 0 }

    /// One-finger swipes walk the elements in reading order; at either end the cursor stays and
    /// nothing is said. A four-finger tap goes to the first or last element and says it.
    private mutating func moveFocus(_ move: FocusMove) -> FocusChange {
        let elements = accessibilityElements
        let current = elements.firstIndex { $0.kind == focusedElement.kind } ?? elements.count - 1
        let target: Int
        switch move {
        case .next: target = current + 1
        case .previous: target = current - 1
        case .first: target = 0
        case .last: target = elements.count - 1
        }
        guard elements.indices.contains(target) else {
            return FocusChange(move: move, element: elements[current], isBoundary: true)
        }
        focus = elements[target].kind
        return FocusChange(move: move, element: elements[target], isBoundary: false)
    }

    /// The finger lifts: commit to the neighbour, bounce at an edge, or cancel.
    private mutating func release(_ finger: Drag, predicted: Double?) -> [PagerEvent] {
        guard finger.isActive else { return [] }  // a tap, not a drag
        let forward = direction.forward
        let translation = finger.screenTranslation * forward
        let predictedTranslation = (predicted ?? finger.screenTranslation) * forward
        let fromPosition = InteractivePagerMath.position(index: index, count: count, translation: translation, width: width)
        let target = InteractivePagerMath.targetIndex(
            index: index, count: count, translation: translation, predicted: predictedTranslation, width: width)
        let decisive = InteractivePagerMath.decisiveTranslation(
            translation: translation, predicted: predictedTranslation, width: width)

        // The lifted finger no longer holds the pages, so the settle animates (from rest: the
        // flick's speed is not carried in; see `Settle`).
        let settle = Settle(fromPosition: fromPosition, fromIndex: index, toIndex: target, style: .interactive, isAnimated: !reduceMotion)
        let moved = fromPosition != Double(target)
        var events: [PagerEvent] = moved ? [.settle(settle)] : []
        if target != index {
            index = target
            events.append(.announcement(announcement(action: "drag", boundary: false, settle: settleMilliseconds(settle))))
        } else if decisive != 0 && count > 0 {
            // A decisive drag past the first or last page: nothing further, so say so.
            events.append(.announcement(announcement(action: "drag", boundary: true, settle: moved ? settleMilliseconds(settle) : 0)))
        }
        return events
    }

    /// Replacing the pages clamps the index. The value is announced again only when it changed,
    /// so a person hears that the page they were on moved or the count grew. When the clamp moves
    /// the index, the pages settle there as any page change does (the SwiftUI pager sets the index
    /// in `.onChange(of: pages.count)`, and its `.animation(…, value: position)` animates the jump).
    /// The pages of a document that is still arriving (`read -` on a pipe): `titles` replace
    /// the pages and `index` becomes the page that now holds what was on screen. Nothing moved
    /// for the person reading, so there are no events: the new count is heard on the next page
    /// change. Titles are the reader's (valid by construction); at most `maximumPageCount` are kept.
    public mutating func pagesArrived(_ titles: [String], index: Int) {
        pages = Array(titles.prefix(Self.maximumPageCount))
        self.index = InteractivePagerMath.clampedIndex(index, count: count)
    }

    private mutating func replacePages(_ titles: [String], action: String) -> [PagerEvent] {
        let oldValue = (pageNumber, count)
        let oldIndex = index
        let oldPosition = position
        pages = titles
        index = InteractivePagerMath.clampedIndex(index, count: count)
        guard oldValue != (pageNumber, count) else { return [] }
        guard index != oldIndex, count > 0 else {
            return [.announcement(announcement(action: action, boundary: false, settle: 0))]
        }
        let settle = Settle(
            fromPosition: oldPosition, fromIndex: oldIndex, toIndex: index, style: pageChangeStyle, isAnimated: settleAnimates)
        return [.settle(settle), .announcement(announcement(action: action, boundary: false, settle: settleMilliseconds(settle)))]
    }

    private func announcement(action: String, boundary: Bool, settle: Int) -> Announcement {
        Announcement(
            action: action, text: announcementText, page: pageNumber, count: count,
            isBoundary: boundary, priority: .default, settleMilliseconds: settle
        )
    }

    /// Milliseconds until the page is visually at rest: the driving `smooth` spring is logically
    /// complete at its duration. The interactive pager does not animate under Reduce Motion or
    /// under a finger; the transition styles still crossfade under Reduce Motion, so they keep
    /// their duration (the same rule the frames follow, so the two never disagree).
    private func settleMilliseconds(_ settle: Settle) -> Int {
        animation(for: settle).logicallyCompleteMilliseconds
    }

    // MARK: - Validation

    static func validatePoints(_ value: Double, _ what: String) throws(PagerError) {
        guard value.isFinite else { throw .notFinite(what) }
        guard abs(value) <= maximumPoints else { throw .outOfRange(what, -maximumPoints...maximumPoints) }
    }

    /// Titles are shown and spoken, so they must be printable text of a sane length. Markup is
    /// fine: it is spoken literally, never interpreted.
    static func validateTitle(_ title: String) throws(PagerError) {
        guard !title.isEmpty else { throw .badTitle("a page title cannot be empty") }
        guard title.count <= maximumTitleLength else {
            throw .badTitle("a page title can be at most \(maximumTitleLength) characters")
        }
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badTitle("a page title cannot contain control characters")
        }
    }
}

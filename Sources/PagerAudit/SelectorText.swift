import PagerCore

extension String {
    /// A CSS selector shortened for one line of a report: its first step, then as many of its
    /// last steps as fit ("body > div:nth-of-type(3) > … > article > div:nth-of-type(3)"),
    /// escaped as `clipped` is. The last steps are what tell sibling carousels apart: clipped at
    /// the end, the three tab sets of a page built with MkDocs' Material theme all read
    /// "body > div:nth-of-type(3) > main > div > div:nth-of-type(3) …". Never for a selector a
    /// person is told to type: that one is given whole.
    package func clippedSelector(_ limit: Int = 60) -> String {
        let safe = terminalSafe
        guard safe.count > limit else { return safe }
        let steps = safe.split(separator: " > ", omittingEmptySubsequences: false).map(String.init)
        guard steps.count >= 3, let first = steps.first, let last = steps.last, first.count + last.count + 7 <= limit else {
            return safe.clipped(limit)
        }
        var tail = [last]
        var length = first.count + 7 + last.count
        for step in steps.dropFirst().dropLast().reversed() {
            guard length + step.count + 3 <= limit else { break }
            tail.insert(step, at: 0)
            length += step.count + 3
        }
        return ([first, "…"] + tail).joined(separator: " > ")
    }
}

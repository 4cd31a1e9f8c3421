import PagerCore

/// dots-fit and target-size: whether the row of dots has room, and room for a finger.
extension Auditor {
    /// WCAG 2.5.8's minimum target, 24 CSS pixels: a point on iOS.
    package static var minimumTarget: Double { 24 }

    // MARK: - dots-fit (WCAG 1.4.10, 1.4.4)

    /// The row of dots must fit the pager's width, less `dotsMargin` on each side, at the audited
    /// text size: the components PagerVoice models lay the dots out in one `HStack` that neither wraps nor scrolls, so a
    /// row wider than the screen is cut off at both ends, and the current dot can be one of the
    /// lost ones. The page indicator's dots grow with Dynamic Type (WCAG 1.4.4 asks that they may), which
    /// is exactly what makes a long row overflow at the largest sizes (WCAG 1.4.10).
    package func checkDotsFit() -> AuditFinding {
        let dots = base.dots
        guard dots.count > 0 else { return .notApplicable(.dotsFit, "there are no pages, so there is no row of dots to fit") }
        let margin = configuration.dotsMargin
        let available = base.width - 2 * margin
        let size = dots.textSize
        let room = "a \(AuditNumber.text(base.width)) pt pager less \(AuditNumber.text(margin)) pt margins on each side"
        let needed = dots.totalWidth
        let dotsPhrase = dots.count == 1 ? "the one dot needs" : "the \(dots.count) dots need"

        let overflowAtAudited: Int?
        let overflowAtLargest: Int?
        var largest = base
        do {
            overflowAtAudited = try firstOverflowingCount(base, available: available)
            try largest.reduce(.setTextSize(TextSize.allCases.last ?? size))
            overflowAtLargest = try firstOverflowingCount(largest, available: available)
        } catch {
            return .fail(.dotsFit, "changing the page count or text size was refused: \(error)")
        }
        let largestName = largest.dots.textSize.rawValue
        var limit = Self.limitPhrase(overflowAtAudited, at: size.rawValue)
        if largestName != size.rawValue, overflowAtLargest != overflowAtAudited {
            limit += "; at \(largestName), the largest text size, " + Self.limitPhrase(overflowAtLargest, at: nil)
        }

        guard needed <= available + 1e-9 else {
            let over = needed - max(available, 0)
            return .fail(
                .dotsFit,
                "\(dotsPhrase) \(AuditNumber.text(needed)) pt at \(size.rawValue) but \(room) leaves \(AuditNumber.text(max(available, 0))) pt: they overflow by \(AuditNumber.text(over)) pt; \(limit)",
                measured: needed, required: available)
        }
        return .pass(
            .dotsFit,
            "\(dotsPhrase) \(AuditNumber.text(needed)) pt at \(size.rawValue), within the \(AuditNumber.text(available)) pt left by \(room); \(limit)",
            measured: needed, required: available)
    }

    /// "the row fits up to 22 pages at large and overflows from 23", or that it always fits.
    package static func limitPhrase(_ overflow: Int?, at size: String?) -> String {
        let at = size.map { " at \($0)" } ?? ""
        guard let overflow else { return "the row fits even \(Pager.maximumPageCount) pages\(at)" }
        if overflow == 1 { return "not even one dot fits\(at)" }
        return "the row fits up to \(overflow - 1) \(overflow == 2 ? "page" : "pages")\(at) and overflows from \(overflow)"
    }

    /// The fewest pages whose row of dots on `subject` is wider than `available`, found by
    /// changing the subject's page count (the width only grows with the count); nil when even
    /// the most pages a pager holds fit.
    package func firstOverflowingCount(_ subject: Subject, available: Double) throws(PagerError) -> Int? {
        func overflows(_ count: Int) throws(PagerError) -> Bool {
            var probe = subject
            try probe.reduce(.setCount(count))
            return probe.dots.totalWidth > available + 1e-9
        }
        var low = 1
        var high = Pager.maximumPageCount
        guard try overflows(high) else { return nil }
        while low < high {
            let middle = (low + high) / 2
            if try overflows(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    // MARK: - target-size (WCAG 2.5.8)

    /// One dot that is too small to tap and too close to another target for the spacing
    /// exception.
    package struct TargetProblem: Equatable {
        var dot: Int
        var width: Double
        var height: Double
        /// How far its 24 pt circle reaches into the nearest target, or past the nearest
        /// undersized target's circle, and how that was measured.
        var overlap: Double
        var conflict: String
    }

    /// A dot that selects its page when tapped must be a 24 × 24 pt target, or, being smaller,
    /// sit where a 24 pt circle centred on it crosses no other dot and no other small dot's
    /// circle (2.5.8's spacing exception). The target is the dot as drawn: what a tap gesture
    /// on each dot hits when no `contentShape` widens it.
    package func checkTargetSize() -> AuditFinding {
        guard offered.contains(.tap) else {
            return .notApplicable(.targetSize, "the dots do not select a page when tapped (add tap to --actions if they do)")
        }
        guard count > 0 else { return .notApplicable(.targetSize, "there are no pages, so there are no dots to tap") }
        var failing: [(page: Int, problems: [TargetProblem])] = []
        var smallest = Double.infinity
        var undersized = false
        for page in auditedPages {
            let dots: PageDots
            do { dots = try subject(at: page).dots } catch {
                return .fail(.targetSize, "going to \(pageName(page)) was refused: \(error)")
            }
            let row = dots.dots
            smallest = min(smallest, row.map { min($0.width, $0.height) }.min() ?? smallest)
            undersized = undersized || row.contains { $0.width < Self.minimumTarget || $0.height < Self.minimumTarget }
            let problems = Self.targetProblems(row, spacing: dots.spacing)
            if !problems.isEmpty { failing.append((page, problems)) }
        }
        let required = Self.minimumTarget
        let size = base.dots.textSize.rawValue
        if let (page, problems) = failing.first {
            var message = "with page \(page + 1) current at \(size), \(Self.describe(problems, of: count))"
            if failing.count == auditedPages.count, auditedPages.count > 1 {
                message += " (the same with any page current)"
            } else if failing.count > 1 {
                message += " (and with \(failing.count - 1) more of the \(auditedPages.count) pages checked current)"
            }
            return .fail(.targetSize, message, measured: smallest, required: required)
        }
        let context = "with \(pagesPhrase) current, at \(size)"
        guard undersized else {
            return .pass(
                .targetSize, "every dot is at least 24x24 pt (the smallest side is \(AuditNumber.text(smallest)) pt), \(context)",
                measured: smallest, required: required)
        }
        return .pass(
            .targetSize,
            "the dots are smaller than 24x24 pt (the smallest side is \(AuditNumber.text(smallest)) pt) but spaced so that 24 pt circles centred on them cross no other dot or circle (the spacing exception), \(context)"
        )
    }

    /// The dots of `row` that fail 2.5.8, laid out as the modelled components do: left to right, `spacing`
    /// apart, centred on one line.
    package static func targetProblems(_ row: [PageDots.Dot], spacing: Double) -> [TargetProblem] {
        let radius = minimumTarget / 2
        let lineHeight = row.map(\.height).max() ?? 0
        var lefts: [Double] = []
        var x = 0.0
        for dot in row {
            lefts.append(x)
            x += dot.width + spacing
        }
        func isSmall(_ dot: PageDots.Dot) -> Bool { dot.width < minimumTarget || dot.height < minimumTarget }
        var problems: [TargetProblem] = []
        for (index, dot) in row.enumerated() where isSmall(dot) {
            let centreX = lefts[index] + dot.width / 2
            let centreY = lineHeight / 2
            var worst: (overlap: Double, conflict: String)?
            for (other, target) in row.enumerated() where other != index {
                // The circle against the other dot itself…
                let top = (lineHeight - target.height) / 2
                let dx = max(lefts[other] - centreX, 0, centreX - (lefts[other] + target.width))
                let dy = max(top - centreY, 0, centreY - (top + target.height))
                let distance = (dx * dx + dy * dy).squareRoot()
                if distance < radius - 1e-9, radius - distance > (worst?.overlap ?? 0) {
                    worst = (
                        radius - distance,
                        "reaches \(AuditNumber.text(radius - distance)) pt into a neighbouring dot (\(AuditNumber.text(distance)) pt from its centre, \(AuditNumber.text(radius)) needed)"
                    )
                }
                // …and against the other small dot's circle.
                guard isSmall(target) else { continue }
                let centres = abs(lefts[other] + target.width / 2 - centreX)
                if centres < minimumTarget - 1e-9, minimumTarget - centres > (worst?.overlap ?? 0) {
                    worst = (
                        minimumTarget - centres,
                        "overlaps a neighbour's by \(AuditNumber.text(minimumTarget - centres)) pt (centres \(AuditNumber.text(centres)) pt apart, \(AuditNumber.text(minimumTarget)) needed)"
                    )
                }
            }
            if let worst {
                problems.append(
                    TargetProblem(dot: index, width: dot.width, height: dot.height, overlap: worst.overlap, conflict: worst.conflict))
            }
        }
        return problems
    }

    /// "dot 1 (22x8 pt) is 2 pt too narrow and 16 pt too short, and its 24 pt circle …; dots
    /// 2–3 (8x8 pt) are …": neighbouring dots that fail alike are named together.
    package static func describe(_ problems: [TargetProblem], of count: Int) -> String {
        var groups: [[TargetProblem]] = []
        for problem in problems {
            if let last = groups.last?.last, last.dot + 1 == problem.dot, last.width == problem.width, last.height == problem.height,
                last.conflict == problem.conflict
            {
                groups[groups.count - 1].append(problem)
            } else {
                groups.append([problem])
            }
        }
        let parts = groups.map { group -> String in
            let first = group[0]
            let plural = group.count > 1
            let names =
                plural
                ? "dots \(first.dot + 1)\(group.count == 2 ? " and " : "–")\(group[group.count - 1].dot + 1)"
                : "dot \(first.dot + 1)"
            var short: [String] = []
            if first.width < minimumTarget { short.append("\(AuditNumber.text(minimumTarget - first.width)) pt too narrow") }
            if first.height < minimumTarget { short.append("\(AuditNumber.text(minimumTarget - first.height)) pt too short") }
            let size = "\(AuditNumber.text(first.width))x\(AuditNumber.text(first.height)) pt"
            return
                "\(names) (\(size)) \(plural ? "are" : "is") \(short.joined(separator: " and ")), and \(plural ? "their" : "its") 24 pt circle \(first.conflict)"
        }
        let counted =
            problems.count == count
            ? (count == 1 ? "the one dot fails" : "all \(count) dots fail") : "\(problems.count) of \(count) dots fail"
        return "\(counted): " + parts.joined(separator: "; ")
    }
}

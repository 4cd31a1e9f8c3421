import PagerCore

/// dot-contrast and dot-scaling: whether people who see less well can see the dots.
extension Auditor {
    /// WCAG 1.4.11: graphical objects needed to understand the state reach 3:1.
    package static var requiredContrast: Double { 3 }
    /// WCAG 1.4.4 asks text to reach 200 %; the dots should keep up with it at the largest size.
    package static var requiredGrowth: Double { 2 }

    /// The lowest contrast one kind of dot reaches, and where.
    package struct Worst {
        var ratio: Double
        var backdrop: Backdrop
        var seen: SRGBColor
    }

    /// One colour the dots may be drawn over, and where it comes from.
    package struct Backdrop {
        var color: SRGBColor
        var place: String
    }

    /// What lies behind the dots. The SwiftUI pager's dots sit over the bottom of each page's gradient,
    /// which runs from the top-leading to the bottom-trailing corner; where exactly the dots land
    /// on it depends on the screen's aspect ratio, so every colour of every gradient is checked.
    package func backdrops() -> [Backdrop] {
        if let background = configuration.background {
            return [Backdrop(color: background, place: SystemColors.describe(background))]
        }
        switch base.dots.style {
        case .indicator:
            return [Backdrop(color: SystemColors.background, place: "the system background \(SystemColors.background.hex)")]
        case .pager:
            var backdrops: [Backdrop] = []
            let gradients = SystemColors.seedPageGradients
            for page in 0..<min(max(count, 1), gradients.count) {
                let gradient = gradients[page % gradients.count]
                let title = page < configuration.pages.count ? configuration.pages[page] : "page \(page + 1)"
                let first = gradient.stops.first?.name ?? ""
                let last = gradient.stops.last?.name ?? ""
                for step in 0...100 {
                    let color = gradient.color(at: Double(step) / 100)
                    let spot =
                        step == 0
                        ? "its \(first) end"
                        : step == 100
                            ? "its \(last) end"
                            : "\(step)% of the way from \(first) to \(last)"
                    backdrops.append(Backdrop(color: color, place: "\(color.hex), \(title)'s gradient at \(spot)"))
                }
            }
            return backdrops
        }
    }

    // MARK: - dot-contrast (WCAG 1.4.11)

    package func checkDotContrast() -> AuditFinding {
        let dots = base.dots
        let dotColor = configuration.tint ?? SystemColors.color(named: dots.colorName) ?? .white
        let colorName = configuration.tint.map(SystemColors.describe) ?? dots.colorName
        // The kinds of dot drawn: the current one, and (with more than one page) the others.
        var kinds: [(name: String, opacity: Double)] = []
        for dot in dots.dots where !kinds.contains(where: { $0.name == (dot.isCurrent ? "current" : "inactive") }) {
            kinds.append((dot.isCurrent ? "current" : "inactive", dot.opacity))
        }
        kinds.sort { $0.name == "inactive" && $1.name != "inactive" }
        guard !kinds.isEmpty else { return .notApplicable(.dotContrast, "there are no dots to see") }

        var worst: [Worst] = []
        var swatches: [AuditSwatch] = []
        let backdrops = backdrops()
        for kind in kinds {
            var found: Worst?
            for backdrop in backdrops {
                let seen = dotColor.composited(opacity: kind.opacity, over: backdrop.color)
                let ratio = seen.contrastRatio(with: backdrop.color)
                if found == nil || ratio < found!.ratio { found = Worst(ratio: ratio, backdrop: backdrop, seen: seen) }
            }
            if let found {
                worst.append(found)
                swatches.append(
                    AuditSwatch(
                        kind: kind.name, dot: dotColor, opacity: kind.opacity, background: found.backdrop.color,
                        place: found.backdrop.place, seen: found.seen, ratio: found.ratio, required: Self.requiredContrast,
                        row: dots.dots, spacing: dots.spacing))
            }
        }

        let required = Self.requiredContrast
        let measured = worst.map(\.ratio).min() ?? 21
        let status: AuditFinding.Status = measured >= required ? .pass : .fail
        var parts: [String] = []
        for (kind, found) in zip(kinds, worst) {
            let shown = AuditFinding.reported(found.ratio, status: found.ratio >= required ? .pass : .fail, required: required)
            let dot =
                kind.opacity < 1
                ? "\(kind.name) dots (\(colorName) at \(AuditNumber.text(kind.opacity * 100))%, seen as \(found.seen.hex))"
                : "the \(kind.name) dot (\(colorName))"
            let verdict = found.ratio >= required ? "" : ", needs \(AuditNumber.ratio(required))"
            parts.append("\(dot) over \(found.backdrop.place): \(AuditNumber.ratio(shown))\(verdict)")
        }
        // Failures first, so the line starts with what to fix.
        let order = zip(parts, worst).sorted { ($0.1.ratio < required ? 0 : 1) < ($1.1.ratio < required ? 0 : 1) }.map(\.0)
        let message = (status == .pass ? "worst case " : "") + order.joined(separator: "; ")
        return AuditFinding(
            rule: .dotContrast, status: status, message: message, measured: measured, required: required, swatches: swatches)
    }

    // MARK: - dot-scaling (WCAG 1.4.4)

    package func checkDotScaling() -> AuditFinding {
        var sizes: [(size: TextSize, points: Double)] = []
        for size in TextSize.allCases {
            var subject = base
            do { try subject.reduce(.setTextSize(size)) } catch {
                return .fail(.dotScaling, "setting the text size to \(size.rawValue) was refused: \(error)")
            }
            sizes.append((size, subject.dots.dotSize))
        }
        func points(at size: TextSize) -> Double { sizes.first { $0.size == size }?.points ?? 0 }
        let standard = points(at: .standard)
        guard let smallest = sizes.first, let largest = sizes.last, standard > 0 else {
            return .fail(.dotScaling, "the dots have no size at the default text size")
        }
        let growth = largest.points / standard
        let required = Self.requiredGrowth
        let audited = "\(AuditNumber.text(points(at: configuration.textSize))) pt at \(configuration.textSize.rawValue), as audited"
        let shown = AuditNumber.text(AuditFinding.reported(growth, status: growth >= required ? .pass : .fail, required: required))

        var problems: [String] = []
        for (a, b) in zip(sizes, sizes.dropFirst()) where b.points < a.points {
            problems.append(
                "the dots shrink from \(AuditNumber.text(a.points)) pt at \(a.size.rawValue) to \(AuditNumber.text(b.points)) pt at \(b.size.rawValue)"
            )
        }
        if growth < required {
            if sizes.allSatisfy({ $0.points == standard }) {
                problems.insert(
                    "the dots stay \(AuditNumber.text(standard)) pt at every text size from \(smallest.size.rawValue) to \(largest.size.rawValue) (\(shown)x at \(largest.size.rawValue), needs \(AuditNumber.text(required))x)",
                    at: 0)
            } else {
                problems.insert(
                    "the dots grow only from \(AuditNumber.text(standard)) pt at \(TextSize.standard.rawValue) to \(AuditNumber.text(largest.points)) pt at \(largest.size.rawValue) (\(shown)x, needs \(AuditNumber.text(required))x)",
                    at: 0)
            }
        }
        guard problems.isEmpty else {
            return .fail(.dotScaling, problems.joined(separator: "; ") + "; \(audited)", measured: growth, required: required)
        }
        return .pass(
            .dotScaling,
            "the dots grow with the text size: \(AuditNumber.text(smallest.points)) pt at \(smallest.size.rawValue), \(AuditNumber.text(standard)) pt at \(TextSize.standard.rawValue), \(AuditNumber.text(largest.points)) pt at \(largest.size.rawValue) (\(shown)x, needs \(AuditNumber.text(required))x); \(audited)",
            measured: growth, required: required)
    }
}

import PagerCore

/// Drives a subject through every action from every page and checks the rules.
///
/// Each check starts from a copy of `base` (a value), so checks never disturb one another. The
/// expected outcome of every action is worked out here from the rules themselves (one page per
/// action, clamped at the ends, swipes mirrored in right-to-left layouts), never by asking the
/// model, so a model that is wrong is caught rather than agreed with.
package struct Auditor<Subject: AuditSubject> {
    /// The subject as configured, on its first page, left to right.
    package var base: Subject
    package var configuration: AuditConfiguration

    package init(base: Subject, configuration: AuditConfiguration) {
        self.base = base
        self.configuration = configuration
    }

    /// The findings for the configured rules, in report order.
    package func run() -> [AuditFinding] {
        configuration.rules.map(check)
    }

    package func check(_ rule: AuditRule) -> AuditFinding {
        switch rule {
        case .label: checkLabel()
        case .value: checkValue()
        case .adjustable: checkStepping(.adjustable)
        case .scroll: checkStepping(.scroll)
        case .edges: checkEdges()
        case .hiddenPages: checkHiddenPages()
        case .focusOrder: checkFocusOrder()
        case .focusVisible: checkFocusVisible()
        case .oneAnnouncement: checkOneAnnouncement()
        case .reduceMotion: checkReduceMotion()
        case .rtl: checkRTL()
        case .dotContrast: checkDotContrast()
        case .dotScaling: checkDotScaling()
        case .dotsFit: checkDotsFit()
        case .targetSize: checkTargetSize()
        case .autoAdvance: checkAutoAdvance()
        }
    }

    // MARK: - Driving

    package var count: Int { base.count }
    package var offered: Set<AuditActionKind> { configuration.actions }

    /// A fresh copy of the subject on `page`, laid out in `direction`, with Reduce Motion as asked.
    package func subject(
        at page: Int, direction: LayoutDirection = .leftToRight, reduceMotion: Bool? = nil
    ) throws(PagerError) -> Subject {
        var subject = base
        try subject.reduce(.setDirection(direction))
        try subject.reduce(.setReduceMotion(reduceMotion ?? configuration.reduceMotion))
        if subject.count > 0, subject.index != page { try subject.reduce(.goTo(page)) }
        return subject
    }

    /// One thing a person does, with the page step it must cause (in layout terms: +1 next).
    package struct Probe {
        var name: String
        var kind: AuditActionKind?
        var actions: [PagerAction]
        /// +1 next page, -1 previous page, 0 nothing (a cancelled drag).
        var step: Int
    }

    /// Everything the component offers, in `direction`. Swipes and drags are in screen terms, so
    /// their expected step flips in right-to-left layouts: the next page lies to the left there.
    package func probes(_ direction: LayoutDirection, kinds: Set<AuditActionKind>? = nil) -> [Probe] {
        let kinds = kinds ?? offered
        let rtl = direction == .rightToLeft
        // Screen translation that reveals the next page: leftwards in LTR, rightwards in RTL.
        let towardsNext = rtl ? 1.0 : -1.0
        let w = base.width
        var probes: [Probe] = []
        if kinds.contains(.adjustable) {
            probes.append(Probe(name: "increment", kind: .adjustable, actions: [.increment], step: 1))
            probes.append(Probe(name: "decrement", kind: .adjustable, actions: [.decrement], step: -1))
        }
        if kinds.contains(.scroll) {
            probes.append(Probe(name: "scroll trailing", kind: .scroll, actions: [.scroll(.trailing)], step: 1))
            probes.append(Probe(name: "scroll leading", kind: .scroll, actions: [.scroll(.leading)], step: -1))
        }
        if kinds.contains(.swipe) {
            probes.append(Probe(name: "swipe left", kind: .swipe, actions: [.swipe(.left)], step: rtl ? -1 : 1))
            probes.append(Probe(name: "swipe right", kind: .swipe, actions: [.swipe(.right)], step: rtl ? 1 : -1))
        }
        if kinds.contains(.drag) {
            for sign in [1.0, -1.0] {
                let step = sign == towardsNext ? 1 : -1
                let half = sign * w * 0.5
                probes.append(
                    Probe(
                        name: "drag \(Self.points(half))", kind: .drag,
                        actions: [.drag(translation: half, predicted: nil)], step: step))
                let flick = sign * w * 0.1
                let predicted = sign * w * 0.7
                probes.append(
                    Probe(
                        name: "flick \(Self.points(flick)) (predicted \(Self.points(predicted)))", kind: .drag,
                        actions: [.drag(translation: flick, predicted: predicted)], step: step))
                probes.append(
                    Probe(
                        name: "press, move \(Self.points(half)) and release", kind: .drag,
                        actions: [.dragBegan, .dragChanged(translation: half), .dragEnded(predicted: nil)], step: step))
                let short = sign * w * 0.2
                probes.append(
                    Probe(
                        name: "drag \(Self.points(short)) and let go (a cancel)", kind: .drag,
                        actions: [.drag(translation: short, predicted: short * 1.5)], step: 0))
            }
        }
        return probes
    }

    /// "195 pt left"
    package static func points(_ translation: Double) -> String {
        "\(AuditNumber.text(abs(translation))) pt \(translation < 0 ? "left" : "right")"
    }

    /// What one probe did.
    package struct Outcome {
        var subject: Subject
        var before: Int
        var events: [PagerEvent] = []
        var error: PagerError?

        var after: Int { subject.index }
        var announcements: [Announcement] {
            events.compactMap { if case .announcement(let a) = $0 { a } else { nil } }
        }
        var settles: [Settle] {
            events.compactMap { if case .settle(let s) = $0 { s } else { nil } }
        }
    }

    package func run(_ probe: Probe, on start: Subject) -> Outcome {
        var outcome = Outcome(subject: start, before: start.index)
        for action in probe.actions {
            do { outcome.events += try outcome.subject.reduce(action) } catch {
                outcome.error = error
                break
            }
        }
        return outcome
    }

    /// The page a probe must land on.
    package func expected(_ probe: Probe, from page: Int) -> Int {
        InteractivePagerMath.clampedIndex(page + probe.step, count: count)
    }

    /// "page 2 of 3"
    package func pageName(_ index: Int, count: Int? = nil) -> String {
        "page \(index + 1) of \(count ?? self.count)"
    }

    /// Every combination a rule walks through: each page, in both layout directions.
    package func everyPage(
        directions: [LayoutDirection] = LayoutDirection.allCases, reduceMotion: [Bool]? = nil,
        _ body: (Subject, Int, LayoutDirection, Bool) -> Void
    ) -> [String] {
        var problems: [String] = []
        for motion in reduceMotion ?? [configuration.reduceMotion] {
            for direction in directions {
                for page in auditedPages {
                    do {
                        let start = try subject(at: page, direction: direction, reduceMotion: motion)
                        body(start, page, direction, motion)
                    } catch {
                        problems.append("going to \(pageName(page)) was refused: \(error)")
                    }
                }
            }
        }
        return problems
    }

    /// Folds problems into one message: the first, and how many more.
    package static func summarise(_ problems: [String]) -> String {
        guard let first = problems.first else { return "" }
        let distinct = Set(problems).count
        return distinct > 1 ? "\(first) (and \(distinct - 1) more)" : first
    }

    /// Long page lists are sampled: behaviour between the first and last pages is the same
    /// arithmetic, and every check from each of 10 000 pages would take minutes.
    package static var sampledAbove: Int { 30 }

    /// The pages the checks start from: all of them, or the first, middle and last ten.
    package var auditedPages: [Int] {
        guard count > Self.sampledAbove else { return Array(0..<max(count, 1)) }
        let middle = count / 2
        return Array(0..<10) + Array(middle - 5..<middle + 5) + Array(count - 10..<count)
    }

    /// "each of the 3 pages", for pass messages.
    package var pagesPhrase: String {
        if count == 1 { return "the only page" }
        if count > Self.sampledAbove { return "\(auditedPages.count) of the \(count) pages (the first, middle and last ten)" }
        return "each of the \(count) pages"
    }

    package static func directionName(_ direction: LayoutDirection) -> String {
        direction == .rightToLeft ? "RTL" : "LTR"
    }
}

import PagerCore

/// hidden-pages, reduce-motion, rtl, auto-advance: what the pages do on screen, and how that
/// reaches assistive technology.
extension Auditor {
    /// Screen translations of a held finger that the layout checks look at: half a page either way.
    package var heldTranslations: [Double] { [-0.5 * base.width, 0.5 * base.width] }

    /// The subject with a finger down and moved by `translation` screen points.
    package func holding(_ start: Subject, at translation: Double) throws(PagerError) -> Subject {
        var held = start
        try held.reduce(.dragBegan)
        try held.reduce(.dragChanged(translation: translation))
        return held
    }

    // MARK: - hidden-pages (WCAG 2.4.3)

    /// Whether hidden-pages looks at every animation frame. Each of the model's frames carries
    /// every dot, so for long page lists drawing them all would take minutes; the end state of
    /// every change is still checked.
    package var drawsEveryFrame: Bool { count <= Self.sampledAbove }

    /// One drawn page as assistive technology and touch see it.
    package struct Reachability {
        var page: Int
        var isAccessibilityHidden: Bool
        var isHitTestable: Bool
    }

    package static func reachability(_ pages: [PageLayout]) -> [Reachability] {
        pages.map { Reachability(page: $0.page, isAccessibilityHidden: $0.isAccessibilityHidden, isHitTestable: $0.isHitTestable) }
    }

    package static func reachability(_ frame: PagerFrame) -> [Reachability] {
        switch frame.pages {
        case .interactive(let pages): reachability(pages)
        case .transition(let pages):
            pages.map { Reachability(page: $0.page, isAccessibilityHidden: $0.isAccessibilityHidden, isHitTestable: $0.isHitTestable) }
        }
    }

    package func hiddenProblem(_ pages: [Reachability], current: Int) -> String? {
        guard count > 0 else { return pages.isEmpty ? nil : "pages are drawn although there are none" }
        guard pages.contains(where: { $0.page == current }) else {
            return "the current page \(current + 1) is not drawn"
        }
        for page in pages {
            if page.page == current {
                if page.isAccessibilityHidden { return "the current page \(page.page + 1) is hidden from VoiceOver" }
                if !page.isHitTestable { return "the current page \(page.page + 1) does not take touches" }
            } else {
                if !page.isAccessibilityHidden { return "page \(page.page + 1), not current, is visible to VoiceOver" }
                if page.isHitTestable { return "page \(page.page + 1), not current, takes touches" }
            }
        }
        return nil
    }

    package func checkHiddenPages() -> AuditFinding {
        var problems: [String] = []
        var layouts = 0
        let refused = everyPage(reduceMotion: [false, true]) { start, page, direction, motion in
            let context = (direction == .rightToLeft ? " (RTL" : " (LTR") + (motion ? ", Reduce Motion)" : ")")
            layouts += 1
            if let problem = hiddenProblem(Self.reachability(start.layout().pages), current: start.index) {
                problems.append("at rest on \(pageName(page))\(context) \(problem)")
            }
            for probe in probes(direction) {
                let outcome = run(probe, on: start)
                guard outcome.error == nil else { continue }  // other rules report refusals
                layouts += 1
                if let problem = hiddenProblem(Self.reachability(outcome.subject.layout().pages), current: outcome.after) {
                    problems.append("after \(probe.name) on \(pageName(page))\(context) \(problem)")
                }
                for settle in outcome.settles where drawsEveryFrame {
                    let frames = outcome.subject.frames(for: settle, framesPerSecond: Timeline.defaultFramesPerSecond)
                    for frame in frames.frames {
                        layouts += 1
                        if let problem = hiddenProblem(Self.reachability(frame), current: outcome.after) {
                            problems.append(
                                "\(AuditNumber.text(frame.time * 1000)) ms into \(probe.name) on \(pageName(page))\(context) \(problem)")
                            break
                        }
                    }
                }
            }
            guard offered.contains(.drag) else { return }
            for translation in heldTranslations {
                do {
                    let held = try holding(start, at: translation)
                    layouts += 1
                    if let problem = hiddenProblem(Self.reachability(held.layout().pages), current: held.index) {
                        problems.append("mid-drag (\(Self.points(translation))) on \(pageName(page))\(context) \(problem)")
                    }
                } catch {
                    problems.append("dragging on \(pageName(page))\(context) was refused: \(error)")
                }
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(.hiddenPages, Self.summarise(problems)) }
        let frames = drawsEveryFrame ? "on every frame of every page change" : "once each page change is over"
        let when = offered.contains(.drag) ? "at rest, mid-drag and \(frames)" : "at rest and \(frames) (no drag offered)"
        return .pass(
            .hiddenPages,
            "only the current page is visible to VoiceOver and takes touches, \(when): \(layouts) layouts from \(pagesPhrase), LTR and RTL, Reduce Motion on and off"
        )
    }

    // MARK: - reduce-motion (WCAG 2.3.3)

    package func checkReduceMotion() -> AuditFinding {
        var problems: [String] = []
        var checked = 0
        var fades: [Int] = []
        let refused = everyPage(reduceMotion: [true]) { start, page, direction, _ in
            let context = direction == .rightToLeft ? " (RTL)" : ""
            let neighbours = [page - 1, page + 1].filter { $0 >= 0 && $0 < count }
            let jumps = neighbours.map { Probe(name: "go to page \($0 + 1)", kind: nil, actions: [.goTo($0)], step: $0 - page) }
            for probe in probes(direction) + jumps {
                let outcome = run(probe, on: start)
                guard outcome.error == nil else { continue }
                checked += 1
                let at = "with Reduce Motion on, \(probe.name) on \(pageName(page))\(context)"
                var found: String?
                for settle in outcome.settles {
                    let frames = outcome.subject.frames(for: settle, framesPerSecond: Timeline.defaultFramesPerSecond)
                    if let problem = motionProblem(frames, width: outcome.subject.width) {
                        found = problem
                        break
                    }
                    if settle.style != .interactive, frames.frames.count > 1 { fades.append(frames.logicallyCompleteMilliseconds) }
                }
                // The interactive pager has nothing to fade: it must be at rest at once.
                if found == nil, outcome.settles.allSatisfy({ $0.style == .interactive }),
                    let slow = outcome.announcements.first(where: { $0.settleMilliseconds != 0 })
                {
                    found = "still takes \(slow.settleMilliseconds) ms to settle"
                }
                if let found { problems.append("\(at) \(found)") }
            }
            guard offered.contains(.drag) else { return }
            for translation in heldTranslations {
                do {
                    let held = try holding(start, at: translation)
                    checked += 1
                    if let problem = reducedMotionLayoutProblem(held.layout().pages, width: held.width) {
                        problems.append(
                            "with Reduce Motion on, mid-drag (\(Self.points(translation))) on \(pageName(page))\(context) \(problem)")
                    }
                } catch {
                    problems.append("dragging on \(pageName(page))\(context) was refused: \(error)")
                }
            }
        }
        problems += refused

        guard problems.isEmpty else { return .fail(.reduceMotion, Self.summarise(problems)) }
        guard checked > 0 else {
            return .notApplicable(.reduceMotion, "nothing the component offers changes page, so nothing can move (see --actions)")
        }
        var message = "with Reduce Motion on, all \(checked) page changes move nothing: the dots jump"
        if let longest = fades.max() {
            message += " and the \(configuration.transition.rawValue) pages only crossfade (\(longest) ms)"
        } else {
            message += " and the pages are at rest at once (0 ms)"
        }
        if offered.contains(.drag) { message += "; dragged pages slide plainly under the finger, without parallax, scaling or dimming" }
        return .pass(.reduceMotion, message)
    }

    /// Why the frames of a page change under Reduce Motion still move something, or nil. A
    /// crossfade (opacity only) is what Reduce Motion asks for; offsets, scaling, dimming and an
    /// animated settle of the interactive pager are not.
    package func motionProblem(_ frames: PagerFrames, width: Double) -> String? {
        if frames.dots.frames.count > 1 {
            return "still animates the dots for \(frames.dots.settledMilliseconds) ms"
        }
        for frame in frames.frames {
            switch frame.pages {
            case .interactive(let pages):
                if frames.frames.count > 1 {
                    return "still animates the pages for \(frames.settledMilliseconds) ms"
                }
                if let problem = reducedMotionLayoutProblem(pages, width: width) { return problem }
            case .transition(let pages):
                for page in pages {
                    let effect = page.effect
                    let when = "\(AuditNumber.text(frame.time * 1000)) ms in"
                    if effect.offsetX != 0 || effect.offsetY != 0 {
                        let by = effect.offsetX != 0 ? effect.offsetX : effect.offsetY
                        return "still slides page \(page.page + 1) by \(AuditNumber.text(by)) pt (\(when))"
                    }
                    if effect.scale != 1 { return "still scales page \(page.page + 1) to \(AuditNumber.text(effect.scale)) (\(when))" }
                    if effect.brightness != 0 {
                        return "still dims page \(page.page + 1) (brightness \(AuditNumber.text(effect.brightness)), \(when))"
                    }
                }
            }
        }
        return nil
    }

    /// Under Reduce Motion a dragged page moves exactly with the finger: no parallax, scale or dimming.
    package func reducedMotionLayoutProblem(_ pages: [PageLayout], width: Double) -> String? {
        for page in pages {
            if page.scale != 1 { return "page \(page.page + 1) is scaled to \(AuditNumber.text(page.scale))" }
            if page.brightness != 0 { return "page \(page.page + 1) is dimmed (brightness \(AuditNumber.text(page.brightness)))" }
            let plain = page.relative * width
            if abs(page.offsetX - plain) > 1e-6 {
                return
                    "page \(page.page + 1) moves at parallax speed (\(AuditNumber.text(page.offsetX)) pt instead of \(AuditNumber.text(plain)) pt)"
            }
        }
        return nil
    }

    // MARK: - rtl (WCAG 1.3.2)

    package func checkRTL() -> AuditFinding {
        let kinds = offered.intersection([.swipe, .drag])
        guard !kinds.isEmpty else {
            return .notApplicable(.rtl, "the component offers neither swipes nor drags, so there is nothing to mirror (see --actions)")
        }
        var problems: [String] = []
        var checked = 0
        let refused = everyPage { start, page, direction, _ in
            for probe in probes(direction, kinds: kinds) {
                checked += 1
                if let problem = moveProblem(probe, run(probe, on: start), direction) { problems.append(problem) }
            }
            guard kinds.contains(.drag) else { return }
            let context = direction == .rightToLeft ? " (RTL)" : " (LTR)"
            for translation in heldTranslations {
                do {
                    let held = try holding(start, at: translation)
                    checked += 1
                    if let problem = mirroringProblem(
                        held.layout().pages, current: held.index, translation: translation, direction: direction)
                    {
                        problems.append("mid-drag (\(Self.points(translation))) on \(pageName(page))\(context) \(problem)")
                    }
                } catch {
                    problems.append("dragging on \(pageName(page))\(context) was refused: \(error)")
                }
            }
        }
        problems += refused
        guard problems.isEmpty else { return .fail(.rtl, Self.summarise(problems)) }
        var parts: [String] = []
        if kinds.contains(.swipe) { parts.append("swipe left goes back and swipe right forward") }
        if kinds.contains(.drag) { parts.append("rightward drags go forward and the pages follow the finger") }
        return .pass(.rtl, "in RTL \(parts.joined(separator: "; ")), the mirror of LTR (\(checked) checks)")
    }

    /// On screen, pages are drawn mirrored in RTL and the current page moves with the finger.
    package func mirroringProblem(_ pages: [PageLayout], current: Int, translation: Double, direction: LayoutDirection) -> String? {
        let forward = direction == .rightToLeft ? -1.0 : 1.0
        for page in pages {
            let onScreen = page.offsetX * forward
            if abs(page.screenOffsetX - onScreen) > 1e-6 {
                return
                    "page \(page.page + 1) is drawn at \(AuditNumber.text(page.screenOffsetX)) pt on screen instead of \(AuditNumber.text(onScreen)) pt"
            }
            if page.page == current, page.screenOffsetX * translation < 0 {
                return "the current page moves against the finger (\(AuditNumber.text(page.screenOffsetX)) pt)"
            }
        }
        return nil
    }

    // MARK: - auto-advance (WCAG 2.2.2)

    /// WCAG 2.2.2 asks for a way to pause, stop or hide content that updates on its own. Its
    /// five-second allowance covers motion that ends within five seconds; a pager that keeps
    /// changing page never ends, whatever its interval, so every auto-advance must be pausable.
    package func checkAutoAdvance() -> AuditFinding {
        guard let interval = configuration.autoAdvance else {
            return .notApplicable(.autoAdvance, "the pager does not advance on its own (see --auto-advance)")
        }
        let every = "auto-advances every \(AuditNumber.short(interval)) s"
        var problems: [String] = []
        if !configuration.pausable {
            problems.append(
                interval <= 5
                    ? "the pager \(every) and cannot be paused: faster than five seconds, people cannot finish reading a page"
                    : "the pager \(every) and cannot be paused, so it never stops changing under the person")
        }
        if !configuration.autoAdvanceStopsUnderReduceMotion {
            problems.append("the pager keeps advancing with Reduce Motion on")
        }
        guard problems.isEmpty else { return .fail(.autoAdvance, problems.joined(separator: "; ")) }
        let note = configuration.reduceMotion ? " (with Reduce Motion on, as audited, it does not run)" : ""
        return .pass(.autoAdvance, "the pager \(every), can be paused and stops under Reduce Motion\(note)")
    }
}

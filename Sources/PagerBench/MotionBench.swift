import PagerCore

/// Nanoseconds per sampled frame, so a change that makes motion slow shows up as a number.
///
/// Three figures: the spring's progress alone (the inner loop of every timeline), one full pager
/// frame (progress, position and the layout of the rendered pages), and whole `frames` timelines
/// divided by their frame count (what the `frames` command pays, allocation included).
enum MotionBench {
    struct Figures {
        /// Spring progress, position and the layout of the rendered pages: one displayed frame.
        var nanosecondsPerFrame: Double = .nan
        /// A whole `frames` timeline (interactive style) divided by its frame count.
        var nanosecondsPerTimelineFrame: Double = .nan
    }

    static func run() -> Figures {
        var figures = Figures()
        print("Motion: nanoseconds per sampled frame (release build, median of 3 runs)")
        let smooth = SpringAnimation.smooth(duration: 0.45)
        let bouncy = SpringAnimation.spring(duration: 0.35, bounce: 0.3)
        let smoothFrames = Timeline(smooth).frameCount
        let bouncyFrames = Timeline(bouncy).frameCount

        report("spring progress, smooth(duration: 0.45)", iterations: 4_000_000) { i in
            smooth.progress(at: Double(i % smoothFrames) / 60)
        }
        report("spring progress, spring(duration: 0.35, bounce: 0.3)", iterations: 4_000_000) { i in
            bouncy.progress(at: Double(i % bouncyFrames) / 60)
        }

        var pager = Pager()
        let settle = (try? pager.reduce(.increment))?.compactMap { event -> Settle? in
            if case .settle(let settle) = event { settle } else { nil }
        }.first
        guard let settle else {
            print("motion: no settle to measure")
            return figures
        }
        let spring = pager.animation(for: settle)
        let from = settle.fromPosition
        let target = pager.targetPosition(for: settle)
        figures.nanosecondsPerFrame = report("pager frame: progress + position + layout of 2-3 pages", iterations: 1_000_000) { i in
            let position = from + (target - from) * spring.progress(at: Double(i % smoothFrames) / 60)
            return pager.layout(atPosition: position).pages[0].offsetX
        }

        let timelines = 20_000
        for style in PageChangeStyle.allCases {
            var styled = Pager(pageChangeStyle: style)
            guard let events = try? styled.reduce(.increment),
                let styleSettle = events.compactMap({ event -> Settle? in
                    if case .settle(let settle) = event { settle } else { nil }
                }).first
            else { continue }
            let perTimeline = styled.frames(for: styleSettle).frames.count
            let perFrame = report(
                "whole timeline, \(style.rawValue) (\(perTimeline) frames + dots)", iterations: timelines,
                framesPerIteration: perTimeline
            ) { _ in
                styled.frames(for: styleSettle).rest.position
            }
            if style == .interactive { figures.nanosecondsPerTimelineFrame = perFrame }
        }
        return figures
    }

    /// Runs `body` `iterations` times after a warm-up, and prints and returns nanoseconds per
    /// frame (the median of three timed runs). The sum of the results is checked so the optimiser
    /// cannot drop the work.
    @discardableResult
    private static func report(
        _ name: String, iterations: Int, framesPerIteration: Int = 1,
        _ body: (Int) -> Double
    ) -> Double {
        var sum = 0.0
        for i in 0..<min(iterations / 10, 10_000) { sum += body(i) }
        let nanoseconds = Measure.medianNanoseconds(repeats: 3) {
            for i in 0..<iterations { sum += body(i) }
        }
        precondition(sum.isFinite, "benchmark produced a non-finite value")
        let perFrame = nanoseconds / Double(iterations * framesPerIteration)
        print(Measure.row(name, perFrame, "ns/frame"))
        return perFrame
    }
}

import PagerCore
import Testing

@testable import PagerShell

/// How frames and springs read on a terminal: the model returns values, the shell writes them.
@Suite struct FramesTableTests {
    static func settle(_ pager: inout Pager, _ action: PagerAction) throws -> Settle {
        let settles = try pager.reduce(action).compactMap { if case .settle(let s) = $0 { s } else { nil } }
        return try #require(settles.first)
    }

    @Test func anImmediateChangeSaysSo() {
        #expect(Timeline(MotionAnimation.none).summary == "none (changes at once): 1 frame")
    }

    @Test func summaryReadsLikeSwiftUI() {
        #expect(
            Timeline(.smooth(duration: 0.45)).summary
                == "smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames")
        #expect(
            Timeline(.spring(duration: 0.35, bounce: 0.3)).summary
                == "spring(duration: 0.35, bounce: 0.3) at 60 fps: logically complete 350 ms, settled 757 ms, 47 frames")
        #expect(MotionAnimation.spring(.snappy(duration: 0.3, extraBounce: 0.1)).summary == "snappy(duration: 0.3, extraBounce: 0.1)")
        #expect(
            MotionAnimation.spring(.smooth(duration: 0.45, initialVelocity: -2.5)).summary
                == "smooth(duration: 0.45), initial velocity -2.500/s")
    }

    @Test func fixedDecimals() {
        #expect(NumberText.fixed(0, 3) == "0.000")
        #expect(NumberText.fixed(-0.0, 1) == "0.0")
        #expect(NumberText.fixed(-0.00004, 3) == "0.000")
        #expect(NumberText.fixed(-117, 1) == "-117.0")
        #expect(NumberText.fixed(0.98639, 4) == "0.9864")
        #expect(NumberText.fixed(16.6666, 1) == "16.7")
        #expect(NumberText.fixed(2.5, 0) == "3")
        #expect(NumberText.compact(0.45) == "0.45")
        #expect(NumberText.compact(1) == "1")
        #expect(NumberText.compact(-0.0001) == "0")
    }

    // MARK: Text

    @Test func tableHasASummaryAHeaderAndOneRowPerFrame() throws {
        var pager = Pager()
        let settle = try Self.settle(&pager, .increment)
        let frames = pager.frames(for: settle)
        let lines = frames.table().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == frames.frames.count + 2)
        #expect(lines[0] == "smooth(duration: 0.45) at 60 fps: logically complete 450 ms, settled 700 ms, 43 frames")
        #expect(lines[1].contains("t ms") && lines[1].contains("p2 x"))
        #expect(lines[2].hasPrefix("  0.0    0.0000    0.0000     0.0"))
        #expect(lines[2].contains("390.0"))
        #expect(lines.last!.contains("700.0"))

        var pushing = Pager(pageChangeStyle: .parallaxPush)
        let push = try Self.settle(&pushing, .increment)
        let table = pushing.frames(for: push).table()
        #expect(table.contains("p1 out x") && table.contains("p2 in x") && table.contains("opacity"))
        #expect(pager.frames(for: settle).dots.table().contains("dot 3 w"))
        #expect(Pager(reduceMotion: true).restingFrames().table().hasPrefix("none (changes at once): 1 frame\n"))
    }
}

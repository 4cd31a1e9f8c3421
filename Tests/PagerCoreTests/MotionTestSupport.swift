import PagerTestSupport

@testable import PagerCore

/// Helpers for the Motion suites, named apart from the other suites' helpers.
enum MotionCheck {
    /// |a - b| <= tolerance.
    static func near(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
        abs(a - b) <= tolerance
    }

    /// Samples `body` every `step` seconds over `0...end`.
    static func samples(through end: Double, step: Double = 0.001, _ body: (Double) -> Double) -> [Double] {
        let count = Int((end / step).rounded())
        return (0...count).map { body(Double($0) * step) }
    }

    /// The settle events among a reduction's events.
    static func settles(_ events: [PagerEvent]) -> [Settle] {
        events.compactMap { if case .settle(let settle) = $0 { settle } else { nil } }
    }

    static func announcements(_ events: [PagerEvent]) -> [Announcement] {
        events.compactMap { if case .announcement(let announcement) = $0 { announcement } else { nil } }
    }

    /// Reduces and returns the one settle the action must produce.
    static func settle(_ pager: inout Pager, _ action: PagerAction) throws -> Settle {
        let found = settles(try pager.reduce(action))
        guard found.count == 1 else { throw MotionTestFailure.expectedOneSettle(found.count) }
        return found[0]
    }

    static func layouts(_ frame: PagerFrame) -> [PageLayout] {
        if case .interactive(let layouts) = frame.pages { layouts } else { [] }
    }

    static func transitioned(_ frame: PagerFrame) -> [TransitionedPage] {
        if case .transition(let pages) = frame.pages { pages } else { [] }
    }
}

enum MotionTestFailure: Error {
    case expectedOneSettle(Int)
}

/// SplitMix64 (PagerTestSupport), so a failing random case replays from its seed.
typealias MotionRandom = SplitMix64

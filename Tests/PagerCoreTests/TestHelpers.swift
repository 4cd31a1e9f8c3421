@testable import PagerCore

/// Equal within a few ulps of 1, for numbers that go through a division.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

func isClose(_ a: [Double], _ b: [Double], tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { isClose($0, $1, tolerance: tolerance) }
}

extension Array where Element == PagerEvent {
    var announcements: [Announcement] {
        compactMap { if case .announcement(let a) = $0 { a } else { nil } }
    }
    var settles: [Settle] {
        compactMap { if case .settle(let s) = $0 { s } else { nil } }
    }
}

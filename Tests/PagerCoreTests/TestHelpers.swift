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

/// A small deterministic generator (SplitMix64) so a failing random case can be replayed by seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

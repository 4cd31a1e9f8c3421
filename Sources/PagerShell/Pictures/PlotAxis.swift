#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One axis of a plot: a range of values mapped onto a run of picture coordinates, with ticks
/// at round numbers (1, 2, 2.5 or 5 times a power of ten), because a reader compares a curve
/// against gridlines far more easily at 0.25 than at 0.2371.
struct PlotAxis: Sendable, Equatable {
    /// The values at the two ends of the axis.
    var lower: Double
    var upper: Double
    /// Picture coordinates of `lower` and `upper` (for a y axis, `start` is the bottom).
    var start: Double
    var end: Double
    /// Values that get a gridline and a label, from low to high.
    var ticks: [Double]
    /// Decimals that show every tick exactly.
    var decimals: Int

    /// An axis covering `values` and `anchors`, at least `minimumSpan` wide (a flat curve is not
    /// blown up to fill the panel), with about `tickCount` ticks. A range narrower than the minimum
    /// grows away from an anchor at its end (a scale that only shrinks from 1 gets 0.9…1, not
    /// 0.9…1.05), else equally both ways.
    init(
        covering values: [Double], anchors: [Double] = [], minimumSpan: Double, from start: Double, to end: Double,
        tickCount: Int = 5
    ) {
        let finite = (values + anchors).filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 0
        // Within a thousandth of the minimum counts as the minimum: a spring's last frame is a
        // hair short of its target.
        if high - low < minimumSpan * (1 - 1e-3) {
            let anchoredHigh = anchors.contains { abs($0 - high) < minimumSpan * 1e-3 }
            let anchoredLow = anchors.contains { abs($0 - low) < minimumSpan * 1e-3 }
            if anchoredHigh && !anchoredLow || anchoredHigh && anchoredLow && low == high {
                low = high - minimumSpan
            } else if anchoredLow && !anchoredHigh {
                high = low + minimumSpan
            } else {
                let middle = (high + low) / 2
                low = middle - minimumSpan / 2
                high = middle + minimumSpan / 2
            }
        }
        let step = Self.roundStep((high - low) / Double(max(tickCount - 1, 1)))
        // The allowance keeps a value already on a tick from widening the axis by a whole step.
        // (Springs leave values like -2e-17 where 0 is meant.)
        let lower = (low / step + 1e-6).rounded(.down) * step
        let upper = (high / step - 1e-6).rounded(.up) * step
        self.init(lower: lower, upper: upper, step: step, from: start, to: end)
    }

    /// An axis from `lower` to `upper` with ticks every `step`, starting at the first multiple
    /// of `step` at or above `lower` (a time axis starts a little before 0 but ticks from 0).
    init(lower: Double, upper: Double, step: Double, from start: Double, to end: Double) {
        self.lower = lower
        self.upper = upper
        self.start = start
        self.end = end
        let decimals = Self.decimals(for: step)
        self.decimals = decimals
        var ticks: [Double] = []
        let first = (lower / step - 1e-9).rounded(.up)
        let last = (upper / step + 1e-9).rounded(.down)
        if first <= last {
            for index in Int(first)...Int(last) {
                // Snapped to the shown decimals, so 0.1 * 3 is 0.3 and not 0.30000000000000004.
                let scale = pow(10, Double(decimals))
                ticks.append((Double(index) * step * scale).rounded() / scale + 0)
            }
        }
        self.ticks = ticks
    }

    /// The picture coordinate of `value` (not clamped: an overshoot is drawn where it is).
    func coordinate(_ value: Double) -> Double {
        guard upper > lower else { return (start + end) / 2 }
        return start + (value - lower) / (upper - lower) * (end - start)
    }

    /// The smallest round step at least `raw`.
    static func roundStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        for factor in [1.0, 2, 2.5, 5, 10] where factor * magnitude >= raw * (1 - 1e-9) {
            return factor * magnitude
        }
        return 10 * magnitude
    }

    /// Decimals that show a multiple of `step` exactly: 0 for 50, 1 for 0.5, 2 for 0.25.
    static func decimals(for step: Double) -> Int {
        for decimals in 0...6 {
            let scaled = step * pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 { return decimals }
        }
        return 6
    }
}

/// Tiny measurement helpers: median of repeated runs, so one slow run (the other core was busy)
/// does not decide a figure.
enum Measure {
    /// Runs `body` `repeats` times; returns the median duration in nanoseconds of one run.
    static func medianNanoseconds(repeats: Int = 7, _ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<repeats {
            let elapsed = clock.measure(body)
            samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
        }
        return percentile(samples, 0.5)
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// A figure with a unit, right-aligned so tables line up.
    static func row(_ name: String, _ value: Double, _ unit: String, decimals: Int = 1) -> String {
        let text = format(value, decimals: decimals)
        let pad = String(repeating: " ", count: max(0, 58 - name.count))
        return "  \(name)\(pad)\(String(repeating: " ", count: max(0, 14 - text.count)))\(text) \(unit)"
    }

    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if decimals == 0, text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}

/// Keeps the optimiser from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

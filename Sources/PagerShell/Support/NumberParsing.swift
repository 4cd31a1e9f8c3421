import PagerCore

/// Numbers typed by people: refused with one clear sentence unless they are finite, in range and
/// (where asked) whole. "1e400", "NaN", "inf", "10^30" and "2.5 pages" all end here.
public enum NumberParsing {
    public static func double(_ text: String, what: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        let trimmed = text.trimmingSpaces()
        guard trimmed.count <= 64, let value = Double(trimmed) else {
            throw UsageError("\(what) must be a number, not '\(text.clipped())'")
        }
        guard value.isFinite else { throw UsageError("\(what) must be a finite number, not '\(text.clipped())'") }
        guard range.contains(value) else {
            throw UsageError(
                "\(what) must be between \(NumberText.compact(range.lowerBound)) and \(NumberText.compact(range.upperBound)), not \(text.clipped())"
            )
        }
        return value
    }

    public static func int(_ text: String, what: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let trimmed = text.trimmingSpaces()
        guard let value = Int(trimmed) else {
            if let number = Double(trimmed), number.isFinite, number == number.rounded(), trimmed.count <= 64 {
                throw UsageError("\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(text.clipped())")
            }
            throw UsageError("\(what) must be a whole number, not '\(text.clipped())'")
        }
        guard range.contains(value) else {
            throw UsageError("\(what) must be between \(range.lowerBound) and \(range.upperBound), not \(text.clipped())")
        }
        return value
    }

}

/// "10 s", "0.5 s", "0.25 s": a duration as messages say it, in seconds with no trailing zeros.
enum DurationText {
    static func seconds(_ duration: Duration) -> String {
        let hundredths = (duration.components.seconds * 100) + duration.components.attoseconds / 10_000_000_000_000_000
        let whole = hundredths / 100
        let fraction = hundredths % 100
        guard fraction != 0 else { return "\(whole) s" }
        let digits = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        return "\(whole).\(digits.hasSuffix("0") ? String(digits.dropLast()) : digits) s"
    }
}

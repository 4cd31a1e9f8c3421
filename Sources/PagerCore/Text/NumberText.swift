/// The one way PagerVoice writes a number for people: tables, messages, reports, plots.
///
/// Without Foundation's formatters (their output depends on the locale, and a table read in CI
/// must not), and never "-0.000": a value that rounds to zero is written as zero.
public enum NumberText {
    /// `value` with exactly `decimals` digits after the point: `fixed(-117, 1)` is "-117.0".
    public static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.description }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return value.description }
        let units = Int64(scaled)
        let whole = units / Int64(scale)
        let sign = value < 0 && units != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        let fraction = String(units % Int64(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// At most `decimals` digits, without trailing zeros: `compact(0.45)` is "0.45",
    /// `compact(1)` is "1", as a person writes a number in code or a sentence.
    public static func compact(_ value: Double, _ decimals: Int = 3) -> String {
        var text = fixed(value, decimals)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

/// Numbers for people: fixed decimals, no "-0.0", aligned columns.
enum Formatting {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale + 0
        let negative = rounded < 0
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.down)
        var fraction = Int(((magnitude - whole) * scale).rounded())
        var wholeInt = whole < 9e15 ? Int(whole) : 0
        if Double(fraction) >= scale { fraction = 0; wholeInt += 1 }
        var text = whole < 9e15 ? String(wholeInt) : String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        }
        return negative && (wholeInt != 0 || fraction != 0) ? "-" + text : text
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

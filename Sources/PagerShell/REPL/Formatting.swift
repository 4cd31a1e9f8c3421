import PagerCore

/// Numbers for people: fixed decimals, no "-0.0", aligned columns.
enum Formatting {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        FramesTable.fixed(value, decimals)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

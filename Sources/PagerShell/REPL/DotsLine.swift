import PagerCore

/// The page dots drawn with characters: `● ━━ ●` for page 2 of 3. A sighted user of the REPL sees
/// at a glance what the dots look like; a screen-reader user gets the value in words instead.
public enum DotsLine {
    public static let other = "●"
    public static let current = "━━"

    public static func render(_ dots: PageDots, limit: Int = 60) -> String {
        guard dots.count > 0 else { return "(no dots)" }
        guard dots.count <= limit else {
            return "\(dots.count) dots, current \(dots.current + 1)"
        }
        return (0..<dots.count).map { $0 == dots.current ? current : other }.joined(separator: " ")
    }
}

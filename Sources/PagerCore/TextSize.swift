/// Dynamic Type text sizes, as a person picks them in Settings.
///
/// The indicator dots scale with the Caption 1 text style (`@ScaledMetric(relativeTo: .caption)`),
/// so a person who needs larger text also gets dots they can see (WCAG 1.4.4).
public enum TextSize: String, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1 = "AX1"
    case ax2 = "AX2"
    case ax3 = "AX3"
    case ax4 = "AX4"
    case ax5 = "AX5"

    /// The system default.
    public static let standard = TextSize.large

    /// Caption 1 point size at this text size (Apple Human Interface Guidelines).
    public var caption1PointSize: Double {
        switch self {
        case .xSmall, .small, .medium: 11
        case .large: 12
        case .xLarge: 13
        case .xxLarge: 15
        case .xxxLarge: 17
        case .ax1: 20
        case .ax2: 24
        case .ax3: 29
        case .ax4: 34
        case .ax5: 40
        }
    }

    /// Scales a metric designed at the default size, as `@ScaledMetric` does.
    public func scaled(_ value: Double) -> Double {
        value * caption1PointSize / TextSize.standard.caption1PointSize
    }

    /// Accepts the names people write: "large", "xxxLarge", "AX3", "ax3", "accessibility3".
    public init?(name: String) {
        let lowered = name.lowercased()
        if let match = TextSize.allCases.first(where: { $0.rawValue.lowercased() == lowered }) {
            self = match
        } else if lowered.hasPrefix("accessibility"), let n = Int(lowered.dropFirst("accessibility".count)),
            let match = TextSize(rawValue: "AX\(n)")
        {
            self = match
        } else {
            return nil
        }
    }

    public static func < (a: TextSize, b: TextSize) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

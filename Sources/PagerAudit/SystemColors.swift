/// The iOS system colours the modelled SwiftUI components draw with, in light mode at default contrast.
///
/// Values: Apple Human Interface Guidelines, "Color › Specifications › System colors", as
/// published for iOS 15 through iOS 18 (those components target iOS 18; UIKit's `systemTeal`, `systemBlue`
/// … and SwiftUI's `Color.teal`, `.blue` … resolve to these in the light appearance). The HIG
/// revised several of them for iOS 26 in June 2025; pass `--background`/`--tint` to audit those.
/// `primary` is the label colour, black in light mode; the system background is white.
package enum SystemColors {
    package static let red = SRGBColor(red255: 255, green255: 59, blue255: 48)  // #FF3B30
    package static let orange = SRGBColor(red255: 255, green255: 149, blue255: 0)  // #FF9500
    package static let yellow = SRGBColor(red255: 255, green255: 204, blue255: 0)  // #FFCC00
    package static let green = SRGBColor(red255: 52, green255: 199, blue255: 89)  // #34C759
    package static let mint = SRGBColor(red255: 0, green255: 199, blue255: 190)  // #00C7BE
    package static let teal = SRGBColor(red255: 48, green255: 176, blue255: 199)  // #30B0C7
    package static let cyan = SRGBColor(red255: 50, green255: 173, blue255: 230)  // #32ADE6
    package static let blue = SRGBColor(red255: 0, green255: 122, blue255: 255)  // #007AFF
    package static let indigo = SRGBColor(red255: 88, green255: 86, blue255: 214)  // #5856D6
    package static let purple = SRGBColor(red255: 175, green255: 82, blue255: 222)  // #AF52DE
    package static let pink = SRGBColor(red255: 255, green255: 45, blue255: 85)  // #FF2D55
    package static let brown = SRGBColor(red255: 162, green255: 132, blue255: 94)  // #A2845E
    package static let gray = SRGBColor(red255: 142, green255: 142, blue255: 147)  // #8E8E93
    package static let white = SRGBColor.white
    package static let black = SRGBColor.black
    /// `Color.primary` / `UIColor.label` in light mode.
    package static let primary = SRGBColor.black
    /// `UIColor.systemBackground` in light mode.
    package static let background = SRGBColor.white

    /// Names accepted wherever a colour is asked for, besides `#RRGGBB`.
    package static let named: [(name: String, color: SRGBColor)] = [
        ("red", red), ("orange", orange), ("yellow", yellow), ("green", green), ("mint", mint),
        ("teal", teal), ("cyan", cyan), ("blue", blue), ("indigo", indigo), ("purple", purple),
        ("pink", pink), ("brown", brown), ("gray", gray), ("white", white), ("black", black),
        ("primary", primary), ("background", background),
    ]

    package static func color(named name: String) -> SRGBColor? {
        let lowered = name.lowercased()
        return named.first { $0.name == lowered }?.color
    }

    /// The system colour's name when `color` is exactly one, for readable findings.
    package static func name(of color: SRGBColor) -> String? {
        named.first { $0.color.hex == color.hex }?.name
    }

    /// "white #FFFFFF" for a system colour, else its hex.
    package static func describe(_ color: SRGBColor) -> String {
        name(of: color).map { "\($0) \(color.hex)" } ?? color.hex
    }

    /// A page background of the SwiftUI pager's demo: `LinearGradient(colors:startPoint: .topLeading,
    /// endPoint: .bottomTrailing)` filling the page.
    struct Gradient: Sendable, Equatable {
        var stops: [(name: String, color: SRGBColor)]

        static func == (a: Gradient, b: Gradient) -> Bool {
            a.stops.map(\.color) == b.stops.map(\.color) && a.stops.map(\.name) == b.stops.map(\.name)
        }

        /// "teal → blue"
        var description: String { stops.map(\.name).joined(separator: " → ") }

        /// The colour at `t` (0 = first stop, 1 = last), stops evenly spaced as SwiftUI places
        /// them when given colours without locations.
        func color(at t: Double) -> SRGBColor {
            guard stops.count > 1 else { return stops.first?.color ?? .black }
            let scaled = min(max(t, 0), 1) * Double(stops.count - 1)
            let lower = min(Int(scaled), stops.count - 2)
            return stops[lower].color.interpolated(to: stops[lower + 1].color, fraction: scaled - Double(lower))
        }
    }

    /// The SwiftUI pager's demo pages, in order: Explore (teal → blue), Collect (orange → pink),
    /// Share (purple → indigo). Other page lists reuse them in turn.
    static let seedPageGradients: [Gradient] = [
        Gradient(stops: [("teal", teal), ("blue", blue)]),
        Gradient(stops: [("orange", orange), ("pink", pink)]),
        Gradient(stops: [("purple", purple), ("indigo", indigo)]),
    ]
}

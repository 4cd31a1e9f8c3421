#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An opaque colour as stored and drawn on screen: gamma-encoded sRGB, each component 0…1.
///
/// Contrast (WCAG 2.2, "relative luminance" and "contrast ratio") is measured on the colours a
/// person actually sees, so every translucent layer is first flattened onto what lies under it
/// with `composited(opacity:over:)`, and only the flattened result is linearised.
package struct SRGBColor: Sendable, Equatable, CustomStringConvertible {
    /// Gamma-encoded components, 0…1.
    package var red: Double
    package var green: Double
    package var blue: Double

    package init(red: Double, green: Double, blue: Double) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
    }

    /// 8-bit components, as design tools and the HIG list them.
    package init(red255 red: Int, green255 green: Int, blue255 blue: Int) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    package static let white = SRGBColor(red: 1, green: 1, blue: 1)
    package static let black = SRGBColor(red: 0, green: 0, blue: 0)

    /// Parses `#RRGGBB` (the `#` may be left out, since shells treat it as a comment start).
    package init?(hex text: String) {
        var digits = Substring(text)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = Int(digits, radix: 16) else { return nil }
        self.init(red255: (value >> 16) & 0xFF, green255: (value >> 8) & 0xFF, blue255: value & 0xFF)
    }

    /// `#RRGGBB`, each component rounded to the nearest 8-bit value.
    package var hex: String {
        let digits = Array("0123456789ABCDEF")
        var out = "#"
        for component in [red, green, blue] {
            let byte = Int((component * 255).rounded())
            out.append(digits[byte >> 4])
            out.append(digits[byte & 0xF])
        }
        return out
    }

    package var description: String { hex }

    /// This colour drawn at `opacity` over an opaque `background`, as the screen shows it.
    ///
    /// The blend happens on the gamma-encoded sRGB components (`c = α·fg + (1 − α)·bg`), because
    /// that is what UIKit and Core Animation do for `opacity` / `.opacity()`: they composite
    /// source-over in the render target's encoded sRGB values, not in linear light. Blending in
    /// linear light would predict a noticeably lighter result for white over a saturated colour
    /// (and so a higher, wrong, contrast ratio). Luminance for WCAG is computed afterwards from
    /// the blended, still-encoded colour, exactly as it would be from a screenshot's pixels.
    /// The result is not quantised to 8 bits; that changes a ratio by well under 0.01.
    package func composited(opacity: Double, over background: SRGBColor) -> SRGBColor {
        let alpha = min(max(opacity, 0), 1)
        return SRGBColor(
            red: alpha * red + (1 - alpha) * background.red,
            green: alpha * green + (1 - alpha) * background.green,
            blue: alpha * blue + (1 - alpha) * background.blue
        )
    }

    /// The colour `fraction` of the way from `self` to `other`, interpolated on the encoded
    /// components: how SwiftUI's `LinearGradient` blends its stops by default
    /// (`Gradient.ColorSpace.device`).
    package func interpolated(to other: SRGBColor, fraction: Double) -> SRGBColor {
        let t = min(max(fraction, 0), 1)
        return SRGBColor(
            red: red + (other.red - red) * t,
            green: green + (other.green - green) * t,
            blue: blue + (other.blue - blue) * t
        )
    }

    /// One encoded component in linear light (IEC 61966-2-1). WCAG 2.0 printed the threshold as
    /// 0.03928; WCAG 2.2's note corrects it to sRGB's 0.04045. No 8-bit value lies between them.
    package static func linearised(_ component: Double) -> Double {
        component <= 0.04045 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
    }

    /// WCAG relative luminance: 0 for black, 1 for white.
    package var relativeLuminance: Double {
        0.2126 * Self.linearised(red) + 0.7152 * Self.linearised(green) + 0.0722 * Self.linearised(blue)
    }

    /// WCAG contrast ratio `(L1 + 0.05) / (L2 + 0.05)`, lighter over darker: 1…21.
    package func contrastRatio(with other: SRGBColor) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

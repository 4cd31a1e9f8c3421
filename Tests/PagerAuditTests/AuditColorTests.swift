import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// The contrast maths against values published elsewhere (WCAG's own examples, WebAIM's checker).
@Suite struct AuditColorTests {
    /// An independent WCAG relative luminance, written from the definition with Foundation's pow.
    static func luminance(_ r: Int, _ g: Int, _ b: Int) -> Double {
        func lin(_ c: Int) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    @Test func blackOnWhiteIsTwentyOne() {
        #expect(abs(SRGBColor.white.contrastRatio(with: .black) - 21) < 1e-9)
        #expect(abs(SRGBColor.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(SRGBColor.white.relativeLuminance == 1)
        #expect(SRGBColor.black.relativeLuminance == 0)
    }

    @Test func sameColourIsOne() {
        let teal = SystemColors.teal
        #expect(abs(teal.contrastRatio(with: teal) - 1) < 1e-12)
    }

    @Test func knownRatios() throws {
        // #777777 on white: 4.48:1 (WebAIM), just under AA's 4.5.
        let grey = try #require(SRGBColor(hex: "#777777"))
        #expect(abs(grey.contrastRatio(with: .white) - 4.478) < 0.001)
        // iOS system blue with white: 4.02:1; system orange with white: 2.20:1.
        #expect(abs(SystemColors.blue.contrastRatio(with: .white) - 4.02) < 0.005)
        #expect(abs(SystemColors.orange.contrastRatio(with: .white) - 2.20) < 0.005)
        // Against the independent formula, for every seed colour.
        for (name, color) in SystemColors.named {
            let r = Int((color.red * 255).rounded())
            let g = Int((color.green * 255).rounded())
            let b = Int((color.blue * 255).rounded())
            #expect(abs(color.relativeLuminance - Self.luminance(r, g, b)) < 1e-12, "\(name)")
        }
    }

    @Test func compositingBlendsEncodedComponents() throws {
        // 50 % black over white is mid grey in encoded sRGB (#808080), as UIKit draws it…
        let half = SRGBColor.black.composited(opacity: 0.5, over: .white)
        #expect(half.hex == "#808080")
        #expect(half.red == 0.5 && half.green == 0.5 && half.blue == 0.5)
        // …whose luminance is 0.214, not the 0.5 a linear-light blend would give.
        #expect(abs(half.relativeLuminance - 0.2140) < 0.0001)
        #expect(abs(half.contrastRatio(with: .white) - 3.98) < 0.01)
        // Opacity 1 is the colour itself, opacity 0 the background.
        #expect(SystemColors.pink.composited(opacity: 1, over: .white) == SystemColors.pink)
        #expect(SystemColors.pink.composited(opacity: 0, over: SystemColors.teal) == SystemColors.teal)
        // Seed 004: primary at 25 % over white is #BFBFBF, 1.83:1.
        let inactive = SystemColors.primary.composited(opacity: 0.25, over: .white)
        #expect(inactive.hex == "#BFBFBF")
        #expect(abs(inactive.contrastRatio(with: .white) - 1.05 / (Self.luminanceOf(0.75) + 0.05)) < 1e-9)
    }

    static func luminanceOf(_ encoded: Double) -> Double {
        pow((encoded + 0.055) / 1.055, 2.4)
    }

    @Test func hexParsing() throws {
        #expect(SRGBColor(hex: "#30B0C7") == SystemColors.teal)
        #expect(SRGBColor(hex: "30b0c7") == SystemColors.teal)
        #expect(try #require(SRGBColor(hex: "#0a0B0c")).hex == "#0A0B0C")
        for bad in ["", "#", "#12345", "#1234567", "#GGGGGG", "12 345", "#-12345", "red", "#+12345"] {
            #expect(SRGBColor(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func linearisationThreshold() {
        #expect(SRGBColor.linearised(0.04045) == 0.04045 / 12.92)
        #expect(abs(SRGBColor.linearised(0.5) - 0.21404) < 0.00001)
        #expect(SRGBColor.linearised(1) == 1)
    }

    @Test func gradientSamples() {
        let explore = SystemColors.seedPageGradients[0]
        #expect(explore.color(at: 0) == SystemColors.teal)
        #expect(explore.color(at: 1) == SystemColors.blue)
        let middle = explore.color(at: 0.5)
        #expect(abs(middle.red - (SystemColors.teal.red + SystemColors.blue.red) / 2) < 1e-12)
        #expect(explore.description == "teal → blue")
    }

    @Test func reportedNumbersNeverRoundUpToAPass() {
        #expect(AuditFinding.reported(2.996, status: .fail, required: 3) == 2.99)
        #expect(AuditFinding.reported(1.4149, status: .fail, required: 3) == 1.41)
        #expect(AuditFinding.reported(3.004, status: .pass, required: 3) == 3.0)
        #expect(AuditNumber.ratio(21.000000001) == "21:1")
        #expect(AuditNumber.ratio(1.5) == "1.50:1")
        #expect(AuditNumber.text(26.666) == "26.67")
    }
}

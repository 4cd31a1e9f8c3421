import PagerAudit

/// The colours and dash patterns of the pictures.
///
/// Every series colour reaches 3:1 against the white background (WCAG 1.4.11, for the lines)
/// and every text colour 4.5:1 (1.4.3); the tests measure them with `SRGBColor`. Each series also
/// gets its own dash pattern, so the curves stay apart for people who do not tell the colours
/// apart (WCAG 1.4.1) and on a grey-scale printout. Hues after Okabe and Ito's colour-blind-safe
/// set, darkened where theirs are too light for white.
enum PlotPalette {
    static let background = SRGBColor.white
    /// Titles, labels, the position curve.
    static let ink = SRGBColor(red255: 0x1A, green255: 0x1A, blue255: 0x1A)
    /// Tick labels and notes.
    static let secondaryInk = SRGBColor(red255: 0x4D, green255: 0x4D, blue255: 0x4D)
    /// Axis lines and the time marks.
    static let axis = SRGBColor(red255: 0x6B, green255: 0x6B, blue255: 0x6B)
    /// Gridlines: faint on purpose, they only guide the eye.
    static let grid = SRGBColor(red255: 0xDD, green255: 0xDD, blue255: 0xDD)
    /// The moment before the change began.
    static let before = SRGBColor(red255: 0xF2, green255: 0xF2, blue255: 0xF2)

    /// One colour and dash per page (and per dot: dot 2 is drawn like page 2).
    static let series: [(color: SRGBColor, dash: String)] = [
        (SRGBColor(red255: 0x00, green255: 0x72, blue255: 0xB2), ""),  // blue
        (SRGBColor(red255: 0xD5, green255: 0x5E, blue255: 0x00), "7 4"),  // vermilion
        (SRGBColor(red255: 0x00, green255: 0x7A, blue255: 0x5E), "2 3"),  // bluish green
        (SRGBColor(red255: 0xA6, green255: 0x36, blue255: 0x7E), "9 3 2 3"),  // reddish purple
        (SRGBColor(red255: 0x8C, green255: 0x6D, blue255: 0x00), "4 2"),  // ochre
    ]

    /// Dots that keep their width through the change, drawn as one line.
    static let unchanged = (color: SRGBColor(red255: 0x6B, green255: 0x6B, blue255: 0x6B), dash: "1 3")

    static func style(_ index: Int) -> (color: SRGBColor, dash: String) {
        series[((index % series.count) + series.count) % series.count]
    }
}

/// Text laid out in columns: padding to a width (numbers themselves are written by `NumberText`).
/// Widths are terminal columns (`displayWidth`), so CJK text and combining marks line up.
enum Formatting {
    static func pad(_ text: String, _ width: Int) -> String {
        let shown = displayWidth(text)
        return shown >= width ? text : String(repeating: " ", count: width - shown) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        let shown = displayWidth(text)
        return shown >= width ? text : text + String(repeating: " ", count: width - shown)
    }

    /// The columns `text` takes on a terminal, as wcwidth counts them: East Asian wide and
    /// full-width characters take two, combining marks and invisible format characters none.
    static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            if scalar.value == 0x200B { continue }
            width += isWide(scalar.value) ? 2 : 1
        }
        return width
    }

    /// The East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F), as the
    /// terminal draws them.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }

    /// `text` in lines of at most `width` columns, broken between words (a word longer than a
    /// line has a line of its own): the first line starts with `first`, the others with
    /// `indent` spaces.
    static func wrap(_ text: String, width: Int, first: String, indent: Int) -> [String] {
        var lines: [String] = []
        var line = first
        var lineWidth = displayWidth(first)
        var hasWord = false
        for word in text.split(separator: " ") {
            let wordWidth = displayWidth(String(word))
            if hasWord && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                lineWidth = indent
                hasWord = false
            }
            if hasWord {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            hasWord = true
        }
        lines.append(line)
        return lines
    }
}

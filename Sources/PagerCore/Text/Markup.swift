/// Text and numbers written into XML, SVG and HTML.
///
/// Page titles, labels and messages come from outside; written raw, a `<` would end the element
/// and a control character would make the file invalid (XML 1.0 cannot carry most C0 controls
/// at all, HTML calls C1 controls a parse error) or reach a terminal that `cat`s the file.
public enum Markup {
    /// Escapes the five characters markup gives meaning to. What a terminal would be shown as an
    /// escape (`TerminalText.mustEscape`: controls, bidi overrides and marks, invisible
    /// characters) is shown the same way here, as the text `\u{202E}`, so a report reads the same
    /// in every format and no page title can reverse a paragraph of it; tab, line feed and
    /// carriage return stay; the non-characters U+FFFE/U+FFFF become U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where TerminalText.mustEscape(scalar):
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case _ where scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A coordinate or length for an attribute: at most two decimals, no trailing zeros, never "-0".
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = NumberText.fixed(value, 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// `name="value" …` with every value escaped, in the order given.
    public static func attributes(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }
}

extension String {
    /// "horizontal offset" → "Horizontal offset", for text that starts a sentence.
    public func capitalisingFirstLetter() -> String {
        prefix(1).uppercased() + dropFirst()
    }
}

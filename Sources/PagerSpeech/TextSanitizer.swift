/// Makes untrusted text (page titles, `say`) safe to hand to eSpeak NG as plain text.
///
/// eSpeak reads U+0001 as the start of an embedded command (rate, pitch, voice, audio…), and a
/// U+0000 would silently end the C string; both are removed. Other control characters become
/// spaces so words on either side stay apart. Text is never sent with `espeakSSML`, so markup is
/// read out rather than obeyed. Very long text is cut at a clause boundary: eSpeak would happily
/// read a pasted book for an hour, and a screen reader that cannot be stopped by the next page
/// change is worse than one that says less.
public enum TextSanitizer {
    /// The bound on what one utterance speaks, in Unicode scalars (about four minutes of speech
    /// at the default rate). A notice tells the user when text was cut.
    public static let maximumLength = 4000

    /// Text ready for eSpeak, and whether (and from how long) it was shortened.
    public struct Result: Hashable, Sendable {
        public let text: String
        /// Scalars in the input, before control characters were dropped.
        public let originalLength: Int
        public let wasTruncated: Bool

        /// The one line to show when the text was cut, or nil.
        public var truncationNotice: String? {
            guard wasTruncated else { return nil }
            return "Text of \(originalLength) characters is too long to speak; "
                + "speaking the first \(text.unicodeScalars.count) (limit \(TextSanitizer.maximumLength)), "
                + "cut at a clause boundary."
        }
    }

    /// Characters after which a cut sounds like the end of a clause, in the scripts we ship
    /// strings for (Latin, Arabic) and a few common others.
    static let clauseBoundaries: Set<Unicode.Scalar> = [
        ".", "!", "?", ";", ":", ",", "\u{2026}",  // Latin, ellipsis
        "\u{060C}", "\u{061B}", "\u{061F}", "\u{06D4}",  // Arabic comma, semicolon, question, full stop
        "\u{0964}", "\u{0965}",  // Devanagari danda
        "\u{3001}", "\u{3002}", "\u{FF0C}", "\u{FF01}", "\u{FF1F}",  // CJK
    ]

    public static func sanitize(_ input: String, limit: Int = maximumLength) -> Result {
        let limit = max(limit, 1)
        var scalars = String.UnicodeScalarView()
        var originalLength = 0
        var kept = 0
        var truncated = false
        for scalar in input.unicodeScalars {
            originalLength += 1
            if truncated { continue }
            let value = scalar.value
            let cleaned: Unicode.Scalar?
            switch value {
            case 0x00, 0x01:
                cleaned = nil
            case 0x02...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                cleaned = " "
            default:
                cleaned = scalar
            }
            guard let cleaned else { continue }
            if kept == limit {
                truncated = true
                continue
            }
            scalars.append(cleaned)
            kept += 1
        }
        var text = String(scalars)
        if truncated {
            text = cutAtClauseBoundary(text)
        }
        return Result(text: trimmed(text), originalLength: originalLength, wasTruncated: truncated)
    }

    /// Keeps everything up to the last clause boundary in the second half of `text`; failing
    /// that, up to the last space there; failing that (one enormous word), all of it.
    static func cutAtClauseBoundary(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let floor = scalars.count / 2
        var index = scalars.count - 1
        while index >= floor {
            if clauseBoundaries.contains(scalars[index]) {
                return String(String.UnicodeScalarView(scalars[...index]))
            }
            index -= 1
        }
        index = scalars.count - 1
        while index >= floor {
            if scalars[index].properties.isWhitespace {
                return String(String.UnicodeScalarView(scalars[..<index]))
            }
            index -= 1
        }
        return text
    }

    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else {
            return ""
        }
        return String(scalars[first...last])
    }
}

import PagerSpeech

/// What to speak for one page, in order, in parts each short enough that `TextSanitizer` (and so
/// `Announcer.speak`) speaks it whole: the session queues them all at low priority, so the whole
/// page is read, and a page change (`stop`, then the new announcement) silences the rest.
///
/// Parts end at a paragraph break when one is in the second half of the limit, else at a
/// sentence or clause end, else at a space; a single "word" longer than the limit is cut.
public struct PageSpeech: Sendable, Equatable {
    public let parts: [String]
    /// Bytes of the page past `Document.maximumSpokenBytes`, not spoken (0 for every page
    /// `DocumentScanner` makes; only pages joined to stay within the page limit get that long).
    public let unspokenBytes: Int

    /// All the parts as one text.
    public var text: String { parts.joined(separator: "\n\n") }

    public init(_ text: String, limit: Int = TextSanitizer.maximumLength, unspokenBytes: Int = 0) {
        parts = Self.split(text, limit: max(limit, 16))
        self.unspokenBytes = unspokenBytes
    }

    static let clauseEnds: Set<Unicode.Scalar> = [
        ".", "!", "?", ";", ":", ",", "\u{2026}", "\u{060C}", "\u{061B}", "\u{061F}", "\u{06D4}", "\u{0964}", "\u{0965}",
        "\u{3001}", "\u{3002}", "\u{FF0C}", "\u{FF01}", "\u{FF1F}",
    ]

    static func split(_ text: String, limit: Int) -> [String] {
        var rest = Substring(text).unicodeScalars
        var parts: [String] = []
        while true {
            rest = rest.drop { $0.properties.isWhitespace }
            guard !rest.isEmpty else { break }
            guard rest.count > limit else {
                parts.append(trimmedTrailing(rest))
                break
            }
            let window = Array(rest.prefix(limit))
            let floor = limit / 2
            var cut: Int?
            // A paragraph break, then a clause end followed by a space, then a space.
            for i in stride(from: window.count - 1, to: floor, by: -1) where window[i] == "\n" && window[i - 1] == "\n" {
                cut = i
                break
            }
            if cut == nil {
                for i in stride(from: window.count - 2, through: floor, by: -1)
                where clauseEnds.contains(window[i]) && window[i + 1].properties.isWhitespace {
                    cut = i + 1
                    break
                }
            }
            if cut == nil {
                for i in stride(from: window.count - 1, through: floor, by: -1) where window[i].properties.isWhitespace {
                    cut = i
                    break
                }
            }
            let length = cut ?? limit
            parts.append(trimmedTrailing(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        return parts.filter { !$0.isEmpty }
    }

    private static func trimmedTrailing(_ scalars: Substring.UnicodeScalarView) -> String {
        var scalars = scalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

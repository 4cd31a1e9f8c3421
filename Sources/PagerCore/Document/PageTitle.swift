/// A page's name for the pager, made from the line that names it: valid for `Pager` by
/// construction (see `Pager.validateTitle`): not empty, at most `Pager.maximumTitleLength`
/// characters, no control characters.
public enum PageTitle {
    static let continuedSuffix = " (continued)"

    /// The title from the first bytes of a line (`DocumentOutline.Page.titleLine`, which may end
    /// inside a character: that character is dropped). Terminal escape sequences are removed, and
    /// Markdown markup from Markdown;
    /// whitespace runs and control characters become single spaces; a long title is cut at a
    /// word and ends with "…". `continued` appends " (continued)". Nil when no text is left (a
    /// line of only markup).
    public static func make(lineBytes: some Collection<UInt8>, format: TextFormat, continued: Bool = false) -> String? {
        var bytes = Array(lineBytes)
        // A character cut by the byte limit: back to its first byte, and drop it.
        var lead = bytes.count
        while lead > 0 && bytes[lead - 1] & 0xC0 == 0x80 && bytes.count - lead < 3 { lead -= 1 }
        if lead > 0 && bytes[lead - 1] >= 0xC0 {
            let needed = bytes[lead - 1] >= 0xF0 ? 4 : bytes[lead - 1] >= 0xE0 ? 3 : 2
            if bytes.count - (lead - 1) < needed { bytes.removeSubrange((lead - 1)...) }
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        text = TerminalEscapes.removed(from: text)
        if format == .markdown { text = SpokenMarkdown.line(text) }
        let limit = Pager.maximumTitleLength - (continued ? continuedSuffix.count : 0)
        guard let title = clean(text, limit: limit) else { return nil }
        return continued ? title + continuedSuffix : title
    }

    /// Single spaces for runs of whitespace and control characters, trimmed; cut to `limit`
    /// characters at a space when one is in the last quarter, with "…".
    static func clean(_ text: String, limit: Int) -> String? {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            // ASCII without a Unicode property lookup: titles are made for every page as a file opens.
            let isSpaceOrControl =
                scalar.isASCII
                ? scalar.value <= 0x20 || scalar.value == 0x7F
                : scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
            if isSpaceOrControl {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        var title = String(out)
        guard !title.isEmpty else { return nil }
        guard title.count > limit else { return title }
        var cut = String(title.prefix(limit - 1))
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < limit / 4 {
            cut = String(cut[..<space])
        }
        title = cut + "\u{2026}"
        return title
    }
}

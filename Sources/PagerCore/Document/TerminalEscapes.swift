/// Terminal escape sequences taken out of text that is to be spoken or used as a title: a
/// coloured log's `ESC[31m` is not words, and reading out "31m" between every other word would
/// bury the ones that are. (Shown on a terminal, they are made visible instead, never obeyed.)
public enum TerminalEscapes {
    /// `text` without CSI sequences (`ESC [ … final`, also the one-character CSI U+009B), OSC
    /// sequences (`ESC ] … BEL` or `ESC ] … ESC \`) and other two-character escapes.
    public static func removed(from text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 == "\u{1B}" || $0 == "\u{9B}" }) else { return text }
        var out = String.UnicodeScalarView()
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            guard c == "\u{1B}" || c == "\u{9B}" else {
                out.append(c)
                i = scalars.index(after: i)
                continue
            }
            var j = scalars.index(after: i)
            let kind: Unicode.Scalar? = c == "\u{9B}" ? "[" : (j < scalars.endIndex ? scalars[j] : nil)
            if c == "\u{1B}" && j < scalars.endIndex { j = scalars.index(after: j) }
            switch kind {
            case "[":
                // Parameters and intermediates, then one final character.
                while j < scalars.endIndex, (0x20...0x3F).contains(scalars[j].value) { j = scalars.index(after: j) }
                if j < scalars.endIndex, (0x40...0x7E).contains(scalars[j].value) { j = scalars.index(after: j) }
            case "]":
                while j < scalars.endIndex, scalars[j] != "\u{07}", scalars[j] != "\u{1B}" { j = scalars.index(after: j) }
                if j < scalars.endIndex {
                    let terminator = scalars[j]
                    j = scalars.index(after: j)
                    if terminator == "\u{1B}", j < scalars.endIndex, scalars[j] == "\\" { j = scalars.index(after: j) }
                }
            default:
                break
            }
            i = j
        }
        return String(out)
    }
}

/// The one place outside text is made safe to show on a terminal.
///
/// Page titles, `say` text, script lines, file names and option values a person typed all come
/// from outside. Printed raw, an ESC or a C1 CSI can move the cursor, retitle the window or hide
/// what follows; a bidi override can make `evil.pv` read as `vp.live`. Every message, report and
/// error that echoes such text goes through `terminalSafe`: the offending scalars are shown
/// visibly as Swift-style escapes (`\u{1B}`), so a person sees exactly what was there and nothing
/// can act on their terminal. JSON does its own escaping (`JSON.writeString`).
public enum TerminalText {
    /// C0 controls except tab, DEL and the C1 controls; the bidi embeddings, overrides,
    /// isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which reorder
    /// what follows; the Unicode line and paragraph separators; and the invisible characters
    /// that hide text or make a label look empty or different (soft hyphen, zero-width space,
    /// word joiner and the invisible operators, the byte order mark). Zero-width joiners stay:
    /// scripts and emoji need them.
    @inlinable
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0xAD: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0x200B, 0x200E, 0x200F, 0x2060...0x2064: true
        case 0x061C, 0xFEFF: true
        default: false
        }
    }

    /// Whether any byte of `utf8` could start a scalar `mustEscape` accepts: a scan of bytes,
    /// so ordinary output (every announcement) costs no scalar decoding.
    @inlinable
    public static func mightNeedEscaping(_ utf8: String.UTF8View) -> Bool {
        utf8.contains { byte in
            (byte < 0x20 && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xD8 || byte == 0xEF
        }
    }

    public static func escape(_ text: String) -> String {
        guard mightNeedEscaping(text.utf8), text.unicodeScalars.contains(where: mustEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension String {
    /// The text with every scalar that could act on a terminal shown as a visible escape
    /// (`\u{1B}`); see `TerminalText`.
    public var terminalSafe: String { TerminalText.escape(self) }

    /// At most `limit` characters, escaped, for quoting a person's input back in one error line.
    public func clipped(_ limit: Int = 40) -> String {
        let safe = terminalSafe
        return safe.count <= limit ? safe : String(safe.prefix(limit)) + "…"
    }
}

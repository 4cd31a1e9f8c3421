/// What a screen reader makes of a label or name.
package enum AccessibleText {
    /// Whether a screen reader says nothing for `text`: it holds only white space, controls,
    /// format characters and other default-ignorable code points (zero-width spaces and joiners,
    /// word joiner, byte order mark, soft hyphen, direction marks, the combining grapheme
    /// joiner, Hangul fillers), and blanks that draw nothing (the blank braille pattern). Such a
    /// label is as good as none: VoiceOver, TalkBack and NVDA read the bare role or value.
    package static func isSilent(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isSilent)
    }

    package static func isSilent(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: break
        }
        // Drawn as nothing, though neither white space nor ignorable.
        return scalar.value == 0x2800
    }
}

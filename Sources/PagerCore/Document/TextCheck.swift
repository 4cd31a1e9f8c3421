/// Whether bytes are text a pager may show and speak: UTF-8, with no NUL.
///
/// A NUL is what `grep` and `git` take to mean binary; anything else that is valid UTF-8 is text
/// (escape sequences in a coloured log are shown made visible, never obeyed). The check runs over
/// every byte of a file as it opens, so ASCII goes eight bytes at a time.
public enum TextCheck {
    public enum Problem: Sendable, Equatable {
        /// A NUL byte: the file is binary.
        case nul
        /// Not UTF-8: a byte that cannot start a character, an overlong or surrogate form, a code
        /// point past U+10FFFF, or a character cut short.
        case invalidUTF8
    }

    /// The offset and kind of the first problem in `bytes`, or nil when they are UTF-8 text.
    /// A character cut off by the end of `bytes` is a problem: callers pass whole lines.
    public static func firstProblem(in bytes: UnsafeRawBufferPointer) -> (offset: Int, problem: Problem)? {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return nil }
        let high: UInt64 = 0x8080_8080_8080_8080
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = 0
        while i < count {
            if i + 8 <= count {
                let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                // No byte with its high bit set, and no zero byte (the classic SWAR test).
                if word & high == 0 && (word &- ones) & ~word & high == 0 {
                    i += 8
                    continue
                }
            }
            let lead = bytes[i]
            if lead == 0 { return (i, .nul) }
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            default: return (i, .invalidUTF8)
            }
            guard i + length <= count, second.contains(bytes[i + 1]) else { return (i, .invalidUTF8) }
            for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 {
                return (i, .invalidUTF8)
            }
            i += length
        }
        return nil
    }

    /// `bytes` as a string, or nil if they are not UTF-8 text by `firstProblem`.
    public static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard firstProblem(in: bytes) == nil else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

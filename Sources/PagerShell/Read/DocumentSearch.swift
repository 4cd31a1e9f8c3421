import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Document {
    /// The longest search text: a person types it.
    public static let maximumSearchBytes = 1_024

    /// The next page after `page` (0-based) whose text contains `needle`, wrapping past the last
    /// page to the first and ending with `page` itself, as a screen reader's find does (`less`
    /// stops at the end; a listener who hears "Page 2 of 12" knows it wrapped). Nil when no page
    /// has it, the needle is empty, or the document has no pages.
    ///
    /// Matches the text as it is in the file (markup included), ignoring case in every script:
    /// both sides are case-folded (`folded`: "STRASSE" finds "Straße", "ÉCOLE" finds "école").
    /// Reads each page in pieces of at most 1 MiB, never the file at once; ASCII pieces are
    /// compared as bytes.
    public func search(_ needle: String, after page: Int) throws(DocumentError) -> Int? {
        let pages = self.pages
        guard !pages.isEmpty else { return nil }
        _ = try self.page(page)
        guard needle.utf8.count <= Self.maximumSearchBytes else { throw .searchTooLong(limit: Self.maximumSearchBytes) }
        let folded = Self.folded(needle)
        guard !folded.isEmpty else { return nil }
        let order = Array(page + 1..<pages.count) + Array(0...page)
        let overlap = folded.utf8.count * 3
        let end = byteCount
        for index in order {
            let bytes = pages[index].bytes
            if try contains(folded, in: bytes) { return index }
            // A match that starts on this page and ends on the next is this page's.
            let after = min(bytes.upperBound + overlap, end)
            guard after > bytes.upperBound else { continue }
            let across = max(bytes.lowerBound, bytes.upperBound - overlap)..<after
            if try contains(folded, in: across), !(try contains(folded, in: bytes.upperBound..<after)) { return index }
        }
        return nil
    }

    /// Whether the bytes of `range` hold `folded` (already case-folded), read in pieces that
    /// overlap by enough for a match across two of them.
    private func contains(_ folded: String, in range: Range<Int>) throws(DocumentError) -> Bool {
        let pattern = Array(folded.utf8)
        let asciiPattern = pattern.allSatisfy { $0 < 0x80 }
        // Folding can make a character up to three long ("ﬃ" is "ffi"): what is kept of one
        // piece for the next is three times the pattern.
        let overlap = pattern.count * 3
        var position = range.lowerBound
        var carried: [UInt8] = []
        while position < range.upperBound {
            let length = min(Self.bufferSize, range.upperBound - position)
            var piece = carried + (try Self.read(file, position..<(position + length), name: name, closing: false))
            position += length
            // A piece ends at a character's end; the rest of that character starts the next.
            var end = piece.count
            if position < range.upperBound {
                while end > 0 && piece[end - 1] & 0xC0 == 0x80 { end -= 1 }
                if end > 0 && piece[end - 1] >= 0xC0 { end -= 1 }
            }
            if asciiPattern && piece[..<end].allSatisfy({ $0 < 0x80 }) {
                var bytes = Array(piece[..<end])
                Self.lowercaseASCII(&bytes)
                if Self.firstMatch(of: pattern, in: bytes) != nil { return true }
            } else if Self.folded(String(decoding: piece[..<end], as: UTF8.self)).contains(folded) {
                return true
            }
            let keep = max(end - overlap, 0)
            piece.removeSubrange(..<keep)
            carried = piece
        }
        return false
    }

    /// `text` case-folded, near enough to Unicode's full folding without Foundation: upper
    /// case first ("ß" becomes "SS", final "ς" becomes "Σ"), then lower case.
    static func folded(_ text: String) -> String {
        text.uppercased().lowercased()
    }

    static func lowercaseASCII(_ bytes: inout [UInt8]) {
        for i in bytes.indices where bytes[i] &- 0x41 < 26 { bytes[i] |= 0x20 }
    }

    static func firstMatch(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return bytes.withUnsafeBytes { haystack -> Int? in
            pattern.withUnsafeBytes { needle -> Int? in
                let base = haystack.baseAddress!
                let last = bytes.count - pattern.count
                var from = 0
                while from <= last {
                    guard let hit = memchr(base + from, Int32(pattern[0]), last - from + 1) else { return nil }
                    let at = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + at, needle.baseAddress!, pattern.count) == 0 { return at }
                    from = at + 1
                }
                return nil
            }
        }
    }
}

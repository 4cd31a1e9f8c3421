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
    /// Matches the text as it is in the file (markup included), ignoring case for ASCII letters;
    /// other letters must match exactly. Reads the file in 1 MiB pieces, never all at once.
    public func search(_ needle: String, after page: Int) throws(DocumentError) -> Int? {
        guard !pages.isEmpty else { return nil }
        _ = try self.page(page)
        var pattern = Array(needle.utf8)
        guard pattern.count <= Self.maximumSearchBytes else { throw .searchTooLong(limit: Self.maximumSearchBytes) }
        guard !pattern.isEmpty else { return nil }
        Self.lowercaseASCII(&pattern)
        if page + 1 < pages.count, let found = try find(pattern, in: (page + 1)...(pages.count - 1)) { return found }
        return try find(pattern, in: 0...page)
    }

    /// The first page in `range` holding `pattern` (already lowercased).
    private func find(_ pattern: [UInt8], in range: ClosedRange<Int>) throws(DocumentError) -> Int? {
        let end = pages[range.upperBound].bytes.upperBound
        var position = pages[range.lowerBound].bytes.lowerBound
        let overlap = pattern.count - 1
        let chunkSize = Self.bufferSize
        while position + pattern.count <= end {
            let length = min(chunkSize, end - position)
            var chunk = try Self.read(file, position..<(position + length), name: name, closing: false)
            Self.lowercaseASCII(&chunk)
            if let offset = Self.firstMatch(of: pattern, in: chunk) {
                return pageIndex(containing: position + offset, in: range)
            }
            guard position + length < end else { break }
            position += length - overlap
        }
        return nil
    }

    /// The last page in `range` starting at or before `offset`.
    private func pageIndex(containing offset: Int, in range: ClosedRange<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high + 1) / 2
            if pages[middle].bytes.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
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

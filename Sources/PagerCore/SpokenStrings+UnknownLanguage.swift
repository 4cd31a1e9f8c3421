extension SpokenStrings {
    /// What to tell someone whose tag matches no translation, on one short line: the nearest
    /// language when one is close ("german" → de, "fr-" → fr, "dee" → de), else what a tag looks
    /// like and where the list is. Listing every code would make a 200-character line that grows
    /// with each translation.
    public static func unknownLanguageMessage(_ tag: String) -> String {
        let start = "unknown language '\(Printable.clipped(tag))': "
        if let near = nearest(to: tag) {
            return start + "did you mean '\(near.code)' (\(near.name))?"
        }
        return start + "use a BCP 47 tag such as de, es-419, pt-BR or zh-Hant; `help` lists all \(table.count) languages"
    }

    /// The translation someone probably meant: a language named in English or in itself (whole
    /// name or its start), a tag with a stray character, or a code one letter off.
    static func nearest(to tag: String) -> SpokenStrings? {
        let wanted = tag.lowercased().trimmingWhitespace()
        guard !wanted.isEmpty else { return nil }
        let names = table.map { entry in
            (entry, [entry.name.lowercased(), englishNames[entry.code]?.lowercased() ?? ""])
        }
        if let named = names.first(where: { $0.1.contains(wanted) }) { return named.0 }
        if wanted.count >= 3, let started = names.first(where: { $0.1.contains { $0.hasPrefix(wanted) } }) {
            return started.0
        }
        let letters = wanted.prefix { $0.isLetter && $0.isASCII }
        if letters.count < wanted.count, let leading = LanguageTag(String(letters))?.translation {
            return leading
        }
        guard (2...3).contains(wanted.count) else { return nil }
        let close = table.filter { editDistance($0.code.lowercased(), wanted) == 1 }
        return close.count == 1 ? close[0] : nil
    }

    /// Levenshtein distance, for codes of a few letters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Outside text (a tag, a locale variable) made safe to put in a message: no control or format
/// characters reach the terminal, and a pasted essay does not become the whole error.
enum Printable {
    static func clipped(_ text: String, limit: Int = 40) -> String {
        let shown = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: "?"
                    default: scalar
                    }
                }))
        return shown.count > limit ? String(shown.prefix(limit)) + "…" : shown
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}

/// Inline Markdown taken out of a run of text, leaving the words a listener should hear:
/// emphasis (`*`, `_`, `~~`) and code-span backticks go, links and images keep their text,
/// autolinks their address, HTML tags and comments go, entities become their characters.
///
/// Emphasis is paired as CommonMark pairs it (delimiter runs that can open and close, by what
/// flanks them), so `2 * 3`, `*.txt`, `snake_case` and `~/bin` keep their characters: only markup
/// is removed, never a word. Code spans are read verbatim. HTML is removed only for tags HTML
/// has, so `Array<Int>` stays.
enum MarkdownInline {
    static func plain(_ text: String) -> String {
        var parser = Parser(Array(text.unicodeScalars))
        return parser.run()
    }

    private enum Piece {
        case text(String.UnicodeScalarView)
        /// A run of `*`, `_` or `~`; `removed` once paired with a partner.
        case delimiter(Unicode.Scalar, count: Int, canOpen: Bool, canClose: Bool, removed: Bool)
    }

    private struct Parser {
        let s: [Unicode.Scalar]
        var i = 0
        var pieces: [Piece] = []
        var literal = String.UnicodeScalarView()

        init(_ scalars: [Unicode.Scalar]) { s = scalars }

        mutating func run() -> String {
            while i < s.count {
                let c = s[i]
                switch c {
                case "\\":
                    if i + 1 < s.count, s[i + 1].isASCII, isPunctuation(s[i + 1]) {
                        literal.append(s[i + 1])
                        i += 2
                    } else {
                        literal.append(c)
                        i += 1
                    }
                case "`":
                    codeSpan()
                case "!" where i + 1 < s.count && s[i + 1] == "[":
                    if !link(from: i + 1) {
                        literal.append(c)
                        i += 1
                    }
                case "[":
                    if !link(from: i) {
                        literal.append(c)
                        i += 1
                    }
                case "<":
                    if !angle() {
                        literal.append(c)
                        i += 1
                    }
                case "&":
                    entity()
                case "*", "_", "~":
                    delimiterRun(c)
                default:
                    literal.append(c)
                    i += 1
                }
            }
            flush()
            pairEmphasis()
            var out = String.UnicodeScalarView()
            for piece in pieces {
                switch piece {
                case .text(let text): out.append(contentsOf: text)
                case .delimiter(let c, let count, _, _, let removed):
                    if !removed { out.append(contentsOf: repeatElement(c, count: count)) }
                }
            }
            return String(out)
        }

        mutating func flush() {
            guard !literal.isEmpty else { return }
            pieces.append(.text(literal))
            literal = String.UnicodeScalarView()
        }

        /// A run of n backticks up to the next run of exactly n: its content, verbatim. A run with
        /// no partner is markup with nothing to say, and is dropped.
        mutating func codeSpan() {
            var n = 0
            while i + n < s.count && s[i + n] == "`" { n += 1 }
            var j = i + n
            while j < s.count {
                if s[j] == "`" {
                    var m = 0
                    while j + m < s.count && s[j + m] == "`" { m += 1 }
                    if m == n {
                        var content = Array(s[(i + n)..<j])
                        if content.count >= 2, content.first == " ", content.last == " ",
                            content.contains(where: { $0 != " " })
                        {
                            content = Array(content.dropFirst().dropLast())
                        }
                        literal.append(contentsOf: content.map { $0 == "\n" ? " " : $0 })
                        i = j + m
                        return
                    }
                    j += m
                } else {
                    j += 1
                }
            }
            i += n
        }

        /// `[text](target)`, `[text][label]`, `[text][]` and, from `!`, images: their text only.
        /// `open` is the `[`. False (nothing consumed) for anything else, which stays literal.
        mutating func link(from open: Int) -> Bool {
            guard let close = matching(from: open, open: "[", close: "]"), close + 1 < s.count else { return false }
            let target: (open: Unicode.Scalar, close: Unicode.Scalar)
            switch s[close + 1] {
            case "(": target = ("(", ")")
            case "[": target = ("[", "]")
            default: return false
            }
            guard let end = matching(from: close + 1, open: target.open, close: target.close) else { return false }
            literal.append(contentsOf: MarkdownInline.plain(String(String.UnicodeScalarView(s[(open + 1)..<close]))).unicodeScalars)
            i = end + 1
            return true
        }

        func matching(from start: Int, open: Unicode.Scalar, close: Unicode.Scalar) -> Int? {
            var depth = 0
            var j = start
            while j < s.count {
                if s[j] == "\\" {
                    j += 2
                    continue
                }
                if s[j] == open { depth += 1 }
                if s[j] == close {
                    depth -= 1
                    if depth == 0 { return j }
                }
                j += 1
            }
            return nil
        }

        /// `<https://…>` and `<name@host>` keep their address (a bare address is the only text
        /// there, and a listener may want it); comments and HTML tags go.
        mutating func angle() -> Bool {
            guard let end = s[i...].firstIndex(of: ">") else {
                if starts(with: "<!--") {
                    i = s.count
                    return true
                }
                return false
            }
            if starts(with: "<!--") {
                guard let close = find("-->", from: i + 4) else {
                    i = s.count
                    return true
                }
                i = close + 3
                return true
            }
            let inner = s[(i + 1)..<end]
            if isAutolink(inner) {
                literal.append(contentsOf: inner)
                i = end + 1
                return true
            }
            var j = i + 1
            if j < end && s[j] == "/" { j += 1 }
            var name = ""
            while j < end, s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) {
                name.unicodeScalars.append(s[j])
                j += 1
            }
            guard !name.isEmpty, Self.htmlTags.contains(name.lowercased()),
                j == end || s[j] == " " || s[j] == "/" || s[j] == "\t" || s[j] == "\n"
            else { return false }
            i = end + 1
            return true
        }

        func isAutolink(_ inner: ArraySlice<Unicode.Scalar>) -> Bool {
            guard !inner.isEmpty, !inner.contains(where: { $0 == " " || $0 == "<" || $0 == "\n" }) else { return false }
            if let colon = inner.firstIndex(of: ":") {
                let scheme = inner[inner.startIndex..<colon]
                if (2...32).contains(scheme.count), scheme.first!.isASCII, scheme.first!.properties.isAlphabetic,
                    scheme.allSatisfy({
                        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0))
                    })
                {
                    return true
                }
            }
            guard let at = inner.firstIndex(of: "@") else { return false }
            return at > inner.startIndex && inner[(at + 1)...].contains(".")
        }

        mutating func entity() {
            if let semicolon = s[i...].prefix(12).firstIndex(of: ";") {
                let name = String(String.UnicodeScalarView(s[(i + 1)..<semicolon]))
                var decoded: Unicode.Scalar?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    decoded = Self.entities[name]
                }
                if let decoded {
                    // A reference to a control character (`&#1;` is eSpeak's embedded-command
                    // mark, `&#x1B;` ESC) is not text to read: it becomes U+FFFD, as CommonMark
                    // does for `&#0;`, and the rest of the page is read as written.
                    let control = decoded.value < 0x20 && decoded != "\t" && decoded != "\n" || (0x7F...0x9F).contains(decoded.value)
                    literal.append(control ? "\u{FFFD}" : decoded)
                    i = semicolon + 1
                    return
                }
            }
            literal.append("&")
            i += 1
        }

        mutating func delimiterRun(_ c: Unicode.Scalar) {
            var n = 0
            while i + n < s.count && s[i + n] == c { n += 1 }
            let before: Unicode.Scalar = i > 0 ? s[i - 1] : " "
            let after: Unicode.Scalar = i + n < s.count ? s[i + n] : " "
            i += n
            // `~` is strikethrough only doubled; alone it is a home folder or "about".
            guard c != "~" || n == 2 else {
                literal.append(contentsOf: repeatElement(c, count: n))
                return
            }
            let beforeSpace = before.properties.isWhitespace
            let afterSpace = after.properties.isWhitespace
            let beforePunctuation = isPunctuation(before)
            let afterPunctuation = isPunctuation(after)
            let leftFlanking = !afterSpace && (!afterPunctuation || beforeSpace || beforePunctuation)
            let rightFlanking = !beforeSpace && (!beforePunctuation || afterSpace || afterPunctuation)
            let canOpen: Bool
            let canClose: Bool
            if c == "_" {
                canOpen = leftFlanking && (!rightFlanking || beforePunctuation)
                canClose = rightFlanking && (!leftFlanking || afterPunctuation)
            } else {
                canOpen = leftFlanking
                canClose = rightFlanking
            }
            flush()
            pieces.append(.delimiter(c, count: n, canOpen: canOpen, canClose: canClose, removed: false))
        }

        /// Each closer takes the nearest opener of its character before it; both are removed.
        mutating func pairEmphasis() {
            var openers: [Int] = []
            for index in pieces.indices {
                guard case .delimiter(let c, _, let canOpen, let canClose, _) = pieces[index] else { continue }
                if canClose,
                    let found = openers.lastIndex(where: { opener in
                        if case .delimiter(c, _, _, _, _) = pieces[opener] { return true }
                        return false
                    })
                {
                    remove(openers[found])
                    remove(index)
                    openers.removeSubrange(found...)
                    continue
                }
                if canOpen { openers.append(index) }
            }
        }

        mutating func remove(_ index: Int) {
            if case .delimiter(let c, let count, let canOpen, let canClose, _) = pieces[index] {
                pieces[index] = .delimiter(c, count: count, canOpen: canOpen, canClose: canClose, removed: true)
            }
        }

        func starts(with prefix: String) -> Bool {
            let p = Array(prefix.unicodeScalars)
            return i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p
        }

        func find(_ needle: String, from start: Int) -> Int? {
            let p = Array(needle.unicodeScalars)
            var j = start
            while j + p.count <= s.count {
                if Array(s[j..<(j + p.count)]) == p { return j }
                j += 1
            }
            return nil
        }

        func isPunctuation(_ c: Unicode.Scalar) -> Bool {
            switch c.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                return true
            default:
                return false
            }
        }

        static let htmlTags: Set<String> = [
            "a", "abbr", "article", "aside", "audio", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite",
            "code", "col", "colgroup", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure",
            "font", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "i", "iframe", "img", "input", "ins",
            "kbd", "label", "li", "main", "mark", "nav", "ol", "p", "picture", "pre", "q", "s", "samp", "section", "small",
            "source", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
            "time", "tr", "tt", "u", "ul", "var", "video", "wbr",
        ]

        static let entities: [String: Unicode.Scalar] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "copy": "\u{A9}", "reg": "\u{AE}",
            "trade": "\u{2122}", "mdash": "\u{2014}", "ndash": "\u{2013}", "hellip": "\u{2026}", "laquo": "\u{AB}",
            "raquo": "\u{BB}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}",
        ]
    }
}

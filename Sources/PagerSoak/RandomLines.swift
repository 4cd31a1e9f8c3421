import PagerCore
import PagerShell
import PagerTestSupport

/// Random input lines as people, scripts and accidents produce them: every command with valid,
/// odd and hostile arguments, typos, markup, other scripts, control characters, invalid UTF-8,
/// overlong lines. Never a newline inside a line (that would be two lines), never `quit`.
struct RandomLines {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

    /// The next line, as bytes (it may not be UTF-8).
    mutating func next() -> [UInt8] {
        while true {
            let line = candidate()
            // `quit` (in any spelling the parser accepts) would end the session under test.
            if let text = String(validating: line, as: UTF8.self),
                (try? CommandParser.parse(text)) == .quit
            {
                continue
            }
            return line
        }
    }

    private mutating func candidate() -> [UInt8] {
        let roll = int(0...999)
        switch roll {
        case 0..<550: return Array(command().utf8)
        case 550..<680: return Array((pick(Self.names) + " " + junk()).utf8)
        case 680..<760: return Array(typo(pick(Self.names)).utf8)
        case 760..<820: return Array(asciiSoup(int(1...80)).utf8)
        case 820..<870: return Array(unicodeSoup(int(1...40)).utf8)
        case 870..<910: return controlLine()
        case 910..<950: return invalidUTF8()
        case 950..<975: return Array(pick(["", " ", "\t", "   \t  ", "\r"]).utf8)
        case 975..<996: return Array(spacing(command()).utf8)
        default:
            // Rare and expensive: a line over the 64 KiB limit, or text long enough to be cut.
            if chance(0.5) { return [UInt8](repeating: UInt8(ascii: pick(["a", " ", "<"])), count: int(65_537...90_000)) }
            return Array(("say " + longText()).utf8)
        }
    }

    static let names = CommandInfo.allNames.filter { $0 != "quit" && $0 != "exit" }

    /// A command with arguments drawn from its own vocabulary, numbers of every kind, or junk.
    private mutating func command() -> String {
        let name = pick(Self.names)
        switch name {
        case "scroll": return name + " " + word(["trailing", "leading", "TRAILING", "up", ""])
        case "swipe": return name + " " + word(["left", "right", "Left", "up", "down"])
        case "drag":
            return name + " " + number(points: true) + (chance(0.5) ? " " + number(points: true) : "")
        case "move": return name + " " + number(points: true)
        case "release": return name + (chance(0.6) ? " " + number(points: true) : "")
        case "go": return name + " " + (chance(0.7) ? String(int(-1...14)) : number(points: false))
        case "count":
            if chance(0.002) { return "count \(Pager.maximumPageCount)" }
            return name + " " + (chance(0.8) ? String(int(0...12)) : number(points: false))
        case "pages": return name + " " + (0..<int(0...8)).map { _ in title() }.joined(separator: pick([",", ", ", " ,"]))
        case "width": return name + " " + (chance(0.7) ? String(int(0...1000)) : number(points: true))
        case "reduce-motion": return name + " " + word(["on", "off", "ON", "maybe"])
        case "direction": return name + " " + word(["ltr", "rtl", "RTL", "up"])
        case "lang": return name + " " + word(["en", "es", "ar", "fr", "EN", "e"])
        case "transition": return name + " " + word(["interactive", "parallax-push", "slide-scale", "fade"])
        case "say": return name + " " + (chance(0.1) ? "" : text(int(1...60)))
        case "help", "?": return name + (chance(0.5) ? " " + word(Self.names + ["nothing"]) : "")
        default: return chance(0.9) ? name : name + " " + junk()
        }
    }

    /// Usually one of `options`, sometimes junk.
    private mutating func word(_ options: [String]) -> String {
        chance(0.85) ? pick(options) : junk()
    }

    private mutating func number(points: Bool) -> String {
        if chance(0.6) {
            return points ? String(Double(int(-600_000...600_000)) / 1000) : String(int(-5...20))
        }
        return pick([
            "0", "-0", "2.5", "1e30", "1e400", "-1e400", "NaN", "nan", "inf", "-inf", "Infinity",
            "0x10", "0x1p3", "1_000", "10^30", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "1e-300", "4.9e-324", "1000000", "1000001", "-1000001", "+5",
            ".5", "5.", "1,5", "١٢", "½", "", "--1", "1e", "e5",
        ])
    }

    private mutating func title() -> String {
        switch int(0...9) {
        case 0: return ""
        case 1:
            return pick([
                "<speak>Hi</speak>", "<audio src=\"/etc/passwd\"/>", "&amp;", "<b>Bold</b>",
                "\u{1}50S", "]]>", "{\"type\":\"x\"}",
            ])
        case 2: return unicodeSoup(int(1...12))
        case 3: return String(repeating: "x", count: int(190...230))
        default: return text(int(1...20))
        }
    }

    private mutating func junk() -> String {
        switch int(0...4) {
        case 0: return number(points: true)
        case 1: return asciiSoup(int(1...20))
        case 2: return unicodeSoup(int(1...8))
        case 3: return (0..<int(2...5)).map { _ in number(points: false) }.joined(separator: " ")
        default: return pick(["<speak>", "&#x1;", "\u{1}", "%s%n", "$(reboot)", "`id`", "'; --", "\\", "\""])
        }
    }

    /// Words, markup and other scripts, as page titles and `say` carry them.
    private mutating func text(_ length: Int) -> String {
        var out = ""
        while out.unicodeScalars.count < length {
            out += pick([
                "Page", "of", "Explore", "share", " ", " ", "<prosody rate=\"x-slow\">", "</speak>",
                "&lt;", "Página", "الصفحة", "من", "日本語", "👍🏽", "e\u{301}", "\u{200F}", "\u{FEFF}",
                "2", "3", ",", ".", "?", String(int(0...99)),
            ])
        }
        return out
    }

    private mutating func longText() -> String {
        let sentence = pick([
            "The quick brown fox jumps over the lazy dog. ", "Page 2 of 3, and then more; ",
            "الصفحة 2 من 3، ", "no clause boundary at all here ",
        ])
        return String(String(repeating: sentence, count: 6000 / sentence.count + 1).prefix(int(3900...6000)))
    }

    private mutating func asciiSoup(_ length: Int) -> String {
        String(String.UnicodeScalarView((0..<length).map { _ in Unicode.Scalar(UInt8(int(0x20...0x7E))) }))
    }

    private mutating func unicodeSoup(_ length: Int) -> String {
        let ranges: [ClosedRange<UInt32>] = [
            0xA0...0x24F, 0x300...0x36F, 0x600...0x6FF, 0x200B...0x202E,
            0x2028...0x2029, 0x3040...0x30FF, 0x4E00...0x4E80, 0xFE00...0xFE0F,
            0xFFF0...0xFFFD, 0x1F300...0x1F6FF, 0xE0000...0xE007F, 0x10FF00...0x10FFFF,
        ]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            if let scalar = Unicode.Scalar(UInt32.random(in: pick(ranges), using: &random)) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A command with control characters mixed in (never a newline: that would split the line).
    private mutating func controlLine() -> [UInt8] {
        var bytes = Array(command().utf8)
        for _ in 0..<int(1...4) {
            let control = pick([0, 1, 7, 8, 9, 11, 12, 13, 27, 127] as [UInt8])
            bytes.insert(control, at: int(0...bytes.count))
        }
        return bytes
    }

    /// A command with bytes that are not UTF-8: lone continuation bytes, truncated sequences,
    /// overlong encodings, surrogates, 0xFF.
    private mutating func invalidUTF8() -> [UInt8] {
        var bytes = Array(command().utf8)
        let bad = pick(
            [
                [0x80], [0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
                [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xFE, 0xFF],
            ] as [[UInt8]])
        bytes.insert(contentsOf: bad, at: int(0...bytes.count))
        return bytes
    }

    /// The command with odd spacing and case: leading/trailing blanks, tabs, upper case.
    private mutating func spacing(_ command: String) -> String {
        let cased = chance(0.5) ? command.uppercased() : command
        return pick(["", " ", "\t", "   "]) + cased.split(separator: " ").joined(separator: pick([" ", "  ", "\t"]))
            + pick(["", " ", "\t", "\r"])
    }

    private mutating func typo(_ name: String) -> String {
        var characters = Array(name)
        guard characters.count > 1 else { return name + "x" }
        let i = int(0...characters.count - 2)
        switch int(0...2) {
        case 0: characters.swapAt(i, i + 1)
        case 1: characters.remove(at: i)
        default: characters.insert(pick(Array("aeiouxz")), at: i)
        }
        return String(characters)
    }
}

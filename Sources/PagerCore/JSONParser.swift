/// Reads JSON text into `JSON`, byte by byte over UTF-8.
///
/// The browser answers with documents of many megabytes (an accessibility tree, a screenshot in
/// base64), so nothing here works per Character: strings without escapes are copied out in one
/// piece, and numbers are read from their bytes. Strict where RFC 8259 is (no trailing commas, no
/// comments, no leading zeros, no raw control characters in strings), forgiving where a browser's
/// text may be broken: invalid UTF-8 and lone surrogates become U+FFFD instead of failing the
/// whole reply. Nesting is limited so a hostile document cannot exhaust the stack.
struct JSONParser {
    /// Arrays and objects may nest this deep; deeper is an error rather than a stack overflow.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// Reused for strings with escapes, so each does not allocate its own.
    private var scratch: [UInt8] = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The one value `bytes` holds, with only whitespace around it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.at == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private func error(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: at) }

    private mutating func skipWhitespace() {
        while at < bytes.count {
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard at < bytes.count else { throw error("unexpected end of input") }
        switch bytes[at] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSON) throws(JSONParseError) -> JSON {
        let matches = word.withUTF8Buffer { letters in
            at + letters.count <= bytes.count && letters.indices.allSatisfy { bytes[at + $0] == letters[$0] }
        }
        guard matches else { throw error("unknown word") }
        at += word.utf8CodeUnitCount
        return value
    }

    private mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        at += 1
        var items: [JSON] = []
        skipWhitespace()
        if at < bytes.count && bytes[at] == UInt8(ascii: "]") {
            at += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard at < bytes.count else { throw error("unexpected end of input in an array") }
            switch bytes[at] {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "]"):
                at += 1
                return .array(items)
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        at += 1
        var members: [(String, JSON)] = []
        skipWhitespace()
        if at < bytes.count && bytes[at] == UInt8(ascii: "}") {
            at += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw error("expected ':'") }
            at += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard at < bytes.count else { throw error("unexpected end of input in an object") }
            switch bytes[at] {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"):
                at += 1
                return .object(members)
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// A string from its opening quote to its closing one.
    private mutating func string() throws(JSONParseError) -> String {
        at += 1
        let start = at
        // The common case: no escape, so the bytes between the quotes are the string.
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                defer { at += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            at += 1
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<at]))
        while at < bytes.count {
            let byte = bytes[at]
            switch byte {
            case UInt8(ascii: "\""):
                at += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw error("control character in a string")
            default:
                scratch.append(byte)
                at += 1
            }
        }
        throw error("unterminated string")
    }

    /// One escape sequence, its backslash at `at`, appended to `scratch` as UTF-8.
    private mutating func escape() throws(JSONParseError) {
        guard at + 1 < bytes.count else { throw error("unterminated string") }
        let letter = bytes[at + 1]
        at += 2
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(letter)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate makes a scalar with the low one that should follow it.
                if at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                    let mark = at
                    at += 2
                    let low = try hexQuad()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        at = mark
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD
            }
            appendUTF8(scalar)
        default:
            at -= 1
            throw error("unknown escape")
        }
    }

    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard at + 4 <= bytes.count else { throw error("unterminated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("expected a hexadecimal digit")
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// A number: `.int` when written without a fraction or exponent and it fits, else `.double`.
    private mutating func number() throws(JSONParseError) -> JSON {
        let start = at
        let negative = bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        guard at < bytes.count, isDigit(bytes[at]) else { throw error("expected a digit") }
        if bytes[at] == UInt8(ascii: "0") {
            at += 1
            if at < bytes.count && isDigit(bytes[at]) { throw error("leading zero in a number") }
        } else {
            skipDigits()
        }
        var integral = true
        if at < bytes.count && bytes[at] == UInt8(ascii: ".") {
            integral = false
            at += 1
            guard at < bytes.count, isDigit(bytes[at]) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if at < bytes.count && (bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E")) {
            integral = false
            at += 1
            if at < bytes.count && (bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-")) { at += 1 }
            guard at < bytes.count, isDigit(bytes[at]) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        if integral, let value = integer(from: negative ? start + 1 : start, negative: negative) { return .int(value) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        guard let value = Double(text) else { throw JSONParseError(reason: "unreadable number", offset: start) }
        return .double(value)
    }

    /// The digits from `start` to `at` as an Int (negated when `negative`); nil when out of range.
    private func integer(from start: Int, negative: Bool) -> Int? {
        var value = 0
        for index in start..<at {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            // Accumulated as a negative number, which reaches Int.min.
            let (next, overflowB) = shifted.subtractingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private mutating func skipDigits() {
        while at < bytes.count && isDigit(bytes[at]) { at += 1 }
    }
}

/// Why a text is not JSON: what was wrong, and the byte offset where it was found.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "not JSON: \(reason) at byte \(offset)" }
}

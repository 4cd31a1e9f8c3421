/// A JSON value with ordered keys, written by hand: the contract (docs/CONTRACT.md) fixes key order
/// and number spelling (`"position":1.0` but `"width":390`), which a general encoder would not keep.
/// Also read by hand (`init(parsing:)`), for the browser's DevTools replies, without Foundation.
public indirect enum JSON: Sendable, Equatable {
    case string(String)
    case int(Int)
    /// Always written with a fraction or exponent (1.0, 0.92, 1e-05).
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

    /// Parses one JSON document from its UTF-8 bytes (see `JSONParser` for what is accepted).
    public init(parsing bytes: UnsafeRawBufferPointer) throws(JSONParseError) {
        self = try JSONParser.parse(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Parses one JSON document from its UTF-8 bytes.
    public init(parsing bytes: [UInt8]) throws(JSONParseError) {
        self = try bytes.withUnsafeBufferPointer { buffer throws(JSONParseError) in try JSONParser.parse(buffer) }
    }

    /// Parses one JSON document from text.
    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        // withUTF8 does not pass typed errors through, so the outcome comes out as a Result.
        let parsed = text.withUTF8 { buffer in Result { () throws(JSONParseError) in try JSONParser.parse(buffer) } }
        self = try parsed.get()
    }

    /// An object's member named `key` (the last one, if the name repeats, as JavaScript reads it);
    /// nil when there is none or this is not an object.
    public subscript(_ key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// An array's item at `index`; nil when out of range or this is not an array.
    public subscript(_ index: Int) -> JSON? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An integer, or a double with no fraction that fits one (JavaScript has only doubles, so a
    /// count may come back as `2.0`).
    public var intValue: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value == value.rounded() && abs(value) < 9.2e18: return Int(value)
        default: return nil
        }
    }

    /// Any number, as a double.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// An object's members in the order they were written.
    public var objectValue: [(String, JSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// A length in points: whole numbers are written as integers (`390`), others as decimals.
    public static func points(_ value: Double) -> JSON {
        value == value.rounded() && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }

    public static func == (a: JSON, b: JSON) -> Bool { a.serialized() == b.serialized() }

    /// One line, no spaces: the JSON-lines form other tools read.
    public func serialized() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .string(let text): JSON.writeString(text, into: &out)
        case .int(let value): out += String(value)
        case .double(let value):
            guard value.isFinite else {
                out += "null"
                return
            }
            out += String(value + 0)  // + 0 folds -0.0 into 0.0
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSON.writeString(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // DEL and the C1 controls (U+0085 NEL, U+009B CSI) are legal JSON but act on a
            // terminal that shows the line; U+2028/2029 break JavaScript line readers.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

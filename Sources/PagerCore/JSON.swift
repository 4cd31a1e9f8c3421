/// A JSON value with ordered keys, written by hand: the contract (docs/CONTRACT.md) fixes key order
/// and number spelling (`"position":1.0` but `"width":390`), which a general encoder would not keep.
public indirect enum JSON: Sendable, Equatable {
    case string(String)
    case int(Int)
    /// Always written with a fraction or exponent (1.0, 0.92, 1e-05).
    case double(Double)
    case bool(Bool)
    case null
    case array([JSON])
    case object([(String, JSON)])

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

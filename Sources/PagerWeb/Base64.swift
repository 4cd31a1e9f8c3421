/// Standard base64 (RFC 4648, with padding) decoded from its UTF-8 text: how DevTools sends
/// binary data such as screenshots inside JSON.
enum Base64 {
    /// Each byte's 6-bit value; 0xFF for anything that is not a base64 letter.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, letter) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(letter)] = UInt8(index)
        }
        return table
    }()

    /// The bytes `text` encodes; nil when it is not valid base64.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0) }
    }

    static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        var padding = 0
        if input.count >= 1 && input[input.count - 1] == UInt8(ascii: "=") { padding += 1 }
        if input.count >= 2 && input[input.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var output = [UInt8](repeating: 0, count: input.count / 4 * 3 - padding)
        let valid = values.withUnsafeBufferPointer { values in
            output.withUnsafeMutableBufferPointer { output in
                var out = 0
                var at = 0
                while at < input.count {
                    let last = at + 4 == input.count
                    let a = values[Int(input[at])]
                    let b = values[Int(input[at + 1])]
                    let c = last && padding == 2 ? 0 : values[Int(input[at + 2])]
                    let d = last && padding >= 1 ? 0 : values[Int(input[at + 3])]
                    if (a | b | c | d) & 0xC0 != 0 { return false }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[out] = UInt8(truncatingIfNeeded: group >> 16)
                    if out + 1 < output.count { output[out + 1] = UInt8(truncatingIfNeeded: group >> 8) }
                    if out + 2 < output.count { output[out + 2] = UInt8(truncatingIfNeeded: group) }
                    out += 3
                    at += 4
                }
                return true
            }
        }
        return valid ? output : nil
    }
}

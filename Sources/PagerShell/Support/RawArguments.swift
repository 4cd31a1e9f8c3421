#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The command line's bytes as the kernel gave them. Swift's `CommandLine.arguments` repairs
/// bytes that are not UTF-8 (each becomes U+FFFD), which is right for options but loses a file
/// name: a Latin-1 `café.txt` could not be opened. A name is found again here by its repaired
/// form and opened with its own bytes.
enum RawArguments {
    /// The bytes of the first argument that reads as `repaired` once repaired, if it was not
    /// valid UTF-8 (nil when it was, or when none matches: the string is then the name).
    static func bytes(of repaired: String) -> [UInt8]? {
        guard repaired.unicodeScalars.contains("\u{FFFD}") else { return nil }
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let raw = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            if String(validating: raw, as: UTF8.self) == nil, String(decoding: raw, as: UTF8.self) == repaired { return raw }
        }
        return nil
    }

    /// `bytes` for people: UTF-8 as text, every byte that is not as `\xE9`.
    static func shown(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let decoded = (1...4).lazy.compactMap { length -> (String, Int)? in
                guard index + length <= bytes.count, let part = String(validating: bytes[index..<(index + length)], as: UTF8.self)
                else { return nil }
                return (part, length)
            }.first
            if let (part, length) = decoded {
                text += part
                index += length
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                index += 1
            }
        }
        return text
    }
}

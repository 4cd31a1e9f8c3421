import ArgumentParser
import PagerCore
import PagerSpeech

// The model's enums, spelled on the command line as they are in the REPL and JSON (docs/CONTRACT.md).
// Each is `CaseIterable`, so `--help`, the completion scripts and the man page list the values.

// `allValueStrings` is spelled out rather than left to ArgumentParser's default, which maps
// `allCases` through a key path: the key path machinery's first use cost about half a
// millisecond of every start-up (callgrind).

extension PageDots.Style: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension PageChangeStyle: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension AudioOutput: ExpressibleByArgument {
    static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension OutputRenderer.PrintMode: ExpressibleByArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension TextSize: ExpressibleByArgument {
    /// The names people write: "large", "xxxLarge", "AX3", "ax3", "accessibility3".
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

/// Checks for option values that carry their own limits; each throws the one sentence that
/// ArgumentParser prints after "The value '…' is invalid for '--option <value>': ".
enum ArgumentCheck {
    static func int(_ text: String, in range: ClosedRange<Int>) throws -> Int {
        let trimmed = text.trimmingSpaces()
        guard let value = Int(trimmed), range.contains(value) else {
            let number = Double(trimmed)
            if Int(trimmed) != nil || (number.map { $0.isFinite && $0 == $0.rounded() } ?? false) {
                throw ValidationError("must be between \(range.lowerBound) and \(range.upperBound)")
            }
            throw ValidationError("must be a whole number")
        }
        return value
    }

    static func double(_ text: String, in range: ClosedRange<Double>) throws -> Double {
        let trimmed = text.trimmingSpaces()
        guard trimmed.utf8.count <= 64, let value = Double(trimmed) else { throw ValidationError("must be a number") }
        guard value.isFinite else { throw ValidationError("must be a finite number") }
        guard range.contains(value) else {
            throw ValidationError(
                "must be between \(NumberText.compact(range.lowerBound)) and \(NumberText.compact(range.upperBound))")
        }
        return value
    }

    /// A size in bytes, `65536`, `64K`, `64M` or `1G` (powers of 1024), from 1K to 1G.
    static func byteSize(_ text: String) throws -> Int {
        let trimmed = text.trimmingSpaces()
        var digits = Substring(trimmed)
        var shift = 0
        if let unit = trimmed.last.flatMap({ "KMG".firstIndex(of: Character($0.uppercased())) }) {
            shift = 10 * ("KMG".distance(from: "KMG".startIndex, to: unit) + 1)
            digits = digits.dropLast()
        }
        guard digits.count <= 20, let number = Int(digits), number >= 0 else {
            throw ValidationError("must be a size in bytes, or with K, M or G (64M)")
        }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow, (1 << 10...Document.maximumSpooledBytes).contains(bytes) else {
            throw ValidationError("must be between 1K and 1G")
        }
        return bytes
    }

    /// A language the model speaks, by BCP 47 tag (`pt-BR`, `zh-Hans`, `es-419`, `de_DE`): the
    /// tag, as typed, once it is known to match.
    static func language(_ text: String) throws -> String {
        guard SpokenStrings.forLanguage(text) != nil else { throw ValidationError(SpokenStrings.unknownLanguageMessage(text)) }
        return text
    }
}

extension SpokenStrings {
    /// Whether the language is written right to left (here Arabic, Hebrew and Persian).
    public var isRightToLeft: Bool {
        let language = code.prefix { $0 != "-" }
        return ["ar", "he", "fa", "ur", "yi", "ps", "sd", "ug", "dv", "ckb", "syr"].contains(language)
    }

    /// `text` marked for a terminal, so right-to-left words keep their order on screen and for a
    /// screen reader reading the screen. Text mode only: JSON carries the text as it is.
    ///
    /// The whole text is one isolate, not each right-to-left run: "الصفحة 2 من 3" isolated word by
    /// word would leave "2" and "3" outside, in the terminal's left-to-right order, and an Arabic
    /// reader would read "3 of 2". Inside one isolate the Unicode bidi algorithm places the numbers
    /// within the sentence, and nothing outside (a prompt, the next line) can reorder it.
    ///
    /// - Text without a right-to-left letter is returned unchanged (every English line).
    /// - FSI (U+2068) … PDI (U+2069) when the first strong letter is right to left.
    /// - RLI (U+2067) … PDI when a right-to-left language's sentence starts with a left-to-right
    ///   letter (a Latin page title first): the sentence is still Arabic, Hebrew or Persian.
    /// Each line is isolated on its own (an isolate ends at a line end anyway), and isolate marks
    /// already in the text are balanced first, so a stray PDI in a page title cannot end ours early.
    public func isolatedForTerminal(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { isolatedLine(Substring($0)) }.joined(separator: "\n")
    }

    private func isolatedLine(_ line: Substring) -> String {
        guard let first = BidiClass.firstStrong(in: line.unicodeScalars) else { return String(line) }
        guard first == .rightToLeft || line.unicodeScalars.contains(where: { BidiClass.of($0) == .rightToLeft }) else {
            return String(line)
        }
        let opener: Unicode.Scalar = first == .rightToLeft || !isRightToLeft ? BidiClass.firstStrongIsolate : BidiClass.rightToLeftIsolate
        var scalars = String.UnicodeScalarView()
        scalars.append(opener)
        var open = 0
        for scalar in line.unicodeScalars {
            switch scalar {
            case BidiClass.leftToRightIsolate, BidiClass.rightToLeftIsolate, BidiClass.firstStrongIsolate:
                open += 1
                scalars.append(scalar)
            case BidiClass.popDirectionalIsolate:
                // A PDI with nothing of its own to close would close ours.
                guard open > 0 else { continue }
                open -= 1
                scalars.append(scalar)
            default:
                scalars.append(scalar)
            }
        }
        scalars.append(contentsOf: repeatElement(BidiClass.popDirectionalIsolate, count: open + 1))
        return String(scalars)
    }
}

/// The little of Unicode's bidirectional classes (UAX #9) that isolating needs. The standard
/// library does not expose `Bidi_Class`, so strong direction comes from the letter's block: a
/// letter in a Hebrew, Arabic, Syriac, Thaana, N'Ko or other right-to-left block is right to left,
/// any other letter left to right. Digits, punctuation, spaces and marks are neutral here.
enum BidiClass: Equatable {
    case leftToRight, rightToLeft

    static let leftToRightIsolate: Unicode.Scalar = "\u{2066}"
    static let rightToLeftIsolate: Unicode.Scalar = "\u{2067}"
    static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    private static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
        0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
        0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms A
        0xFE70...0xFEFF,  // Arabic presentation forms B
        0x10800...0x10FFF,  // Cypriot to Old Uyghur and other historic right-to-left scripts
        0x1E800...0x1EFFF,  // Mende Kikakui, Adlam, Arabic mathematical symbols
    ]

    static func of(_ scalar: Unicode.Scalar) -> BidiClass? {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
            rightToLeftBlocks.contains { $0.contains(scalar.value) } ? .rightToLeft : .leftToRight
        default:
            nil
        }
    }

    /// UAX #9 rule P2's first strong letter, not looking inside isolates already in the text.
    static func firstStrong(in scalars: Substring.UnicodeScalarView) -> BidiClass? {
        var depth = 0
        for scalar in scalars {
            switch scalar {
            case leftToRightIsolate, rightToLeftIsolate, firstStrongIsolate: depth += 1
            case popDirectionalIsolate: depth = max(depth - 1, 0)
            default:
                if depth == 0, let direction = of(scalar) { return direction }
            }
        }
        return nil
    }
}

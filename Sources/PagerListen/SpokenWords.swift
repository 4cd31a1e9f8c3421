/// Text as the words a person would say for it, in the pronouncing dictionary's spelling: lower
/// case, punctuation dropped, digits read as a number ("Page 2 of 10" → page two of ten).
public enum SpokenWords {
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var digits = ""
        func flushWord() {
            // Apostrophes belong to a word only inside it ("don't", not "'quoted'").
            let trimmed = current.trimmingApostrophes()
            if !trimmed.isEmpty { words.append(trimmed) }
            current = ""
        }
        func flushDigits() {
            guard !digits.isEmpty else { return }
            if let value = Int(digits), let spoken = NumberWords.words(value) {
                words += spoken
            } else {
                words += digits.compactMap { Int(String($0)).flatMap(NumberWords.words) }.flatMap { $0 }
            }
            digits = ""
        }
        for character in text {
            if character.isASCII && character.isNumber {
                flushWord()
                digits.append(character)
            } else if character.isLetter || character == "'" || character == "’" {
                flushDigits()
                current += character == "’" ? "'" : String(character).lowercased()
            } else {
                flushWord()
                flushDigits()
            }
        }
        flushWord()
        flushDigits()
        return words
    }
}

extension String {
    fileprivate func trimmingApostrophes() -> String {
        var text = Substring(self)
        while text.first == "'" { text.removeFirst() }
        while text.last == "'" { text.removeLast() }
        return String(text)
    }
}

/// Numbers as a person says them ("twenty one", "one hundred and five"), in the words the
/// pronouncing dictionary knows, so page numbers and announcements can be put into a grammar.
public enum NumberWords {
    private static let units = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    private static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// The words for 0…999,999; nil outside that range.
    public static func words(_ number: Int) -> [String]? {
        guard number >= 0 && number < 1_000_000 else { return nil }
        if number < 1000 { return belowThousand(number) }
        var result = belowThousand(number / 1000) + ["thousand"]
        let rest = number % 1000
        if rest > 0 {
            if rest < 100 { result.append("and") }
            result += belowThousand(rest)
        }
        return result
    }

    private static func belowThousand(_ number: Int) -> [String] {
        if number < 20 { return [units[number]] }
        if number < 100 {
            return [tens[number / 10]] + (number % 10 == 0 ? [] : [units[number % 10]])
        }
        var result = [units[number / 100], "hundred"]
        if number % 100 > 0 { result += ["and"] + belowThousand(number % 100) }
        return result
    }
}

/// What a grammar rebuild could not include, so the shell can print a notice.
public struct GrammarReport: Hashable, Sendable {
    /// A page title with words the dictionary cannot pronounce (left out of "go to …").
    public struct LeftOut: Hashable, Sendable {
        /// 1-based page number.
        public var page: Int
        public var title: String
        /// The title's words that were left out, lower case.
        public var words: [String]
        /// True when nothing of the title was left: the page is reachable only by number.
        public var unreachableByTitle: Bool
    }

    /// A page whose "go to <title>" is said like an earlier phrase that goes elsewhere.
    public struct TitleClash: Hashable, Sendable {
        /// 1-based page number.
        public var page: Int
        /// The phrase, lower case ("go", "to", "page", "three").
        public var words: [String]
        /// What the phrase does instead (the earlier phrase's action).
        public var goesTo: VoiceAction
    }

    public var leftOut: [LeftOut]
    /// Pages whose (pronounceable) title says the same as an earlier phrase leading elsewhere.
    public var titleClashes: [TitleClash]
    /// Pages beyond the largest number the grammar holds (`VoiceCommands.maximumPageNumber`).
    public var pagesWithoutNumber: ClosedRange<Int>?
    /// How many distinct phrases the grammar accepts.
    public var phraseCount: Int

    /// One line per problem, for the shell to print as notices (empty when all is well).
    public var notices: [String] {
        var lines: [String] = []
        for item in leftOut {
            let words = item.words.map { "'\($0)'" }.joined(separator: ", ")
            if item.unreachableByTitle {
                lines.append("voice: page \(item.page) can only be reached by number (cannot pronounce \(words))")
            } else {
                lines.append("voice: left \(words) out of \"go to\" page \(item.page) (not in the dictionary)")
            }
        }
        for clash in titleClashes {
            let instead =
                switch clash.goesTo {
                case .command(let line) where line.hasPrefix("go "): "page " + line.dropFirst(3)
                case .sleep: "sleep (it puts listening to sleep)"
                default: clash.goesTo.description
                }
            lines.append(
                "voice: \"\(clash.words.joined(separator: " "))\" goes to \(instead), not to page \(clash.page) (its title says the same)")
        }
        if let range = pagesWithoutNumber {
            // Their titles may still reach them ("go to page one thousand" for a page titled so).
            lines.append(
                "voice: pages \(range.lowerBound)…\(range.upperBound) have no \"page <number>\" phrase (numbers stop at \(range.lowerBound - 1))"
            )
        }
        return lines
    }
}

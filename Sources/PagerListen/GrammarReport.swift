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

    public var leftOut: [LeftOut]
    /// Pages whose (pronounceable) title says the same as an earlier page's: "go to" that title
    /// goes to the earlier page.
    public var duplicateTitles: [Int]
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
        for page in duplicateTitles {
            lines.append("voice: page \(page) has the same spoken title as an earlier page; \"go to\" goes to the earlier one")
        }
        if let range = pagesWithoutNumber {
            lines.append("voice: pages \(range.lowerBound)…\(range.upperBound) cannot be reached by number")
        }
        return lines
    }
}

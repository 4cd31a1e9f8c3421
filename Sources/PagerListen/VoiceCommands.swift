/// The phrases voice commands understand for one pager, each mapped to the REPL command line it
/// means; rebuilt whenever the pages change.
///
/// "next (page)", "previous (page)", "first page", "last page", "(go to) page <number>",
/// "go to <title>", "repeat", "stop", "where am I", "quit listening", "read", "go to sleep" and
/// "wake up". Title words the dictionary cannot pronounce are left out (and reported), since a
/// grammar word without a pronunciation cannot be recognised at all. With a wake word, every
/// phrase begins with it ("computer next page"), so speech not addressed to PagerVoice runs
/// nothing.
public struct VoiceCommands: Sendable {
    public struct Phrase: Hashable, Sendable {
        public var words: [String]
        public var action: VoiceAction
    }

    /// Page numbers are spoken up to here; past it a grammar of every number would be large and
    /// its numbers ever more confusable ("three hundred and twelve" / "…and twenty").
    public static let maximumPageNumber = 999
    /// Numbers are offered up to here even with fewer pages, as `VoiceAction.noSuchPage`: a
    /// number said is heard as itself and fails, where left out it was taken for a page that
    /// exists (flite's "go to page five" ran `go 1` on a 3-page pager in 2 voices of 4).
    public static let numbersOffered = 10

    public private(set) var phrases: [Phrase] = []
    public private(set) var report: GrammarReport

    /// What listening asleep understands: "wake up" alone (after the wake word, if any).
    public static func asleep(wakeWord: String? = nil) -> [Phrase] {
        [Phrase(words: (wakeWord.map { [$0] } ?? []) + ["wake", "up"], action: .wake)]
    }

    /// - Parameters:
    ///   - titles: the page titles, in page order.
    ///   - count: the number of pages (numbers are offered for 1…count, and to
    ///     `numbersOffered` as numbers there is no page for).
    ///   - canPronounce: whether the dictionary has a word (lower case).
    ///   - wakeWord: a word every phrase must begin with (lower case, in the dictionary), or nil.
    public init(titles: [String], count: Int, canPronounce: (String) -> Bool, wakeWord: String? = nil) {
        var seen: [[String]: VoiceAction] = [:]
        var phrases: [Phrase] = []
        func add(_ words: [String], _ action: VoiceAction) -> Bool {
            guard !words.isEmpty, seen[words] == nil else { return false }
            seen[words] = action
            phrases.append(Phrase(words: words, action: action))
            return true
        }
        _ = add(["next"], .command("next"))
        _ = add(["next", "page"], .command("next"))
        _ = add(["previous"], .command("previous"))
        _ = add(["previous", "page"], .command("previous"))
        if count > 0 {
            _ = add(["first", "page"], .command("go 1"))
            _ = add(["last", "page"], .command("go \(count)"))
        }
        _ = add(["repeat"], .command("repeat"))
        _ = add(["stop"], .command("stop"))
        _ = add(["where", "am", "i"], .command("focus"))
        _ = add(["quit", "listening"], .quitListening)
        // Also where no document is open: there "read" fails with a line saying how to open
        // one. Left out, the word was taken for another phrase ("where am I", in flite's rms).
        _ = add(["read"], .command("read"))
        _ = add(["go", "to", "sleep"], .sleep)
        _ = add(["wake", "up"], .wake)
        /// "page N" and "go to page N".
        func addNumber(_ page: Int, _ action: VoiceAction) {
            guard let number = NumberWords.words(page) else { return }
            _ = add(["page"] + number, action)
            _ = add(["go", "to", "page"] + number, action)
        }
        let numbered = min(max(count, 0), Self.maximumPageNumber)
        if numbered > 0 {
            for page in 1...numbered { addNumber(page, .command("go \(page)")) }
        }
        var leftOut: [GrammarReport.LeftOut] = []
        var clashes: [GrammarReport.TitleClash] = []
        for (index, title) in titles.enumerated() where index < max(count, 0) {
            let page = index + 1
            let words = SpokenWords.words(in: title)
            let missing = words.filter { !canPronounce($0) }
            let kept = words.filter { canPronounce($0) }
            if !missing.isEmpty || kept.isEmpty {
                leftOut.append(.init(page: page, title: title, words: missing, unreachableByTitle: kept.isEmpty))
            }
            let phrase = ["go", "to"] + kept
            let action = VoiceAction.command("go \(page)")
            // A title said like an earlier phrase that leads elsewhere ("Page 3" as page 1's
            // title, or two pages called "Collect"): the earlier phrase wins. One that leads to
            // this very page (page 3 titled "Page 3") is no clash.
            if !kept.isEmpty && !add(phrase, action), let earlier = seen[phrase], earlier != action {
                clashes.append(.init(page: page, words: phrase, goesTo: earlier))
            }
        }
        // After the titles, so a page titled "Page 5" keeps "go to page five" on a 3-page pager.
        if numbered < Self.numbersOffered {
            for page in (numbered + 1)...Self.numbersOffered { addNumber(page, .noSuchPage(page)) }
        }
        if let wakeWord {
            phrases = phrases.map { Phrase(words: [wakeWord] + $0.words, action: $0.action) }
        }
        self.phrases = phrases
        report = GrammarReport(
            leftOut: leftOut, titleClashes: clashes,
            pagesWithoutNumber: count > Self.maximumPageNumber ? (Self.maximumPageNumber + 1)...count : nil,
            phraseCount: phrases.count)
    }

    /// The action for a word sequence the grammar produced.
    public func action(for words: [String]) -> VoiceAction? {
        phrases.first { $0.words == words }?.action
    }
}

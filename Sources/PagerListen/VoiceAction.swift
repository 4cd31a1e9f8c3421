/// What a recognised phrase asks for.
public enum VoiceAction: Hashable, Sendable, CustomStringConvertible {
    /// A REPL command line, exactly as it would be typed (`next`, `go 2`, `focus`).
    case command(String)
    /// "quit listening": listening ends after this phrase; no command runs.
    case quitListening
    /// "go to sleep": listening stays on but obeys nothing except "wake up".
    case sleep
    /// "wake up": listening obeys commands again.
    case wake
    /// "page five" where there are fewer pages: heard as said, it runs `go 5` as typed, which
    /// fails and changes nothing ("there is no page 5"). Left out of the grammar, the number was
    /// taken for a page that exists: "go to page five" went to page 1 of 3.
    case noSuchPage(Int)

    /// Whether hearing it can change anything: all but a number past the last page, which
    /// fails as typed. The benches count what people's speech ran by this.
    public var acts: Bool {
        if case .noSuchPage = self { false } else { true }
    }

    /// The REPL command line it runs, as typed; nil for what only changes listening.
    public var commandLine: String? {
        switch self {
        case .command(let line): line
        case .noSuchPage(let page): "go \(page)"
        case .quitListening, .sleep, .wake: nil
        }
    }

    public var description: String {
        switch self {
        case .command, .noSuchPage: commandLine ?? ""
        case .quitListening: "quit listening"
        case .sleep: "go to sleep"
        case .wake: "wake up"
        }
    }
}

/// One phrase that was heard and understood.
public struct HeardPhrase: Hashable, Sendable {
    /// The words heard, as the grammar spells them ("go to collect").
    public var text: String
    public var action: VoiceAction
    /// PocketSphinx's path score of the utterance per 10 ms frame (log base 1.0001, at most 0;
    /// nearer 0 is a closer match). For comparing utterances and for logs; not a probability
    /// (PocketSphinx 5prealpha gives no lattice posterior for grammar searches: always 1).
    public var score: Double

    public init(text: String, action: VoiceAction, score: Double) {
        self.text = text
        self.action = action
        self.score = score
    }
}

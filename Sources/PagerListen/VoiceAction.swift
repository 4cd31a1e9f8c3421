/// What a recognised phrase asks for.
public enum VoiceAction: Hashable, Sendable, CustomStringConvertible {
    /// A REPL command line, exactly as it would be typed (`next`, `go 2`, `focus`).
    case command(String)
    /// "quit listening": listening ends after this phrase; no command runs.
    case quitListening

    public var description: String {
        switch self {
        case .command(let line): line
        case .quitListening: "quit listening"
        }
    }
}

/// One phrase that was heard and understood.
public struct HeardPhrase: Hashable, Sendable {
    /// The words heard, as the grammar spells them ("go to collect").
    public var text: String
    public var action: VoiceAction
    /// How sure the recogniser is, 0…1: the posterior probability of this phrase in the
    /// utterance's word lattice, against the other phrases and the garbage loop.
    public var confidence: Double

    public init(text: String, action: VoiceAction, confidence: Double) {
        self.text = text
        self.action = action
        self.confidence = confidence
    }
}

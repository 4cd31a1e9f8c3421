/// A word grammar in sphinxbase's FSG text format, written directly rather than through JSGF:
/// sphinxbase 5prealpha's JSGF compiler folds a right-recursive rule back into the start state
/// and drops alternative weights (seen with `jsgf_write_fsg`), so the garbage loop below could not
/// be expressed in JSGF at all.
///
/// States: 0 start, 1 final, 2 the phone loop before a phrase (or standing alone), 3 the root of
/// the phrase tree, 4 the end of a phrase, 5 the phone loop after a phrase, then the tree. The
/// phrases share prefixes ("go to page …"), and every branch of a node is equally likely.
struct FiniteStateGrammar {
    /// The phones of the US English model, each also a one-phone "word" of the garbage loop.
    static let phones = [
        "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH", "IH", "IY",
        "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH", "UW", "V", "W", "Y", "Z", "ZH",
    ]

    /// The dictionary word standing for one phone; the underscore keeps it apart from every word
    /// `SpokenWords` can produce.
    static func garbageWord(_ phone: String) -> String { "gbg_" + phone.lowercased() }

    static func isGarbage(_ word: String) -> Bool { word.hasPrefix("gbg_") }

    let text: String

    private init(text: String) { self.text = text }

    /// The phrases alone, no loop, every branch weighted 1 rather than shared out: a path's score
    /// is then its acoustic score alone, the same whichever other phrases are in the grammar, so
    /// scores from two grammars (all phrases; all but the best) compare directly.
    static func closedSet(phrases: [[String]]) -> FiniteStateGrammar {
        FiniteStateGrammar(phrases: phrases, tuning: nil)
    }

    /// One or more phones of the loop and nothing else, each weighted 1: the best any speech
    /// can score, against which a phrase's score says how well the phrase explains the sound.
    static func phoneLoop() -> FiniteStateGrammar {
        var lines: [String] = []
        for phone in phones {
            lines.append("TRANSITION 0 2 1 \(garbageWord(phone))")
            lines.append("TRANSITION 2 2 1 \(garbageWord(phone))")
        }
        lines.append("TRANSITION 2 1 1")
        return FiniteStateGrammar(
            text: "FSG_BEGIN loop\nNUM_STATES 3\nSTART_STATE 0\nFINAL_STATE 1\n" + lines.joined(separator: "\n") + "\nFSG_END\n")
    }

    /// `tuning` nil: the closed set (see `closedSet`).
    init(phrases: [[String]], tuning: RejectionTuning?) {
        final class Node {
            var children: [(word: String, node: Node)] = []
            var terminal = false
            var state = 0
        }
        let root = Node()
        for phrase in phrases where !phrase.isEmpty {
            var node = root
            for word in phrase {
                if let next = node.children.first(where: { $0.word == word }) {
                    node = next.node
                } else {
                    let child = Node()
                    node.children.append((word, child))
                    node = child
                }
            }
            node.terminal = true
        }
        let start = 0
        let final = 1
        let before = 2
        let phraseRoot = 3
        let phraseEnd = 4
        let after = 5
        var stateCount = 6
        var lines: [String] = []
        func transition(_ from: Int, _ to: Int, _ probability: Double, _ word: String = "") {
            lines.append("TRANSITION \(from) \(to) \(probability)" + (word.isEmpty ? "" : " " + word))
        }
        root.state = phraseRoot
        var pending = [root]
        while let node = pending.popLast() {
            let branches = node.children.count + (node.terminal ? 1 : 0)
            guard branches > 0 else { continue }
            let probability = tuning == nil ? 1 : 1.0 / Double(branches)
            if node.terminal { transition(node.state, phraseEnd, probability) }
            for (word, child) in node.children {
                child.state = stateCount
                stateCount += 1
                transition(node.state, child.state, probability, word)
                pending.append(child)
            }
        }
        transition(start, phraseRoot, 1)
        transition(phraseEnd, final, 1)
        if let tuning {
            transition(before, phraseRoot, 1)
            transition(before, final, 1)
            transition(after, final, 1)
            for phone in Self.phones {
                let word = Self.garbageWord(phone)
                transition(start, before, tuning.garbageEntry, word)
                transition(before, before, tuning.garbageLoop, word)
                transition(phraseEnd, after, tuning.garbageEntry, word)
                transition(after, after, tuning.garbageLoop, word)
            }
        }
        text =
            "FSG_BEGIN phrases\nNUM_STATES \(stateCount)\nSTART_STATE \(start)\nFINAL_STATE \(final)\n"
            + lines.joined(separator: "\n") + "\nFSG_END\n"
    }

    /// Splits a hypothesis into the phrase and the loop phones around it; nil when the loop
    /// explains the utterance, or more of it than `edgePhones` (`edgePhonesAroundOneWord` for a
    /// one-word phrase) allows.
    static func phrase(in hypothesis: String, tuning: RejectionTuning) -> [String]? {
        var words = hypothesis.split(separator: " ").map(String.init)
        var edge = 0
        while let first = words.first, isGarbage(first) {
            words.removeFirst()
            edge += 1
        }
        while let last = words.last, isGarbage(last) {
            words.removeLast()
            edge += 1
        }
        let allowed = words.count == 1 ? tuning.edgePhonesAroundOneWord : tuning.edgePhones
        guard !words.isEmpty, edge <= allowed, !words.contains(where: isGarbage) else { return nil }
        return words
    }
}

/// `verify --listen`: was a recording of an announcement heard as that announcement, among every
/// announcement the pager can make?
///
/// A closed set, not open listening: the recording is known to be one of the phrases, so there
/// is no rejection (no phone loop, no entry penalty); every phrase is scored by its best path
/// through the whole recording and the best one is what was heard. The runner-up (the best of
/// the others, by a second search without the winner) and the margin between them say how close
/// the call was, so a report can show "heard 'page eight of nine', runner-up 'page three of
/// nine' by 1.2". Give every announcement of the pager and every other text the script expects:
/// a text is only ever heard as one of the phrases, so two texts can only be told apart when
/// both are there (an expected text that is not is added, and stays for later checks).
///
/// One decoder for a script (the model loads in about half a second); each check is two
/// searches of one recording. Synchronous, on the caller's thread; not `Sendable` (PocketSphinx
/// is not thread-safe). English only, like the model.
public final class AnnouncementCheck {
    /// What one recording was heard as.
    public struct Result: Hashable, Sendable {
        /// The phrase heard, as spoken words ("page eight of nine").
        public var heard: String
        /// The expected text as spoken words ("Page 8 of 9" → "page eight of nine").
        public var expected: String
        /// The next best phrase, nil when there is only one.
        public var runnerUp: String?
        /// How much better the heard phrase scored than the runner-up, per 10 ms frame of the
        /// recording (PocketSphinx's score units; 0 when too close to call, nil with no runner-up).
        public var margin: Double?
        /// Whether the recording was heard as the expected text.
        public var matches: Bool { heard == expected }
    }

    /// The longest text checked, in words: far beyond any announcement (VoiceOver's longest, a
    /// focus description with its hint, is 17), and short enough that one recording is searched
    /// in well under a second. Longer phrases would make every search slower for all checks.
    public static let maximumWords = 64

    private let recogniser: Recogniser
    private var phrases: [[String]] = []
    private var known: Set<[String]> = []
    /// Words of the phrases given at `init` that the dictionary cannot pronounce: those phrases
    /// were left out, and expecting one of them throws.
    public private(set) var unpronounceable: [String] = []

    public init(phrases: [String], configuration: ListenConfiguration = .init()) throws(ListenError) {
        recogniser = try Recogniser(configuration: configuration, wholeRecordings: true)
        var missing: Set<String> = []
        for text in phrases {
            let words = SpokenWords.words(in: text)
            let unknown = words.filter { !recogniser.canPronounce($0) }
            missing.formUnion(unknown)
            if !words.isEmpty && words.count <= Self.maximumWords && unknown.isEmpty && known.insert(words).inserted {
                self.phrases.append(words)
            }
        }
        unpronounceable = missing.sorted()
        if !self.phrases.isEmpty { try recogniser.loadClosedSet(phrases: self.phrases) }
    }

    /// Adds `texts` to the phrases a recording can be heard as: the announcements of a pager whose
    /// pages changed, what a script has said so far. Texts with a word the dictionary cannot say
    /// are skipped (they could never be heard); the grammar is rebuilt once, only when something
    /// was added.
    public func include(_ texts: [String]) throws(ListenError) {
        var added = false
        for text in texts {
            let words = SpokenWords.words(in: text)
            guard !words.isEmpty, words.count <= Self.maximumWords, words.allSatisfy({ recogniser.canPronounce($0) }),
                known.insert(words).inserted
            else {
                continue
            }
            phrases.append(words)
            added = true
        }
        if added { try recogniser.loadClosedSet(phrases: phrases) }
    }

    /// Hears 16-bit mono `samples` at `sampleRate` and compares them with `expected`.
    ///
    /// Throws `.uncheckable` when `expected` has no words or words the dictionary cannot say, or
    /// the audio is not a recording (no samples, a rate outside 1…384000 Hz); a recording with
    /// no path through any phrase (silence) is heard as "" and does not match.
    public func check(samples: [Int16], sampleRate: Int, expected: String) throws(ListenError) -> Result {
        let words = SpokenWords.words(in: expected)
        guard !words.isEmpty else { throw .uncheckable(text: expected, reason: "it has no words to say") }
        guard words.count <= Self.maximumWords else {
            throw .uncheckable(
                text: String(expected.prefix(60)) + "…",
                reason: "it is \(words.count) words long; at most \(Self.maximumWords) are checked by ear")
        }
        let unknown = words.filter { !recogniser.canPronounce($0) }
        guard unknown.isEmpty else {
            throw .uncheckable(
                text: expected, reason: "the dictionary cannot pronounce " + unknown.map { "'\($0)'" }.joined(separator: ", "))
        }
        guard !samples.isEmpty, (1...384_000).contains(sampleRate) else {
            throw .uncheckable(text: expected, reason: "the audio is empty or its rate (\(sampleRate) Hz) is not usable")
        }
        if known.insert(words).inserted {
            phrases.append(words)
            try recogniser.loadClosedSet(phrases: phrases)
        }
        var audio = samples
        if sampleRate != Recogniser.sampleRate {
            var resampler = Resampler(from: sampleRate, to: Recogniser.sampleRate)
            audio = resampler.process(samples.map { Float($0) / 32768 }, final: true)
        }
        let prepared = WholeRecording.prepared(audio)
        let spokenExpected = words.joined(separator: " ")
        guard let best = prepared.withUnsafeBufferPointer({ recogniser.score($0, search: Recogniser.closedSearch) }) else {
            return Result(heard: "", expected: spokenExpected, runnerUp: nil, margin: nil)
        }
        let others = phrases.filter { $0 != best.words }
        guard !others.isEmpty else {
            return Result(heard: best.words.joined(separator: " "), expected: spokenExpected, runnerUp: nil, margin: nil)
        }
        try recogniser.loadClosedSet(phrases: others, name: Self.othersSearch)
        let second = prepared.withUnsafeBufferPointer { recogniser.score($0, search: Self.othersSearch) }
        // Both grammars weigh every phrase alike (1), so their scores compare directly.
        let margin = second.map { max(0, Double(best.score) - Double($0.score)) / Double(best.frames) }
        return Result(
            heard: best.words.joined(separator: " "), expected: spokenExpected,
            runnerUp: second.map { $0.words.joined(separator: " ") }, margin: margin)
    }

    private static let othersSearch = "others"
}

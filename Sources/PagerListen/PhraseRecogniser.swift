/// Recognises one recording against a fixed list of phrases: `verify --listen` synthesises an
/// announcement ("Page 8 of 9") and asks which of the pager's announcements it sounds like.
///
/// Synchronous, on the caller's thread; not `Sendable` (PocketSphinx is not thread-safe). Makes
/// one decoder (about half a second: the model and dictionary load), then each recognition costs
/// a fraction of the recording's length. English only, like the model.
public final class PhraseRecogniser {
    /// What a recording was heard as.
    public enum Match: Hashable, Sendable {
        /// The phrase at `index` of the list given at `init`; `heard` is its spoken words
        /// ("page eight of nine"); `score` as in `HeardPhrase`.
        case phrase(index: Int, heard: String, score: Double)
        /// None of the phrases; `words` are phrase words the recogniser placed in it, if any.
        case notUnderstood(words: [String])
    }

    private let recogniser: Recogniser
    private let phraseWords: [[String]]
    /// Words of the phrases the dictionary cannot pronounce: phrases that contain one are left
    /// out and can never be matched.
    public let unpronounceable: [String]

    public init(phrases: [String], configuration: ListenConfiguration = .init()) throws(ListenError) {
        recogniser = try Recogniser(configuration: configuration, wholeRecordings: true)
        let words = phrases.map(SpokenWords.words(in:))
        var missing: [String] = []
        for word in Set(words.flatMap { $0 }).sorted() where !recogniser.canPronounce(word) {
            missing.append(word)
        }
        unpronounceable = missing
        let usable = words.map { phrase in phrase.contains(where: missing.contains) ? [] : phrase }
        phraseWords = words
        try recogniser.load(phrases: usable)
    }

    /// The spoken words a phrase is matched as ("Page 8 of 9" → "page eight of nine").
    public func spokenForm(of index: Int) -> String {
        phraseWords[index].joined(separator: " ")
    }

    /// Recognises 16-bit mono samples at any rate.
    public func recognise(samples: [Int16], sampleRate: Int) -> Match {
        var audio = samples
        if sampleRate != Recogniser.sampleRate {
            var resampler = Resampler(from: sampleRate, to: Recogniser.sampleRate)
            audio = resampler.process(samples.map { Float($0) / 32768 }, final: true)
        }
        let outcome = audio.withUnsafeBufferPointer { recogniser.recognise(whole: $0) }
        return match(outcome)
    }

    /// Recognises a WAV file (any format `Listener` reads).
    public func recognise(wavFile path: String) throws(ListenError) -> Match {
        let reader = try WAVReader(path: path)
        var resampler = Resampler(from: reader.sampleRate, to: Recogniser.sampleRate)
        var audio: [Int16] = []
        while true {
            let piece = try reader.read(frames: 65_536)
            audio += resampler.process(piece, final: piece.isEmpty)
            if piece.isEmpty { break }
        }
        let outcome = audio.withUnsafeBufferPointer { recogniser.recognise(whole: $0) }
        return match(outcome)
    }

    private func match(_ outcome: Recogniser.Outcome?) -> Match {
        switch outcome {
        case .phrase(let index, let score)?:
            return .phrase(index: index, heard: spokenForm(of: index), score: score)
        case .rejected(let words)?:
            return .notUnderstood(words: words)
        case .noise?:
            return .notUnderstood(words: [])
        case nil:
            return .notUnderstood(words: [])
        }
    }
}

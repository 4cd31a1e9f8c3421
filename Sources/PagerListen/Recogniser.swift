import Glibc

/// One PocketSphinx decoder with a phrase grammar, fed 16 kHz mono samples; cuts the stream into
/// utterances with PocketSphinx's voice activity detector and judges each one.
///
/// Not thread-safe (PocketSphinx is not): the `Listener` keeps one on its own thread, and
/// `PhraseRecogniser` callers use theirs on one thread.
package final class Recogniser {
    /// What one utterance turned out to be.
    package enum Outcome: Equatable {
        /// The phrase at this index of the last `load`, with its path score per frame.
        case phrase(index: Int, score: Double)
        /// Not a phrase: the grammar words that were in the hypothesis, if any.
        case rejected(words: [String])
    }

    package static let sampleRate = 16_000
    /// Feeding in 20 ms slices lets the detector end an utterance within a slice of its real end.
    private static let sliceSamples = 320
    /// An utterance longer than this is cut and judged (a TV in the background, a long sentence):
    /// no command is this long, and the decoder's memory stays bounded.
    private static let longestUtterance = 10 * sampleRate

    private let handles: PocketSphinxRaw.Handles
    private var decoder: OpaquePointer { handles.decoder }
    let logPath: String?
    private let tuning: RejectionTuning
    private var phraseIndex: [[String]: Int] = [:]
    private var utteranceOpen = false
    private var speechSeen = false
    private var utteranceSamples = 0
    /// The audio of the utterance in progress, for a second look (see `closeUtterance`).
    private var utteranceAudio: [Int16] = []

    /// `wholeRecordings`: the decoder judges complete recordings (`recognise(whole:)`, as
    /// `PhraseRecogniser` does) rather than a stream cut by the voice activity detector.
    package init(configuration: ListenConfiguration, wholeRecordings: Bool = false) throws(ListenError) {
        try configuration.model.validate()
        if let folder = configuration.stateFolder {
            try Self.prepareLog(folder: folder, path: configuration.logPath!)
        }
        logPath = PocketSphinxRaw.chooseLog(configuration.logPath)
        tuning = configuration.rejection
        let arguments = [
            "-hmm", configuration.model.acousticModel,
            "-dict", configuration.model.dictionary,
            "-samprate", "16000",
            // The model's feat.params asks for batch normalisation, which needs the whole
            // utterance; live normalisation starts from the model's initial means instead.
            "-cmn", "live",
            "-lw", "6.5",
            // Synthesised speech holds runs of exact zeros, whose log energy sits at the floor;
            // one bit of dither gives them the faint noise every microphone has (seeded: runs
            // repeat). Whole recordings only: in a stream the dithered silence at the start
            // wakes the voice activity detector before it has learnt the noise floor.
            "-dither", wholeRecordings ? "yes" : "no", "-seed", "1",
            "-vad_postspeech", String(max(configuration.endOfSpeechFrames, 5)),
        ]
        guard let handles = PocketSphinxRaw.makeDecoder(arguments: arguments) else {
            throw .recogniserFailed(operation: "load the model at \(configuration.model.acousticModel)", logPath: logPath)
        }
        self.handles = handles
        for (index, phone) in FiniteStateGrammar.phones.enumerated() {
            let last = index == FiniteStateGrammar.phones.count - 1
            guard PocketSphinxRaw.addWord(decoder, FiniteStateGrammar.garbageWord(phone), phones: phone, update: last) else {
                PocketSphinxRaw.free(handles)
                throw .recogniserFailed(operation: "add the phone loop to the dictionary", logPath: logPath)
            }
        }
    }

    deinit {
        if utteranceOpen { _ = PocketSphinxRaw.endUtterance(decoder) }
        PocketSphinxRaw.free(handles)
    }

    private static func prepareLog(folder: String, path: String) throws(ListenError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw .logUnwritable(path: folder, reason: String(cString: strerror(errno)))
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .logUnwritable(path: path, reason: String(cString: strerror(errno))) }
        close(fd)
    }

    package func canPronounce(_ word: String) -> Bool {
        !FiniteStateGrammar.isGarbage(word) && PocketSphinxRaw.hasWord(decoder, word)
    }

    /// Replaces the grammar. Every word must be pronounceable (`canPronounce`); an utterance in
    /// progress is dropped.
    package func load(phrases: [[String]]) throws(ListenError) {
        abandonUtterance()
        let grammar = FiniteStateGrammar(phrases: phrases, tuning: tuning)
        guard PocketSphinxRaw.setGrammar(decoder, name: "phrases", fsgText: grammar.text, languageWeight: 6.5) else {
            throw .recogniserFailed(operation: "load the command grammar", logPath: logPath)
        }
        phraseIndex = [:]
        for (index, phrase) in phrases.enumerated() where phraseIndex[phrase] == nil {
            phraseIndex[phrase] = index
        }
    }

    /// Feeds samples; returns the utterances that ended inside them.
    package func feed(_ samples: UnsafeBufferPointer<Int16>) -> [Outcome] {
        var outcomes: [Outcome] = []
        var offset = 0
        while offset < samples.count {
            let end = min(offset + Self.sliceSamples, samples.count)
            if !utteranceOpen {
                guard PocketSphinxRaw.startUtterance(decoder) else { return outcomes }
                utteranceOpen = true
                speechSeen = false
                utteranceSamples = 0
                utteranceAudio.removeAll(keepingCapacity: true)
            }
            utteranceAudio += samples[offset..<end]
            _ = PocketSphinxRaw.process(decoder, UnsafeBufferPointer(rebasing: samples[offset..<end]), wholeUtterance: false)
            utteranceSamples += end - offset
            offset = end
            let inSpeech = PocketSphinxRaw.inSpeech(decoder)
            if inSpeech { speechSeen = true }
            if speechSeen && (!inSpeech || utteranceSamples >= Self.longestUtterance) {
                if let outcome = closeUtterance() { outcomes.append(outcome) }
            } else if !speechSeen && utteranceSamples >= Self.longestUtterance {
                // Silence only: restart so the utterance never grows without bound.
                abandonUtterance()
            }
        }
        return outcomes
    }

    /// The end of the input: judges speech still in progress.
    package func finish() -> Outcome? {
        guard utteranceOpen else { return nil }
        if speechSeen { return closeUtterance() }
        abandonUtterance()
        return nil
    }

    /// Drops the utterance in progress unjudged (PagerVoice started speaking over it).
    package func abandonUtterance() {
        guard utteranceOpen else { return }
        _ = PocketSphinxRaw.endUtterance(decoder)
        utteranceOpen = false
        speechSeen = false
    }

    /// Decodes one complete recording as a single utterance (no detector involved).
    package func recognise(whole samples: UnsafeBufferPointer<Int16>) -> Outcome? {
        abandonUtterance()
        guard PocketSphinxRaw.startUtterance(decoder) else { return nil }
        _ = PocketSphinxRaw.process(decoder, samples, wholeUtterance: true)
        _ = PocketSphinxRaw.endUtterance(decoder)
        return judge()
    }

    /// Ends and judges the utterance. A rejected one is decoded once more, whole: live cepstral
    /// mean normalisation only learns a voice from the utterances it has heard, so the first
    /// words of a new voice (or after a change of microphone) are judged with a poor estimate;
    /// the second look uses the estimate this utterance just updated. Costs a decode only for
    /// what was rejected (noise, other speech).
    private func closeUtterance() -> Outcome? {
        _ = PocketSphinxRaw.endUtterance(decoder)
        utteranceOpen = false
        speechSeen = false
        let outcome = judge()
        guard case .rejected = outcome else { return outcome }
        let audio = utteranceAudio
        return audio.withUnsafeBufferPointer { recognise(whole: $0) }
    }

    private func judge() -> Outcome? {
        guard let hypothesis = PocketSphinxRaw.hypothesis(decoder) else { return .rejected(words: []) }
        guard let words = FiniteStateGrammar.phrase(in: hypothesis.text, tuning: tuning), let index = phraseIndex[words] else {
            let words = hypothesis.text.split(separator: " ").map(String.init).filter { !FiniteStateGrammar.isGarbage($0) }
            return .rejected(words: words)
        }
        let frames = max(PocketSphinxRaw.frameCount(decoder), 1)
        return .phrase(index: index, score: Double(hypothesis.score) / Double(frames))
    }
}

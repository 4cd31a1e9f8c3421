import Glibc
import PagerSystem

/// One PocketSphinx decoder with a phrase grammar, fed 16 kHz mono samples; cuts the stream into
/// utterances with PocketSphinx's voice activity detector and judges each one.
///
/// Not thread-safe (PocketSphinx is not): the `Listener` keeps one on its own thread, and
/// `AnnouncementCheck` callers use theirs on one thread. A streaming recogniser takes its second
/// looks at rejected utterances with a second decoder of its own (`prepareSecondLook`).
///
/// Why these settings, and what else was tried: docs/VOICE.md, Tuning history.
package final class Recogniser {
    /// What one utterance turned out to be.
    package enum Outcome: Equatable {
        /// The phrase at this index of the last `load`, with its path score per frame.
        case phrase(index: Int, score: Double)
        /// Not a phrase: the grammar words that were in the hypothesis, if any.
        case rejected(words: [String])
        /// No speech at all: the detector woke for sound too faint to be a voice speaking to
        /// us, or that every decode explained as silence and noise. Nothing is reported, so a
        /// quiet room prints no "not understood".
        case noise
    }

    /// An utterance whose loudest 10 ms are quieter than this (of full scale, about -40 dBFS)
    /// is not speech addressed to us: dropped unjudged (`Outcome.noise`).
    static let faintestSpeech = 328.0

    package static let sampleRate = 16_000
    /// Feeding in 20 ms slices lets the detector end an utterance within a slice of its real end.
    private static let sliceSamples = 320
    /// The decoder's frame: 10 ms.
    static let frameSamples = 160
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
    /// The sound is narrowband (a recording under 16 kHz): the second look's grammar decodes run
    /// a phrase only when every warp finds it (else the closed set decides). The looks were made
    /// for wideband voices the model fits poorly; narrowband speech fits poorly whatever is said,
    /// and there a phrase one warp found was a person's "thirteen" taken for "repeat" and "hello
    /// world" for "where am I".
    package var narrowband = false

    /// How many phones each phrase of the last `load` has (its words' first pronunciations).
    private var phoneCounts: [[String]: Int] = [:]
    /// The most phones of any phrase of the last `load`.
    private var longestPhrasePhones = 0
    /// The phrases of the last `load`, for the second look's decoder when it is made.
    private var closedPhrases: [[String]] = []
    /// What the last closed-set look measured, when every warp named the same phrase (the bench
    /// prints it beside the threshold).
    package var lastConfidence: Double?
    /// Which step judged the last utterance a phrase (for the bench's diagnostics).
    package enum Stage: String, Sendable {
        case stream, whole
        case lookGrammar = "look (grammar)"
        case closedSet = "look (closed set)"
    }
    package private(set) var lastStage: Stage?
    /// The phone loop's phones over the phrase's in each closed-set look (bench diagnostics).
    package private(set) var lastPhoneRatios: [Double] = []
    /// The share of the last judged path's speech that its phrase words span (bench diagnostics).
    package private(set) var lastPhraseCoverage = 0.0
    /// The largest share of quiet frames under one word of the last judged path's phrase
    /// (bench diagnostics; see `RejectionTuning.mostQuietWord`).
    package private(set) var lastQuietShare = 0.0
    /// Whether the last judged path was a phrase turned away only for a word laid over quiet.
    private var madeUpWord = false
    /// The free phone loop's score per frame in each closed-set look: how well the model fits
    /// the voice at all (bench diagnostics).
    package private(set) var lastLoopPerFrame: [Double] = []
    /// Whether `lastDetail` is written (the bench's diagnostics; off, nothing is spent on it).
    package var keepsDetail = false
    /// What the looks at the last rejected utterance found, one line each (bench diagnostics).
    package private(set) var lastDetail: [String] = []
    private let configuration: ListenConfiguration
    /// Frames of silence the voice activity detector keeps around the speech of an utterance
    /// (before it, and after it until the utterance ends), for `RejectionTuning.leastCoverage`.
    private let detectorMargins: Int
    /// Frames kept before the detected start of speech (PocketSphinx's default, made explicit
    /// because `detectorMargins` counts on it).
    private static let speechLeadIn = 20
    /// Where a streaming recogniser takes its second looks (see `secondLook`); made by
    /// `prepareSecondLook`.
    private var looker: Recogniser?

    /// `wholeRecordings`: the decoder judges complete recordings (`score`, as `AnnouncementCheck`
    /// does) rather than a stream cut by the voice activity detector.
    package convenience init(configuration: ListenConfiguration, wholeRecordings: Bool = false) throws(ListenError) {
        try self.init(configuration: configuration, dither: wholeRecordings)
    }

    private init(configuration: ListenConfiguration, dither: Bool) throws(ListenError) {
        _ = try PocketSphinxRaw.library()
        try configuration.model.validate()
        // A log that cannot be written (a read-only home, `nobody`'s /nonexistent) goes nowhere;
        // it is for diagnosis only and must not cost the user listening.
        logPath = PocketSphinxRaw.chooseLog { configuration.stateFolder.flatMap { Self.openLog(folder: $0, path: configuration.logPath!) } }
        tuning = configuration.rejection
        self.configuration = configuration
        let postspeech = max(configuration.endOfSpeechFrames, 5)
        detectorMargins = Self.speechLeadIn + postspeech
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
            // wakes the voice activity detector before it has learnt the noise floor, and a
            // second look's recording already has noise of its own (`WholeRecording.prepared`).
            "-dither", dither ? "yes" : "no", "-seed", "1",
            "-vad_prespeech", String(Self.speechLeadIn),
            "-vad_postspeech", String(postspeech),
            // `-topn` and `-remove_noise` stay at PocketSphinx's defaults: changing either ran
            // more wrong commands.
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
        do throws(ListenError) {
            try addWideSearch(name: Self.loopSearch, grammar: .phoneLoop())
        } catch {
            PocketSphinxRaw.free(handles)
            throw error
        }
    }

    private static let streamSearch = "phrases"
    static let closedSearch = "closed"
    private static let loopSearch = "loop"

    /// Beams of the searches that judge one whole recording (log probabilities relative to the
    /// best path). PocketSphinx's defaults (1e-48) are made for live dictation; on eSpeak NG
    /// speech they pruned the right phrase away early and often left no path to the grammar's
    /// end (an empty hypothesis). A recording of a few seconds against a few dozen phrases costs
    /// little more without pruning.
    private static let wideBeams: [(option: String, value: Double)] = [("-beam", 1e-120), ("-pbeam", 1e-120), ("-wbeam", 1e-100)]

    /// Makes (or replaces) a search with the wide beams; the stream's search keeps its own.
    private func addWideSearch(name: String, grammar: FiniteStateGrammar) throws(ListenError) {
        let saved = Self.wideBeams.map { PocketSphinxRaw.option(handles.config, $0.option) }
        for beam in Self.wideBeams { PocketSphinxRaw.setOption(handles.config, beam.option, beam.value) }
        let added = PocketSphinxRaw.addGrammar(decoder, name: name, fsgText: grammar.text, languageWeight: 6.5)
        for (beam, value) in zip(Self.wideBeams, saved) { PocketSphinxRaw.setOption(handles.config, beam.option, value) }
        guard added else { throw .recogniserFailed(operation: "load the \(name) grammar", logPath: logPath) }
    }

    deinit {
        if utteranceOpen { _ = PocketSphinxRaw.endUtterance(decoder) }
        PocketSphinxRaw.free(handles)
    }

    /// The log opened for appending, with its path; nil when it cannot be. A log past
    /// `logLimit` is moved to `…log.old` first (replacing the one before, if a regular file): it
    /// is appended on every start, and would otherwise grow for as long as PagerVoice is used.
    /// (Two PagerVoices starting at that moment may both move it; only old diagnostics are lost.)
    ///
    /// Only a regular file is used (`OutputFile.openLog`), opened once and handed over as it is:
    /// a named pipe put in its place would block the open (and listening with it), and a
    /// symbolic link would have the log appended to whatever it points at.
    private static func openLog(folder: String, path: String) -> (file: UnsafeMutablePointer<FILE>, path: String)? {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { return nil }
        guard let log = try? OutputFile.openLog(path, movingAsidePast: logLimit) else { return nil }
        guard let file = fdopen(log.rawValue, "a") else {
            try? log.close()
            return nil
        }
        return (file, path)
    }

    static let logLimit = 1 << 20

    package func canPronounce(_ word: String) -> Bool {
        !FiniteStateGrammar.isGarbage(word) && PocketSphinxRaw.hasWord(decoder, word)
    }

    /// Replaces the grammar. Every word must be pronounceable (`canPronounce`); an utterance in
    /// progress is dropped.
    package func load(phrases: [[String]]) throws(ListenError) {
        abandonUtterance()
        let grammar = FiniteStateGrammar(phrases: phrases, tuning: tuning)
        guard PocketSphinxRaw.setGrammar(decoder, name: Self.streamSearch, fsgText: grammar.text, languageWeight: 6.5) else {
            throw .recogniserFailed(operation: "load the command grammar", logPath: logPath)
        }
        phraseIndex = [:]
        for (index, phrase) in phrases.enumerated() where phraseIndex[phrase] == nil {
            phraseIndex[phrase] = index
        }
        closedPhrases = phrases
        phoneCounts = [:]
        for phrase in phrases {
            phoneCounts[phrase] = phrase.reduce(0) { $0 + (PocketSphinxRaw.phoneCount(decoder, $1) ?? 0) }
        }
        longestPhrasePhones = phoneCounts.values.max() ?? 0
        try loadClosedSet(phrases: phrases)
        try looker?.load(phrases: phrases)
    }

    /// Makes the decoder for second looks, so the first rejected utterance does not wait for it
    /// (the model loads a second time). Without it, or when it cannot be made, the looks are
    /// taken with this decoder. Nothing is made when the tuning has no warps (no second look).
    ///
    /// Why a decoder of its own: live cepstral mean normalisation learns from every recording a
    /// decoder hears, and a second look hears a rejected utterance nine times over, trimmed, with
    /// noise and at shifted frequencies. On the stream's decoder those looks moved the estimate
    /// the next utterances were heard with, so whether one command ran depended on how many
    /// looks came before it; the stream now hears with what the microphone taught it alone.
    package func prepareSecondLook() {
        guard looker == nil, !tuning.closedSetWarps.isEmpty else { return }
        do throws(ListenError) {
            let looker = try Recogniser(configuration: configuration, dither: false)
            if !closedPhrases.isEmpty { try looker.load(phrases: closedPhrases) }
            self.looker = looker
        } catch {
            // The looks stay on this decoder, as they were before there was a second one.
        }
    }

    /// Makes the closed-set search (the phrases alone, no loop; see `FiniteStateGrammar.closedSet`)
    /// under `name`, for `score`.
    package func loadClosedSet(phrases: [[String]], name: String = Recogniser.closedSearch) throws(ListenError) {
        try addWideSearch(name: name, grammar: .closedSet(phrases: phrases))
    }

    /// The best path of one whole recording through the search `name` (`closedSearch`, a search
    /// made by `loadClosedSet`, or the phone loop): its words and its score over its frames.
    /// Nil when no path reached the grammar's end. The stream's search is active again after.
    package func score(_ samples: UnsafeBufferPointer<Int16>, search name: String) -> (words: [String], score: Int32, frames: Int)? {
        abandonUtterance()
        defer { _ = PocketSphinxRaw.useSearch(decoder, Self.streamSearch) }
        guard PocketSphinxRaw.useSearch(decoder, name), PocketSphinxRaw.startUtterance(decoder) else { return nil }
        _ = PocketSphinxRaw.process(decoder, samples, wholeUtterance: true)
        _ = PocketSphinxRaw.endUtterance(decoder)
        guard let hypothesis = PocketSphinxRaw.hypothesis(decoder), !hypothesis.text.isEmpty else { return nil }
        return (hypothesis.text.split(separator: " ").map(String.init), hypothesis.score, max(PocketSphinxRaw.frameCount(decoder), 1))
    }

    /// How much better, per 10 ms frame, the best phrase explains a recording than the free phone
    /// loop does (0 or less: no better than arbitrary speech). Nil when either search found nothing.
    /// `loopPhones`: how many phones the free phone loop found, a measure of how much was said.
    package func confidence(_ samples: UnsafeBufferPointer<Int16>, search name: String = Recogniser.closedSearch) -> (
        words: [String], perFrame: Double, confidence: Double, loopPhones: Int
    )? {
        guard let phrase = score(samples, search: name), let loop = score(samples, search: Self.loopSearch) else { return nil }
        let frames = Double(phrase.frames)
        return (phrase.words, Double(phrase.score) / frames, (Double(phrase.score) - Double(loop.score)) / frames, loop.words.count)
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

    /// One recording through the streaming path, then the end of input.
    package func hear(_ samples: [Int16]) -> [Outcome] {
        var outcomes = samples.withUnsafeBufferPointer { feed($0) }
        if let last = finish() { outcomes.append(last) }
        return outcomes
    }

    /// Decodes one complete recording as a single utterance (no detector involved).
    package func recognise(whole samples: UnsafeBufferPointer<Int16>) -> Outcome? {
        abandonUtterance()
        guard PocketSphinxRaw.startUtterance(decoder) else { return nil }
        _ = PocketSphinxRaw.process(decoder, samples, wholeUtterance: true)
        _ = PocketSphinxRaw.endUtterance(decoder)
        // The detector may have trimmed the recording's ends, by at most what was not decoded.
        // For a stream's utterance decoded again that can be seconds, which leaves the check
        // lenient there; the stream's own check and the second look's (on trimmed recordings)
        // are the ones that bite.
        let spare = max(samples.count / Self.frameSamples - PocketSphinxRaw.frameCount(decoder), 0)
        return judge(levels: Self.frameLevels(samples), firstFrames: 0...spare)
    }

    /// Ends and judges the utterance. A rejected one is decoded once more, whole: live cepstral
    /// mean normalisation only learns a voice from the utterances it has heard, so the first
    /// words of a new voice (or after a change of microphone) are judged with a poor estimate;
    /// the decode uses the estimate this utterance just updated. What that rejects too gets a
    /// second look (`secondLook`). Costs decodes only for what was rejected (noise, other speech).
    private func closeUtterance() -> Outcome? {
        _ = PocketSphinxRaw.endUtterance(decoder)
        utteranceOpen = false
        speechSeen = false
        lastStage = .stream
        lastDetail = keepsDetail ? ["utterance \(PocketSphinxRaw.frameCount(decoder)) frames"] : []
        let levels = utteranceAudio.withUnsafeBufferPointer { Self.frameLevels($0) }
        guard (levels.max() ?? 0) >= Self.faintestSpeech else { return .noise }
        // The decode ends with the audio, less the frames the front end still holds (its
        // dynamic features look a few frames ahead): 6, measured where the decoder's frame
        // numbers and the audio's agree (a decoder's first utterance). ±3 for slices that end
        // between frames.
        let lastStart = utteranceAudio.count / Self.frameSamples - PocketSphinxRaw.frameCount(decoder) - 6
        let outcome = judge(levels: levels, firstFrames: max(lastStart - 3, 0)...max(lastStart + 3, 0))
        guard case .rejected = outcome else { return outcome }
        // A phrase with a word made up from silence is no command, whatever a later look finds:
        // those looks hear the same sound, with less of the silence around it.
        if madeUpWord { return outcome }
        let speechFrames = PocketSphinxRaw.frameCount(decoder) - detectorMargins
        if speechFrames > longestPhrasePhones * tuning.slowestFramesPerPhone { return outcome }
        // The stream heard neither phones nor words, only silence and noise.
        let heardNothing = PocketSphinxRaw.hypothesis(decoder).map { $0.text.isEmpty } ?? true
        let audio = utteranceAudio
        lastStage = .whole
        let again = audio.withUnsafeBufferPointer { recognise(whole: $0) }
        guard case .rejected = again, !madeUpWord else { return again }
        let looker = self.looker ?? self
        looker.lastDetail = []
        looker.keepsDetail = keepsDetail
        looker.narrowband = narrowband
        let look = looker.secondLook(audio)
        if looker !== self {
            lastDetail += looker.lastDetail
            lastPhoneRatios = looker.lastPhoneRatios
            lastPhraseCoverage = looker.lastPhraseCoverage
            lastLoopPerFrame = looker.lastLoopPerFrame
            lastQuietShare = looker.lastQuietShare
        }
        lastConfidence = looker.lastConfidence
        lastStage = looker.lastStage
        if look == nil && heardNothing { return .noise }
        return look ?? again
    }

    /// The root mean square of each whole 10 ms frame of `samples`.
    static func frameLevels(_ samples: UnsafeBufferPointer<Int16>) -> [Double] {
        stride(from: 0, to: samples.count - frameSamples + 1, by: frameSamples).map { start in
            var energy = 0.0
            for sample in samples[start..<(start + frameSamples)] { energy += Double(sample) * Double(sample) }
            return (energy / Double(frameSamples)).squareRoot()
        }
    }

    /// The look at an utterance both stream decodes rejected, on the recording made ready for it
    /// (`WholeRecording.prepared`: trimmed, faint noise under it) and heard at each of
    /// `RejectionTuning.closedSetWarps`:
    ///
    /// 1. With the command grammar, phone loop and all: the stream's own rejection, on sound the
    ///    model fits better. A phrase runs when every warp that found one found the same phrase
    ///    (warps that disagree leave it to the closed set, which compares them).
    /// 2. As a closed set (`closedSetLook`).
    ///
    /// Both steps together run more commands than either alone, and out-of-grammar sentences
    /// still run nothing.
    private func secondLook(_ audio: [Int16]) -> Outcome? {
        lastConfidence = nil
        let looks = tuning.closedSetWarps.map { WholeRecording.prepared(WholeRecording.warped(audio, by: $0)) }
        var found: (index: Int, score: Double)?
        var agreed = true
        var named = 0
        for look in looks {
            let outcome = look.withUnsafeBufferPointer { recognise(whole: $0) }
            // At any scale: see `closeUtterance`.
            if madeUpWord { return nil }
            guard case .phrase(let index, let score) = outcome else { continue }
            named += 1
            if let earlier = found, earlier.index != index { agreed = false }
            if found.map({ score > $0.score }) ?? true { found = (index, score) }
        }
        lastStage = .lookGrammar
        // Narrowband: every warp must find it, or the closed set decides (see `narrowband`).
        if narrowband, !(agreed && named == looks.count) {
            lastStage = .closedSet
            return closedSetLook(looks)
        }
        if agreed, let found { return .phrase(index: found.index, score: found.score) }
        lastStage = .closedSet
        return closedSetLook(looks)
    }

    /// The last look at an utterance both decodes rejected: which phrase explains it best when
    /// it must be one of them (a closed set, wide beams, the recording trimmed and given faint
    /// noise: `WholeRecording`), and is that phrase nearly as good an explanation as any phone
    /// sequence at all (`RejectionTuning.closedSetConfidence`)? The phone loop judges against
    /// the same voice, so the comparison holds for voices the model fits poorly (eSpeak NG's
    /// formant speech), where the loop's entry penalty in the stream's grammar does not. (Other
    /// judges, a phone language model or a dictation decode, told commands from sentences no
    /// better.)
    ///
    /// The look is taken at each of `RejectionTuning.closedSetWarps`, and a phrase runs only
    /// when every warp names it, on its mean confidence over the warps. A command explains its
    /// recording at every warp; a sentence is explained by whichever phrase is least bad, which
    /// changes with the warp, so the best of the confidences would pick the luckiest warp for a
    /// sentence.
    private func closedSetLook(_ looks: [[Int16]]) -> Outcome? {
        lastPhoneRatios = []
        lastLoopPerFrame = []
        var named: [String]?
        var total = 0.0
        var perFrame = -Double.infinity
        for prepared in looks {
            guard let look = prepared.withUnsafeBufferPointer({ confidence($0) }), named == nil || named == look.words else {
                return nil
            }
            let ratio = Double(look.loopPhones) / Double(max(phoneCounts[look.words] ?? 1, 1))
            if keepsDetail {
                lastDetail.append(
                    "closed \(look.words.joined(separator: " ")) conf \(Int(look.confidence)) phrase/frame \(Int(look.perFrame)) "
                        + "loop phones \(look.loopPhones) / \(phoneCounts[look.words] ?? 0) loop/frame \(Int(look.perFrame - look.confidence))"
                )
            }
            lastPhoneRatios.append(ratio)
            lastLoopPerFrame.append(look.perFrame - look.confidence)
            guard tuning.closedSetPhoneRatio.contains(ratio), look.perFrame - look.confidence <= tuning.closedSetFitBelow else {
                return nil
            }
            named = look.words
            total += look.confidence
            perFrame = max(perFrame, look.perFrame)
        }
        guard let words = named else { return nil }
        let mean = total / Double(looks.count)
        lastConfidence = mean
        guard mean >= tuning.closedSetConfidence, let index = phraseIndex[words] else { return nil }
        return .phrase(index: index, score: perFrame)
    }

    /// Judges the decoder's last path. `levels` are those of the audio it decoded
    /// (`frameLevels`), and `firstFrames` where among them its first decoded frame may lie.
    private func judge(levels: [Double], firstFrames: ClosedRange<Int>) -> Outcome? {
        guard let hypothesis = PocketSphinxRaw.hypothesis(decoder) else { return .rejected(words: []) }
        let frames = max(PocketSphinxRaw.frameCount(decoder), 1)
        let spans = PocketSphinxRaw.spans(decoder)
        let segments = spans.map { (word: $0.word, frames: $0.last - $0.first + 1) }
        if keepsDetail { lastDetail.append("path " + segments.map { "\($0.word):\($0.frames)" }.joined(separator: " ")) }
        lastPhraseCoverage = RejectionTuning.phraseCoverage(segments, utteranceFrames: frames, detectorMargins: detectorMargins)
        let words = FiniteStateGrammar.phrase(in: hypothesis.text, tuning: tuning)
        lastQuietShare = 0
        madeUpWord = false
        if words != nil {
            let start = spans.first?.first ?? 0
            // `max`: a range never runs backwards, whatever the decoder reports.
            let phraseWords = spans.filter { RejectionTuning.isPhraseWord($0.word) }.map {
                ($0.first - start)...(max($0.first, $0.last) - start)
            }
            lastQuietShare = RejectionTuning.quietestWord(
                phraseWords, levels: levels, firstFrames: firstFrames, quietUnderLoudest: tuning.quietUnderLoudest)
            if keepsDetail { lastDetail.append("quiet share \(lastQuietShare)") }
        }
        let covers = tuning.coversSpeech(segments, utteranceFrames: frames, detectorMargins: detectorMargins)
        madeUpWord = words != nil && covers && lastQuietShare > tuning.mostQuietWord
        guard let words, let index = phraseIndex[words], covers, !madeUpWord else {
            let words = hypothesis.text.split(separator: " ").map(String.init).filter { !FiniteStateGrammar.isGarbage($0) }
            return .rejected(words: words)
        }
        return .phrase(index: index, score: Double(hypothesis.score) / Double(frames))
    }
}

/// How out-of-grammar speech and noise are told apart from commands.
///
/// The grammar offers, besides the phrases, a loop of single phones ("garbage") that can stand
/// for any speech: an utterance is either phones only, or a phrase with at most a little of the
/// loop around it. Speech the phrases do not explain is cheaper to explain with the loop, and
/// is rejected; so is a phrase with more than `edgePhones` loop phones before and after it (a
/// command word inside a longer sentence). The numbers were chosen on flite voices slt, awb and
/// rms together with out-of-grammar sentences in two voices; `pagervoice-bench listen` prints
/// them against voices not used for tuning, beside two looser settings. A ten times looser
/// entry (1e-4) also ran no out-of-grammar sentence there; the default keeps that factor as a
/// margin, because a sentence taken for a command runs it, while a missed command is only said
/// again.
public struct RejectionTuning: Hashable, Sendable {
    /// Probability of entering the phone loop, per phone, at the start of an utterance or
    /// after a phrase (lower: fewer rejections, more sentences taken for commands).
    public var garbageEntry: Double
    /// Probability of each further phone in the loop.
    public var garbageLoop: Double
    /// Loop phones tolerated around a phrase (a breath, a click, the end of a previous word).
    public var edgePhones: Int

    /// An utterance the phone loop won is looked at once more as a closed set: the phrase every
    /// warp names runs when its mean score per 10 ms frame is at most this much below the free
    /// phone loop's (PocketSphinx's score units). Chosen on the tuned voices only (flite slt, awb,
    /// rms; 30 out-of-grammar sentences each): the sentences that every warp took for the same
    /// phrase scored at most -19.8 against a 20-page pager's grammar, -12.9 against a 3-page
    /// one's and -12.3 against a 1-page one's ("the last train leaves at seven" as "last page":
    /// with few phrases a sentence is taken for the same one at every warp more often). -10
    /// keeps a margin of more than 2 from all of them, as the threshold before did;
    /// `pagervoice-bench listen` prints them beside it.
    ///
    /// One threshold for every size of grammar, although the tuned voices' sentences score lower
    /// against larger ones: at most -12.3 against 14 phrases (1 page), -12.6 against 17, -12.9
    /// against 20, -13.6 against 24, -16.9 against 34, -19.0 against 54 (20 pages; -18.8 with 20
    /// titles of their own words, 71 phrases), -19.2 against 94 and -19.3 against 174 (80 pages).
    /// A threshold following that curve (plus 2: -17 for 20 pages) ran 88.9% of eSpeak NG's
    /// commands on the bench's 20-page pager against 84.6%, but an unseen voice's sentence scored
    /// -13.4 against the 80-page grammar, where such a threshold would have run it; so the bench
    /// checks the out-of-grammar sentences against an 80-page pager too.
    public var closedSetConfidence: Double

    /// Frequency scales at which the second look hears a rejected utterance (see
    /// `WholeRecording.warped(_:by:)`): formants 10% lower, as recorded, 10% higher. Empty: no
    /// second look. Chosen as the smallest symmetric set. More warps were simulated from the
    /// looks' scores on the bench's recordings, each rule with its threshold chosen the same way
    /// (tuned voices only, margin 2): three of five warps (0.8 to 1.2) agreeing ran 87.7% of
    /// eSpeak NG's commands; the warp with the best closed-set score among nine (0.8 to 1.2) and
    /// its neighbours at ±0.1 agreeing ran 88.9%; these three warps ran 84.0%. Neither reaches
    /// 95%, for 1.7 and 3 times the decodes of every rejected utterance (noise and other speech).
    public var closedSetWarps: [Double]

    /// The least share of the speech in an utterance that the phrase (with the loop phones
    /// around it) must span; the rest of the path is silence and noise words. The voice activity
    /// detector cuts an utterance where it hears speech, so a path that spends most of it in
    /// `<sil>` has explained speech as silence, which the model does for sound it fits poorly:
    /// eSpeak NG `en`'s "the weather is nice today", heard after the bench's other recordings,
    /// was 10 frames of "read" inside 146 of silence (9% of the speech), and ran `read`. Every
    /// command the bench's recordings ran spanned at least 89% (eSpeak NG `en`'s "read"); flite
    /// commands at least 92%. 0: no such check.
    public var leastCoverage: Double

    public init(
        garbageEntry: Double = 1e-3, garbageLoop: Double = 0.2, edgePhones: Int = 2, leastCoverage: Double = 0.5,
        closedSetConfidence: Double = -10, closedSetWarps: [Double] = [0.9, 1, 1.1]
    ) {
        self.garbageEntry = garbageEntry
        self.garbageLoop = garbageLoop
        self.edgePhones = edgePhones
        self.leastCoverage = leastCoverage
        self.closedSetConfidence = closedSetConfidence
        self.closedSetWarps = closedSetWarps
    }

    /// Whether the words of a path (`segments`: each word and its frames, fillers included) span
    /// `leastCoverage` of the speech in it: the utterance's frames less the silence the detector
    /// keeps around speech. Words in `<…>` and `[…]` (silence, noise) and `(NULL)` (a grammar
    /// step that takes no sound) are not speech. The detector trims a recording decoded whole in
    /// the same way (that sentence: 159 frames whole, 156 in the stream).
    func coversSpeech(_ segments: [(word: String, frames: Int)], utteranceFrames: Int, detectorMargins: Int) -> Bool {
        let speech = utteranceFrames - detectorMargins
        guard leastCoverage > 0, speech > 0 else { return true }
        var spanned = 0
        for segment in segments where !segment.word.hasPrefix("<") && !segment.word.hasPrefix("[") && !segment.word.hasPrefix("(") {
            spanned += segment.frames
        }
        return Double(spanned) >= leastCoverage * Double(speech)
    }
}

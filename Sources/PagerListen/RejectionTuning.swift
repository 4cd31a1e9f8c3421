import Glibc

/// How out-of-grammar speech and noise are told apart from commands.
///
/// The grammar offers, besides the phrases, a loop of single phones ("garbage") that can stand
/// for any speech: an utterance is either phones only, or a phrase with at most a little of the
/// loop around it. Speech the phrases do not explain is cheaper to explain with the loop, and
/// is rejected; so is a phrase with more than `edgePhones` loop phones before and after it (a
/// command word inside a longer sentence). The defaults were chosen on a few voices and checked
/// on others (`pagervoice-bench listen`), with a margin towards rejection: a sentence taken for a
/// command runs it, while a missed command is only said again.
///
/// Why these numbers: docs/VOICE.md, Tuning history.
public struct RejectionTuning: Hashable, Sendable {
    /// Probability of entering the phone loop, per phone, at the start of an utterance or
    /// after a phrase (lower: fewer rejections, more sentences taken for commands).
    public var garbageEntry: Double
    /// Probability of each further phone in the loop.
    public var garbageLoop: Double
    /// Loop phones tolerated around a phrase (a breath, a click, the end of a previous word).
    public var edgePhones: Int
    /// Loop phones tolerated around a one-word phrase ("read", "stop", "next"). A single word
    /// said alone is most often taken for one of these, with a loop phone for the sound the
    /// phrase lacks: "three" as a loop phone and "read", "sorry" as one and "repeat", "reader" as
    /// "read" and two. A one-word command has no words of its own to be cut off from, and the
    /// bench's five one-word commands in seven voices ran as often with none allowed
    /// (docs/VOICE.md).
    public var edgePhonesAroundOneWord: Int

    /// An utterance the phone loop won is looked at once more as a closed set: the phrase every
    /// warp names runs when its mean score per 10 ms frame is at most this much below the free
    /// phone loop's (PocketSphinx's score units). Set on the tuning voices' out-of-grammar
    /// sentences with a margin of more than 2, and one value for every size of grammar: a
    /// threshold that followed the grammar's size would have run an unseen voice's sentence
    /// against a large pager's grammar. `pagervoice-bench listen` prints the sentences' scores
    /// beside it.
    public var closedSetConfidence: Double

    /// Frequency scales at which the second look hears a rejected utterance (see
    /// `WholeRecording.warped(_:by:)`): formants at 0.9 times, 1 times and 1.1 times their
    /// recorded frequency. Empty: no second look. The smallest symmetric set: more warps ran a few
    /// more commands for several times the decodes of every rejected utterance.
    public var closedSetWarps: [Double]

    /// The least share of the speech in an utterance that the phrase's own words must span; the
    /// rest of the path is loop phones, silence and noise words. The voice activity detector
    /// cuts an utterance where it hears speech, so a path that spends much of it in `<sil>` or
    /// the loop has explained speech as something else: words after the phrase ("stop it right
    /// now" as "stop", the rest silence), or sound the model fits poorly. A phrase must be the
    /// whole utterance, not its first words. Commands span nearly all of their utterance, which
    /// leaves a wide margin. 0: no such check.
    public var leastCoverage: Double

    /// The closed set names a phrase only when, at every warp, the free phone loop finds this
    /// many phones per phone of the phrase: a sentence taken for a short phrase ("go to the store
    /// and buy milk" as "go to Explore") has far more sounds than the phrase; and for a voice the
    /// model fits poorly the loop finds more phones than were said, while in a person's "five",
    /// taken for "page five", it found no more than the phrase has.
    public var closedSetPhoneRatio: ClosedRange<Double>

    /// The closed set is for voices the model fits poorly (eSpeak NG's formant speech), whose
    /// commands the phone loop's entry penalty rejects unfairly: it names a phrase only when the
    /// free phone loop's mean score per 10 ms frame is at most this. Speech the model fits as
    /// well as a person's voice was judged fairly by the grammar decodes, and a person saying
    /// "five" is no "page five".
    public var closedSetFitBelow: Double

    /// An utterance longer than the longest phrase said at this many 10 ms frames a phone (slower
    /// than anyone speaks to a machine) is no command: rejected without a second look, which
    /// also keeps a room's long sentences from costing many decodes.
    public var slowestFramesPerPhone: Int

    /// The most of one phrase word's 10 ms frames that may be quiet (`quietUnderLoudest`): a
    /// grammar decode can put a short word over silence, where neither the phone loop nor
    /// silence outbids it, so a lone number runs "page <number>" ("page" laid over the silence
    /// before "seven", flite's and people's alike) and a lone "left" "last page". Words of
    /// commands have quiet frames too (the closure of a "p", a pause between words): at most
    /// 0.49 in the bench's 540; made-up words 0.54 to 1 (docs/VOICE.md). A phrase turned away
    /// for it gets no further look. 1: no such check.
    public var mostQuietWord: Double

    /// A frame is quiet when it is more than this many dB under the utterance's loudest 10 ms,
    /// or within 6 dB of its quietest (the noise a second look adds, `WholeRecording.prepared`).
    public var quietUnderLoudest: Double

    public init(
        garbageEntry: Double = 1e-3, garbageLoop: Double = 0.2, edgePhones: Int = 2, edgePhonesAroundOneWord: Int = 0,
        leastCoverage: Double = 0.6,
        closedSetConfidence: Double = -10, closedSetWarps: [Double] = [0.9, 1, 1.1], closedSetPhoneRatio: ClosedRange<Double> = 1.2...2,
        closedSetFitBelow: Double = -26, slowestFramesPerPhone: Int = 20, mostQuietWord: Double = 0.5, quietUnderLoudest: Double = 30
    ) {
        self.mostQuietWord = mostQuietWord
        self.quietUnderLoudest = quietUnderLoudest
        self.closedSetPhoneRatio = closedSetPhoneRatio
        self.closedSetFitBelow = closedSetFitBelow
        self.slowestFramesPerPhone = slowestFramesPerPhone
        self.garbageEntry = garbageEntry
        self.garbageLoop = garbageLoop
        self.edgePhones = edgePhones
        self.edgePhonesAroundOneWord = edgePhonesAroundOneWord
        self.leastCoverage = leastCoverage
        self.closedSetConfidence = closedSetConfidence
        self.closedSetWarps = closedSetWarps
    }

    /// Whether the phrase's words in a path (`segments`: each word and its frames, fillers and
    /// loop phones included) span `leastCoverage` of the speech in it: the utterance's frames
    /// less the silence the detector keeps around speech. The detector trims a recording decoded
    /// whole in the same way as the stream.
    func coversSpeech(_ segments: [(word: String, frames: Int)], utteranceFrames: Int, detectorMargins: Int) -> Bool {
        guard leastCoverage > 0 else { return true }
        return Self.phraseCoverage(segments, utteranceFrames: utteranceFrames, detectorMargins: detectorMargins) >= leastCoverage
    }

    /// The share of the speech in a path that the phrase's own words span: words in `<…>` and
    /// `[…]` (silence, noise), `(NULL)` (a grammar step that takes no sound) and loop phones
    /// are not the phrase. 1 when the utterance is no longer than the margins.
    static func phraseCoverage(_ segments: [(word: String, frames: Int)], utteranceFrames: Int, detectorMargins: Int) -> Double {
        let speech = utteranceFrames - detectorMargins
        guard speech > 0 else { return 1 }
        var spanned = 0
        for segment in segments where isPhraseWord(segment.word) { spanned += segment.frames }
        return Double(spanned) / Double(speech)
    }

    /// Whether a word of a path is the phrase's: not silence or noise (`<…>`, `[…]`), a grammar
    /// step that takes no sound (`(NULL)`) or a loop phone.
    static func isPhraseWord(_ word: String) -> Bool {
        !word.hasPrefix("<") && !word.hasPrefix("[") && !word.hasPrefix("(") && !FiniteStateGrammar.isGarbage(word)
    }

    /// The largest share of quiet frames under one of `words` (frame ranges counted from the
    /// decode's first frame), in audio whose 10 ms frames have `levels` (root mean square,
    /// `Recogniser.frameLevels`), placing that first frame at each of `firstFrames` and
    /// keeping the placement that gives the least: where the decode lies in the audio is known
    /// only to a few frames, and a command must never be turned away for that.
    static func quietestWord(_ words: [ClosedRange<Int>], levels: [Double], firstFrames: ClosedRange<Int>, quietUnderLoudest: Double)
        -> Double
    {
        guard let loudest = levels.max(), loudest > 0, !words.isEmpty else { return 0 }
        let floor = max(loudest * pow(10, -quietUnderLoudest / 20), (levels.min() ?? 0) * 2)
        var least = 1.0
        for first in firstFrames {
            var worst = 0.0
            for word in words {
                var quiet = 0
                for frame in word {
                    let index = first + frame
                    // Past either end of the audio counts as quiet: nothing was said there.
                    if index < 0 || index >= levels.count || levels[index] < floor { quiet += 1 }
                }
                worst = max(worst, Double(quiet) / Double(word.count))
            }
            least = min(least, worst)
        }
        return least
    }
}

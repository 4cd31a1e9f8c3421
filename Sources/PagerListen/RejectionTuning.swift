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

    /// An utterance the phone loop won is looked at once more as a closed set: the best phrase
    /// runs when its score per 10 ms frame is at most this much below the free phone loop's
    /// (PocketSphinx's score units). Chosen on the tuned voices only: their out-of-grammar
    /// sentences scored at most -11.7 (flite slt, awb, rms; 30 sentences each), so -10 keeps
    /// a margin; `pagervoice-bench listen` prints the confidences of every group beside it.
    public var closedSetConfidence: Double

    public init(garbageEntry: Double = 1e-3, garbageLoop: Double = 0.2, edgePhones: Int = 2, closedSetConfidence: Double = -10) {
        self.garbageEntry = garbageEntry
        self.garbageLoop = garbageLoop
        self.edgePhones = edgePhones
        self.closedSetConfidence = closedSetConfidence
    }
}

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
    /// sentences scored at most -10.0 with the three warps (flite slt, awb, rms; 30 sentences
    /// each; -11.7 when the look had one), so -8 keeps the same margin; `pagervoice-bench
    /// listen` prints the confidences of every group beside it, and the -10 used before.
    public var closedSetConfidence: Double

    /// Frequency scales at which the closed-set look hears the utterance, keeping the one whose
    /// phrase explains it best against the phone loop (see `WholeRecording.warped(_:by:)`):
    /// formants 10% lower, as recorded, 10% higher. Chosen as the smallest symmetric set: on the
    /// bench's recordings five or seven warps (0.82 to 1.18) found no more commands and brought
    /// out-of-grammar sentences closer to the threshold.
    public var closedSetWarps: [Double]

    public init(
        garbageEntry: Double = 1e-3, garbageLoop: Double = 0.2, edgePhones: Int = 2, closedSetConfidence: Double = -8,
        closedSetWarps: [Double] = [0.9, 1, 1.1]
    ) {
        self.garbageEntry = garbageEntry
        self.garbageLoop = garbageLoop
        self.edgePhones = edgePhones
        self.closedSetConfidence = closedSetConfidence
        self.closedSetWarps = closedSetWarps
    }
}

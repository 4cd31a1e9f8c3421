import Testing

@testable import PagerListen

/// `RejectionTuning.coversSpeech`: a phrase's words must span most of the speech the detector
/// heard. The paths are ones PocketSphinx gave (`pagervoice-bench listen`), word by word.
@Suite struct SpeechCoverageTests {
    /// The detector's margins as `Recogniser` sets them: 20 frames before speech, 20 after.
    private let margins = 40

    /// eSpeak NG `en`'s "the weather is nice today", heard after the bench's other recordings:
    /// the sentence is silence to the model but for 10 frames of "read", which ran.
    @Test func aSentenceExplainedAsSilenceIsNotACommand() {
        let path: [(word: String, frames: Int)] = [("(NULL)", 1), ("<sil>", 52), ("read(2)", 10), ("(NULL)", 1), ("<sil>", 93)]
        #expect(!RejectionTuning().coversSpeech(path, utteranceFrames: 156, detectorMargins: margins))
        #expect(RejectionTuning(leastCoverage: 0).coversSpeech(path, utteranceFrames: 156, detectorMargins: margins))
    }

    /// The same voice saying "read" (the least-covered command of the bench's 540), and a long
    /// command with a loop phone on its edge: both spanned.
    @Test func commandsSpanTheirSpeech() {
        let read: [(word: String, frames: Int)] = [("(NULL)", 1), ("<sil>", 21), ("read", 24), ("<sil>", 21)]
        #expect(RejectionTuning().coversSpeech(read, utteranceFrames: 67, detectorMargins: margins))
        let long: [(word: String, frames: Int)] = [
            ("<sil>", 20), ("gbg_p", 4), ("go", 20), ("to", 14), ("page", 40), ("nineteen", 60), ("<sil>", 22),
        ]
        #expect(RejectionTuning().coversSpeech(long, utteranceFrames: 180, detectorMargins: margins))
    }

    /// Issue 31, item 7: eSpeak NG `en-us` saying "stop it right now" was "stop", a loop phone,
    /// 44 frames of silence and another loop phone; it ran `stop`. The phrase alone spans under a
    /// third of the speech.
    @Test func aPhraseFollowedByMoreSpeechIsNotACommand() {
        let path: [(word: String, frames: Int)] = [
            ("(NULL)", 1), ("<sil>", 13), ("stop", 24), ("(NULL)", 1), ("gbg_y", 6), ("<sil>", 44), ("gbg_aw", 25), ("(NULL)", 1),
            ("<sil>", 17),
        ]
        #expect(!RejectionTuning().coversSpeech(path, utteranceFrames: 130, detectorMargins: margins))
        #expect(RejectionTuning(leastCoverage: 0).coversSpeech(path, utteranceFrames: 130, detectorMargins: margins))
    }

    /// Noise words are not speech either: a command inside a longer noise is said again rather
    /// than taken on trust. An utterance no longer than the margins has nothing to cover.
    @Test func noiseIsNotSpeechAndMarginsAloneAreNoUtterance() {
        let noisy: [(word: String, frames: Int)] = [("<sil>", 20), ("next", 25), ("[NOISE]", 60), ("[SPEECH]", 40), ("<sil>", 20)]
        #expect(!RejectionTuning().coversSpeech(noisy, utteranceFrames: 165, detectorMargins: margins))
        #expect(RejectionTuning().coversSpeech([("stop", 30)], utteranceFrames: 30, detectorMargins: margins))
    }
}

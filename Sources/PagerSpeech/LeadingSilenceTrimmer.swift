/// Removes the silence eSpeak NG puts before every utterance, as it streams.
///
/// eSpeak NG begins each utterance with tens of milliseconds of digital silence. Played as it is,
/// that silence is most of the time from a key press to the first sound (synthesis reaches its
/// first buffer far sooner), and screen reader users feel every 10 ms of it; NVDA trims it for the
/// same reason. Every sink gets the trimmed stream (live playback and WAV files alike), so what is
/// heard is what is written. The measurements: docs/VOICE.md, Tuning history (speech).
///
/// - Threshold: the sound starts at the first sample whose magnitude exceeds 64 (−54 dBFS).
///   eSpeak's leading silence is exact zeros, so any threshold below a quiet onset finds the same
///   place; 64 is low enough that even at volume 10 the first such sample comes within 1 ms of
///   the first non-zero one, and high enough to ignore a stray low-level sample.
/// - Margin: 5 ms before that sample are kept (110 samples at 22050 Hz), so the build-up of a
///   plosive's burst or a soft fricative is never clipped.
///
/// Only the start is trimmed: pauses between words and clauses are speech.
struct LeadingSilenceTrimmer {
    static let threshold: Int16 = 64
    static let marginMilliseconds = 5

    /// Samples kept before the first loud one.
    let margin: Int
    /// Samples removed so far.
    private(set) var trimmed = 0
    /// Whether the sound has started (from then on everything passes through).
    private(set) var soundStarted = false
    /// The most recent silence (at most `margin` samples): the part that may still be kept.
    private var held: [Int16] = []

    init(sampleRate: Int) {
        margin = sampleRate * Self.marginMilliseconds / 1000
        held.reserveCapacity(margin)
    }

    /// Hands `buffer` to `deliver` without the leading silence (possibly as two pieces: held
    /// margin, then the rest); returns false as soon as `deliver` does.
    mutating func process(_ buffer: UnsafeBufferPointer<Int16>, deliver: (UnsafeBufferPointer<Int16>) -> Bool) -> Bool {
        if soundStarted { return deliver(buffer) }
        guard let loud = buffer.firstIndex(where: { $0 > Self.threshold || $0 < -Self.threshold }) else {
            held.append(contentsOf: buffer)
            if held.count > margin {
                trimmed += held.count - margin
                held.removeFirst(held.count - margin)
            }
            return true
        }
        soundStarted = true
        let kept = min(margin, held.count + loud)
        trimmed += held.count + loud - kept
        let fromHeld = max(0, kept - loud)
        defer { held = [] }
        if fromHeld > 0, !held.suffix(fromHeld).withUnsafeBufferPointer(deliver) { return false }
        return deliver(UnsafeBufferPointer(rebasing: buffer[(loud - (kept - fromHeld))...]))
    }

    /// At the end of the utterance: silence that never led to a sound is dropped too.
    mutating func finish() {
        if !soundStarted {
            trimmed += held.count
            held = []
        }
    }
}

/// Words per minute (what `--rate` means everywhere else in PagerVoice) on speech-dispatcher's
/// rate scale, -100...100, where 0 is "the user's normal rate".
///
/// The scale has no unit: each output module maps it onto its synthesiser. We invert the mapping
/// of the espeak-ng module, the one Debian and Orca use by default, with that module's shipped
/// settings (`EspeakMinRate 80`, `EspeakNormalRate 170`, `EspeakMaxRate 449` in
/// modules/espeak-ng.conf): -100 is 80 wpm, 0 is 170 wpm, +100 is 449 wpm, linear on each side
/// of 0. So `--rate 175` through the espeak-ng module sounds like `--rate 175` through our own
/// eSpeak NG (to within the scale's step: 0.9 wpm below 170, 2.8 above). Another module, or a
/// user who changed those three settings, hears the same relative speed instead: the scale is
/// all speech-dispatcher offers. Without `--rate` we send nothing, and the user's own default
/// rate (Orca's or speechd.conf's `DefaultRate`) stands.
public enum SpeechDispatcherRate {
    /// The words-per-minute range `--rate` accepts (eSpeak NG's own).
    public static let wordsPerMinuteRange: ClosedRange<Int> = 80...450
    /// speech-dispatcher's rate range.
    public static let scale: ClosedRange<Int> = -100...100

    /// The espeak-ng module's defaults, in words per minute.
    static let slowest = 80
    static let normal = 170
    static let fastest = 449

    /// The scale value whose espeak-ng speed is nearest to `wordsPerMinute` (the nearer to 0 on a
    /// tie); values outside `wordsPerMinuteRange` are clamped to it first.
    public static func rate(forWordsPerMinute wordsPerMinute: Int) -> Int {
        let wanted = min(max(wordsPerMinute, wordsPerMinuteRange.lowerBound), wordsPerMinuteRange.upperBound)
        var best = 0
        for candidate in scale {
            let error = abs(Self.wordsPerMinute(forRate: candidate) - wanted)
            let bestError = abs(Self.wordsPerMinute(forRate: best) - wanted)
            if error < bestError || (error == bestError && abs(candidate) < abs(best)) { best = candidate }
        }
        return best
    }

    /// What the espeak-ng module makes of `rate`: its own integer arithmetic, truncating as C does.
    public static func wordsPerMinute(forRate rate: Int) -> Int {
        let clamped = min(max(rate, scale.lowerBound), scale.upperBound)
        if clamped < 0 { return normal + (normal - slowest) * clamped / 100 }
        return normal + (fastest - normal) * clamped / 100
    }
}

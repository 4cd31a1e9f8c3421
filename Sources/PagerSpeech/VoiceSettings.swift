/// What an utterance should sound like. Plain values, so the shell can keep one per session and
/// pass it with every announcement; they also form part of the PCM cache key.
public struct VoiceSettings: Hashable, Sendable {
    /// eSpeak's words-per-minute bounds (`espeakRATE_MINIMUM`...`espeakRATE_MAXIMUM`).
    public static let rateRange: ClosedRange<Int> = 80...450
    /// 50 is eSpeak's normal pitch.
    public static let pitchRange: ClosedRange<Int> = 0...100
    /// 100 is eSpeak's normal volume; above it eSpeak compresses and may distort.
    public static let volumeRange: ClosedRange<Int> = 0...200

    /// The voice to speak with: a name ("Spanish (Spain)"), identifier ("roa/es") or file name
    /// ("es"), or else a language code ("pt-br", "EN_us") for the voice eSpeak prefers for it;
    /// any of them with an eSpeak variant ("en+f3"). nil: English. The caller passes the voice
    /// it wants (the shell: `--voice`, else its strings' voice); speech knows no language table
    /// but eSpeak's own.
    public var voice: String?
    /// Words per minute.
    public var rate: Int
    public var pitch: Int
    public var volume: Int

    public init(voice: String? = nil, rate: Int = 175, pitch: Int = 50, volume: Int = 100) {
        self.voice = voice
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
    }

    /// English at eSpeak's defaults.
    public static let standard = VoiceSettings()

    /// Checks the numbers without touching eSpeak, so a bad `--rate` fails before anything starts.
    public func validateRanges() throws(SpeechError) {
        if !Self.rateRange.contains(rate) {
            throw .invalidSetting(name: "rate", value: rate, allowed: Self.rateRange)
        }
        if !Self.pitchRange.contains(pitch) {
            throw .invalidSetting(name: "pitch", value: pitch, allowed: Self.pitchRange)
        }
        if !Self.volumeRange.contains(volume) {
            throw .invalidSetting(name: "volume", value: volume, allowed: Self.volumeRange)
        }
    }
}

extension VoiceSettings {
    /// These settings with the voice resolved against the installed voices (`SpeechEngine`):
    /// what we hand to eSpeak, and part of the PCM cache key.
    struct Resolved: Hashable, Sendable {
        /// `espeak_ng_SetVoiceByName` argument: a voice identifier, optionally `+variant`.
        let selector: String
        let rate: Int
        let pitch: Int
        let volume: Int
    }
}

extension VoiceSettings {
    /// speech-dispatcher's rate scale, where 0 is "the user's normal rate".
    public static let speechDispatcherRateScale: ClosedRange<Int> = -100...100

    /// The espeak-ng output module's defaults, in words per minute.
    private static let speechDispatcherSlowest = 80
    private static let speechDispatcherNormal = 170
    private static let speechDispatcherFastest = 449

    /// A rate in words per minute (what `--rate` means everywhere in PagerVoice) on
    /// speech-dispatcher's scale: the value whose espeak-ng speed is nearest (the nearer to 0 on
    /// a tie), after clamping to `rateRange`.
    ///
    /// The scale has no unit: each output module maps it onto its synthesiser. We invert the
    /// mapping of the espeak-ng module, the one Debian and Orca use by default, with that module's
    /// shipped settings (`EspeakMinRate 80`, `EspeakNormalRate 170`, `EspeakMaxRate 449` in
    /// modules/espeak-ng.conf): -100 is 80 wpm, 0 is 170 wpm, +100 is 449 wpm, linear on each side
    /// of 0. So `--rate 175` through the espeak-ng module sounds like `--rate 175` through our own
    /// eSpeak NG (to within the scale's step: 0.9 wpm below 170, 2.8 above). Another module, or a
    /// user who changed those three settings, hears the same relative speed instead: the scale is
    /// all speech-dispatcher offers. Without `--rate` we send nothing, and the user's own default
    /// rate (Orca's or speechd.conf's `DefaultRate`) stands.
    public static func speechDispatcherRate(forWordsPerMinute wordsPerMinute: Int) -> Int {
        let wanted = min(max(wordsPerMinute, rateRange.lowerBound), rateRange.upperBound)
        var best = 0
        for candidate in speechDispatcherRateScale {
            let error = abs(Self.wordsPerMinute(forSpeechDispatcherRate: candidate) - wanted)
            let bestError = abs(Self.wordsPerMinute(forSpeechDispatcherRate: best) - wanted)
            if error < bestError || (error == bestError && abs(candidate) < abs(best)) { best = candidate }
        }
        return best
    }

    /// What the espeak-ng module makes of speech-dispatcher's `rate`: its own integer arithmetic,
    /// truncating as C does.
    public static func wordsPerMinute(forSpeechDispatcherRate rate: Int) -> Int {
        let clamped = min(max(rate, speechDispatcherRateScale.lowerBound), speechDispatcherRateScale.upperBound)
        let normal = speechDispatcherNormal
        if clamped < 0 { return normal + (normal - speechDispatcherSlowest) * clamped / 100 }
        return normal + (speechDispatcherFastest - normal) * clamped / 100
    }
}

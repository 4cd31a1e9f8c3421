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

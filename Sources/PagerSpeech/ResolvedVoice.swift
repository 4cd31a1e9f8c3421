/// A voice choice resolved against the installed voices: what we hand to eSpeak, and part of
/// the PCM cache key.
struct ResolvedVoice: Hashable, Sendable {
    /// `espeak_ng_SetVoiceByName` argument: a voice identifier, optionally `+variant`.
    let selector: String
    let rate: Int
    let pitch: Int
    let volume: Int
}

/// What `--audio` asks for.
public enum PlaybackMode: String, Hashable, Sendable, CaseIterable {
    /// PulseAudio if a server answers, else ALSA if there is a card, else one notice and silence.
    case auto
    /// PulseAudio or a typed error.
    case pulse
    /// ALSA or a typed error.
    case alsa
    /// Synthesise and discard: every cost of speech, no sound.
    case null
    /// No synthesis at all; announcements complete at once.
    case off
}

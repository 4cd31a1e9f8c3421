import ArgumentParser
import PagerCore
import PagerSpeech

/// Where speech goes (`--audio`).
enum AudioOutput: String, Sendable, CaseIterable {
    /// PulseAudio if a server answers, else ALSA if there is a card, else one notice and silence.
    case auto
    case pulse
    case alsa
    /// The user's own speech-dispatcher, with their synthesiser, voice and rate (Orca's way).
    case speechd
    /// Synthesise and discard: every cost of speech, no sound.
    case null
    /// No synthesis at all.
    case off
}

/// How PagerVoice speaks: shared by the REPL, `read` and `say`.
struct SpeechOptions: ParsableArguments {
    static let rateRange = VoiceSettings.rateRange

    @Option(help: ArgumentHelp("eSpeak NG voice name or language (default: the voice of --lang).", valueName: "name"))
    var voice: String?

    @Option(
        help: ArgumentHelp(
            "Speaking rate in words per minute, \(rateRange.lowerBound) to \(rateRange.upperBound) (default 175).", valueName: "wpm"),
        transform: { try ArgumentCheck.int($0, in: rateRange) })
    var rate: Int?

    @Option(
        help: ArgumentHelp(
            "auto (PulseAudio, else ALSA, else silent with one notice until a PulseAudio server starts), pulse, alsa, speechd (your speech-dispatcher, as Orca uses it), null (synthesise and discard), off (no synthesis).",
            valueName: "mode"))
    var audio: AudioOutput = .auto

    @Option(
        help: ArgumentHelp(
            "Also write each utterance to DIR/0001.wav, 0002.wav, … (22050 Hz, 16-bit mono); numbering continues after files already there, which are never replaced.",
            valueName: "dir"),
        completion: .directory)
    var wavDir: String?

    init() {}

    func validate() throws {
        if let voice, voice.trimmingSpaces().isEmpty || voice.count > 100 {
            throw ValidationError("--voice needs a voice name, e.g. en, es, ar")
        }
        if let wavDir, wavDir.isEmpty {
            throw ValidationError("--wav-dir needs a folder name (an empty one would mean the current folder)")
        }
        if wavDir != nil && audio == .off {
            throw ValidationError(
                "--wav-dir needs synthesis, but --audio off synthesises nothing; use --audio null to only write files")
        }
        if wavDir != nil && audio == .speechd {
            throw ValidationError("--wav-dir needs PagerVoice's own synthesis; speech-dispatcher plays what it synthesises itself")
        }
    }
}

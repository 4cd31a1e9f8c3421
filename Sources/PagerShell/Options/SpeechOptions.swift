import ArgumentParser
import PagerSpeech

/// How PagerVoice speaks: shared by the REPL and `say`.
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
            "auto (PulseAudio, else ALSA, else silent with one notice), pulse, alsa, null (synthesise and discard), off (no synthesis).",
            valueName: "mode"))
    var audio: PlaybackMode = .auto

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
    }
}

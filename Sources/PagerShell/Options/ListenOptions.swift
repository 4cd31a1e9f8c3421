import ArgumentParser
import PagerCore
import PagerListen

/// Voice commands (issue 13): say "next page" and it pages, offline, through PocketSphinx.
struct ListenOptions: ParsableArguments {
    @Flag(
        help:
            "Listen for voice commands on the default PulseAudio source (\"next page\", \"page seven\", \"where am I\"…); on a terminal Ctrl-T puts listening to sleep, wakes it, or listens again once it has stopped."
    )
    var listen = false

    @Option(
        help: ArgumentHelp("Listen on this PulseAudio source instead of the default one (implies --listen).", valueName: "name"))
    var listenDevice: String?

    @Option(
        help: ArgumentHelp(
            "Hear the voice commands in this WAV recording instead of a microphone; the run ends once it was heard and stdin is done.",
            valueName: "file"),
        completion: .file(extensions: ["wav"]))
    var listenFile: String?

    @Flag(help: "Start listening asleep: nothing but \"wake up\" is obeyed until it is said (implies --listen).")
    var listenAsleep = false

    @Option(
        help: ArgumentHelp(
            "Obey only what begins with this word (\"computer next page\") and answer nothing else; it must be in the pronouncing dictionary (implies --listen).",
            valueName: "word"))
    var wakeWord: String?

    @Option(help: "Short tones for heard and done, not understood (or not done), asleep and awake (default: on).")
    var earcons: Switch = .on

    /// Half duplex keeps a loudspeaker's echo of our speech from being obeyed, at the price of
    /// not hearing a command said while we speak; headphones carry no echo, so the price is
    /// not needed.
    @Flag(
        help:
            "PagerVoice's speech cannot reach the microphone (headphones): listen while it speaks, so \"stop\" or \"next page\" cuts speech short; through a loudspeaker it could obey its own voice (implies --listen)."
    )
    var headphones = false

    enum Switch: String, CaseIterable, ExpressibleByArgument {
        case on, off
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
    }

    func validate() throws {
        if let wakeWord {
            let word = wakeWord.lowercased()
            guard !word.isEmpty, word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "'" }) else {
                throw ValidationError("--wake-word needs one word of letters, not '\(wakeWord.terminalSafe)'")
            }
            guard SpeechModel.englishUS.canPronounce(word) else {
                throw ValidationError(
                    "--wake-word: '\(wakeWord.terminalSafe)' is not in the pronouncing dictionary (\(SpeechModel.englishUS.dictionary)), "
                        + "so it could never be heard; choose another word")
            }
        }
        if let listenDevice, listenDevice.trimmingSpaces().isEmpty { throw ValidationError("--listen-device needs a source name") }
        if let listenFile {
            guard !listenFile.isEmpty else { throw ValidationError("--listen-file needs a WAV file") }
            if listen || listenDevice != nil {
                throw ValidationError("--listen-file hears a recording, --listen a microphone: choose one")
            }
        }
    }

    /// Whether any listening was asked for.
    var isListening: Bool { listen || listenDevice != nil || listenFile != nil || listenAsleep || wakeWord != nil || headphones }

    /// The wake word as the grammar spells it.
    var grammarWakeWord: String? { wakeWord?.lowercased() }
}

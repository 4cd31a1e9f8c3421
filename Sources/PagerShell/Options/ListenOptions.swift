import ArgumentParser
import PagerCore

/// Voice commands (issue 13): say "next page" and it pages, offline, through PocketSphinx.
struct ListenOptions: ParsableArguments {
    @Flag(help: "Listen for voice commands on the default PulseAudio source (\"next page\", \"page seven\", \"where am I\"…).")
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

    func validate() throws {
        if let listenDevice, listenDevice.trimmingSpaces().isEmpty { throw ValidationError("--listen-device needs a source name") }
        if let listenFile {
            guard !listenFile.isEmpty else { throw ValidationError("--listen-file needs a WAV file") }
            if listen || listenDevice != nil {
                throw ValidationError("--listen-file hears a recording, --listen a microphone: choose one")
            }
        }
    }

    /// Whether any listening was asked for.
    var isListening: Bool { listen || listenDevice != nil || listenFile != nil }
}

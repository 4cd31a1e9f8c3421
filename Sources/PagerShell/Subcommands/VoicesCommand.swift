import ArgumentParser
import PagerSpeech

/// `pagervoice voices`: the eSpeak NG voices, one per line. Never touches the audio device.
struct VoicesCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "voices",
        abstract: "List the eSpeak NG voices: name, then languages.")

    func execute(_ io: ShellIO) -> Int32 {
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine.shared()
        } catch {
            io.err.writeLine("pagervoice voices: \(error)")
            io.finish(command: "pagervoice voices")
            return 1
        }
        for line in VoiceList.lines(engine) { io.out.writeLine(line) }
        return io.finish(command: "pagervoice voices") ? 0 : 1
    }
}

/// `pagervoice voices`: the eSpeak NG voices, one per line.
enum VoicesCommand {
    static let parser = OptionParser([])

    static func run(_ arguments: [String], out: OutputStream, err: OutputStream) -> Int32 {
        do {
            let parsed = try parser.parse(arguments)
            if parsed.has("help") {
                out.writeLine("Usage: pagervoice voices")
                out.writeLine("Lists the eSpeak NG voices: name, then languages.")
                return 0
            }
            var options = SpeechOptions()
            options.audio = .null
            let speaker = try SpeakerFactory.make(options, notice: { err.writeLine("pagervoice: \($0)") })
            speaker.voiceLines().forEach(out.writeLine)
            return 0
        } catch let error as UsageError {
            return PagerVoiceMain.usageError(error, command: "pagervoice voices", err: err)
        } catch {
            err.writeLine("pagervoice voices: \(error)")
            return SpeakerFactory.exitStatus(for: error)
        }
    }
}

/// `pagervoice say TEXT…`: speak text literally and exit once it was spoken.
enum SayCommand {
    static let parser = OptionParser(
        SpeechOptions.specs + [
            OptionSpec("lang", value: "CODE", help: "Language voice to use when --voice is not given (default en).")
        ], positionals: "TEXT")

    static func run(_ arguments: [String], out: OutputStream, err: OutputStream) -> Int32 {
        let parsed: ParsedOptions
        let speech: SpeechOptions
        do throws(UsageError) {
            parsed = try parser.parse(arguments)
            if parsed.has("help") {
                out.writeLine("Usage: pagervoice say [options] TEXT…")
                out.writeLine("Speaks TEXT literally (markup is read aloud, never obeyed), waits until it was spoken, exits.")
                parser.helpLines().forEach(out.writeLine)
                return 0
            }
            speech = try SpeechOptions(parsed)
            guard !parsed.positionals.isEmpty else { throw UsageError("say needs some text") }
        } catch {
            return PagerVoiceMain.usageError(error, command: "pagervoice say", err: err)
        }
        let text = parsed.positionals.joined(separator: " ")
        do {
            let speaker = try SpeakerFactory.make(
                speech,
                notice: {
                    err.writeLine("pagervoice: \($0)")
                    err.flush()
                })
            speaker.speak(text, priority: .default, language: parsed.value("lang") ?? "en")
            speaker.drain()
        } catch {
            err.writeLine("pagervoice say: \(error)")
            return SpeakerFactory.exitStatus(for: error)
        }
        out.writeLine(text.terminalSafe)
        return 0
    }
}

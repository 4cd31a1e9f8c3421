import ArgumentParser
import PagerCore
import PagerSystem

/// `pagervoice say TEXT…`: speak text literally and exit once it was spoken.
struct SayCommand: PagerVoiceSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "say",
        abstract: "Speak TEXT literally and exit once it was spoken.",
        discussion: "Markup is read aloud, never obeyed. The text is printed after it was spoken.")

    @OptionGroup(title: "Speech options") var speech: SpeechOptions

    @Option(
        help: ArgumentHelp(
            "Language whose voice speaks when --voice is not given, a BCP 47 tag (default: from the locale, else English).",
            valueName: "tag"),
        transform: ArgumentCheck.language)
    var lang: String?

    @Argument(help: "The text to speak.")
    var text: [String] = []

    init() {}

    func validate() throws {
        guard !text.joined().trimmingSpaces().isEmpty else { throw ValidationError("say needs some text") }
    }

    func execute(_ io: ShellIO) -> Int32 {
        let (text, tooLong) = SpeechClient.sayable(self.text.joined(separator: " "))
        // validate() refused a tag that matches nothing.
        guard let language = try? LanguageChoice.resolve(explicit: lang, environment: Environment.current) else { return 2 }
        let err = io.err
        do {
            let speaker = try SpeechClient.make(speech, noticesTo: err)
            speaker.speak(text, .default, language.strings.voice)
            speaker.drain()
            let failures = speaker.takeFailures() + (tooLong.map { [$0] } ?? [])
            guard failures.isEmpty else {
                if tooLong != nil { io.out.writeLines(text) }
                failures.forEach { err.writeLine("pagervoice say: \($0)") }
                io.finish(command: "pagervoice say")
                return 1
            }
        } catch {
            err.writeLine("pagervoice say: \(error)")
            io.finish(command: "pagervoice say")
            return SpeechClient.exitStatus(for: error)
        }
        io.out.writeLines(text)  // the person's own text, as many lines as they gave
        return io.finish(command: "pagervoice say") ? 0 : 1
    }
}

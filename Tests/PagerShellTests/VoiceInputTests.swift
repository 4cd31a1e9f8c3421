import PagerCore
import PagerListen
import Testing

@testable import PagerShell

/// Inputs that are not lines read (voice commands, listening that could not start) go through
/// the same session, but their errors are not a line's.
@Suite struct VoiceInputTests {
    private func run(_ inputs: [ShellInput]) throws -> (status: Int32, stdout: String, stderr: String) {
        let out = OutputStream(capturing: ())
        let err = OutputStream(capturing: ())
        let speaker = try SpeechClient.make(try SpeechOptions.parse(["--audio", "off"]), noticesTo: err)
        let runner = REPLRunner(
            session: Session(pager: Pager(pages: ["Explore", "Collect", "Share"])), renderer: OutputRenderer(json: true),
            speaker: speaker, interactive: false, out: out, err: err)
        let queue = InputQueue(producers: 1)
        for input in inputs { queue.push(input) }
        queue.finished()
        var voice: SessionListener? = nil
        let status = runner.run(queue: queue, voice: &voice)
        return (status, out.captured, err.captured)
    }

    @Test func aVoiceCommandThatFailsHasNoLineAndDoesNotFailTheRun() throws {
        let heard = HeardPhrase(text: "go to page seven", action: .command("go 7"), score: -1)
        let result = try run([.line(.line("next")), .voice(.heard(heard))])
        #expect(result.status == 0, "\(result.stdout)")
        let errors = result.stdout.split(separator: "\n").filter { $0.contains(#""type":"error""#) }
        #expect(errors.count == 1, "\(result.stdout)")
        #expect(errors.allSatisfy { !$0.contains(#""line""#) })

        // The same command typed is line 2's failure, and fails the run.
        let typed = try run([.line(.line("next")), .line(.line("go 7"))])
        #expect(typed.status == 1)
        #expect(typed.stdout.contains(#""line":2"#))
    }

    @Test func listeningThatBreaksOffFailsAScriptedRun() throws {
        let cut = ListenError.unreadableFile(path: "x.wav", reason: "the file was cut short while it was heard")
        let result = try run([.line(.line("next")), .voice(.finished(.failed(cut)))])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""state":"failed""#))
        let ended = try run([.line(.line("next")), .voice(.finished(.endOfFile))])
        #expect(ended.status == 0)
    }

    @Test func listeningThatCannotStartFailsAScriptedRun() throws {
        let result = try run([.listeningOff("cannot listen to x.wav: the file is empty"), .line(.line("next"))])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.contains(#""message":"listening is off: cannot listen to x.wav: the file is empty""#) == true)
        #expect(lines.first?.contains(#""line""#) == false)
        #expect(lines.contains { $0.contains(#""text":"Page 2 of 3""#) })
    }
}

import Foundation
import PagerTestSupport
import Testing

/// Issue 11: a PulseAudio server that accepts and never answers (`SilentServer`) used to stall
/// `--audio null` for 30 s and `pulse`/`auto` for 60 s, then blame a refusal. Now only the modes
/// that play contact it, for at most 2 s, and the message says what happened.
@Suite struct AudioServerStallTests {
    static let kinds: [SilentServer.Kind] = [.tcp, .unix]

    @Test(arguments: kinds)
    func modesThatDoNotPlayNeverContactTheServer(kind: SilentServer.Kind) throws {
        let server = try SilentServer(kind)
        defer { server.stop() }
        let environment = ["PULSE_SERVER": server.address]
        let script = try TemporaryDirectory()
        try "next\nexpect \"Page 2 of 3\"\n".write(toFile: script.path + "/s.pv", atomically: false, encoding: .utf8)
        let runs: [(arguments: [String], input: String)] = [
            (["--audio", "null"], "next\n"),
            (["--audio", "off"], "next\n"),
            (["say", "--audio", "null", "Hello"], ""),
            (["voices"], ""),
            (["verify", script.path + "/s.pv"], ""),
        ]
        for (arguments, input) in runs {
            let run = try Pagervoice.run(arguments, input: input, environment: environment, timeout: .seconds(20))
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stderr == "", "\(arguments)")
        }
        #expect(server.connectionCount == 0, "\(kind): nothing but playback may contact the audio server")
    }

    @Test(arguments: kinds)
    func askingForPulseAudioGivesUpAfterTwoSecondsAndSaysWhy(kind: SilentServer.Kind) throws {
        let server = try SilentServer(kind)
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let run = try Pagervoice.run(
            ["--audio", "pulse"], input: "next\n", environment: ["PULSE_SERVER": server.address], timeout: .seconds(20))
        let took = clock.now - start
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["pagervoice: audio output 'pulse' is unavailable: PulseAudio at \(server.address) did not answer within 2 s"]
        )
        #expect(server.connectionCount >= 1, "the server was really asked")
        // 2 s of waiting plus start-up; it used to be 60 s.
        #expect(took < .seconds(10), "took \(took)")
    }

    @Test(arguments: kinds)
    func autoGivesUpAfterTwoSecondsAndGoesOnWithoutSound(kind: SilentServer.Kind) throws {
        let server = try SilentServer(kind)
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let run = try Pagervoice.run(
            ["--audio", "auto"], input: "next\n", environment: ["PULSE_SERVER": server.address], timeout: .seconds(20))
        let took = clock.now - start
        #expect(run.status == 0)
        #expect(run.lines == ["Page 2 of 3"])
        let cards = FileContents.text("/proc/asound/cards") ?? ""
        if cards.isEmpty || cards.contains("no soundcards") {
            #expect(run.errorLines.count == 1)
            #expect(run.stderr.contains("PulseAudio at \(server.address) did not answer within 2 s"), "\(run.stderr)")
        } else {
            #expect(run.errorLines.isEmpty, "a machine with a sound card plays through ALSA")
        }
        #expect(took < .seconds(10), "took \(took)")
    }
}

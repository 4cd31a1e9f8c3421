import Foundation
import PagerTestSupport
import Testing

/// `--audio speechd` through the built executable: speech goes to the user's own
/// speech-dispatcher (here a private one on a private PulseAudio server), and no daemon is one
/// clear line.
@Suite struct SpeechDispatcherEndToEndTests {
    @Test func announcementsAreSpokenByTheUsersSpeechDispatcher() throws {
        let server = try SpeechDispatcherServer()
        defer { server.stop() }
        let recording = try server.pulse.startRecording()
        let run = try Pagervoice.run(
            ["--audio", "speechd"], input: "next\nstatus\n", environment: ["SPEECHD_ADDRESS": server.address])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines.first == "Page 2 of 3")
        #expect(run.lines.contains { $0.hasPrefix("speech: speech-dispatcher at ") })
        // A script waits for each line's speech: by the time it ends, the sink has heard it.
        #expect(waitUntil(timeout: .seconds(20)) { PCMAnalysis.peakRMS(recording.samples()) > 500 })
    }

    @Test func noDaemonIsOneClearLine() throws {
        let dir = try TemporaryDirectory()
        let started = ContinuousClock.now
        let run = try Pagervoice.run(
            ["--audio", "speechd"], input: "next\n", environment: ["SPEECHD_ADDRESS": "unix_socket:\(dir.path)/none.sock"])
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("pagervoice: speech-dispatcher is not running") == true)
    }

    @Test func wavFilesNeedOurOwnSynthesis() throws {
        let run = try Pagervoice.run(["--audio", "speechd", "--wav-dir", "/tmp/x"])
        #expect(run.status == 2)
        #expect(run.errorLines.first?.contains("--wav-dir needs PagerVoice's own synthesis") == true)
    }
}

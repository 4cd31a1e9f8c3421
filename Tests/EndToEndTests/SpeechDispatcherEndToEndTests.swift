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

    /// A daemon restarted mid-session (`killall speech-dispatcher`, a desktop session's restart)
    /// left the rest of the run silent. The client now greets it every second and connects
    /// again, with the rate asked for: the same sentence is heard at the same pace as before the
    /// loss (the daemon's default rate would take over twice as long), the loss is one error, its
    /// end one notice, and the run exits 1 (what was said meanwhile went unheard).
    @Test func speechIsHeardAgainOnceTheDaemonIsBack() throws {
        let server = try SpeechDispatcherServer()
        defer { server.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["SPEECHD_ADDRESS"] = server.address
        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "speechd", "--rate", "450", "--json"],
            environment: environment, onLine: { events.add($0) })
        let sentence = "say The quick brown fox jumps over the lazy dog while the old cat sleeps by the fire."
        var statuses = 0
        /// Sends `lines` then `status`, and waits for its answer: a script waits for each line's
        /// speech, so by then what the lines said has played to its end. The status line.
        func thenStatus(_ lines: [String]) -> String? {
            statuses += 1
            let wanted = statuses
            child.send(lines: lines + ["status"])
            let answered = events.wait(timeout: 60) { $0.filter { $0.contains("\"type\":\"status\"") }.count >= wanted }
            return answered ? events.all.last { $0.contains("\"type\":\"status\"") } : nil
        }
        func sayThenStatus() -> Bool { thenStatus([sentence]) != nil }
        let rate = server.pulse.sampleRate
        let before = try server.pulse.startRecording()
        #expect(sayThenStatus())
        let paceBefore = PCMAnalysis.voicedDuration(before.samples(), sampleRate: rate)
        #expect(paceBefore > 0.5, "the sentence was not heard before the restart")

        // Something in flight when the daemon goes: it fails, and that is the one error.
        let during = try server.pulse.startRecording()
        child.send(lines: ["say " + String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 25)])
        #expect(during.waitForEnergy() != nil, "the long text was never heard")
        try server.restartDaemon()

        // `status` says the sound is lost until the client is connected again.
        #expect(waitUntil { thenStatus([])?.contains("sound lost") == false }, "the client never connected again")
        let after = try server.pulse.startRecording()
        #expect(sayThenStatus())
        let paceAfter = PCMAnalysis.voicedDuration(after.samples(), sampleRate: rate)
        #expect(paceAfter > paceBefore * 0.75 && paceAfter < paceBefore * 1.33, "\(paceBefore) s before, \(paceAfter) s after")

        child.closeInput()
        #expect(child.finish(timeout: .seconds(60)) == 1, "\(child.errorOutput)")
        let errors = events.all.filter { $0.contains("\"type\":\"error\"") }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.contains("; silent until speech-dispatcher answers again") == true, "\(errors)")
        let notices = child.errorOutput.split(separator: "\n").filter { $0 == "pagervoice: sound is back (speech-dispatcher)" }
        #expect(notices.count == 1, "\(child.errorOutput)")
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

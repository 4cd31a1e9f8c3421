import Foundation
import PagerTestSupport
import Testing

/// The fixture the shell's end-to-end tests reuse: it must start, stop cleanly by pid, start
/// again, and run side by side with another instance.
@Suite struct PulseAudioServerTests {
    @Test func startsTwiceInARowAndSideBySide() throws {
        let first = try PulseAudioServer()
        let firstDirectory = first.directory
        #expect(PulseAudioServer.socketAnswers(first.socketPath))
        #expect(first.serverAddress == "unix:" + first.socketPath)
        #expect(first.clientEnvironment(base: [:]) == ["PULSE_SERVER": first.serverAddress])
        #expect(kill(first.pid, 0) == 0)
        let pid = first.pid
        first.stop()
        #expect(!PulseAudioServer.socketAnswers(first.socketPath))
        #expect(!FileManager.default.fileExists(atPath: firstDirectory))
        #expect(kill(pid, 0) != 0, "the server process is gone")

        let again = try PulseAudioServer()
        let beside = try PulseAudioServer(sinkName: "other_sink")
        defer {
            again.stop()
            beside.stop()
        }
        #expect(again.socketPath != beside.socketPath)
        #expect(PulseAudioServer.socketAnswers(again.socketPath))
        #expect(PulseAudioServer.socketAnswers(beside.socketPath))
        // A monitor recording of an idle null sink is digital silence, and keeps growing.
        let recording = try beside.startRecording()
        let before = recording.byteCount()
        #expect(recording.waitForEnergy(above: 100, timeout: .milliseconds(300)) == nil)
        #expect(recording.byteCount() > before)
        #expect(PCMAnalysis.peakRMS(recording.samples()) == 0)
    }
}

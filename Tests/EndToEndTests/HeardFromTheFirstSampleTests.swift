import Foundation
import PagerTestSupport
import Testing

/// Issue 15: with eSpeak NG's leading silence trimmed and a stream that starts on the first
/// buffer, what reaches the sink is the whole utterance, its first samples included: the same
/// samples the `--wav-dir` file holds, in the same run. (Nothing clipped at the start, nothing
/// dropped or inserted after it.)
@Suite struct HeardFromTheFirstSampleTests {
    @Test func whatIsHeardIsTheWAVFileSampleForSample() throws {
        let server = try PulseAudioServer()
        defer { server.stop() }
        // 1 ms fragments: the null sink then renders almost nothing ahead, so the monitor keeps
        // the start of each stream (see `startRecording`).
        let recording = try server.startRecording(latencyMilliseconds: 1)
        let folder = try TemporaryDirectory()
        let run = try Pagervoice.run(
            ["--audio", "pulse", "--wav-dir", folder.path], input: "say Pack my box with five dozen liquor jugs.\n",
            environment: server.clientEnvironment())
        #expect(run.status == 0, "\(run.stderr)")
        let wav = try WAVFile(contentsOf: folder.path + "/0001.wav").samples
        try #require(recording.waitForEnergy(above: 500, timeout: .seconds(20)) != nil, "nothing was heard")
        // Wait for the whole utterance to have been recorded (a second of silence after it).
        let deadline = ContinuousClock.now + .seconds(20)
        while recording.byteCount() / 2 < wav.count + 2 * server.sampleRate && ContinuousClock.now < deadline { usleep(20_000) }
        let recorded = recording.samples()
        let margin = 22050 * 5 / 1000
        let firstLoud = try #require(wav.firstIndex { abs(Int($0)) > 64 })
        #expect(firstLoud == margin, "the file starts 5 ms before the sound")
        // Where the utterance lies in the recording: its first loud sample.
        let start = try #require(recorded.firstIndex { abs(Int($0)) > 64 }) - firstLoud
        try #require(start >= 0 && start + wav.count <= recorded.count, "the recording holds the whole utterance")
        let played = recorded[start..<(start + wav.count)]
        let differing = zip(played, wav).filter { abs(Int($0) - Int($1)) > 64 }.count
        #expect(differing == 0, "\(differing) of \(wav.count) samples differ from the file")
    }
}

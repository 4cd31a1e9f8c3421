import Foundation
import PagerListen
import PagerTestSupport
import Testing

/// PocketSphinx prints its configuration and every utterance's statistics to stderr unless told
/// otherwise. sphinxbase's log is process-wide, so this runs in a process of its own: the test
/// binary again, in child mode, which listens with a state folder the parent chose, and reports.
@Suite struct ListenQuietTests {
    static let childVariable = "PAGERLISTEN_TEST_CHILD"

    @Test func recognisingPrintsNothingToTheTerminalAndLogsToTheStateFolder() throws {
        if let stateFolder = ProcessInfo.processInfo.environment[Self.childVariable] {
            let configuration = ListenConfiguration(stateFolder: stateFolder)
            let folder = try TemporaryDirectory(prefix: "pv-listen-child")
            let path = folder.path + "/next.wav"
            try Talker.flite("slt").say("next page", to: path)
            let events = EventLog()
            let listener = try Listener(source: .wavFile(path), titles: ["Explore"], count: 1, configuration: configuration) {
                events.append($0)
            }
            _ = listener.waitUntilFinished(timeout: .seconds(60))
            let check = try AnnouncementCheck(phrases: ["Page 1 of 2", "Page 2 of 2"], configuration: configuration)
            let wav = try WAVFile(contentsOf: path)
            let match = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: "Page 1 of 2").matches
            var missing = configuration
            missing.model.acousticModel = "/nonexistent"
            let failure = Result { () throws(ListenError) in try AnnouncementCheck(phrases: ["next"], configuration: missing) }
            FileHandle.standardOutput.write(Data("RESULT \(events.all.actions) matches \(match) \(failure)\n".utf8))
            return
        }
        let state = try TemporaryDirectory(prefix: "pv-listen-state")
        let stateFolder = state.path + "/state"
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = stateFolder
        let child = try LoggedChildProcess(
            executable: LoggedChildProcess.currentExecutable,
            arguments: ["--testing-library", "swift-testing", "--filter", "recognisingPrintsNothingToTheTerminalAndLogsToTheStateFolder"],
            environment: environment)
        #expect(child.waitForExit(timeout: .seconds(120)) == 0, "\(child.standardOutput)\n\(child.standardError)")
        let result = child.standardOutput.split(separator: "\n").first { $0.hasPrefix("RESULT") }
        #expect(result?.contains("[next]") == true, "\(child.standardOutput)")
        #expect(result?.contains("matches false") == true, "'next page' is not 'Page 1 of 2'")
        #expect(result?.contains("speech recognition model not usable at /nonexistent") == true)
        // Nothing from PocketSphinx or sphinxbase: no INFO/WARN/ERROR lines anywhere.
        for output in [child.standardOutput, child.standardError] {
            #expect(!output.contains("INFO:"), "\(output)")
            #expect(!output.contains("ERROR:"), "\(output)")
            #expect(!output.contains("WARN"), "\(output)")
        }
        // …because it all went to the log in the state folder (made for it).
        let log = try #require(FileContents.text(stateFolder + "/pocketsphinx.log"))
        #expect(log.contains("INFO:"))
    }
}

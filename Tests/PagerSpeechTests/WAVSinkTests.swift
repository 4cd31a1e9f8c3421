import Dispatch
import Foundation
import Glibc
import PagerSpeech
import PagerSystem
import PagerTestSupport
import Testing

/// Issue 11: WAV output never destroys a file, never follows a planted symlink, never leaves a
/// half-written file, and says when it could not write. Real eSpeak NG speech, real files.
@Suite struct WAVSinkTests {
    let engine: SpeechEngine

    init() throws {
        engine = try SpeechEngine.shared()
    }

    /// Every file in `directory`, by name, hidden ones included.
    func names(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    func speak(_ texts: [String], into sink: WAVSink) -> [UtteranceEvent] {
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [sink], onNotice: recorder.onNotice, onEvent: recorder.onEvent)
        let ids = texts.map { announcer.speak($0, priority: .low) }
        announcer.drain()
        return ids.compactMap(recorder.event(for:))
    }

    /// A complete WAV whose samples carry speech.
    func expectSpokenWAV(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let wav = try WAVFile(contentsOf: path)
            #expect(wav.sampleRate == 22050 && wav.channels == 1 && wav.bitsPerSample == 16, sourceLocation: sourceLocation)
            #expect(PCMAnalysis.peakRMS(wav.samples) > 500, "\(path) holds speech", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(path) is not a valid WAV file: \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [true, false])
    func numberingContinuesAfterTheHighestFileAndNothingIsReplaced(unnamed: Bool) throws {
        let directory = try TemporaryDirectory()
        for (name, text) in [("0003.wav", "three"), ("0010.wav", "ten"), ("notes.txt", "n"), ("12345678901.wav", "too long to be ours")] {
            try text.write(toFile: directory.path + "/" + name, atomically: false, encoding: .utf8)
        }
        let sink = try WAVSink(directory: directory.path, allowsUnnamedFiles: unnamed)
        #expect(sink.usesUnnamedFiles == unnamed)
        #expect(sink.nextNumber == 11)
        let events = speak(["Page 2 of 3", "Page 3 of 3"], into: sink)
        #expect(events.map(\.wavPath) == [directory.path + "/0011.wav", directory.path + "/0012.wav"])
        #expect(events.map(\.outcome) == [.finished, .finished])
        for path in events.compactMap(\.wavPath) { expectSpokenWAV(path) }
        #expect(FileContents.text(directory.path + "/0003.wav") == "three")
        #expect(FileContents.text(directory.path + "/0010.wav") == "ten")
        #expect(names(directory.path) == ["0003.wav", "0010.wav", "0011.wav", "0012.wav", "12345678901.wav", "notes.txt"])
    }

    @Test(arguments: [true, false])
    func aPlantedSymlinkIsSkippedNeverFollowed(unnamed: Bool) throws {
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        let victim = outside.path + "/victim"
        try "keep\n".write(toFile: victim, atomically: false, encoding: .utf8)
        #expect(symlink(victim, directory.path + "/0002.wav") == 0)
        #expect(symlink(outside.path + "/does-not-exist", directory.path + "/0003.wav") == 0)
        let sink = try WAVSink(directory: directory.path, allowsUnnamedFiles: unnamed)
        // The planted links hold the highest numbers there, so numbering starts after them.
        // (Links planted while the sink runs are skipped too: `takenNumbersAreSkippedWhileWriting`.)
        #expect(sink.nextNumber == 4)
        let events = speak(["Page 2 of 3", "Page 3 of 3"], into: sink)
        #expect(events.map(\.wavPath) == [directory.path + "/0004.wav", directory.path + "/0005.wav"])
        #expect(FileContents.text(victim) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: outside.path + "/does-not-exist"))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory.path + "/0002.wav")) == victim)
    }

    @Test func takenNumbersAreSkippedWhileWriting() throws {
        // Names that appear after the sink opened (another writer, or a planted symlink) are
        // skipped at the moment of naming, not only at start.
        let directory = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        let victim = outside.path + "/victim"
        try "keep\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let sink = try WAVSink(directory: directory.path)
        #expect(sink.nextNumber == 1)
        #expect(symlink(victim, directory.path + "/0001.wav") == 0)
        try "mine".write(toFile: directory.path + "/0002.wav", atomically: false, encoding: .utf8)
        let events = speak(["Page 2 of 3"], into: sink)
        #expect(events.first?.wavPath == directory.path + "/0003.wav")
        #expect(FileContents.text(victim) == "keep\n")
        #expect(FileContents.text(directory.path + "/0002.wav") == "mine")
        expectSpokenWAV(directory.path + "/0003.wav")
    }

    @Test func twoWritersOnOneFolderGetDistinctFiles() throws {
        let directory = try TemporaryDirectory()
        // Both open before either writes, as two processes started together would: both would
        // begin at 0001.
        let first = try WAVSink(directory: directory.path)
        let second = try WAVSink(directory: directory.path, allowsUnnamedFiles: false)
        #expect(first.nextNumber == 1 && second.nextNumber == 1)
        let texts = (1...6).map { "Sentence \($0) of six." }
        let results = Locked<[[UtteranceEvent]]>([[], []])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            // Announcers share the one engine thread, so writes interleave utterance by utterance.
            let events = speak(texts, into: index == 0 ? first : second)
            results.withLock { $0[index] = events }
        }
        let all = results.withLock { $0 }.flatMap { $0 }
        #expect(all.count == 12)
        #expect(all.allSatisfy { $0.outcome == .finished })
        let paths = all.compactMap(\.wavPath)
        #expect(Set(paths).count == 12, "every utterance has a file of its own")
        #expect(names(directory.path) == (1...12).map { String(format: "%04d.wav", $0) })
        for event in all {
            let wav = try WAVFile(contentsOf: try #require(event.wavPath))
            #expect(wav.samples.count == event.sampleCount, "the file holds its own utterance")
        }
    }

    @Test func anEmptyFolderNameIsRefused() {
        #expect(throws: SpeechError.wavDirectoryUnwritable(path: "", reason: "the folder name is empty")) {
            try WAVSink(directory: "")
        }
        #expect(throws: SpeechError.self) {
            try Announcer(configuration: .init(playback: .null, wavDirectory: ""))
        }
    }

    /// The disk fills up: the utterances that fit are complete files, the others are failures
    /// that leave nothing behind (no truncated file, no empty one, no temporary one).
    @Test(.enabled(if: TinyFileSystem.canMount, "\(TinyFileSystem.whyNotMountable ?? "")"), arguments: [true, false])
    func aFullDiskLeavesOnlyCompleteFilesAndReportsEachFailure(unnamed: Bool) throws {
        let disk = try TinyFileSystem(kibibytes: 64)
        defer { disk.unmount() }
        let sink = try WAVSink(directory: disk.path, allowsUnnamedFiles: unnamed)
        let texts = (0..<16).map { $0 % 2 == 0 ? "Page 2 of 3" : "Page 1 of 3" }
        let events = speak(texts, into: sink)
        #expect(events.count == 16)
        let written = events.filter { $0.outcome == .finished }
        let failed = events.filter { $0.outcome != .finished }
        #expect((1...2).contains(written.count), "a 64 KiB disk holds one or two 44 KB files")
        #expect(failed.count == 16 - written.count)
        for event in failed {
            guard case .failed(.wavWriteFailed(_, let reason)) = event.outcome else {
                Issue.record("\(event) is not a WAV write failure")
                continue
            }
            #expect(reason == "No space left on device")
            #expect(event.wavPath == nil)
        }
        #expect(names(disk.path) == written.compactMap(\.wavPath).map { ($0 as NSString).lastPathComponent }.sorted())
        for event in written {
            let path = try #require(event.wavPath)
            let wav = try WAVFile(contentsOf: path)
            #expect(wav.samples.count == event.sampleCount)
            #expect(FileContents.bytes(path)?.count == 44 + 2 * event.sampleCount)
        }
    }

    /// Ctrl-C on a script: `Announcer.shutDown` in the middle of an utterance, then the process
    /// would `_exit`. No file may appear afterwards, and none is left half written.
    @Test(arguments: [true, false])
    func shutDownMidUtteranceLeavesNoFile(unnamed: Bool) throws {
        let directory = try TemporaryDirectory()
        let holding = HoldingSink()
        let recorder = Recorder()
        let sink = try WAVSink(directory: directory.path, allowsUnnamedFiles: unnamed)
        let announcer = Announcer(engine: engine, sinks: [holding, sink], onEvent: recorder.onEvent)
        let first = announcer.speak("Page 1 of 3")
        #expect(holding.waitUntilBlocked())
        let watcher = Thread { announcer.shutDown() }
        watcher.start()
        #expect(announcer.drain(timeout: .seconds(30)))
        let later = announcer.speak("Page 2 of 3")
        #expect(announcer.drain(timeout: .seconds(30)))
        #expect(recorder.event(for: first)?.outcome == .interrupted)
        #expect(recorder.event(for: later)?.outcome == .interrupted)
        #expect(names(directory.path) == [])
    }

    @Test(arguments: [true, false])
    func aShutDownSinkWritesNothingMore(unnamed: Bool) throws {
        let directory = try TemporaryDirectory()
        let sink = try WAVSink(directory: directory.path, allowsUnnamedFiles: unnamed)
        #expect(speak(["Page 1 of 3"], into: sink).first?.wavPath == directory.path + "/0001.wav")
        sink.shutDown()
        let after = speak(["Page 2 of 3"], into: sink)
        guard case .failed(.wavWriteFailed) = after.first?.outcome else {
            Issue.record("writing after shutDown must fail: \(after)")
            return
        }
        #expect(names(directory.path) == ["0001.wav"])
    }
}

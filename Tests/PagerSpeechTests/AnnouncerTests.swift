import Foundation
import PagerSpeech
import PagerSystem
import PagerTestSupport
import Testing

@Suite struct AnnouncerTests {
    let engine: SpeechEngine

    init() throws {
        engine = try SpeechEngine.shared()
    }

    @Test func wavFilesParseAndMatchThePCM() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(
            engine: engine, sinks: [memory, try WAVSink(directory: directory)],
            onNotice: recorder.onNotice, onEvent: recorder.onEvent)
        let first = announcer.speak("Page 2 of 3", priority: .low)
        let second = announcer.speak("Page 3 of 3", priority: .low)
        // Shorter than the one before: the sink reuses its sample buffer, and this file must hold
        // only its own samples, with a header that says so.
        let third = announcer.speak("Go", priority: .low)
        announcer.drain()

        for (id, number) in [(first, 1), (second, 2), (third, 3)] {
            let event = try #require(recorder.event(for: id))
            #expect(event.outcome == .finished)
            let path = try #require(event.wavPath)
            #expect(path == directory + String(format: "/%04d.wav", number))
            let wav = try WAVFile(contentsOf: path)
            #expect(wav.audioFormat == 1)
            #expect(wav.sampleRate == 22050)
            #expect(wav.channels == 1)
            #expect(wav.bitsPerSample == 16)
            let pcm = try #require(memory.recording(for: id)).samples
            #expect(wav.samples == pcm)
            #expect(event.sampleCount == pcm.count)
            #expect(FileContents.bytes(path)?.count == 44 + 2 * pcm.count)
            #expect((id == third ? 0.1...0.8 : 0.8...2.0).contains(wav.duration), "\(number): \(wav.duration) s")
            #expect(PCMAnalysis.rms(wav.samples) > 500)
        }
        #expect(recorder.notices.isEmpty)
    }

    /// A script's loop: each line speaks, then drains. Each event is delivered (on the engine
    /// thread) before its `drain` returns; another thread's synthesis meanwhile is not held up
    /// behind the script; and a `drain` from inside an event callback returns instead of waiting
    /// for itself.
    @Test func drainWaitsForEachEventAndNeverForItself() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let threads = Locked<Set<UInt>>([])
        let drainedInCallback = Locked<[Bool]>([])
        let announcer = Locked<Announcer?>(nil)
        let speaker = Announcer(
            engine: engine, sinks: [memory], onNotice: recorder.onNotice,
            onEvent: { event in
                threads.withLock { _ = $0.insert(UInt(pthread_self())) }
                recorder.onEvent(event)
                if let announcer = announcer.withLock({ $0 }) {
                    drainedInCallback.withLock { $0.append(announcer.drain(timeout: .seconds(30))) }
                }
            })
        announcer.withLock { $0 = speaker }
        let other = DispatchSemaphore(value: 0)
        let otherResult = Locked<Int?>(nil)
        DispatchQueue.global().async {
            let synthesis = try? self.engine.synthesize("Page 3 of 3", useCache: false)
            otherResult.withLock { $0 = synthesis?.samples.count }
            other.signal()
        }
        var counts: [Int] = []
        var ids: [UtteranceID] = []
        for text in ["Page 1 of 2", "Page 2 of 2"] {
            ids.append(speaker.speak(text))
            #expect(speaker.drain(timeout: .seconds(30)))
            counts.append(recorder.events.count)
        }
        #expect(other.wait(timeout: .now() + 30) == .success)
        #expect(counts == [1, 2], "each event arrived before its drain returned")
        #expect(!threads.withLock { $0 }.contains(UInt(pthread_self())), "events come on the engine thread")
        #expect(drainedInCallback.withLock { $0 } == [false, false], "inside its own event, the utterance is not done yet")
        for id in ids {
            let event = try #require(recorder.event(for: id))
            #expect(event.outcome == .finished)
            let samples = try #require(memory.recording(for: id)).samples
            #expect(samples.count == event.sampleCount && PCMAnalysis.rms(samples) > 500)
        }
        #expect((otherResult.withLock { $0 } ?? 0) > 11_025)
        announcer.withLock { $0 = nil }
    }

    @Test func unwritableWAVDirectoryIsTypedError() throws {
        // As root, mode bits do not stop writes; a path through a regular file always fails.
        let file = makeTemporaryDirectory() + "/plain-file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        for bad in [file, file + "/wavs"] {
            #expect {
                try WAVSink(directory: bad)
            } throws: { error in
                guard case .wavDirectoryUnwritable(let path, let reason) = error as? SpeechError else { return false }
                // The file itself is named for what it is; a path through it is the system's word.
                return path == bad && reason == (bad == file ? "it is a regular file, not a folder" : "Not a directory")
            }
            #expect(throws: SpeechError.self) {
                try Announcer(configuration: .init(playback: .null, wavDirectory: bad))
            }
        }
        #expect(throws: SpeechError.self) { try WAVSink(directory: "/proc/pagervoice-cannot-exist") }
        // And a fresh nested folder is created on demand.
        let root = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let nested = root + "/a/b/c"
        _ = try WAVSink(directory: nested)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test func interruptedUtteranceDeliversNothingAfterTheInterrupt() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [memory], onEvent: recorder.onEvent)
        let long = announcer.speak(longText)
        #expect(memory.waitForSamples(atLeast: 22050))
        announcer.stop()
        let atInterrupt = memory.totalSamples
        announcer.drain()
        #expect(memory.totalSamples == atInterrupt)
        let event = try #require(recorder.event(for: long))
        #expect(event.outcome == .interrupted)
        #expect(event.sampleCount == atInterrupt)
        let recording = try #require(memory.recording(for: long))
        #expect(recording.interrupted)
        #expect(recording.samples.count == atInterrupt)
        // The whole text is minutes long; we stopped well before its end.
        #expect(atInterrupt < 22050 * 60)
        #expect(memory.flushCount >= 1)
    }

    /// Waiting for samples a finished announcement never delivered ends at its deadline, says
    /// they did not come, and leaves no waiter behind (the next announcement's samples are
    /// counted as before).
    @Test func waitingForSamplesThatNeverComeEndsAtTheDeadline() throws {
        let memory = MemorySink()
        let announcer = Announcer(engine: engine, sinks: [memory])
        let first = announcer.speak("Page 1 of 3")
        announcer.drain()
        let spoken = try #require(memory.recording(for: first)).samples.count
        #expect(spoken > 0)
        #expect(!memory.waitForSamples(atLeast: spoken + 1, timeout: .milliseconds(50)))
        _ = announcer.speak("Page 2 of 3")
        #expect(memory.waitForSamples(atLeast: spoken + 1))
        announcer.drain()
    }

    @Test func newDefaultAnnouncementCutsTheOldOneOffCleanly() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [memory], onEvent: recorder.onEvent)
        let long = announcer.speak(longText)
        #expect(memory.waitForSamples(atLeast: 4410))
        let next = announcer.speak("Page 3 of 3")
        let atInterrupt = try #require(memory.recording(for: long)).samples.count
        announcer.drain()
        #expect(try #require(memory.recording(for: long)).samples.count == atInterrupt)
        #expect(recorder.event(for: long)?.outcome == .interrupted)
        #expect(recorder.event(for: next)?.outcome == .finished)
        #expect((0.8...2.0).contains(recorder.event(for: next)?.duration ?? 0))
        #expect(recorder.events.map(\.id) == [long, next])
    }

    @Test func lowPriorityQueuesBehindCurrentSpeech() throws {
        let holding = HoldingSink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
        let first = announcer.speak("Page 1 of 3")
        #expect(holding.waitUntilBlocked())
        let low = announcer.speak("Page 2 of 3", priority: .low)
        #expect(!announcer.drain(timeout: .milliseconds(50)))
        #expect(recorder.events.isEmpty)
        holding.releaseAll()
        announcer.drain()
        #expect(recorder.events.map(\.id) == [first, low])
        #expect(recorder.events.map(\.outcome) == [.finished, .finished])
        #expect(holding.begun == [first, low])
    }

    @Test func defaultInterruptsDefaultAndLow() throws {
        for earlier in [SpeechPriority.default, .low] {
            let holding = HoldingSink()
            let recorder = Recorder()
            let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
            let first = announcer.speak("Page 1 of 3", priority: earlier)
            #expect(holding.waitUntilBlocked())
            let second = announcer.speak("Page 2 of 3", priority: .default)
            holding.releaseAll()
            announcer.drain()
            #expect(recorder.event(for: first)?.outcome == .interrupted, "\(earlier)")
            #expect(recorder.event(for: second)?.outcome == .finished)
            #expect(holding.samples(for: first) < holding.samples(for: second))
        }
    }

    @Test func highInterruptsAndCannotBeInterrupted() throws {
        let holding = HoldingSink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
        let first = announcer.speak("Page 1 of 3", priority: .default)
        #expect(holding.waitUntilBlocked())
        let high = announcer.speak("Last page", priority: .high)
        #expect(holding.waitUntilBlocked())
        // While the high one speaks, later announcements of any priority wait behind it.
        let low = announcer.speak("Page 2 of 3", priority: .low)
        let urgent = announcer.speak("Error", priority: .high)
        let later = announcer.speak("Page 3 of 3", priority: .default)
        #expect(!announcer.drain(timeout: .milliseconds(50)))
        holding.releaseAll()
        announcer.drain()
        #expect(recorder.event(for: first)?.outcome == .interrupted)
        for id in [high, urgent, later, low] {
            #expect(recorder.event(for: id)?.outcome == .finished)
        }
        // Highs first (in order), then default, then low.
        #expect(recorder.events.map(\.id) == [first, high, urgent, later, low])
        #expect(holding.begun == [first, high, urgent, later, low])
    }

    @Test func waitingDefaultAnnouncementIsReplacedByALaterOne() throws {
        let holding = HoldingSink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
        let high = announcer.speak("Page 1 of 3", priority: .high)
        #expect(holding.waitUntilBlocked())
        let stale = announcer.speak("Page 2 of 3")
        let low = announcer.speak("Page 1 of 2", priority: .low)
        let latest = announcer.speak("Page 3 of 3")
        // Reported at once, never started.
        #expect(recorder.events.map(\.id) == [stale])
        #expect(recorder.event(for: stale)?.outcome == .interrupted)
        holding.releaseAll()
        announcer.drain()
        #expect(recorder.events.map(\.id) == [stale, high, latest, low])
        #expect(recorder.events.dropFirst().allSatisfy { $0.outcome == .finished })
        #expect(holding.begun == [high, latest, low])
    }

    @Test func rapidPagingSpeaksOnlyTheLatestPage() throws {
        let holding = HoldingSink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
        let pages = (1...5).map { announcer.speak("Page \($0) of 5") }
        holding.releaseAll()
        announcer.drain()
        #expect(recorder.events.count == 5)
        for id in pages.dropLast() {
            #expect(recorder.event(for: id)?.outcome == .interrupted)
        }
        #expect(recorder.event(for: pages.last!)?.outcome == .finished)
        #expect(recorder.events.last?.id == pages.last)
        #expect(holding.samples(for: pages.last!) > 11025)
    }

    @Test func stopSilencesEverythingAndReportsEachAnnouncement() throws {
        let holding = HoldingSink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [holding], onEvent: recorder.onEvent)
        let high = announcer.speak("Page 1 of 3", priority: .high)
        #expect(holding.waitUntilBlocked())
        let queued = [
            announcer.speak("Page 2 of 3", priority: .low),
            announcer.speak("Page 3 of 3", priority: .default),
        ]
        announcer.stop()
        announcer.drain()
        #expect(recorder.events.count == 3)
        #expect(recorder.event(for: high)?.outcome == .interrupted)
        for id in queued {
            #expect(recorder.event(for: id)?.outcome == .interrupted)
            #expect(recorder.event(for: id)?.sampleCount == 0)
        }
        #expect(holding.begun == [high])
        // Still usable afterwards.
        holding.releaseAll()
        let after = announcer.speak("Page 2 of 3")
        announcer.drain()
        #expect(recorder.event(for: after)?.outcome == .finished)
    }

    @Test func drainReturnsOnlyWhenEverythingWasSpoken() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [memory], onEvent: recorder.onEvent)
        let texts = ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3", "Página 2 de 3"]
        let ids = texts.map { announcer.speak($0, priority: .low) }
        announcer.drain()
        #expect(!announcer.isSpeaking)
        #expect(recorder.events.map(\.id) == ids)
        #expect(recorder.events.allSatisfy { $0.outcome == .finished && $0.sampleCount > 11025 })
        #expect(memory.recordings.map(\.id) == ids)
        #expect(memory.recordings.allSatisfy { $0.finished })
        #expect(memory.totalSamples == recorder.events.map(\.sampleCount).reduce(0, +))
        // Nothing queued: returns at once.
        #expect(announcer.drain(timeout: .zero))
    }

    @Test func unknownVoiceFailsThatAnnouncementOnly() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [memory], onEvent: recorder.onEvent)
        let bad = announcer.speak("Page 2 of 3", settings: VoiceSettings(voice: "no-such-voice-xyz"))
        let good = announcer.speak("Page 2 of 3", priority: .low)
        announcer.drain()
        #expect(recorder.event(for: bad)?.outcome == .failed(.unknownVoice("no-such-voice-xyz")))
        #expect(recorder.event(for: good)?.outcome == .finished)
        #expect(throws: SpeechError.unknownVoice("no-such-voice-xyz")) {
            try Announcer(configuration: .init(playback: .null, settings: VoiceSettings(voice: "no-such-voice-xyz")))
        }
    }

    @Test func repeatedAnnouncementsComeFromTheCache() throws {
        let memory = MemorySink()
        let recorder = Recorder()
        let announcer = Announcer(engine: engine, sinks: [memory], onEvent: recorder.onEvent)
        let text = "Page 7 of 9, again \(UUID().uuidString.prefix(4))"
        let ids = (0..<3).map { _ in announcer.speak(text, priority: .low) }
        announcer.drain()
        #expect(recorder.events.map(\.fromCache) == [false, true, true])
        let recordings = ids.compactMap { memory.recording(for: $0)?.samples }
        #expect(recordings.count == 3)
        #expect(recordings[1] == recordings[0] && recordings[2] == recordings[0])
    }

    @Test func longTextGivesOneNoticeAndIsStillSpoken() throws {
        let recorder = Recorder()
        let memory = MemorySink()
        let announcer = Announcer(
            engine: engine, sinks: [memory], onNotice: recorder.onNotice,
            onEvent: recorder.onEvent)
        let text = String(repeating: "Page two of three. ", count: 300)  // 5700 characters
        let id = announcer.speak(text, priority: .low)
        #expect(recorder.notices.count == 1)
        #expect(recorder.notices.first?.contains("5700") == true)
        announcer.drain()
        let event = try #require(recorder.event(for: id))
        #expect(event.outcome == .finished)
        #expect(event.spokenText.unicodeScalars.count <= TextSanitizer.maximumLength)
        #expect(event.spokenText.hasSuffix("three."))
        #expect(memory.totalSamples == event.sampleCount)
        #expect(event.duration > 60)
    }

    @Test func audioOffSynthesisesNothingButReportsEachAnnouncement() throws {
        let recorder = Recorder()
        let announcer = try Announcer(
            configuration: .init(
                playback: .off, onNotice: recorder.onNotice,
                onEvent: recorder.onEvent))
        #expect(announcer.engine == nil)
        #expect(announcer.output == "off")
        let id = announcer.speak("Page 2 of 3")
        announcer.drain()
        #expect(recorder.event(for: id)?.outcome == .finished)
        #expect(recorder.event(for: id)?.sampleCount == 0)
    }

    @Test func nullPlaybackSynthesisesAndDiscards() throws {
        let recorder = Recorder()
        let announcer = try Announcer(
            configuration: .init(
                playback: .null, onNotice: recorder.onNotice,
                onEvent: recorder.onEvent))
        #expect(announcer.output == "null")
        let id = announcer.speak("Page 2 of 3")
        announcer.drain()
        let event = try #require(recorder.event(for: id))
        #expect(event.outcome == .finished)
        #expect((0.8...2.0).contains(event.duration))
        #expect(recorder.notices.isEmpty)
    }
}

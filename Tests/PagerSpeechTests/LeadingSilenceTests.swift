import Foundation
import PagerSpeech
import PagerTestSupport
import Testing

@testable import PagerSpeech

/// Issue 15: eSpeak NG's leading silence is trimmed before any sink hears it, keeping a 5 ms
/// margin, and nothing else is lost.
@Suite struct LeadingSilenceTests {
    /// Runs `input`, cut into buffers of `size`, through a trimmer.
    func trim(_ input: [Int16], buffersOf size: Int, sampleRate: Int = 22050) -> (output: [Int16], trimmed: Int) {
        var trimmer = LeadingSilenceTrimmer(sampleRate: sampleRate)
        var output: [Int16] = []
        var start = 0
        while start < input.count {
            let end = min(start + size, input.count)
            let going = input[start..<end].withUnsafeBufferPointer { buffer in
                trimmer.process(buffer) { piece in
                    output.append(contentsOf: piece)
                    return true
                }
            }
            #expect(going)
            start = end
        }
        trimmer.finish()
        return (output, trimmer.trimmed)
    }

    @Test(arguments: [1, 7, 110, 441, 1000, 5000])
    func keepsTheMarginBeforeTheFirstLoudSampleWhateverTheBuffers(size: Int) {
        let margin = 110
        // 1000 samples of silence, a low-level sample (below the threshold), then sound.
        let silence = [Int16](repeating: 0, count: 1000)
        let sound: [Int16] = [40, -50, 65, 300, -900, 1200, 0, 0, 700]
        let input = silence + sound + silence
        let (output, trimmed) = trim(input, buffersOf: size)
        let firstLoud = 1000 + 2
        #expect(trimmed == firstLoud - margin)
        #expect(output == Array(input[(firstLoud - margin)...]), "the rest, pauses included, passes untouched")
        #expect(output.count + trimmed == input.count)
        #expect(output.firstIndex { abs(Int($0)) > 64 } == margin)
    }

    @Test func soundAtTheVeryStartLosesNothingAndSilenceAloneIsDropped() {
        let input: [Int16] = [0, 0, 500, 0, 0]
        #expect(trim(input, buffersOf: 2) == (input, 0))
        let silent = [Int16](repeating: 0, count: 3000) + [10, -20, 64, -64]
        let (output, trimmed) = trim(silent, buffersOf: 441)
        #expect(output.isEmpty)
        #expect(trimmed == silent.count)
    }

    @Test func stopsWhenTheReceiverSaysSo() {
        var trimmer = LeadingSilenceTrimmer(sampleRate: 22050)
        let input = [Int16](repeating: 0, count: 200) + [Int16](repeating: 1000, count: 200)
        var calls = 0
        let going = input.withUnsafeBufferPointer { buffer in
            trimmer.process(buffer) { _ in
                calls += 1
                return false
            }
        }
        #expect(!going)
        #expect(calls == 1, "the held margin was refused, so the rest was never offered")
    }

    static let speech = [("Page 2 of 3", "en"), ("Tap to explore the pages", "en"), ("Página 2 de 3", "es"), ("Hello", "en")]

    /// Real speech written to WAV: the first audible sample comes within the kept margin, and
    /// every sample of an untrimmed synthesis of the same text after the trimmed silence is there.
    ///
    /// eSpeak NG carries state from one synthesis to the next (its noise generator and more), so
    /// two syntheses of one text in one process differ by a few samples. Each side is therefore
    /// the first synthesis of a fresh process (`ChildTest`), where eSpeak is deterministic.
    @Test(arguments: speech)
    func wavFilesStartAtTheSoundAndKeepEveryWord(text: String, voice: String) throws {
        let environment = ProcessInfo.processInfo.environment
        if ChildTest.isChild {
            guard environment["PV_TRIM_TEXT"] == text, let directory = environment["PV_TRIM_DIR"] else { return }
            let engine = try SpeechEngine.shared()
            let settings = VoiceSettings(voice: voice)
            if environment["PV_TRIM_SIDE"] == "untrimmed" {
                let untrimmed = try engine.synthesize(text, settings: settings, useCache: false, trimLeadingSilence: false)
                let bytes = untrimmed.samples.withUnsafeBytes { Data($0) }
                try bytes.write(to: URL(fileURLWithPath: directory + "/untrimmed.pcm"))
                ChildTest.report("RESULT untrimmed \(untrimmed.samples.count) trimmed=\(untrimmed.trimmedLeadingSamples)")
            } else {
                let recorder = Recorder()
                let announcer = Announcer(
                    engine: engine, sinks: [try WAVSink(directory: directory)], settings: settings, onEvent: recorder.onEvent)
                let id = announcer.speak(text)
                announcer.drain()
                let event = recorder.event(for: id)
                ChildTest.report("RESULT trimmed=\(event?.trimmedLeadingSamples ?? -1) samples=\(event?.sampleCount ?? -1)")
            }
            return
        }
        let directory = try TemporaryDirectory()
        var lines: [String] = []
        for side in ["untrimmed", "trimmed"] {
            let child = try ChildTest.start(
                "wavFilesStartAtTheSoundAndKeepEveryWord",
                adding: ["PV_TRIM_TEXT": text, "PV_TRIM_DIR": directory.path, "PV_TRIM_SIDE": side])
            #expect(child.waitForExit() == 0, "\(child.standardOutput)\n\(child.standardError)")
            lines += child.standardOutput.split(separator: "\n").filter { $0.hasPrefix("RESULT") }.map(String.init)
        }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasSuffix(" trimmed=0") == true, "untrimmed means untrimmed: \(lines)")
        let untrimmed = (FileContents.bytes(directory.path + "/untrimmed.pcm") ?? []).withUnsafeBytes {
            Array($0.bindMemory(to: Int16.self))
        }
        let wav = try WAVFile(contentsOf: directory.path + "/0001.wav")
        let trimmed = try #require(lines.last.flatMap { Int($0.split(separator: "=")[1].split(separator: " ")[0]) })
        #expect(lines.last == "RESULT trimmed=\(trimmed) samples=\(wav.samples.count)")
        // The words are all there: what was kept plus what was trimmed is the untrimmed length,
        // and it is the untrimmed synthesis, sample for sample, from where the trim ended.
        #expect(wav.samples.count + trimmed == untrimmed.count)
        #expect(wav.samples.elementsEqual(untrimmed.dropFirst(trimmed)), "the kept samples are the untrimmed ones")
        // The first audible sample comes within the kept margin.
        let margin = 22050 * LeadingSilenceTrimmer.marginMilliseconds / 1000
        let untrimmedFirstLoud = try #require(untrimmed.firstIndex { abs(Int($0)) > 64 })
        #expect(wav.samples.firstIndex { abs(Int($0)) > 64 } == min(margin, untrimmedFirstLoud))
        #expect(trimmed == max(0, untrimmedFirstLoud - margin))
    }

    /// Live sinks hear what is written, and a repeat from the cache is trimmed the same way.
    @Test func everySinkAndTheCacheGetTheTrimmedSound() throws {
        let engine = try SpeechEngine.shared()
        let directory = try TemporaryDirectory()
        let recorder = Recorder()
        let memory = MemorySink()
        let announcer = Announcer(
            engine: engine, sinks: [memory, try WAVSink(directory: directory.path)], onEvent: recorder.onEvent)
        let text = "Page 4 of 9, trimmed"
        let first = announcer.speak(text)
        announcer.drain()
        let again = announcer.speak(text)
        announcer.drain()
        let events = [first, again].compactMap(recorder.event(for:))
        #expect(events.count == 2)
        #expect(events.map(\.fromCache) == [false, true])
        #expect(events[0].trimmedLeadingSamples > 22050 * 30 / 1000)
        #expect(events[1].trimmedLeadingSamples == events[0].trimmedLeadingSamples)
        let wavs = try events.map { try WAVFile(contentsOf: try #require($0.wavPath)).samples }
        #expect(wavs[0] == wavs[1])
        #expect(memory.recording(for: first)?.samples == wavs[0], "live sinks hear exactly what is written")
        #expect(wavs[0].firstIndex { abs(Int($0)) > 64 } == 22050 * LeadingSilenceTrimmer.marginMilliseconds / 1000)
    }

    @Test func pageAnnouncementsLoseAboutFortyFiveMillisecondsOfSilence() throws {
        let engine = try SpeechEngine.shared()
        let synthesis = try engine.synthesize("Page 2 of 3", useCache: false)
        // eSpeak NG 1.51 starts "Page 2 of 3" with 49 ms of silence; 5 ms of it stay.
        #expect((35...50).contains(synthesis.trimmedLeadingSamples * 1000 / 22050), "\(synthesis.trimmedLeadingSamples) samples")
    }
}

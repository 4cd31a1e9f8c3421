import Foundation
import PagerTestSupport
import Testing

/// The executable speaking for real: eSpeak NG synthesis checked as WAV files and as sound
/// recorded from a private PulseAudio server's null sink.
@Suite struct SpeechEndToEndTests {
    @Test func wavDirGetsOneValidFilePerAnnouncement() throws {
        let dir = try TemporaryDirectory()
        let run = try Pagervoice.run(
            ["--audio", "null", "--wav-dir", dir.path],
            input: """
                next
                next
                next
                bogus
                prev
                say Hello
                """)
        #expect(run.status == 1)  // the bogus line
        #expect(run.lines == ["Page 2 of 3", "Page 3 of 3", "Page 3 of 3", "Page 2 of 3", "Hello"])
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files == ["0001.wav", "0002.wav", "0003.wav", "0004.wav", "0005.wav"])
        for file in files {
            let wav = try WAVFile(contentsOf: dir.path + "/" + file)
            #expect(wav.sampleRate == 22050)
            #expect(wav.channels == 1)
            #expect(wav.bitsPerSample == 16)
            #expect(PCMAnalysis.peakRMS(wav.samples) > 500, "\(file) has speech energy")
            if file != "0005.wav" {
                #expect((0.8...2.0).contains(wav.duration), "\(file): \(wav.duration) s")
            }
        }
        // The same text gives the same sound (and comes from the cache the second time).
        let second = try WAVFile(contentsOf: dir.path + "/0002.wav")
        let third = try WAVFile(contentsOf: dir.path + "/0003.wav")
        #expect(second.samples == third.samples)
    }

    @Test(arguments: [("es", "Página 2 de 3"), ("ar", "\u{2068}الصفحة 2 من 3\u{2069}"), ("de", "Seite 2 von 3")])
    func otherLanguagesAreSpoken(code: String, text: String) throws {
        let dir = try TemporaryDirectory()
        let english = try TemporaryDirectory()
        let run = try Pagervoice.run(["--audio", "null", "--lang", code, "--wav-dir", dir.path], input: "next\n")
        _ = try Pagervoice.run(["--audio", "null", "--wav-dir", english.path], input: "next\n")
        #expect(run.lines == [text])
        let wav = try WAVFile(contentsOf: dir.path + "/0001.wav")
        let englishWav = try WAVFile(contentsOf: english.path + "/0001.wav")
        #expect(PCMAnalysis.peakRMS(wav.samples) > 500)
        #expect((0.6...3.0).contains(wav.duration))
        #expect(wav.samples != englishWav.samples, "spoken in another voice, not the English one")
    }

    @Test func audioOffSynthesisesNothing() throws {
        // eSpeak NG is never started with --audio off: unusable voice data goes unnoticed…
        let empty = try TemporaryDirectory()
        let off = try Pagervoice.run(["--audio", "off"], input: "next\n", environment: ["ESPEAK_DATA_PATH": empty.path])
        #expect(off.status == 0)
        #expect(off.lines == ["Page 2 of 3"])
        #expect(off.stderr == "")
        // …whereas any other mode starts it and says clearly what is missing, in one line.
        let null = try Pagervoice.run(["--audio", "null"], input: "next\n", environment: ["ESPEAK_DATA_PATH": empty.path])
        #expect(null.status == 1)
        #expect(null.lines == [])
        #expect(null.errorLines.count == 1)
        #expect(null.errorLines.first?.hasPrefix("pagervoice: eSpeak NG could not start") == true)
    }

    @Test func unknownVoiceAndUnwritableWavDirAreCommandLineErrors() throws {
        let voice = try Pagervoice.run(["--audio", "null", "--voice", "no-such-voice"], input: "next\n")
        #expect(voice.status == 2)
        #expect(voice.errorLines == ["pagervoice: unknown voice 'no-such-voice' (list them with `voices`)"])
        let wav = try Pagervoice.run(["--audio", "null", "--wav-dir", "/proc/no-such-dir"], input: "next\n")
        #expect(wav.status == 2)
        #expect(wav.errorLines.count == 1)
        #expect(wav.errorLines.first?.hasPrefix("pagervoice: cannot write WAV files to /proc/no-such-dir") == true)
    }

    @Test func sayAndVoicesSubcommands() throws {
        let dir = try TemporaryDirectory()
        let say = try Pagervoice.run(["say", "--audio", "null", "--wav-dir", dir.path, "<audio", "src=\"/etc/passwd\"/>"])
        #expect(say.status == 0)
        #expect(say.lines == ["<audio src=\"/etc/passwd\"/>"])
        let wav = try WAVFile(contentsOf: dir.path + "/0001.wav")
        // The markup was read aloud as text (about two seconds of speech), not obeyed.
        #expect(wav.duration > 1.0)
        let voices = try Pagervoice.run(["voices"])
        #expect(voices.status == 0)
        #expect(voices.lines.contains { $0.hasPrefix("Spanish") || $0.contains(" es") })
        #expect(voices.lines.count > 50)
    }

    /// A short scripted session through a real PulseAudio server with a null sink: the speech is
    /// recorded from the sink's monitor and found there.
    @Test func sessionIsHeardThroughPulseAudio() throws {
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.startRecording()
        defer { recording.stop() }
        let run = try Pagervoice.run(["--audio", "pulse"], input: "next\nnext\n", environment: server.clientEnvironment())
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.lines == ["Page 2 of 3", "Page 3 of 3"])
        // Piped input speaks each announcement to its end before exiting, so both were played.
        let samples = recording.waitForEnergy(above: 500, timeout: .seconds(20)) ?? []
        #expect(PCMAnalysis.peakRMS(samples) > 500)
        let voiced = PCMAnalysis.voicedDuration(samples, sampleRate: server.sampleRate)
        #expect(voiced > 0.8, "about two announcements of speech were heard, got \(voiced) s")
    }

    @Test func autoWithoutAnyDeviceSaysSoOnceAndGoesOn() throws {
        // No PulseAudio server at this address and (in CI) no sound card: one notice, no noise.
        let run = try Pagervoice.run(
            ["--audio", "auto"], input: "next\n",
            environment: ["PULSE_SERVER": "unix:/nonexistent/pulse/native"])
        #expect(run.status == 0)
        #expect(run.lines == ["Page 2 of 3"])
        #expect(!run.stderr.contains("ALSA lib"))
        let cards = FileContents.text("/proc/asound/cards") ?? ""
        if cards.isEmpty || cards.contains("no soundcards") {
            #expect(run.errorLines.count == 1)
            #expect(run.errorLines.first?.contains("continuing without sound") == true)
        } else {
            #expect(run.errorLines.isEmpty, "a machine with a sound card plays through ALSA")
        }
    }
}

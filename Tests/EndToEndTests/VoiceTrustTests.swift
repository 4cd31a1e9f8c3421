import Foundation
import PagerTestSupport
import Testing

/// Issue 32 and issue 31, item 7, through the built executable: speech and sound that are no
/// command run nothing, sleep and the wake word gate what runs, earcons reach the sinks, and
/// `--print` keeps a screen reader from hearing everything twice. Recordings are made at test
/// time (eSpeak NG, flite, a melody synthesised here).
@Suite struct VoiceTrustTests {
    /// One 16 kHz WAV of `parts`, each said by its talker and followed by 0.8 s of silence.
    static func recording(_ parts: [(Talker, String)], in folder: TemporaryDirectory, name: String = "speech") throws -> String {
        var samples: [Float] = Array(repeating: 0, count: 8000)
        for (index, (talker, text)) in parts.enumerated() {
            let part = folder.path + "/\(name)-\(index).wav"
            try talker.say(text, to: part)
            let wav = try WAVFile(contentsOf: part)
            samples += WAVWriter.resample(wav.samples.map { Float($0) / 32768 }, from: wav.sampleRate, to: 16_000)
            samples += Array(repeating: 0, count: 12_800)
        }
        let path = folder.path + "/\(name).wav"
        try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: 16_000), to: path)
        return path
    }

    static func listen(_ wav: String, _ options: [String] = [], in folder: TemporaryDirectory) throws -> Pagervoice.Run {
        try Pagervoice.run(["--listen-file", wav, "--audio", "off", "--json"] + options, environment: ["XDG_STATE_HOME": folder.path])
    }

    static func commands(_ run: Pagervoice.Run) -> [String] {
        run.events.filter { $0["type"] as? String == "heard" }.compactMap { $0["command"] as? String }
    }

    /// Issue 31, item 7: each of these ran a command, taking a phrase for the whole utterance
    /// when it was only its first words ("go to the store…" ran "go to Explore").
    @Test(.timeLimit(.minutes(15))) func aPhraseMustBeTheWholeUtteranceNotItsFirstWords() throws {
        let folder = try TemporaryDirectory()
        let sentences = ["go to the store and buy milk", "previously on the show", "stop it right now"]
        let talkers: [Talker] = [.espeak("en-us"), .espeak("en"), .flite("slt")]
        let wav = try Self.recording(talkers.flatMap { talker in sentences.map { (talker, $0) } }, in: folder)
        for pages in [["Explore", "Collect", "Share"], (1...20).map { "Page \($0)" }] {
            let run = try Self.listen(wav, ["--pages", pages.joined(separator: ",")], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(Self.commands(run) == [], "\(pages.count) pages: \(run.stdout)")
            #expect(!run.events.contains { $0["type"] as? String == "announcement" })
        }
    }

    /// "go to sleep" in eSpeak NG's `en` ran "go to page three": it is a phrase now, and puts
    /// listening to sleep.
    @Test func goToSleepIsHeardAsItself() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording([(.espeak("en"), "go to sleep")], in: folder)
        let run = try Self.listen(wav, in: folder)
        #expect(Self.commands(run) == ["go to sleep"], "\(run.stdout)")
        #expect(run.events.contains { $0["type"] as? String == "listening" && $0["state"] as? String == "asleep" })
        #expect(!run.events.contains { $0["type"] as? String == "announcement" })
    }

    /// A plucked melody (synthesised here: Karplus–Strong strings, no recording) runs nothing,
    /// and silence and faint noise are no utterance at all: no "not understood".
    @Test func musicSilenceAndFaintNoiseRunNothingAndSayNothing() throws {
        let folder = try TemporaryDirectory()
        let rate = 16_000
        var random = SplitMix64(seed: 7)
        func pluck(_ frequency: Double, seconds: Double) -> [Float] {
            let period = Int(Double(rate) / frequency)
            var ring = (0..<period).map { _ in Float(Double(random.next() % 2000) / 1000 - 1) * 0.6 }
            var out: [Float] = []
            for index in 0..<Int(seconds * Double(rate)) {
                let value = ring[index % period]
                ring[index % period] = 0.996 * 0.5 * (value + ring[(index + 1) % period])
                out.append(value)
            }
            return out
        }
        var melody: [Float] = Array(repeating: 0, count: 8000)
        for (note, length) in [(262.0, 0.3), (330, 0.3), (392, 0.3), (523, 0.3), (392, 0.25), (659, 0.6)] {
            melody += pluck(note, seconds: length)
        }
        melody += Array(repeating: 0, count: 16_000)
        let faint = (0..<(rate * 3)).map { _ in Float(Double(random.next() % 2000) / 1000 - 1) * 0.003 }
        let silence = [Float](repeating: 0, count: rate * 3)
        for (name, samples) in [("melody", melody), ("faint", faint), ("silence", silence), ("all", silence + faint + melody)] {
            let path = folder.path + "/\(name).wav"
            try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: rate), to: path)
            for pages in ["Explore,Collect,Share", "Alpha"] {
                let run = try Self.listen(path, ["--pages", pages], in: folder)
                #expect(run.status == 0, "\(run.stderr)")
                #expect(Self.commands(run) == [], "\(name): \(run.stdout)")
                if name != "melody" && name != "all" {
                    #expect(!run.events.contains { $0["type"] as? String == "not_understood" }, "\(name): \(run.stdout)")
                }
            }
        }
    }

    /// Asleep, nothing but "wake up" is obeyed, and nothing else is even printed as heard.
    @Test(.timeLimit(.minutes(15))) func asleepNothingRunsUntilWakeUp() throws {
        let folder = try TemporaryDirectory()
        let slt = Talker.flite("slt")
        let wav = try Self.recording(
            [(slt, "next page"), (slt, "go to sleep"), (slt, "next page"), (slt, "go to share"), (slt, "wake up"), (slt, "next page")],
            in: folder)
        let run = try Self.listen(wav, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.commands(run) == ["next", "go to sleep", "wake up", "next"], "\(run.stdout)")
        let states = run.events.filter { $0["type"] as? String == "listening" }.compactMap { $0["state"] as? String }
        #expect(states == ["started", "asleep", "awake", "ended"])
        let pages = run.events.filter { $0["type"] as? String == "announcement" }.compactMap { $0["text"] as? String }
        #expect(pages == ["Page 2 of 3", "Page 3 of 3"])
        // Between sleep and wake, not even "not understood".
        let asleepAt = try #require(run.events.firstIndex { $0["state"] as? String == "asleep" })
        let awakeAt = try #require(run.events.firstIndex { $0["state"] as? String == "awake" })
        #expect(run.events[(asleepAt + 1)..<awakeAt].map { $0["type"] as? String } == ["heard"], "\(run.stdout)")

        // --listen-asleep starts so; the text output and status say so.
        let text = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "off", "--listen-asleep"], input: "status\n", environment: ["XDG_STATE_HOME": folder.path])
        #expect(text.lines.filter { $0.hasPrefix("heard:") } == ["heard: wake up", "heard: next page"], "\(text.stdout)")
        #expect(text.lines.contains("listening asleep: say \"wake up\" to wake it"))
        #expect(text.lines.contains("listening awake"))
        #expect(text.lines.contains { $0.hasPrefix("listening: ") }, "status shows listening")
    }

    /// With a wake word only what begins with it runs, and speech that does not is not
    /// answered at all (no "not understood": a room's talk is not addressed to us), while the
    /// wake word and a phrase not in the grammar is; a word the dictionary lacks is a usage error
    /// that names it.
    @Test(.timeLimit(.minutes(15))) func aWakeWordGatesCommands() throws {
        let folder = try TemporaryDirectory()
        let slt = Talker.flite("slt")
        let wav = try Self.recording(
            [
                (slt, "next page"), (slt, "computer next page"), (slt, "go to share"), (slt, "computer where am I"),
                (slt, "the weather is nice today"), (slt, "computer what time is it"),
            ], in: folder)
        let run = try Self.listen(wav, ["--wake-word", "computer"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.commands(run) == ["next", "focus"], "\(run.stdout)")
        let answered = run.events.filter { $0["type"] as? String == "not_understood" }
        #expect(answered.count == 1, "\(run.stdout)")
        #expect((answered.first?["words"] as? [String])?.first == "computer", "\(run.stdout)")
        // Nothing else is answered, so the first line says how to be heard.
        let text = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "off", "--wake-word", "computer"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(text.lines.first == "listening to the recording \(wav): begin each command with \"computer\"", "\(text.lines)")
        let unknown = try Pagervoice.run(["--listen", "--wake-word", "pagervoicey"])
        #expect(unknown.status == 2)
        #expect(unknown.errorLines.first?.contains("'pagervoicey' is not in the pronouncing dictionary") == true, "\(unknown.stderr)")
        let two = try Pagervoice.run(["--listen", "--wake-word", "hey computer"])
        #expect(two.status == 2)
    }

    /// A page number past the last is heard as said and changes nothing, with the low tone:
    /// flite's "go to page five" (awb) went to page 1 of 3, and "page four" (slt) to page 2.
    @Test(.timeLimit(.minutes(15))) func aPagePastTheLastIsHeardAsSaidAndChangesNothing() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(
            [(.flite("awb"), "go to page five"), (.flite("slt"), "page four"), (.flite("slt"), "next page")], in: folder)
        let wavs = folder.path + "/wavs"
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "null", "--json", "--wav-dir", wavs], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0, "a voice command that fails does not fail the run: \(run.stderr)")
        let said = run.events.compactMap { event -> String? in
            switch event["type"] as? String {
            case "heard": "heard \(event["command"] as? String ?? "")"
            case "error": "error \(event["message"] as? String ?? "")"
            case "announcement": "said \(event["text"] as? String ?? "")"
            default: nil
            }
        }
        #expect(
            said == [
                "heard go 5", "error there is no page 5: pages are 1 to 3", "heard go 4", "error there is no page 4: pages are 1 to 3",
                "heard next", "said Page 2 of 3",
            ], "\(said)")
        // Three tones and one announcement: low, low, then the high "done" after the page turned.
        let files = try FileManager.default.contentsOfDirectory(atPath: wavs).sorted()
        let sounds = try files.map { try WAVFile(contentsOf: wavs + "/" + $0) }
        let pitches = sounds.filter { $0.duration < 0.15 }.map { PCMAnalysis.zeroCrossingFrequency($0.samples, sampleRate: $0.sampleRate) }
        #expect(pitches.count == 3, "\(files)")
        #expect(pitches.count == 3 && abs(pitches[0] - 220) < 20 && abs(pitches[1] - 220) < 20 && abs(pitches[2] - 1320) < 40, "\(pitches)")
    }

    /// Earcons: one per voice event, written by `--wav-dir` as utterances of their own, each
    /// under 150 ms, quieter than speech, and told apart by pitch and length; `--earcons off`
    /// writes none.
    @Test(.timeLimit(.minutes(15))) func earconsAreWrittenAndDistinct() throws {
        let folder = try TemporaryDirectory()
        let slt = Talker.flite("slt")
        let wav = try Self.recording(
            [
                (slt, "next page"), (slt, "stop"), (slt, "go to sleep"), (slt, "wake up"),
                (slt, "the weather is lovely in the mountains today"),
            ],
            in: folder)
        let wavs = folder.path + "/wavs"
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "null", "--wav-dir", wavs], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: wavs).sorted()
        #expect(files.count == 6, "\(files) \(run.stdout)")
        guard files.count == 6 else { return }
        let sounds = try files.map { try WAVFile(contentsOf: wavs + "/" + $0) }
        let speech = sounds[0]
        let tones = Array(sounds[1...])
        for tone in tones {
            #expect(tone.duration < 0.15)
            // At least 6 dB under the loudest 50 ms of speech.
            #expect(PCMAnalysis.rms(tone.samples) < PCMAnalysis.peakRMS(speech.samples, window: speech.sampleRate / 20) / 2)
        }
        // done, done, asleep, awake, not understood
        let pitches = tones.map { PCMAnalysis.zeroCrossingFrequency($0.samples, sampleRate: $0.sampleRate) }
        #expect(abs(pitches[0] - 1320) < 40 && abs(pitches[1] - 1320) < 40, "\(pitches)")
        #expect(abs(pitches[2] - 550) < 40 && abs(pitches[3] - 550) < 40, "\(pitches)")
        #expect(abs(pitches[4] - 220) < 20, "\(pitches)")
        #expect(Set(tones.map { Int($0.duration * 1000 / 10) }).count == 4, "four lengths")
        // Asleep falls, awake rises.
        func halves(_ tone: WAVFile) -> (Double, Double) {
            let middle = tone.samples.count / 2
            return (
                PCMAnalysis.zeroCrossingFrequency(Array(tone.samples[..<middle]), sampleRate: tone.sampleRate),
                PCMAnalysis.zeroCrossingFrequency(Array(tone.samples[middle...]), sampleRate: tone.sampleRate)
            )
        }
        #expect(halves(tones[2]).0 > halves(tones[2]).1)
        #expect(halves(tones[3]).0 < halves(tones[3]).1)

        let quiet = folder.path + "/quiet"
        let off = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "null", "--wav-dir", quiet, "--earcons", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(off.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: quiet).count == 1)
    }

    /// Earcons reach a loudspeaker: a private PulseAudio server's null sink hears the tone of a
    /// command that says nothing ("stop").
    @Test(.timeLimit(.minutes(15))) func earconsAreHeardAtTheSink() throws {
        let server = try PulseAudioServer(sinkName: "pv_earcon")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let wav = try Self.recording([(.flite("slt"), "stop")], in: folder)
        let recording = try server.startRecording()
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "pulse"],
            environment: server.clientEnvironment(base: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 })
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains("heard: stop"))
        #expect(recording.waitForEnergy(above: 1000, window: 441, timeout: .seconds(10)) != nil)
        let samples = recording.samples()
        recording.stop()
        let window = server.sampleRate / 20
        func best(_ frequency: Double) -> Double {
            stride(from: 0, to: max(samples.count - window, 0), by: window / 4).map {
                PCMAnalysis.share(of: frequency, in: samples[$0..<($0 + window)], sampleRate: server.sampleRate)
            }.max() ?? 0
        }
        #expect(best(1320) > 0.6, "the 1320 Hz tone of 'done' is at the sink (best share \(best(1320)))")
        #expect(best(700) < 0.1, "and no other tone")
    }

    /// `--print unspoken` leaves out what is spoken (a screen reader reading the terminal would
    /// say it again); `--print none` prints nothing but errors.
    @Test func printUnspokenAndNone() throws {
        let input = "next\nstatus\ngo 9\n"
        let all = try Pagervoice.run(["--audio", "off"], input: input)
        #expect(all.lines.first == "Page 2 of 3")
        let unspoken = try Pagervoice.run(["--audio", "off", "--print", "unspoken"], input: input)
        #expect(!unspoken.lines.contains("Page 2 of 3"))
        #expect(unspoken.lines.contains { $0.hasPrefix("pages: ") }, "status is not spoken: printed")
        #expect(unspoken.errorLines == ["line 3: there is no page 9: pages are 1 to 3"])
        let none = try Pagervoice.run(["--audio", "off", "--print", "none"], input: input)
        #expect(none.lines == [])
        #expect(none.errorLines == unspoken.errorLines)
        #expect(none.status == 1)
        let json = try Pagervoice.run(["--audio", "off", "--print", "none", "--json"], input: input)
        #expect(json.events.contains { $0["type"] as? String == "announcement" }, "JSON carries everything")
    }
}

/// Issue 32: people talking, none of it a command. The recordings are the held-out part of
/// `HumanSpeech` (from Debian's `alsa-utils` and `asterisk-core-sounds-en-wav`, which the Makefile
/// installs), kept out of tuning until it was first measured (it has been heard since;
/// docs/VOICE.md says when), one after another as a room's talk would come, at their own rates,
/// through the built executable against a 3- and a 20-page pager.
/// `pagervoice-bench listen` hears every held-out recording against four sizes.
///
/// With a wake word they run nothing. Without one they still run a few commands (a one-word
/// phrase, "read", for "rear", "review"; docs/VOICE.md has the figures): the target of none is
/// not met, and this pins what was measured so that it can only get better.
@Suite struct HumanSpeechTests {
    /// One WAV of `recordings` at `rate`, 0.8 s of silence between them.
    static func file(_ recordings: [HumanSpeech], rate: Int, in folder: TemporaryDirectory, name: String) throws -> String {
        var samples: [Float] = Array(repeating: 0, count: rate / 2)
        for recording in recordings {
            let native = try recording.nativeSamples()
            samples += WAVWriter.resample(native.samples, from: native.sampleRate, to: rate) + Array(repeating: 0, count: rate * 8 / 10)
        }
        let path = folder.path + "/\(name).wav"
        try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: rate), to: path)
        return path
    }

    /// The held-out recordings as two files: ALSA's wideband voice (all of it, 48 kHz) and a fixed
    /// sample of 40 of Asterisk's telephone prompts (8 kHz).
    static func recordings(in folder: TemporaryDirectory) throws -> [String] {
        let heldOut = HumanSpeech.recordings(.heldOut)
        let alsa = heldOut.filter { $0.name.hasPrefix("alsa/") }
        let asterisk = heldOut.filter { $0.name.hasPrefix("asterisk/") }
        try #require(
            alsa.count >= 8 && asterisk.count >= 100,
            "human speech is missing: apt-get install alsa-utils asterisk-core-sounds-en-wav (make test does)")
        let step = asterisk.count / 40
        return [
            try file(alsa, rate: 48_000, in: folder, name: "alsa"),
            try file((0..<40).map { asterisk[$0 * step] }, rate: 8000, in: folder, name: "asterisk"),
        ]
    }

    static func commandsRun(_ path: String, _ options: [String] = [], in folder: TemporaryDirectory) throws -> [String] {
        var heard: [String] = []
        for titles in [["Explore", "Collect", "Share"], (1...20).map { "Page \($0)" }] {
            let run = try Pagervoice.run(
                ["--listen-file", path, "--audio", "off", "--json", "--pages", titles.joined(separator: ",")] + options,
                environment: ["XDG_STATE_HOME": folder.path], timeout: .seconds(300))
            #expect(run.status == 0, "\(run.stderr)")
            if options.contains("--wake-word") {
                // Talk not begun with the wake word gets no answer at all; the recording was heard
                // to its end (the same files print "not understood" in the default mode's test).
                #expect(run.events.contains { $0["state"] as? String == "ended" }, "\(run.stdout)")
            } else {
                #expect(run.events.contains { $0["type"] as? String == "not_understood" }, "it did hear speech")
            }
            // A number past the last page is heard but runs nothing ("there is no page 13").
            let ran = run.events.filter { event in
                guard event["type"] as? String == "heard" else { return false }
                let command = event["command"] as? String ?? ""
                guard command.hasPrefix("go "), let page = Int(command.dropFirst(3)) else { return true }
                return page <= titles.count
            }
            heard += ran.compactMap { $0["text"] as? String }
        }
        return heard
    }

    /// The unseen part (`HumanSpeech.unseenRecordings`) is installed whole and every recording
    /// decodes to sound, so the bench's figure is never silently on fewer recordings. Only
    /// decoded here, never heard by the recogniser: `pagervoice-bench human unseen` hears it.
    @Test func theUnseenPartIsInstalledAndEveryRecordingDecodes() throws {
        let unseen = HumanSpeech.recordings(.unseen)
        func count(_ source: String) -> Int { unseen.filter { $0.name.hasPrefix(source + "/") }.count }
        #expect(count("ktuberling") >= 70, "apt-get install ktuberling-data vorbis-tools (make test does)")
        #expect(count("klettres") >= 90, "apt-get install klettres-data")
        #expect(count("codec2") >= 14, "apt-get install codec2-examples")
        #expect(count("linphone") == 1, "apt-get install linphone-common")
        #expect(Set(unseen).isDisjoint(with: HumanSpeech.recordings(.heldOut) + HumanSpeech.recordings(.tuning)))
        for recording in unseen {
            let samples = try recording.samples()
            #expect(samples.count >= 4000, "\(recording.name): at least a quarter of a second")
            #expect((samples.map { abs(Int($0)) }.max() ?? 0) > 1000, "\(recording.name): not silence")
        }
    }

    @Test(.timeLimit(.minutes(15))) func withAWakeWordHeldOutHumanSpeechRunsNothing() throws {
        let folder = try TemporaryDirectory()
        for path in try Self.recordings(in: folder) {
            let heard = try Self.commandsRun(path, ["--wake-word", "computer"], in: folder)
            #expect(heard == [], "\(path)")
        }
    }

    @Test(.timeLimit(.minutes(15))) func inTheDefaultModeHeldOutHumanSpeechRunsNoMoreThanMeasured() throws {
        let folder = try TemporaryDirectory()
        let paths = try Self.recordings(in: folder)
        // Measured 2026-12-03 (both grammars together): ALSA's voice "read" ×2; Asterisk's sample
        // "quit listening" ×2 and "read". ALSA's "side left" ran "last page" too ("last" laid over
        // the silence before "left") until `mostQuietWord`, and ALSA ran 6 and Asterisk 4 until
        // `edgePhonesAroundOneWord`.
        for (path, measured) in zip(paths, [2, 3]) {
            let heard = try Self.commandsRun(path, in: folder)
            #expect(heard.count <= measured, "\(path): \(heard)")
        }
    }
}

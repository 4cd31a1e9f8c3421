import Foundation
import PagerSpeech
import PagerTestSupport
import Testing

/// Tests that need a process of their own: eSpeak NG starts once per process, and libpulse
/// takes its server from the process environment. Each test runs itself again in a child
/// (`ChildTest`); the child does the work and prints `RESULT` lines, the parent checks them.
@Suite struct ChildProcessTests {
    @Test func missingVoiceDataIsTypedErrorAndProcessKeepsRunning() throws {
        if ChildTest.isChild {
            let first = Result { try SpeechEngine.shared() }
            let second = Result { try SpeechEngine.shared() }
            let announcer = Result { try Announcer(configuration: .init(playback: .null)) }
            for result in [first.map { _ in () }, second.map { _ in () }, announcer.map { _ in () }] {
                if case .failure(let error) = result, case .engineUnavailable(let status, let path)? = error as? SpeechError {
                    ChildTest.report("RESULT engineUnavailable code=\(status.rawValue) path=\(path ?? "-") message=\(status.message)")
                } else {
                    ChildTest.report("RESULT unexpected \(result)")
                }
            }
            // The process carries on; speech can be turned off and used.
            let off = try Announcer(configuration: .init(playback: .off))
            off.speak("Page 2 of 3")
            off.drain()
            ChildTest.report("RESULT still running")
            return
        }
        let empty = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let child = try ChildTest.start(
            "missingVoiceDataIsTypedErrorAndProcessKeepsRunning",
            adding: ["ESPEAK_DATA_PATH": empty, "HOME": empty])
        let status = child.waitForExit()
        let lines = child.standardOutput.split(separator: "\n").filter { $0.hasPrefix("RESULT") }
        #expect(status == 0, "child said:\n\(child.standardOutput)\n\(child.standardError)")
        #expect(lines.count == 4, "\(lines)")
        for line in lines.prefix(3) {
            #expect(line.hasPrefix("RESULT engineUnavailable code=2 path=\(empty) "), "\(line)")
            #expect(line.contains("phontab"), "eSpeak's own message names the file: \(line)")
            #expect(line.contains("No such file or directory"))
        }
        #expect(lines.last == "RESULT still running")
    }

    @Test func autoWithoutAudioDeviceGivesOneNoticeAndNoALSANoise() throws {
        if ChildTest.isChild {
            let recorder = Recorder()
            let announcer = try Announcer(
                configuration: .init(
                    playback: .auto, onNotice: recorder.onNotice,
                    onEvent: recorder.onEvent))
            let id = announcer.speak("Page 2 of 3")
            announcer.drain()
            ChildTest.report("RESULT output=\(announcer.output)")
            ChildTest.report("RESULT silent=\(announcer.silentAtStart)")
            ChildTest.report("RESULT notices=\(recorder.notices.count)")
            for notice in recorder.notices { ChildTest.report("RESULT notice: \(notice)") }
            ChildTest.report("RESULT event=\(recorder.event(for: id).map { "\($0.outcome) \($0.sampleCount)" } ?? "none")")
            // Asking for ALSA by name on a machine without a card is a typed error, not noise.
            do {
                _ = try PlaybackSink.open(.alsa, onNotice: recorder.onNotice)
                ChildTest.report("RESULT alsa opened")
            } catch {
                ChildTest.report("RESULT alsa error: \(error)")
            }
            do {
                _ = try PlaybackSink.open(.pulse, onNotice: recorder.onNotice)
                ChildTest.report("RESULT pulse opened")
            } catch {
                ChildTest.report("RESULT pulse error: \(error)")
            }
            return
        }
        let nowhere = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: nowhere) }
        var environment = ProcessInfo.processInfo.environment
        for key in ["PULSE_SERVER", "PULSE_RUNTIME_PATH", "DISPLAY"] { environment.removeValue(forKey: key) }
        environment["XDG_RUNTIME_DIR"] = nowhere
        let child = try ChildTest.start(
            "autoWithoutAudioDeviceGivesOneNoticeAndNoALSANoise",
            environment: environment)
        let status = child.waitForExit()
        let output = child.standardOutput
        #expect(status == 0, "\(output)\n\(child.standardError)")
        let hasCard =
            FileContents.text("/proc/asound/cards")
            .map { !$0.contains("no soundcards") && !$0.isEmpty } ?? false
        let systemPulse =
            FileManager.default.fileExists(atPath: "/var/run/pulse/native")
            || FileManager.default.fileExists(atPath: "/run/pulse/native")
        // Either way nothing from ALSA's library may reach the terminal.
        #expect(!child.standardError.contains("ALSA lib"), "ALSA printed:\n\(child.standardError)")
        guard !hasCard && !systemPulse else {
            // A machine with sound: auto must have found it, silently.
            #expect(output.contains("RESULT silent=false"), "\(output)")
            #expect(output.contains("RESULT notices=0"), "\(output)")
            return
        }
        // A PulseAudio sink waiting for a server (no error, no second notice while none comes).
        #expect(output.contains("RESULT output=PulseAudio"))
        #expect(output.contains("RESULT silent=true"))
        #expect(output.contains("RESULT notices=1"))
        #expect(output.contains("RESULT notice: No audio output ("))
        #expect(output.contains("continuing without sound until a PulseAudio server answers."))
        #expect(output.contains("RESULT event=finished "))
        #expect(!output.contains("RESULT event=finished 0"), "speech is still synthesised")
        #expect(output.contains("RESULT alsa error: audio output 'alsa' is unavailable:"))
        #expect(output.contains("RESULT pulse error: audio output 'pulse' is unavailable: no PulseAudio server is running"))
        #expect(!child.standardError.contains("ALSA lib"), "ALSA printed:\n\(child.standardError)")
        #expect(!output.contains("ALSA lib"))
    }

    @Test func playbackReachesAPulseAudioServer() throws {
        if ChildTest.isChild {
            let recorder = Recorder()
            let announcer = try Announcer(
                configuration: .init(
                    playback: .auto, onNotice: recorder.onNotice,
                    onEvent: recorder.onEvent))
            ChildTest.report("RESULT output=\(announcer.output)")
            ChildTest.report("RESULT silent=\(announcer.silentAtStart)")
            let id = announcer.speak("Page 2 of 3")
            announcer.drain()
            ChildTest.report("RESULT event=\(recorder.event(for: id).map { "\($0.outcome)" } ?? "none")")

            // Interrupting live playback: stop() must return at once, without waiting for the
            // device buffer to play out, and nothing may be reported as a device failure.
            let memory = MemorySink()
            let playback = try PlaybackSink.open(.pulse, onNotice: recorder.onNotice)
            let live = Announcer(
                engine: try SpeechEngine.shared(), sinks: [playback, memory],
                onNotice: recorder.onNotice, onEvent: recorder.onEvent)
            let long = live.speak(longText)
            guard memory.waitForSamples(atLeast: 22050, timeout: .seconds(60)) else {
                ChildTest.report("RESULT never played")
                return
            }
            let clock = ContinuousClock()
            let stopTook = clock.measure { live.stop() }
            live.drain()
            let milliseconds = Double(stopTook.components.attoseconds) / 1e15 + Double(stopTook.components.seconds) * 1e3
            ChildTest.report("RESULT stop-ms=\(Int(milliseconds.rounded(.up)))")
            ChildTest.report("RESULT long=\(recorder.event(for: long).map { "\($0.outcome)" } ?? "none")")
            ChildTest.report("RESULT written-seconds=\(memory.totalSamples / 22050)")
            ChildTest.report("RESULT notices=\(recorder.notices.count)")
            return
        }
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.startRecording()
        let silenceBefore = PCMAnalysis.peakRMS(recording.samples())
        let child = try ChildTest.start(
            "playbackReachesAPulseAudioServer",
            environment: server.clientEnvironment())
        let heard = recording.waitForEnergy(above: 500, timeout: .seconds(60))
        let status = child.waitForExit()
        #expect(status == 0, "\(child.standardOutput)\n\(child.standardError)")
        #expect(child.standardOutput.contains("RESULT output=PulseAudio"))
        #expect(child.standardOutput.contains("RESULT event=finished"))
        #expect(child.standardOutput.contains("RESULT notices=0"))
        #expect(child.standardOutput.contains("RESULT long=interrupted"))
        let stopMilliseconds = child.standardOutput.split(separator: "\n")
            .first { $0.hasPrefix("RESULT stop-ms=") }.flatMap { Int($0.dropFirst("RESULT stop-ms=".count)) }
        #expect((stopMilliseconds ?? .max) < 100, "stop() took \(stopMilliseconds ?? -1) ms")
        #expect(silenceBefore < 50)
        _ = try #require(heard, "no speech energy reached the null sink")
        // drain() returned only after playback ended, so the whole phrase is in the recording.
        let full = recording.samples()
        let voiced = PCMAnalysis.voicedDuration(full, sampleRate: 22050)
        // "Page 2 of 3", then about a second of the long text before it was stopped (it would
        // otherwise run for minutes).
        #expect((1.0...5.0).contains(voiced), "\(voiced) s of speech recorded")
        #expect(PCMAnalysis.peakRMS(full) > 1000)
        server.stop()
        #expect(!PulseAudioServer.socketAnswers(server.socketPath))
    }

    @Test func audioServerDyingMidUtteranceGivesOneNoticeAndSpeechGoesOn() throws {
        if ChildTest.isChild {
            let recorder = Recorder()
            let memory = MemorySink()
            let engine = try SpeechEngine.shared()
            let playback = try PlaybackSink.open(.pulse, onNotice: recorder.onNotice)
            let announcer = Announcer(
                engine: engine, sinks: [playback, memory],
                onNotice: recorder.onNotice, onEvent: recorder.onEvent)
            let long = announcer.speak(String(repeating: "Page two of three. ", count: 12))
            // Playback is paced by the server, so two seconds of samples means it is playing.
            guard memory.waitForSamples(atLeast: 2 * 22050, timeout: .seconds(60)) else {
                ChildTest.report("RESULT never played")
                return
            }
            ChildTest.report("RESULT playing")
            announcer.drain()
            let after = announcer.speak("Page 3 of 3")
            announcer.drain()
            for (label, id) in [("long", long), ("after", after)] {
                let event = recorder.event(for: id)
                ChildTest.report(
                    "RESULT event \(label)=\(event.map { "\($0.outcome) samples=\($0.sampleCount) problems=\($0.problems.count)" } ?? "none")"
                )
            }
            ChildTest.report("RESULT notices=\(recorder.notices.count)")
            for notice in recorder.notices { ChildTest.report("RESULT notice: \(notice)") }
            ChildTest.report("RESULT lost=\(playback.isLost)")
            return
        }
        let server = try PulseAudioServer()
        defer { server.stop() }
        let child = try ChildTest.start(
            "audioServerDyingMidUtteranceGivesOneNoticeAndSpeechGoesOn",
            environment: server.clientEnvironment())
        let playing = child.waitForOutput(containing: "RESULT playing", timeout: .seconds(60))
        server.kill()
        let status = child.waitForExit()
        let output = child.standardOutput
        #expect(playing, "\(output)\n\(child.standardError)")
        #expect(status == 0, "\(output)\n\(child.standardError)")
        #expect(output.contains("RESULT event long=finished"), "\(output)")
        #expect(output.contains("problems=1"))
        #expect(output.contains("RESULT event after=finished samples="))
        #expect(output.contains("RESULT notices=1"))
        #expect(output.contains("RESULT notice: Audio output stopped (PulseAudio: "))
        #expect(output.contains("RESULT lost=true"))
        // The long utterance was synthesised to the end even without sound (about 15 s of it).
        let samples =
            output.split(separator: "\n").first { $0.hasPrefix("RESULT event long=") }?
            .split(separator: "samples=").last?.split(separator: " ").first.flatMap { Int($0) } ?? 0
        #expect(samples > 22050 * 8, "\(output)")
    }
}

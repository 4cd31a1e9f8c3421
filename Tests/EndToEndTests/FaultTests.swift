import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults from outside, each handled as the speech and REPL issues promise: Ctrl-C in the middle
/// of real speech, a reader that goes away, eSpeak NG data or an audio server that is not there,
/// a WAV folder that cannot be written. (More of them: BadInputTests, SpeechEndToEndTests,
/// TerminalTests, and PagerSpeechTests' ChildProcessTests.)
@Suite struct FaultTests {
    /// About a minute of speech: still playing whenever the interrupt comes.
    static let longSay = "say " + String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 25)

    @Test func interruptDuringSpeechStopsAPipedRunAndItsSound() throws {
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.startRecording()
        // Standard input stays open: the script is still running when Ctrl-C comes.
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "pulse"],
            environment: server.clientEnvironment(), onLine: { _ in })
        #expect(child.send(lines: [Self.longSay]))
        let playing = recording.waitForEnergy(above: 500, timeout: .seconds(30))
        try #require(playing != nil, "the long text was never heard")
        let interruptedAt = recording.byteCount() / 2
        let clock = ContinuousClock()
        let sent = clock.now
        child.process.signal(SIGINT)
        let status = child.process.wait(timeout: .seconds(10))
        let took = clock.now - sent
        #expect(status == 130)
        #expect(took < .seconds(2), "exit took \(took)")
        #expect(child.finish(timeout: .seconds(10)) == 130)
        #expect(child.errorOutput == "pagervoice: interrupted\n")
        #expect(recordingIsSilent(recording, after: interruptedAt))
    }

    @Test func interruptDuringSpeechOnATerminalSilencesItAndTheSessionGoesOn() throws {
        let server = try PulseAudioServer()
        defer { server.stop() }
        let recording = try server.startRecording()
        let home = try TemporaryDirectory()
        var environment = server.clientEnvironment()
        environment["XDG_STATE_HOME"] = home.path
        let terminal = try PseudoTerminal(arguments: ["--audio", "pulse"], environment: environment)
        #expect(terminal.waitForPrompt(1))
        terminal.send(Self.longSay + "\n")
        #expect(terminal.waitForPrompt(2))
        try #require(recording.waitForEnergy(above: 500, timeout: .seconds(30)) != nil, "the long text was never heard")
        let interruptedAt = recording.byteCount() / 2
        terminal.process.signal(SIGINT)
        // Silence while the session is still there…
        #expect(recordingIsSilent(recording, after: interruptedAt))
        #expect(terminal.process.isRunning)
        // …and it still speaks: the next announcement is printed and heard.
        let resumedAt = recording.byteCount() / 2
        terminal.send("next\n")
        #expect(terminal.waitFor("Page 2 of 3"))
        #expect(waitForEnergy(recording, after: resumedAt), "no speech after the interrupt")
        terminal.send("quit\n")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(arguments: [["--audio", "off"], ["--audio", "null", "--json"]])
    func readerGoingAwayEndsQuietly(mode: [String]) throws {
        // `| head -1`, through a real shell pipeline; with speech as well as without.
        let dir = try TemporaryDirectory()
        let script = dir.path + "/script.pv"
        try String(repeating: "next\nprev\nsay Hello\n", count: 5_000).write(toFile: script, atomically: true, encoding: .utf8)
        let command = "set -o pipefail; '\(Pagervoice.path)' \(mode.joined(separator: " ")) < '\(script)' | head -1"
        let process = try SpawnedProcess(
            executable: "/bin/bash", arguments: ["-c", command],
            environment: ProcessInfo.processInfo.environment,
            standardOutput: dir.path + "/out", standardError: dir.path + "/err")
        // pipefail: the status is pagervoice's own (a death by SIGPIPE would be 141).
        #expect(process.wait(timeout: .seconds(60)) == 0)
        #expect(FileContents.text(dir.path + "/out")?.split(separator: "\n").count == 1)
        #expect(FileContents.text(dir.path + "/err") == "")
    }

    @Test func missingVoiceDataIsOneLineForEverySubcommand() throws {
        let empty = try TemporaryDirectory()
        let environment = ["ESPEAK_DATA_PATH": empty.path]
        for (arguments, prefix) in [
            (["--audio", "null"], "pagervoice: "), (["say", "--audio", "null", "Hello"], "pagervoice say: "),
            (["voices"], "pagervoice voices: "),
        ] {
            let run = try Pagervoice.run(arguments, input: "next\n", environment: environment)
            #expect(run.status == 1, "\(arguments)")
            #expect(run.stdout == "", "\(arguments)")
            #expect(run.errorLines.count == 1, "\(arguments): \(run.errorLines)")
            #expect(run.errorLines.first?.hasPrefix(prefix + "eSpeak NG could not start") == true, "\(arguments)")
            #expect(run.stderr.contains("phontab"), "eSpeak's own words name the missing file")
        }
    }

    @Test func askingForAnAudioServerThatIsNotThereIsOneLine() throws {
        let nowhere = try TemporaryDirectory()
        let run = try Pagervoice.run(
            ["--audio", "pulse"], input: "next\n",
            environment: ["PULSE_SERVER": "unix:" + nowhere.path + "/native"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.errorLines == ["pagervoice: audio output 'pulse' is unavailable: no PulseAudio server is running"])
    }

    /// A folder on a read-only mount (a private mount namespace, so this works as root, where mode
    /// bits would not stop a write, and as an ordinary user alike).
    @Test func readOnlyWavFolderIsACommandLineError() throws {
        let dir = try TemporaryDirectory()
        let readOnly = [
            "/usr/bin/unshare", "--map-root-user", "--mount", "/bin/sh", "-c",
            #"mount --bind -o ro "$0" "$0" && exec "$@""#, dir.path,
        ]
        // The folder really is read-only there: a plain write fails too.
        let logs = try TemporaryDirectory()
        let touch = try SpawnedProcess(
            executable: readOnly[0], arguments: readOnly.dropFirst() + ["/usr/bin/touch", dir.path + "/probe"],
            environment: ProcessInfo.processInfo.environment,
            standardError: logs.path + "/touch.err")
        #expect(touch.wait(timeout: .seconds(30)) == 1)
        #expect(FileContents.text(logs.path + "/touch.err")?.contains("Read-only file system") == true)

        let run = try Pagervoice.run(["--audio", "null", "--wav-dir", dir.path], input: "next\n", launcher: readOnly)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.errorLines == ["pagervoice: cannot write WAV files to \(dir.path): Read-only file system"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func wavFolderVanishingMidSessionIsOneErrorPerAnnouncementAndSpeechGoesOn() throws {
        let dir = try TemporaryDirectory()
        let wavs = dir.path + "/wavs"
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "null", "--wav-dir", wavs],
            environment: ProcessInfo.processInfo.environment, onLine: { _ in })
        child.send(lines: ["next"])
        try #require(waitUntil { FileManager.default.fileExists(atPath: wavs + "/0001.wav") }, "first file never written")
        try FileManager.default.removeItem(atPath: wavs)
        child.send(lines: ["next", "prev"])
        // Files that could not be written are errors of the lines that asked for them, and the
        // run says so in its status; speech itself goes on.
        #expect(child.finish(timeout: .seconds(60)) == 1)
        let errors = child.errorOutput.split(separator: "\n")
        #expect(
            errors == [
                "line 2: could not speak \"Page 3 of 3\": cannot write \(wavs)/0002.wav: No such file or directory",
                "line 3: could not speak \"Page 2 of 3\": cannot write \(wavs)/0003.wav: No such file or directory",
            ])
    }

    /// The PulseAudio server dies while a page is being said (`--audio pulse`, so sound was
    /// asked for): the run goes on silent, says so once as an error of the session (an error
    /// event with --json, not a plain-text notice from the speech thread), `status` stops calling
    /// the sound PulseAudio, and the run exits 1. It went on with exit 0, `status` unchanged.
    @Test func soundLostMidSessionIsOneErrorAndFailsTheRun() throws {
        let server = try PulseAudioServer(sinkName: "pv_lost")
        defer { server.stop() }
        let (child, events) = try sayingALongText(through: server)
        server.kill()
        child.send(lines: ["next", "status", "next"])
        child.closeInput()
        #expect(child.finish(timeout: .seconds(60)) == 1)
        let errors = events.all.filter { $0.contains("\"type\":\"error\"") }
        #expect(errors.count == 1, "\(events.all)")
        #expect(errors.first?.contains("sound stopped, silent until the sound server answers again: PulseAudio: ") == true, "\(errors)")
        #expect(events.all.contains { $0.contains("audio PulseAudio; sound lost (PulseAudio: ") }, "\(events.all)")
        #expect(events.all.contains { $0.contains("\"text\":\"Page 3 of 3\"") }, "the session went on")
        #expect(!child.errorOutput.contains("Audio output stopped"), "\(child.errorOutput)")
    }

    /// The PulseAudio server is killed mid-speech and started again (`pulseaudio -k`, a crash and
    /// a restart): the speech after it is heard through the new server without restarting
    /// pagervoice, and standard error says sound is back. The loss is still the run's one error
    /// (something asked for went unheard), so the run exits 1. Before, the rest of the run was
    /// silent however soon the server came back. Lost again, it is a second error.
    @Test func soundIsHeardAgainOnceTheServerIsBack() throws {
        let server = try PulseAudioServer(sinkName: "pv_back")
        defer { server.stop() }
        let (child, events) = try sayingALongText(through: server)
        try server.restart()
        // `status` stops saying the sound is lost as soon as the server answers, before anything
        // has been said through it (it waited for the next announcement).
        #expect(statusStopsSayingSoundLost(child, events), "status still says the sound is lost")
        #expect(try pagingIsHeard(child, through: server), "nothing was heard through the restarted server")
        // Lost again: a new loss, so a second error.
        server.kill()
        child.send(lines: [Self.longSay])
        #expect(child.finish(timeout: .seconds(60)) == 1)
        let errors = events.all.filter { $0.contains("\"type\":\"error\"") }
        #expect(errors.count == 2, "\(events.all)")
        #expect(
            errors.allSatisfy { $0.contains("sound stopped, silent until the sound server answers again: PulseAudio: ") },
            "\(errors)")
        let notices = child.errorOutput.split(separator: "\n").filter { $0 == "pagervoice: sound is back (PulseAudio)" }
        #expect(notices.count == 1, "\(child.errorOutput)")
        #expect(!child.errorOutput.contains("Audio output"), "\(child.errorOutput)")
    }

    /// `--audio auto` started before any sound server (a terminal opened before the desktop's
    /// sound server, which a voice user cannot see): it was silent for the rest of the run. Now
    /// it asks for a server once a second, `status` says the sound is lost meanwhile, and once
    /// one answers it is told and heard. No error: nothing failed, and the run exits 0.
    @Test func autoWithNoServerAtStartIsHeardOnceOneAnswers() throws {
        let cards = FileContents.text("/proc/asound/cards") ?? ""
        guard cards.isEmpty || cards.contains("no soundcards") else { return }  // a card would be chosen
        let server = try PulseAudioServer(sinkName: "pv_late")
        defer { server.stop() }
        server.kill()
        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "auto", "--json"],
            environment: server.clientEnvironment(), onLine: { events.add($0) })
        child.send(lines: ["status"])
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"type\":\"status\"") } })
        #expect(
            events.all.first { $0.contains("\"type\":\"status\"") }?.contains("sound lost (no sound server or card at start)") == true,
            "\(events.all)")
        try server.restart()
        #expect(statusStopsSayingSoundLost(child, events), "status still says the sound is lost")
        #expect(try pagingIsHeard(child, through: server), "nothing was heard through the server that started late")
        child.closeInput()
        #expect(child.finish(timeout: .seconds(60)) == 0)
        #expect(!events.all.contains { $0.contains("\"type\":\"error\"") }, "\(events.all)")
        let lines = child.errorOutput.split(separator: "\n")
        #expect(lines.first?.hasSuffix("continuing without sound until a PulseAudio server answers.") == true, "\(child.errorOutput)")
        #expect(lines.filter { $0 == "pagervoice: sound is back (PulseAudio)" }.count == 1, "\(child.errorOutput)")
    }

    /// A PulseAudio server stopped (SIGSTOP) while a script's line is being said: the line's
    /// speech waited for it forever, and so did the script. Now the server gets the 2 s it gets
    /// at the start; then one error, the script goes on silent and exits 1.
    @Test func aStoppedSoundServerCostsAScriptTwoSecondsNotForever() throws {
        let server = try PulseAudioServer(sinkName: "pv_frozen")
        defer {
            kill(server.pid, SIGCONT)
            server.stop()
        }
        let (child, events) = try sayingALongText(through: server)
        kill(server.pid, SIGSTOP)
        child.send(lines: ["next"])
        child.closeInput()
        let status = child.finish(timeout: .seconds(60))
        if status == nil { child.process.terminate(grace: .seconds(1)) }
        #expect(status == 1)
        let errors = events.all.filter { $0.contains("\"type\":\"error\"") }
        #expect(errors.count == 1, "\(events.all)")
        #expect(errors.first?.contains("the server played nothing for 2 s: stopped or hung") == true, "\(errors)")
        #expect(events.all.contains { $0.contains("\"text\":\"Page 2 of 3\"") }, "the script went on")
    }

    // MARK: Helpers

    /// A script (`--audio pulse --json`) saying a minute of text through `server`, heard there.
    func sayingALongText(through server: PulseAudioServer) throws -> (PipedChild, JSONLines) {
        let recording = try server.startRecording()
        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--audio", "pulse", "--json"],
            environment: server.clientEnvironment(), onLine: { events.add($0) })
        child.send(lines: [Self.longSay])
        #expect(waitForEnergy(recording, after: 0), "speech was never heard")
        return (child, events)
    }

    /// Asks for `status` until it no longer says the sound is lost (each answer waited for).
    func statusStopsSayingSoundLost(_ child: PipedChild, _ events: JSONLines) -> Bool {
        let isStatus = { (line: String) in line.contains("\"type\":\"status\"") }
        return waitUntil {
            let wanted = events.all.filter(isStatus).count + 1
            child.send(lines: ["status"])
            let answered = events.wait(timeout: 30) { $0.filter(isStatus).count >= wanted }
            return answered && events.all.last(where: isStatus)?.contains("sound lost") == false
        }
    }

    /// Pages until speech is heard at the server's sink. The sink asks for the server once a
    /// second and takes it up at the next utterance, so lines are sent until one is heard (each
    /// waits up to 2 s for its sound).
    func pagingIsHeard(_ child: PipedChild, through server: PulseAudioServer) throws -> Bool {
        let recording = try server.startRecording()
        for line in Array(repeating: ["next", "previous"], count: 10).joined() {
            child.send(lines: [line])
            if waitUntil(timeout: .seconds(2), { PCMAnalysis.peakRMS(recording.samples()) > 500 }) { return true }
        }
        return false
    }

    /// Waits until the recording holds two seconds past `index`, then checks that everything from
    /// half a second after it (device and recorder latency) is silence.
    func recordingIsSilent(_ recording: MonitorRecording, after index: Int) -> Bool {
        let rate = recording.sampleRate
        guard waitUntil(timeout: .seconds(20), { recording.byteCount() / 2 >= index + 2 * rate }) else { return false }
        let samples = recording.samples()
        let tail = samples[min(index + rate / 2, samples.count)...]
        return PCMAnalysis.peakRMS(Array(tail)) < 50
    }

    /// Waits for speech energy in what is recorded after `index`.
    func waitForEnergy(_ recording: MonitorRecording, after index: Int) -> Bool {
        waitUntil(timeout: .seconds(20)) {
            let samples = recording.samples()
            return PCMAnalysis.peakRMS(Array(samples[min(index, samples.count)...])) > 500
        }
    }
}

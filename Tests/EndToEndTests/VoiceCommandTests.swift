import Foundation
import PagerTestSupport
import Testing

/// Issue 13 through the built executable: `--listen-file` recordings made here by another TTS
/// (flite), and a live private PulseAudio server into whose null sink flite speaks.
@Suite struct VoiceCommandTests {
    /// A terminal's session (`--audio off`) listening to the monitor of a server's own sink, and
    /// a recording of "next page" to play there.
    static func terminalListening(
        sinkName: String
    ) throws -> (server: PulseAudioServer, folder: TemporaryDirectory, next: String, terminal: PseudoTerminal) {
        let server = try PulseAudioServer(sinkName: sinkName)
        let folder = try TemporaryDirectory()
        let next = try recording(["next page"], in: folder)
        let terminal = try PseudoTerminal(
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "off"],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        return (server, folder, next, terminal)
    }

    /// `phrases` said by flite's `voice`, each followed by 0.8 s of silence, in `folder/name.wav`.
    static func recording(
        _ phrases: [String], voice: String = "slt", in folder: TemporaryDirectory, name: String = "commands"
    ) throws -> String {
        var samples: [Float] = []
        var rate = 16_000
        for (index, phrase) in phrases.enumerated() {
            let part = folder.path + "/part\(index).wav"
            try Talker.flite(voice).say(phrase, to: part)
            let wav = try WAVFile(contentsOf: part)
            rate = wav.sampleRate
            samples += wav.samples.map { Float($0) / 32768 } + Array(repeating: 0, count: rate * 8 / 10)
        }
        let path = folder.path + "/\(name).wav"
        try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: rate), to: path)
        return path
    }

    @Test func aRecordingIsHeardToItsEndAndEachPhraseRunsAsTyped() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["next page", "go to share", "where am I", "page one"], in: folder)
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "off", "--json"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        let heard = run.events.filter { $0["type"] as? String == "heard" }
        #expect(heard.map { $0["command"] as? String } == ["next", "go 3", "focus", "go 1"])
        #expect(heard.map { $0["text"] as? String } == ["next page", "go to share", "where am i", "page one"])
        #expect(heard.allSatisfy { ($0["score"] as? Double).map { $0 <= 0 } ?? false })
        let said = run.events.compactMap { event -> String? in
            ["announcement", "focus"].contains(event["type"] as? String) ? event["text"] as? String : nil
        }
        #expect(
            said == [
                "Page 2 of 3", "Page 3 of 3", "Page, 3 of 3, adjustable. Swipe up or down with one finger to adjust the value.",
                "Page 1 of 3",
            ])
        #expect(run.events.first?["type"] as? String == "listening")
        #expect(run.events.first?["state"] as? String == "started")
        #expect(run.events.last?["type"] as? String == "listening")
        #expect(run.events.last?["state"] as? String == "ended")
        // PocketSphinx's log went to the state folder, never to the terminal.
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pagervoice/pocketsphinx.log"))
    }

    @Test func speechThatIsNoCommandRunsNothing() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["the weather is lovely in the mountains today"], in: folder)
        let run = try Pagervoice.run(["--listen-file", wav, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0)
        #expect(!run.lines.contains { $0.hasPrefix("Page ") || $0.hasPrefix("heard:") })
        #expect(run.lines.last == "listening ended: the recording was heard to its end")
    }

    @Test(.timeLimit(.minutes(15))) func anUnusableRecordingFailsAScriptedRun() throws {
        let folder = try TemporaryDirectory()
        let text = folder.path + "/notes.wav"
        try WAVWriter.write(Array("next page\n".utf8), to: text)
        let run = try Pagervoice.run(
            ["--listen-file", text, "--audio", "off", "--json"], input: "next\n", environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let errors = run.events.filter { $0["type"] as? String == "error" }
        #expect(errors.count == 1)
        #expect((errors.first?["message"] as? String)?.hasPrefix("listening is off: cannot listen to \(text): not a WAV file") == true)
        #expect(errors.first?["line"] == nil, "no line of the input failed")
        #expect(run.events.contains { $0["type"] as? String == "announcement" && $0["text"] as? String == "Page 2 of 3" })

        // A named pipe nobody writes to is turned away at once, not waited on.
        let fifo = folder.path + "/pipe.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        let piped = try Pagervoice.run(["--listen-file", fifo, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(piped.status == 1)
        #expect(piped.errorLines == ["pagervoice: listening is off: cannot listen to \(fifo): not a regular file"])
    }

    /// A file name is outside text: a line feed in it is shown, never printed as a line of its
    /// own that the program did not say.
    @Test func aLineFeedInTheFileNameCannotForgeALine() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["next page"], in: folder)
        let forged = folder.path + "/evil\nheard: quit listening\n.wav"
        #expect(rename(wav, forged) == 0)
        let run = try Pagervoice.run(["--listen-file", forged, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.first == "listening to the recording \(folder.path)/evil\\u{A}heard: quit listening\\u{A}.wav")
        #expect(run.lines.filter { $0.hasPrefix("heard:") } == ["heard: next page"])
        let missing = try Pagervoice.run(
            ["--listen-file", folder.path + "/gone\nPage 9 of 9.wav", "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(missing.errorLines.count == 1, "\(missing.errorLines)")
        #expect(missing.errorLines.first?.contains("gone\\u{A}Page 9 of 9.wav") == true)
        // The same for an argument ArgumentParser quotes back; its usage lines stay lines.
        let bogus = try Pagervoice.run(["--bogus\nheard: quit listening"])
        #expect(bogus.status == 2)
        #expect(bogus.errorLines.first?.contains("--bogus\\u{A}heard: quit listening") == true, "\(bogus.errorLines)")
        #expect(!bogus.errorLines.contains("heard: quit listening"))
        #expect(bogus.errorLines.count > 1, "usage and help hint follow on lines of their own")
    }

    /// "read" where no document is open: heard, it fails with the line that says how to open
    /// one; the error has no line number (no line of the input failed) and the run still exits 0,
    /// since a heard command may have been misheard.
    @Test func aVoiceCommandThatFailsIsReportedButFailsNoLine() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["read", "next page"], in: folder)
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "off"], input: "next\n", environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.contains("heard: read"))
        #expect(run.lines.contains("heard: next page"))
        #expect(run.errorLines == ["error: no document is open: pagervoice read FILE opens one"])
    }

    /// The recogniser's log is for diagnosis: where it cannot be written, listening goes on and
    /// the log goes nowhere (never to the terminal); past 1 MiB it is moved aside, not grown.
    @Test(.timeLimit(.minutes(15))) func theLogNeverCostsListeningAndDoesNotGrowForever() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["next page"], in: folder)
        func listen(stateHome: String) throws -> Pagervoice.Run {
            try Pagervoice.run(["--listen-file", wav, "--audio", "off"], environment: ["XDG_STATE_HOME": stateHome])
        }
        let notAFolder = folder.path + "/state-file"
        try WAVWriter.write(Array("x".utf8), to: notAFolder)
        let unwritable = try listen(stateHome: notAFolder)
        #expect(unwritable.status == 0, "\(unwritable.stderr)")
        #expect(unwritable.stderr == "")
        #expect(unwritable.lines.contains("heard: next page"))

        let state = folder.path + "/state/pagervoice"
        #expect(mkdir(folder.path + "/state", 0o700) == 0 && mkdir(state, 0o700) == 0)
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: (1 << 20) + 1)
        try WAVWriter.write(big, to: state + "/pocketsphinx.log")
        let run = try listen(stateHome: folder.path + "/state")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: state + "/pocketsphinx.log.old")[.size] as? Int == big.count)
        let log = try #require(FileContents.text(state + "/pocketsphinx.log"))
        #expect(log.contains("INFO:") && log.count < big.count)

        // The log is moved aside only over a regular file: a device in `.old`'s place (mknod 1,3,
        // a null device of our own) stays a device, and the log is appended to instead.
        try WAVWriter.write(big, to: state + "/pocketsphinx.log")
        #expect(unlink(state + "/pocketsphinx.log.old") == 0)
        #expect(mknod(state + "/pocketsphinx.log.old", S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0)
        let kept = try listen(stateHome: folder.path + "/state")
        #expect(kept.status == 0, "\(kept.stderr)")
        var old = stat()
        #expect(lstat(state + "/pocketsphinx.log.old", &old) == 0 && old.st_mode & S_IFMT == S_IFCHR && old.st_rdev == dev_t(1 << 8 | 3))
        #expect((FileContents.bytes(state + "/pocketsphinx.log")?.count ?? 0) > big.count)

        // A named pipe in the log's place is not waited on, and a symbolic link is not followed.
        #expect(unlink(state + "/pocketsphinx.log") == 0 && mkfifo(state + "/pocketsphinx.log", 0o600) == 0)
        let piped = try listen(stateHome: folder.path + "/state")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr == "")
        #expect(piped.lines.contains("heard: next page"))
        let target = folder.path + "/elsewhere.txt"
        try WAVWriter.write(Array("mine\n".utf8), to: target)
        #expect(unlink(state + "/pocketsphinx.log") == 0 && symlink(target, state + "/pocketsphinx.log") == 0)
        let linked = try listen(stateHome: folder.path + "/state")
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.lines.contains("heard: next page"))
        #expect(FileContents.text(target) == "mine\n")
    }

    @Test func unpronounceableTitleWordsAreLeftOutWithANotice() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["go to explore"], in: folder)
        let run = try Pagervoice.run(
            ["--listen-file", wav, "--audio", "off", "--pages", "Explore,Qxzvbn"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0)
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("pagervoice: ") == true)
        #expect(run.errorLines.first?.contains("qxzvbn") == true)
        #expect(run.lines.contains("heard: go to explore"))
    }

    /// A narrowband recording is heard, with a notice that it may be misheard; a wideband one
    /// (every other test's) has none.
    @Test func aRecordingBelowSixteenKilohertzComesWithANotice() throws {
        let folder = try TemporaryDirectory()
        let wav = try Self.recording(["next page"], voice: "kal", in: folder)
        #expect(try WAVFile(contentsOf: wav).sampleRate == 8000)
        let run = try Pagervoice.run(["--listen-file", wav, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(run.status == 0)
        #expect(
            run.errorLines == [
                "pagervoice: voice: the recording is 8000 Hz; the model is made for 16000 Hz and up, so commands in it may be misheard"
            ])
        #expect(run.lines.contains("heard: next page"))
    }

    /// Listening asked for and not given fails a script's run (exit 1; with --json an error
    /// event) once its lines have run; the session still goes on by keyboard.
    @Test func aMissingDeviceIsOneLineAndTheSessionGoesOn() throws {
        let server = try PulseAudioServer(sinkName: "pv_missing")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let run = try Pagervoice.run(
            ["--listen-device", "no_such_source", "--audio", "off"], input: "next\n",
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path, "PATH": "/usr/bin:/bin"]))
        #expect(run.status == 1)
        #expect(run.errorLines.count == 1)
        #expect(run.errorLines.first?.hasPrefix("pagervoice: listening is off: ") == true)
        #expect(run.lines == ["Page 2 of 3"])
        // A name PulseAudio could never hold is named too (it said "Invalid argument" alone).
        for name in ["no_such_source", "café"] {
            let named = try Pagervoice.run(
                ["--listen-device", name, "--audio", "off"], input: "",
                environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path, "PATH": "/usr/bin:/bin"]))
            #expect(named.status == 1)
            #expect(named.errorLines.first?.contains("PulseAudio has no source named '\(name)'") == true, "\(named.errorLines)")
        }
    }

    /// PocketSphinx is opened only when listening starts: where it cannot be (here an empty file
    /// bound over the library in a private mount namespace), listening is one line and off, the
    /// session goes on by keyboard, and commands that never listen do not notice at all.
    @Test func aMissingRecogniserLibraryIsOneLineAndTheSessionGoesOn() throws {
        let folder = try TemporaryDirectory()
        let next = try Self.recording(["next page"], in: folder)
        let found = try #require(
            realpath("/usr/lib/x86_64-linux-gnu/libpocketsphinx.so.3", nil), "libpocketsphinx3 is installed (make test installs it)")
        let library = String(cString: found)
        free(found)
        let withoutLibrary = [
            "/usr/bin/unshare", "--map-root-user", "--mount", "/bin/sh", "-c",
            #"mount --bind /dev/null "$0" && exec "$@""#, library,
        ]
        let run = try Pagervoice.run(
            ["--listen-file", next, "--audio", "off"], input: "next\n", environment: ["XDG_STATE_HOME": folder.path],
            launcher: withoutLibrary)
        #expect(run.status == 1, "\(run.errorLines)")
        #expect(run.lines == ["Page 2 of 3"])
        #expect(run.errorLines.count == 1, "\(run.errorLines)")
        #expect(
            run.errorLines.first?.hasPrefix(
                "pagervoice: listening is off: speech recognition is not installed: cannot open libpocketsphinx.so.3: ") == true,
            "\(run.errorLines)")
        #expect(run.errorLines.first?.hasSuffix("(apt-get install libpocketsphinx3)") == true)
        // Without listening, nothing tries to open it.
        let plain = try Pagervoice.run(["--audio", "off"], input: "next\n", launcher: withoutLibrary)
        #expect(plain.status == 0 && plain.errorLines.isEmpty && plain.lines == ["Page 2 of 3"])
    }

    /// `pagervoice --listen | head -1`: the reader takes the first line and leaves while the
    /// session hears silence and prints nothing. The run ends, quietly (exit 0), although its
    /// input is still open; before `ReaderWatch` it listened on until the next phrase.
    @Test(.timeLimit(.minutes(15))) func aReaderThatLeavesEndsASessionThatPrintsNothing() throws {
        let server = try PulseAudioServer(sinkName: "pv_gone")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let input = closeOnExecPipe()
        let output = closeOnExecPipe()
        let errors = open(folder.path + "/stderr.txt", O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        let process = try SpawnedProcess(
            executable: Pagervoice.path, arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "off"],
            environment: server.clientEnvironment(
                base: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 }),
            standardInput: input.read, standardOutput: output.write, standardError: errors)
        close(input.read)
        close(output.write)
        close(errors)
        defer { close(input.write) }
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(output.read, &byte, 1) == 1 && byte != 10 { line.append(byte) }
        close(output.read)
        #expect(String(decoding: line, as: UTF8.self) == "listening to the PulseAudio source pv_gone.monitor")
        let status = process.wait(timeout: .seconds(60))
        if status == nil { process.terminate(grace: .seconds(1)) }
        #expect(status == 0, "\(FileContents.text(folder.path + "/stderr.txt") ?? "")")
    }

    /// flite says "next page" into a private PulseAudio null sink; pagervoice hears it on the
    /// sink's monitor and pages. Then new pages arrive by keyboard and the grammar follows them.
    @Test func aCommandSpokenIntoTheSinkPagesLive() throws {
        let server = try PulseAudioServer(sinkName: "pv_voice")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let next = try Self.recording(["next page"], in: folder)
        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path,
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "off", "--json"],
            environment: server.clientEnvironment(
                base: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 }),
            onLine: { events.add($0) })
        // Talk once it listens.
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"state\":\"started\"") } })
        try Self.play(next, on: server)
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"text\":\"Page 2 of 3\"") } })
        // The keyboard changes the pages; the grammar is rebuilt and "go to zebra" is heard.
        child.send(lines: ["pages Alpha, Zebra, Koala, Dingo"])
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"action\":\"pages\"") } })
        let zebra = try Self.recording(["go to zebra"], in: folder)
        try Self.play(zebra, on: server)
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"command\":\"go 2\"") } })
        child.send(lines: ["quit"])
        #expect(child.finish(timeout: .seconds(30)) == 0)
        #expect(events.all.filter { $0.contains("\"type\":\"heard\"") }.count == 2, "\(events.all)")
    }

    /// A named source that goes away (a headset unplugged: its sink module unloaded) ends
    /// listening with a line saying so. PulseAudio used to move the stream to another source,
    /// here the loudspeaker's monitor, and the session listened on there, to its own voice.
    @Test(.timeLimit(.minutes(15))) func aNamedSourceThatGoesAwayEndsListening() throws {
        let server = try PulseAudioServer(sinkName: "pv_speaker", extraSinks: ["pv_headset", "pv_quiet"])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let pactl = try #require(PulseAudioServer.findExecutable("pactl"))
        /// Unloads the null sink `name` (its monitor, the source listened to, goes with it).
        func unplug(_ name: String) throws {
            let list = try SpawnedProcess(
                executable: pactl, arguments: ["list", "short", "modules"], environment: server.clientEnvironment(),
                standardOutput: folder.path + "/modules.txt")
            #expect(list.wait(timeout: .seconds(30)) == 0)
            let modules = FileContents.text(folder.path + "/modules.txt") ?? ""
            let module = try #require(
                modules.split(separator: "\n").first { $0.contains("sink_name=\(name)") }?.split(separator: "\t").first)
            let unload = try SpawnedProcess(
                executable: pactl, arguments: ["unload-module", String(module)], environment: server.clientEnvironment())
            #expect(unload.wait(timeout: .seconds(30)) == 0)
        }
        let environment = server.clientEnvironment(
            base: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 })
        let lost = "the audio source was lost: it was removed from PulseAudio"

        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["--listen-device", "pv_headset.monitor", "--audio", "off", "--json"],
            environment: environment, onLine: { events.add($0) })
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"state\":\"started\"") } })
        try unplug("pv_headset")
        #expect(
            events.wait(timeout: 30) { $0.contains { $0.contains("\"state\":\"failed\"") && $0.contains(lost) } }, "\(events.all)")
        child.send(lines: ["status"])
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"type\":\"status\"") } })
        // From a pipe, listening that broke off fails the run.
        child.closeInput()
        #expect(child.finish(timeout: .seconds(30)) == 1)

        // In text it is a line on standard error, which `--print none` keeps (it printed nothing).
        let lines = JSONLines()
        let quiet = try PipedChild(
            executable: Pagervoice.path,
            arguments: ["--listen-device", "pv_quiet.monitor", "--audio", "off", "--print", "none"],
            environment: environment, onLine: { lines.add($0) })
        quiet.closeInput()
        // Nothing is printed when listening starts here: the server shows its record stream.
        var streams = ""
        let deadline = Date().addingTimeInterval(30)
        while streams.isEmpty && Date() < deadline {
            let list = try SpawnedProcess(
                executable: pactl, arguments: ["list", "short", "source-outputs"], environment: server.clientEnvironment(),
                standardOutput: folder.path + "/streams.txt")
            #expect(list.wait(timeout: .seconds(30)) == 0)
            streams = (FileContents.text(folder.path + "/streams.txt") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if streams.isEmpty { usleep(50_000) }
        }
        #expect(!streams.isEmpty)
        // The run ends only when listening does: a failure that went unnoticed would time out.
        try unplug("pv_quiet")
        #expect(quiet.finish(timeout: .seconds(30)) == 1)
        #expect(quiet.errorOutput == "pagervoice: listening failed: \(lost)\n", "\(quiet.errorOutput)")
        #expect(lines.all.isEmpty, "\(lines.all)")
    }

    /// On a terminal, a phrase heard while a line is half typed prints where the prompt was; the
    /// prompt comes back below it with the half line, which the person then finishes and runs.
    @Test(.timeLimit(.minutes(15))) func aPhraseHeardMidLineKeepsTheLineBeingTyped() throws {
        let (server, folder, next, terminal) = try Self.terminalListening(sinkName: "pv_prompt")
        // The folder holds the recording and the session's state until the end.
        defer { withExtendedLifetime(folder) { server.stop() } }
        #expect(terminal.waitFor("listening to the PulseAudio source pv_prompt.monitor\r\npager> ", timeout: 30))
        #expect(terminal.waitForPrompt(1))
        terminal.send("nex")
        #expect(terminal.waitFor("pager> nex"))
        try Self.play(next, on: server)
        // The half line stays on its row; the phrase's output starts on the next, and the prompt
        // is drawn again below it with the half line. (The terminal turns "\r\n" into "\r\r\n".)
        #expect(
            terminal.waitFor("pager> nex\r\r\n\u{1B}[Jheard: next page\r\nPage 2 of 3\r\npager> nex", timeout: 30),
            "\(terminal.text.debugDescription)")
        var shown = terminal.prompts()
        terminal.send("t\n")
        #expect(terminal.waitFor("pager> next\r\nPage 3 of 3\r\npager> "), "\(terminal.text)")
        #expect(terminal.sendLine("quit", afterPrompt: shown + 1))
        shown = terminal.prompts()
        #expect(terminal.waitForExit(timeout: 30) == 0)
        // No prompt after quit, and the terminal is left in its line mode.
        #expect(terminal.text.hasSuffix("pager> quit\r\n") && terminal.prompts() == shown, "\(terminal.text)")
        var settings = termios()
        #expect(tcgetattr(terminal.master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0)
    }

    /// The PulseAudio server is killed and started again while a terminal's session listens to
    /// it: listening fails, says it will come back, and comes back by itself once the server
    /// answers, without a key; "next page" said then runs. Before, it stayed off until Ctrl-T.
    @Test(.timeLimit(.minutes(15))) func listeningComesBackByItselfWhenTheServerDoes() throws {
        let (server, folder, next, terminal) = try Self.terminalListening(sinkName: "pv_return")
        defer { server.stop() }
        let started = "listening to the PulseAudio source pv_return.monitor\r\n"
        #expect(terminal.waitFor(started, timeout: 30))
        #expect(terminal.waitForPrompt(1))
        try server.restart()
        #expect(
            terminal.waitFor("(listening again when it is back; Ctrl-T tries now)\r\n", timeout: 30),
            "\(terminal.text.debugDescription)")
        #expect(terminal.waitFor(started, times: 2, timeout: 30), "\(terminal.text.debugDescription)")
        try Self.play(next, on: server)
        #expect(terminal.waitFor("heard: next page\r\nPage 2 of 3\r\n", timeout: 30), "\(terminal.text.debugDescription)")
        // Asleep when the server goes, asleep when it is back: the person did not ask to be heard.
        terminal.send("\u{14}")
        let asleep = "listening asleep: say \"wake up\" to wake it\r\n"
        #expect(terminal.waitFor(asleep, timeout: 30), "\(terminal.text.debugDescription)")
        try server.restart()
        #expect(terminal.waitFor(started, times: 3, timeout: 30), "\(terminal.text.debugDescription)")
        #expect(terminal.waitFor(asleep, times: 2, timeout: 30), "\(terminal.text.debugDescription)")
        // Asleep, "next page" runs nothing; "wake up" after it shows both were heard.
        try Self.play(Self.recording(["next page", "wake up"], in: folder, name: "asleep"), on: server)
        #expect(terminal.waitFor("listening awake\r\n", timeout: 30), "\(terminal.text.debugDescription)")
        terminal.send("\u{4}")
        #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text.debugDescription)")
        #expect(terminal.text.components(separatedBy: "listening failed").count == 3, "\(terminal.text.debugDescription)")
        #expect(terminal.text.components(separatedBy: "heard: next page").count == 2, "\(terminal.text.debugDescription)")
    }

    /// Ctrl-D leaves a terminal session that listens to a microphone, which never ends by itself
    /// (the session once went on listening, with no prompt, until killed), and the shell's prompt
    /// after it starts on a line of its own.
    @Test(.timeLimit(.minutes(15))) func ctrlDLeavesASessionListeningLive() throws {
        let server = try PulseAudioServer(sinkName: "pv_ctrld")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let terminal = try PseudoTerminal(
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "off"],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        #expect(terminal.waitFor("listening to the PulseAudio source pv_ctrld.monitor\r\n", timeout: 30))
        #expect(terminal.waitForPrompt(1))
        #expect(terminal.waitForPrompt(terminal.prompts()))
        terminal.send("\u{4}")
        #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text.debugDescription)")
        #expect(terminal.text.hasSuffix("\r\n"), "\(terminal.text.debugDescription)")
    }

    /// Ctrl-T at a terminal's prompt puts listening to sleep and wakes it, and once "quit
    /// listening" has stopped it (people's "question mark" is heard as that phrase) it listens
    /// again: a false "quit listening" used to leave the session deaf to voice until restarted.
    @Test(.timeLimit(.minutes(15))) func theToggleKeySleepsWakesAndListensAgainAfterQuitListening() throws {
        let server = try PulseAudioServer(sinkName: "pv_toggle")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        var said: [String: String] = [:]
        for phrase in ["next page", "wake up", "quit listening"] {
            said[phrase] = try Self.recording([phrase], in: folder, name: phrase.replacingOccurrences(of: " ", with: "-"))
        }
        func say(_ phrase: String) throws { try Self.play(said[phrase]!, on: server) }
        // Speech and earcons go to WAV files (`--audio null` plays nothing, so no half duplex).
        let wavs = folder.path + "/wavs"
        let terminal = try PseudoTerminal(
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "null", "--wav-dir", wavs],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        let started = "listening to the PulseAudio source pv_toggle.monitor\r\n"
        let asleep = "listening asleep: say \"wake up\" to wake it\r\n"
        #expect(terminal.waitFor(started, timeout: 30))
        #expect(terminal.waitForPrompt(1))
        // The key in the middle of a line: the line stays, once, under the new prompt.
        terminal.send("sta")
        #expect(terminal.waitFor("pager> sta"))
        terminal.send("\u{14}")
        #expect(
            terminal.waitFor("pager> sta\r\r\n\u{1B}[J" + asleep + "pager (asleep)> sta", timeout: 30), "\(terminal.text.debugDescription)")
        terminal.send("tus\n")
        #expect(terminal.waitFor("listening: asleep\r\n"), "\(terminal.text.debugDescription)")
        #expect(terminal.text.components(separatedBy: "pager> sta").count == 2, "\(terminal.text.debugDescription)")
        // Asleep, "next page" is not obeyed (nor printed); "wake up", said after it, is. The
        // listener hears in order, so once it is awake "next page" has been judged.
        try say("next page")
        try say("wake up")
        #expect(terminal.waitFor("listening awake\r\npager> ", timeout: 30), "\(terminal.text.debugDescription)")
        #expect(!terminal.text.contains("next page") && !terminal.text.contains("Page 2"), "\(terminal.text.debugDescription)")
        // The key both ways.
        terminal.send("\u{14}")
        #expect(terminal.waitFor(asleep, times: 2, timeout: 30))
        terminal.send("\u{14}")
        #expect(terminal.waitFor("listening awake\r\n", times: 2, timeout: 30))
        try say("quit listening")
        #expect(
            terminal.waitFor("heard: quit listening\r\n", timeout: 30)
                && terminal.waitFor("listening stopped: quit listening (Ctrl-T listens again)\r\n", timeout: 30),
            "\(terminal.text.debugDescription)")
        // Stopped, the key listens again, awake, to the same source.
        terminal.send("\u{14}")
        #expect(terminal.waitFor(started, times: 2, timeout: 30), "\(terminal.text.debugDescription)")
        try say("next page")
        #expect(terminal.waitFor("heard: next page\r\nPage 2 of 3\r\n", timeout: 30), "\(terminal.text.debugDescription)")
        let shown = terminal.prompts()
        #expect(terminal.sendLine("status", afterPrompt: shown))
        #expect(terminal.waitFor("listening: awake\r\n"), "\(terminal.text.debugDescription)")
        #expect(terminal.waitForPrompt(shown + 1))
        terminal.send("\u{4}")
        #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text.debugDescription)")
        // Each change has its tone; listening again sounds as waking does, which is all a person
        // hears of it with `--print none`. (Speech is the files over 150 ms.)
        let tones = try FileManager.default.contentsOfDirectory(atPath: wavs).sorted()
            .map { try WAVFile(contentsOf: wavs + "/" + $0) }.filter { $0.duration < 0.15 }
        func kind(_ tone: WAVFile) -> String {
            let middle = tone.samples.count / 2
            let first = PCMAnalysis.zeroCrossingFrequency(Array(tone.samples[..<middle]), sampleRate: tone.sampleRate)
            let second = PCMAnalysis.zeroCrossingFrequency(Array(tone.samples[middle...]), sampleRate: tone.sampleRate)
            if abs(first - 1320) < 60 && abs(second - 1320) < 60 { return "done" }
            if first < 300 && second < 300 { return "not understood" }
            return first < second ? "awake" : "asleep"
        }
        #expect(tones.map(kind) == ["asleep", "awake", "asleep", "awake", "done", "awake", "done"])
    }

    /// `--headphones`: our speech goes to one device and the microphone hears another, so it
    /// listens while speaking and "stop" said in the middle of a long sentence is obeyed. Without
    /// it (half duplex, for a loudspeaker) the same "stop" is dropped; "next page", said once
    /// the speech is over, is heard, so the listener was hearing by then.
    @Test(.timeLimit(.minutes(15))) func withHeadphonesACommandCutsSpeechShort() throws {
        let server = try PulseAudioServer(sinkName: "pv_phones", extraSinks: ["pv_mic"])
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let stop = try Self.recording(["stop"], in: folder, name: "stop")
        let next = try Self.afterASecond("next page", in: folder)
        let sentence = String(repeating: "This sentence is long enough to be cut short by voice before it ends. ", count: 3)
        for headphones in [true, false] {
            let terminal = try PseudoTerminal(
                arguments: ["--listen-device", "pv_mic.monitor", "--audio", "pulse"] + (headphones ? ["--headphones"] : []),
                environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
            #expect(terminal.waitFor("listening to the PulseAudio source pv_mic.monitor\r\n", timeout: 30))
            #expect(terminal.sendLine("say " + sentence, afterPrompt: 1))
            // About 14 s of speech is playing once the line is printed.
            #expect(terminal.waitFor("\r\nThis sentence is long enough"), "\(terminal.text.debugDescription)")
            try Self.playOn("pv_mic", stop, server: server)
            if headphones {
                #expect(terminal.waitFor("heard: stop\r\n", timeout: 30), "\(terminal.text.debugDescription)")
            } else {
                let shown = terminal.prompts()
                #expect(terminal.sendLine("stop", afterPrompt: shown))
                #expect(terminal.waitForPrompt(shown + 1))
                try Self.playOn("pv_mic", next, server: server)
                #expect(terminal.waitFor("heard: next page\r\n", timeout: 30), "\(terminal.text.debugDescription)")
                #expect(!terminal.text.contains("heard: stop"), "\(terminal.text.debugDescription)")
            }
            terminal.send("\u{4}")
            #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text.debugDescription)")
        }
    }

    /// `pagervoice read` on a terminal takes Ctrl-T as the REPL's prompt does (its keys ignored
    /// it before): asleep and awake, and listening again after "quit listening".
    @Test(.timeLimit(.minutes(15))) func theToggleKeyWorksWhileReading() throws {
        let server = try PulseAudioServer(sinkName: "pv_readkey")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let document = folder.path + "/guide.md"
        try "# One\n\nfirst\n\n# Two\n\nsecond\n\n# Three\n\nthird\n".write(toFile: document, atomically: true, encoding: .utf8)
        let quit = try Self.recording(["quit listening"], in: folder, name: "quit")
        let next = try Self.recording(["next page"], in: folder)
        let terminal = try PseudoTerminal(
            arguments: ["read", document, "--listen-device", server.sinkName + ".monitor", "--audio", "off"],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        let started = "listening to the PulseAudio source pv_readkey.monitor\r\n"
        #expect(terminal.waitFor(started, timeout: 30), "\(terminal.text.debugDescription)")
        // Two presses in one write (keys that piled up) toggle twice: each press is decided
        // against the state the listener is in, not one the session has not been told of yet.
        terminal.send("\u{14}\u{14}")
        #expect(
            terminal.waitFor("listening asleep: say \"wake up\" to wake it\r\nlistening awake\r\n", timeout: 30),
            "\(terminal.text.debugDescription)")
        terminal.send("=")
        #expect(terminal.waitFor("listening: awake\r\n"), "\(terminal.text.debugDescription)")
        // While a page number is being typed too (the key was swallowed there), and the number
        // still goes where it was going.
        terminal.send("3\u{14}")
        #expect(
            terminal.waitFor("listening asleep: say \"wake up\" to wake it\r\n", times: 2, timeout: 30),
            "\(terminal.text.debugDescription)")
        terminal.send("\r")
        #expect(terminal.waitFor("Page 3 of 3"), "\(terminal.text.debugDescription)")
        terminal.send("1\u{14}\r")
        #expect(terminal.waitFor("listening awake\r\n", times: 2, timeout: 30), "\(terminal.text.debugDescription)")
        #expect(terminal.waitFor("Page 1 of 3", times: 2), "\(terminal.text.debugDescription)")
        try Self.play(quit, on: server)
        #expect(terminal.waitFor("listening stopped: quit listening (Ctrl-T listens again)\r\n", timeout: 30))
        terminal.send("\u{14}")
        #expect(terminal.waitFor(started, times: 2, timeout: 30), "\(terminal.text.debugDescription)")
        try Self.play(next, on: server)
        #expect(terminal.waitFor("heard: next page\r\nPage 2 of 3\r\n", timeout: 30), "\(terminal.text.debugDescription)")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 30) == 0, "\(terminal.text.debugDescription)")
    }

    /// At a terminal the toggle key retries listening that could not start (no such source here;
    /// a PulseAudio server started late is the common case), and says why a recording heard to
    /// its end is not heard again rather than ignoring the key.
    @Test(.timeLimit(.minutes(15))) func theToggleKeyRetriesListeningThatIsOffAndExplainsARecordingHeardOnce() throws {
        let server = try PulseAudioServer(sinkName: "pv_retry")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let off =
            "pagervoice: listening is off: cannot listen: PulseAudio has no source named 'no_such_source' "
            + "(list them with `pactl list short sources`); Ctrl-T tries again\r\n"
        let missing = try PseudoTerminal(
            arguments: ["--listen-device", "no_such_source", "--audio", "off"],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        #expect(missing.waitFor(off, timeout: 30), "\(missing.text.debugDescription)")
        #expect(missing.waitForPrompt(1))
        missing.send("\u{14}")
        #expect(missing.waitFor(off, times: 2, timeout: 30), "\(missing.text.debugDescription)")
        let shown = missing.prompts()
        #expect(missing.sendLine("next", afterPrompt: shown))
        #expect(missing.waitFor("Page 2 of 3\r\n"))
        #expect(missing.waitForPrompt(shown + 1))
        missing.send("\u{4}")
        #expect(missing.waitForExit(timeout: 30) == 0)

        let next = try Self.recording(["next page"], in: folder)
        let recording = try PseudoTerminal(
            arguments: ["--listen-file", next, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path])
        #expect(recording.waitFor("listening ended: the recording was heard to its end\r\n", timeout: 30))
        #expect(recording.waitForPrompt(1))
        recording.send("\u{14}")
        #expect(
            recording.waitFor(
                "error: Ctrl-T does not listen to a recording again: run pagervoice again to hear it\r\n"),
            "\(recording.text.debugDescription)")
        recording.send("\u{4}")
        #expect(recording.waitForExit(timeout: 30) == 0)
        #expect(recording.text.components(separatedBy: "heard: next page").count == 2, "\(recording.text.debugDescription)")
    }

    /// A line typed while listening prints its output before the next prompt, as without
    /// listening (the keyboard's thread once showed the prompt first, and the output after it).
    @Test func aLineTypedWhileListeningIsAnsweredBeforeTheNextPrompt() throws {
        let folder = try TemporaryDirectory()
        let next = try Self.recording(["next page"], in: folder)
        // In the C locale, as the process starts: the line typed still comes back as UTF-8.
        let terminal = try PseudoTerminal(
            arguments: ["--listen-file", next, "--audio", "off"], environment: ["XDG_STATE_HOME": folder.path, "LC_ALL": "C"])
        #expect(terminal.waitFor("listening ended: the recording was heard to its end\r\npager> ", timeout: 30))
        #expect(terminal.waitForPrompt(1))
        var shown = terminal.prompts()
        terminal.send("next\n")
        #expect(terminal.waitFor("pager> next\r\nPage 3 of 3\r\npager> "), "\(terminal.text)")
        // The keys are read by PagerVoice while it listens: UTF-8 is decoded whole, and bytes that
        // are not UTF-8 show as U+FFFD rather than vanish.
        #expect(terminal.sendLine("go Café ☃", afterPrompt: shown + 1))
        shown = terminal.prompts()
        #expect(terminal.waitFor("error: go takes one argument: a page number"), "\(terminal.text)")
        #expect(terminal.text.contains("pager> go Café ☃\r\n"))
        #expect(terminal.waitForPrompt(shown + 1))
        shown = terminal.prompts()
        terminal.sendBytes([0x78, 0xFF, 0x79, 0xE2, 0x98, 0x7A, 0x0A])
        #expect(terminal.waitFor("error: unknown command 'x\u{FFFD}y\u{FFFD}z'"), "\(terminal.text)")
        #expect(terminal.waitForPrompt(shown + 1))
        terminal.send("\u{4}")  // Ctrl-D
        #expect(terminal.waitForExit(timeout: 30) == 0)
        #expect(terminal.text.contains("heard: next page\r\nPage 2 of 3\r\n"))
        #expect(!terminal.text.contains("pager> heard"), "\(terminal.text)")
    }

    /// Half duplex: PagerVoice says "page three" aloud (eSpeak NG's voice, which the recogniser
    /// does hear as "page three" when listening to a recording of it) into the very sink it
    /// listens to, and must not obey its own voice. A second recording, with a second of silence first (longer than
    /// the echo tail), proves the listener was hearing again by then.
    @Test func itNeverObeysItsOwnVoice() throws {
        let server = try PulseAudioServer(sinkName: "pv_echo")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let events = JSONLines()
        let child = try PipedChild(
            executable: Pagervoice.path,
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "pulse", "--json"],
            environment: server.clientEnvironment(
                base: ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": folder.path]) { $1 }),
            onLine: { events.add($0) })
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"state\":\"started\"") } })
        child.send(lines: ["say page three", "status"])
        // A script's line waits for its speech: the status event means "page three" was said.
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"type\":\"status\"") } })
        try Self.play(Self.afterASecond("where am I", in: folder), on: server)
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"command\":\"focus\"") } })
        // And it hears again once what a voice command said (its announcement and its tone) has
        // been said: the microphone once stayed closed for good after the first command. A
        // script's line waits for the speech before it, so the second status means it is over.
        child.send(lines: ["status"])
        #expect(events.wait(timeout: 30) { $0.filter { $0.contains("\"type\":\"status\"") }.count == 2 })
        try Self.play(Self.afterASecond("next page", in: folder), on: server)
        #expect(events.wait(timeout: 30) { $0.contains { $0.contains("\"command\":\"next\"") } }, "\(events.all)")
        child.send(lines: ["quit"])
        #expect(child.finish(timeout: .seconds(30)) == 0)
        let heard = events.all.filter { $0.contains("\"type\":\"heard\"") }
        #expect(heard.count == 2, "\(heard)")
        #expect(events.all.contains { $0.contains("\"type\":\"focus\"") && $0.contains("Page, 1 of 3") })
    }

    /// Plays `path` into the sink `sink` of `server`.
    static func playOn(_ sink: String, _ path: String, server: PulseAudioServer) throws {
        let paplay = try #require(PulseAudioServer.findExecutable("paplay"))
        let process = try SpawnedProcess(
            executable: paplay, arguments: ["--device=\(sink)", path], environment: server.clientEnvironment())
        #expect(process.wait(timeout: .seconds(30)) == 0)
    }

    static func play(_ path: String, on server: PulseAudioServer) throws {
        try playOn(server.sinkName, path, server: server)
    }

    /// flite's slt saying `phrase` after a second of silence (longer than the echo tail after
    /// speech), in a file of its own in `folder`.
    static func afterASecond(_ phrase: String, in folder: TemporaryDirectory) throws -> String {
        let said = folder.path + "/\(phrase.replacingOccurrences(of: " ", with: "-"))-said.wav"
        try Talker.flite("slt").say(phrase, to: said)
        let spoken = try WAVFile(contentsOf: said)
        let padded = folder.path + "/\(phrase.replacingOccurrences(of: " ", with: "-"))-after-a-second.wav"
        let silence = [Float](repeating: 0, count: spoken.sampleRate)
        try WAVWriter.write(
            WAVWriter.bytes(samples: silence + spoken.samples.map { Float($0) / 32768 }, sampleRate: spoken.sampleRate), to: padded)
        return padded
    }
}

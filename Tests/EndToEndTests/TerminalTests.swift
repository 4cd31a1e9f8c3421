import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive path on a real pseudo-terminal: prompt, tab completion, history, Ctrl-C, Ctrl-D.
@Suite struct TerminalTests {
    @Test func promptCompletionHistoryAndCtrlD() throws {
        let home = try TemporaryDirectory()
        let env = ["XDG_STATE_HOME": home.path]
        let terminal = try PseudoTerminal(arguments: ["--audio", "off"], environment: env)
        #expect(terminal.waitForPrompt(1))
        #expect(terminal.text.contains("Type help for commands"))
        // Tab completes "incr" to "increment".
        terminal.send("incr\t\n")
        #expect(terminal.waitFor("Page 2 of 3"))
        #expect(terminal.waitForPrompt(2))
        // Tab completes an argument: "swipe l" -> "swipe left".
        terminal.send("swipe l\t\n")
        #expect(terminal.waitFor("Page 3 of 3"))
        #expect(terminal.waitForPrompt(3))
        // An error keeps the session.
        terminal.send("bogus\n")
        #expect(terminal.waitFor("error: unknown command 'bogus'"))
        #expect(terminal.waitForPrompt(4))
        terminal.send("\u{4}")  // Ctrl-D
        #expect(terminal.waitForExit() == 0)
        // History was kept for the next run.
        let history = try #require(FileContents.text(home.path + "/pagervoice/history"))
        #expect(history.contains("increment"))
        // libedit's history format escapes spaces as \040.
        #expect(history.contains("swipe\\040left"))
    }

    /// Letters beyond ASCII typed at the prompt reach the session whole, whatever the locale says
    /// (libedit dropped them in the C locale that every program starts in: "go Café" ran "go Caf").
    @Test(arguments: ["C", "C.UTF-8"]) func lettersBeyondASCIIAreKept(locale: String) throws {
        let home = try TemporaryDirectory()
        let terminal = try PseudoTerminal(
            arguments: ["--audio", "off"], environment: ["XDG_STATE_HOME": home.path, "LC_ALL": locale])
        #expect(terminal.waitForPrompt(1))
        terminal.send("go Café\n")
        #expect(terminal.waitFor("error: page must be a whole number, not 'Café'"), "\(terminal.text)")
        #expect(terminal.waitForPrompt(2))
        terminal.send("quit\n")
        #expect(terminal.waitForExit() == 0)
        #expect(FileContents.text(home.path + "/pagervoice/history")?.contains("Café") == true)
    }

    /// `pagervoice --json | jq` typed at a terminal: standard output carries JSON alone (the
    /// greeting went there as plain text, and jq stopped at the first line); the greeting goes to
    /// the terminal on standard error.
    @Test func withJSONAPipeGetsJSONAloneWhileTheTerminalIsGreeted() throws {
        let pipe = closeOnExecPipe()
        let home = try TemporaryDirectory()
        let terminal = try PseudoTerminal(
            arguments: ["--audio", "off", "--json"], environment: ["XDG_STATE_HOME": home.path], standardOutput: pipe.write)
        close(pipe.write)
        #expect(terminal.waitFor("Type help for commands"))
        // The prompt is drawn on standard error, the terminal (there was none: libedit draws no
        // prompt where standard output is not a terminal), and never goes down the pipe.
        #expect(terminal.waitForPrompt(1), "\(terminal.text.debugDescription)")
        #expect(terminal.sendLine("next", afterPrompt: 1))
        #expect(terminal.waitForPrompt(2), "\(terminal.text.debugDescription)")
        terminal.send("quit\n")
        let status = terminal.waitForExit()
        if status == nil { terminal.process.terminate() }
        #expect(status == 0)
        var lines: [String] = []
        PipedChild.readLines(pipe.read) { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines.count == 1)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] as? String == "announcement", "not a JSON event: \(line)")
        }
        #expect(lines.first?.contains("\"text\":\"Page 2 of 3\"") == true)
    }

    /// `pagervoice > transcript.txt` typed at a terminal: the person sees the greeting and the
    /// prompt (on standard error), and the file holds the session's output alone. The greeting
    /// went into the file, and no prompt was drawn at all.
    @Test func withOutputInAFileThePersonIsGreetedAndPromptedAtTheTerminal() throws {
        let home = try TemporaryDirectory()
        let transcript = home.path + "/transcript.txt"
        let file = open(transcript, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(file >= 0)
        let terminal = try PseudoTerminal(
            arguments: ["--audio", "off"], environment: ["XDG_STATE_HOME": home.path], standardOutput: file)
        close(file)
        #expect(terminal.waitFor("Type help for commands"), "\(terminal.text.debugDescription)")
        #expect(terminal.sendLine("next", afterPrompt: 1), "\(terminal.text.debugDescription)")
        #expect(terminal.waitForPrompt(2), "\(terminal.text.debugDescription)")
        terminal.send("quit\n")
        #expect(terminal.waitForExit() == 0)
        #expect(FileContents.text(transcript) == "Page 2 of 3\n")
        #expect(!terminal.text.contains("Page 2 of 3"), "\(terminal.text.debugDescription)")
    }

    /// `pagervoice --json --listen | jq` at a terminal: the live prompt is drawn on standard
    /// error, so Ctrl-T toggles listening there as where output is the terminal (it arrived as an
    /// unknown command whose error went down the pipe, later as a line that needed Enter). With
    /// standard error away from the terminal too (`2>log`), no prompt can be drawn: lines are read
    /// whole, and a line that is Ctrl-T alone toggles listening.
    @Test(.timeLimit(.minutes(5)), arguments: [false, true])
    func withOutputPipedCtrlTTogglesListening(errorsPiped: Bool) throws {
        let server = try PulseAudioServer(sinkName: "pv_piped")
        defer { server.stop() }
        let home = try TemporaryDirectory()
        let pipe = closeOnExecPipe()
        let errors = closeOnExecPipe()
        let terminal = try PseudoTerminal(
            arguments: ["--listen-device", server.sinkName + ".monitor", "--audio", "off", "--json"],
            environment: server.clientEnvironment(base: ["XDG_STATE_HOME": home.path, "PATH": "/usr/bin:/bin"]),
            standardOutput: pipe.write, standardError: errorsPiped ? errors.write : nil)
        close(pipe.write)
        close(errors.write)
        let events = JSONLines()
        Thread { PipedChild.readLines(pipe.read) { events.add($0) } }.start()
        let errorLines = JSONLines()
        Thread { PipedChild.readLines(errors.read) { errorLines.add($0) } }.start()
        func state(_ name: String) -> (([String]) -> Bool) {
            { lines in lines.contains { $0.contains("\"type\":\"listening\"") && $0.contains("\"state\":\"\(name)\"") } }
        }
        let toggle = errorsPiped ? "\u{14}\n" : "\u{14}"
        #expect(events.wait(timeout: 30, until: state("started")), "\(events.all)")
        if !errorsPiped { #expect(terminal.waitForPrompt(1), "\(terminal.text.debugDescription)") }
        terminal.send(toggle)
        #expect(events.wait(timeout: 30, until: state("asleep")), "\(events.all)")
        if !errorsPiped { #expect(terminal.waitFor("pager (asleep)> "), "\(terminal.text.debugDescription)") }
        terminal.send(toggle)
        #expect(events.wait(timeout: 30, until: state("awake")), "\(events.all)")
        terminal.send("quit\n")
        let status = terminal.waitForExit(timeout: 30)
        if status == nil { terminal.process.terminate() }
        #expect(status == 0)
        #expect(!events.all.contains { $0.contains("\"type\":\"error\"") }, "\(events.all)")
        // Nothing but the greeting on the terminal where standard error is a log.
        if errorsPiped {
            #expect(!terminal.text.contains("pager"), "\(terminal.text.debugDescription)")
            #expect(errorLines.wait(timeout: 30) { $0.contains { $0.contains("Type help for commands") } }, "\(errorLines.all)")
        }
    }

    @Test func interruptSilencesAndKeepsTheSession() throws {
        let home = try TemporaryDirectory()
        let terminal = try PseudoTerminal(arguments: ["--audio", "off"], environment: ["XDG_STATE_HOME": home.path])
        #expect(terminal.waitForPrompt(1))
        terminal.process.signal(SIGINT)
        terminal.send("next\n")
        #expect(terminal.waitFor("Page 2 of 3"))
        terminal.send("quit\n")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func interruptStopsAScript() throws {
        // A script waiting on a pipe that never ends is stopped by SIGINT with status 130.
        let stdin = Pagervoice.pipe()
        let stdout = Pagervoice.pipe()
        let stderr = Pagervoice.pipe()
        let process = try SpawnedProcess(
            executable: Pagervoice.path, arguments: ["--audio", "off"],
            environment: ProcessInfo.processInfo.environment,
            standardInput: stdin.read, standardOutput: stdout.write, standardError: stderr.write)
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        defer { close(stdin.write) }
        _ = "next\n".withCString { write(stdin.write, $0, 5) }
        // Wait until the first line was handled, so the interrupt lands mid-session.
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(stdout.read, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "Page 2 of 3\n")
        process.signal(SIGINT)
        #expect(process.wait(timeout: .seconds(10)) == 130)
        let errors = Pagervoice.Drain(stderr.read).wait()
        #expect(String(decoding: errors, as: UTF8.self) == "pagervoice: interrupted\n")
        close(stdout.read)
    }

    /// `q` in `read` leaves at once, as any key interrupts speech at a terminal: it used to wait
    /// for the page being read aloud to end (25 s for this one, through a PulseAudio null sink,
    /// which plays in real time). The bound is a hang's, not a speed target: a tenth of that.
    @Test(.timeLimit(.minutes(5))) func quittingAtATerminalCutsSpeechShort() throws {
        let server = try PulseAudioServer(sinkName: "pv_quit")
        defer { server.stop() }
        let folder = try TemporaryDirectory()
        let document = folder.path + "/long.md"
        let sentence = "This first page has a great deal of text to read aloud so that it takes a long time. "
        try ("# One\n\n" + String(repeating: sentence, count: 6) + "\n\n# Two\n\nsecond\n")
            .write(toFile: document, atomically: true, encoding: .utf8)
        let terminal = try PseudoTerminal(
            arguments: ["read", document, "--audio", "pulse"], environment: server.clientEnvironment(base: ["XDG_STATE_HOME": folder.path]))
        #expect(terminal.waitFor("# One\r\n\r\nThis first page", timeout: 30), "\(terminal.text.debugDescription)")
        let recording = try server.startRecording()
        defer { recording.stop() }
        // Speech has begun: the page is being read.
        #expect(recording.waitForEnergy(above: 1000, window: 441, timeout: .seconds(30)) != nil)
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 2.5) == 0, "\(terminal.text.debugDescription)")
    }
}

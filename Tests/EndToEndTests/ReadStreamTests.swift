import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31, item 3: `yes | pagervoice read -` showed nothing and filled /tmp (438 MB in 4 s).
/// A pipe is now paged as it arrives, as `less` pages it: the first page shows once it is
/// complete or the input pauses, the rest is read behind it, and no more than `--max-input` of it
/// is ever kept.
@Suite struct ReadStreamTests {
    /// Without a terminal for keys, the first page is all `read -` shows: it comes at once, and
    /// the endless rest is never read.
    @Test func anEndlessPipeShowsItsFirstPageAtOnce() throws {
        let temporary = try TemporaryDirectory()
        let clock = ContinuousClock()
        let started = clock.now
        let run = try Pagervoice.run(
            ["read", "-", "--audio", "off"], environment: ["TMPDIR": temporary.path],
            launcher: ["/bin/sh", "-c", "yes 2>/dev/null | exec \"$0\" \"$@\""], timeout: .seconds(60))
        let took = clock.now - started
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines.first?.hasPrefix("Page 1 of ") == true, "\(run.stdout.prefix(200))")
        #expect(run.lines.dropFirst().first == "── y · standard input, line 1")
        #expect(run.lines.dropFirst(2).prefix(24).allSatisfy { $0 == "y" })
        #expect(took < .seconds(10), "took \(took)")
    }

    /// With keys from the terminal, the pipe is read behind the page shown, up to the limit: the
    /// temporary file never holds more than `--max-input`, and the limit is one error.
    @Test func anEndlessPipeIsReadUpToTheLimitWhileItIsPaged() throws {
        let folder = try TemporaryDirectory()
        let spoolFolder = try TemporaryDirectory()
        let fifo = folder.path + "/yes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = EndlessWriter(fifo: fifo, line: "y\n")
        defer { writer.stop() }
        let terminal = try Self.readingStandardInput(from: fifo, ["--max-input", "1M"], tmpdir: spoolFolder.path)
        #expect(terminal.waitFor("── y · standard input, line 1", timeout: 30), "\(terminal.text.suffix(300))")
        // Each G goes to the last page read so far; once the limit is reached, the next says so.
        var told = false
        for _ in 0..<200 where !told {
            terminal.send("G")
            told = terminal.waitFor("standard input is longer than 1 MiB: only its first 1 MiB are paged", timeout: 0.2)
        }
        #expect(told, "\(terminal.text.suffix(500))")
        let sizes = Self.spoolSizes(in: spoolFolder.path)
        #expect(sizes == [1 << 20], "the one temporary file holds exactly the limit: \(sizes)")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 20) == 0)
    }

    /// `tail -f app.log | pagervoice read -`: the lines there are show when the log goes quiet,
    /// and lines written later become pages of their own.
    @Test func aGrowingLogIsPagedAsItGrows() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path + "/log"
        #expect(mkfifo(fifo, 0o600) == 0)
        let terminal = try Self.readingStandardInput(from: fifo, [], tmpdir: folder.path)
        let log = open(fifo, O_WRONLY | O_CLOEXEC)
        #expect(log >= 0)
        defer { if log >= 0 { close(log) } }
        #expect(writeFully(log, Array((1...3).map { "entry \($0)\n" }.joined().utf8)))
        // Three lines are no full page: they show once the log pauses.
        #expect(terminal.waitFor("── entry 1 · standard input, line 1", timeout: 30), "\(terminal.text.suffix(300))")
        #expect(terminal.waitFor("entry 3"))
        #expect(terminal.text.contains("Page 1 of 1"))
        #expect(writeFully(log, Array((4...63).map { "entry \($0)\n" }.joined().utf8)))
        // 63 lines are three pages of 24 or fewer; G reaches the third once they have been read.
        var third = false
        for _ in 0..<100 where !third {
            terminal.send("G")
            third = terminal.waitFor("Page 3 of 3", timeout: 0.2)
        }
        #expect(third, "\(terminal.text.suffix(500))")
        #expect(terminal.waitFor("── entry 49 · standard input, line 49"))
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 20) == 0)
    }

    /// `pagervoice read - OPTIONS < FIFO` with the pseudo-terminal as its controlling terminal,
    /// where keys come from (`/dev/tty`) while the document comes from the FIFO.
    private static func readingStandardInput(from fifo: String, _ options: [String], tmpdir: String) throws -> PseudoTerminal {
        try PseudoTerminal(
            executable: "/usr/bin/setsid",
            arguments: ["-c", "-w", "/bin/sh", "-c", "exec \"$0\" \"$@\" < \"$FIFO\"", Pagervoice.path, "read", "-", "--audio", "off"]
                + options,
            environment: ["FIFO": fifo, "TMPDIR": tmpdir])
    }

    /// The sizes of the open files whose name starts in `folder` (the spool is unlinked, so it is
    /// found through the descriptors that hold it).
    private static func spoolSizes(in folder: String) -> [Int] {
        var sizes: [Int] = []
        for process in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(process) != nil {
            let fds = "/proc/\(process)/fd"
            for fd in (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? [] {
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + fd),
                    target.hasPrefix(folder + "/pagervoice-read-")
                else { continue }
                var info = stat()
                if stat(fds + "/" + fd, &info) == 0 { sizes.append(Int(info.st_size)) }
            }
        }
        return sizes
    }
}

/// Writes one line into a FIFO again and again, like `yes`, until the reader goes away or
/// `stop()` is called.
final class EndlessWriter: @unchecked Sendable {
    private let stopped = NSLock()
    private var isStopped = false
    private let done = DispatchSemaphore(value: 0)
    private let fifo: String

    init(fifo: String, line: String) {
        self.fifo = fifo
        let chunk = Array(String(repeating: line, count: 4096).utf8)
        Thread { [self] in
            signal(SIGPIPE, SIG_IGN)
            let fd = open(fifo, O_WRONLY | O_CLOEXEC)
            while fd >= 0 && !stoppedNow && writeFully(fd, chunk) {}
            if fd >= 0 { close(fd) }
            done.signal()
        }.start()
    }

    private var stoppedNow: Bool {
        stopped.lock()
        defer { stopped.unlock() }
        return isStopped
    }

    /// Ends the writer: a reader still blocked opening the FIFO is given one to meet it.
    func stop() {
        stopped.lock()
        isStopped = true
        stopped.unlock()
        let unblock = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            if unblock >= 0 {
                var sink = [UInt8](repeating: 0, count: 65536)
                _ = read(unblock, &sink, sink.count)
            }
        }
        if unblock >= 0 { close(unblock) }
    }
}

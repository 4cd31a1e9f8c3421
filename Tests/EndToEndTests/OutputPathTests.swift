import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31: where `verify --junit`, `frames --svg` and `--wav-dir` may write, run against the
/// built executable. Only a regular file (or nothing) is ever replaced; a named pipe, a
/// character device or standard output is written through by `--junit` and refused by `--svg`;
/// anything else is refused with one line and a failing status, and left as it was.
///
/// Devices are private ones made with mknod in a temporary folder (1,3 behaves as /dev/null,
/// 1,7 as /dev/full), and `/dev/stdout` is a link of our own to `/proc/self/fd/1`: the tests run
/// as root, and the system's must never be at stake, even against a build that regressed.
@Suite struct OutputPathTests {
    // MARK: Fixtures

    /// A folder with a passing script and the things a path can name.
    final class Place {
        let temporary: TemporaryDirectory
        var path: String { temporary.path }
        let script: String

        init() throws {
            temporary = try TemporaryDirectory(prefix: "pv-output")
            script = temporary.path + "/s.pv"
            try "next\nexpect \"Page 2 of 3\"\n".write(toFile: script, atomically: false, encoding: .utf8)
        }

        /// A character device of our own: minor 3 is a null device, 7 a full one.
        func device(_ name: String, minor: UInt32) -> String {
            let path = self.path + "/" + name
            #expect(mknod(path, S_IFCHR | 0o666, dev_t(1 << 8 | minor)) == 0, "mknod needs root")
            return path
        }

        func fifo(_ name: String) -> String {
            let path = self.path + "/" + name
            #expect(mkfifo(path, 0o600) == 0)
            return path
        }

        func file(_ name: String, _ text: String) throws -> String {
            let path = self.path + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            return path
        }

        func link(_ name: String, to target: String) -> String {
            let path = self.path + "/" + name
            #expect(symlink(target, path) == 0)
            return path
        }

        func folder(_ name: String) -> String {
            let path = self.path + "/" + name
            #expect(mkdir(path, 0o755) == 0)
            return path
        }

        /// A `/dev/stdout` of our own: a link to `/proc/self/fd/1`, which is each process's own.
        func standardOutputLink(_ name: String = "stdout") -> String { link(name, to: "/proc/self/fd/1") }

        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    }

    /// lstat: the kind of what is at `path` itself (S_IFCHR, S_IFIFO, …), its device number,
    /// inode and permission bits.
    static func status(_ path: String) -> (type: mode_t, device: dev_t, inode: ino_t, permissions: mode_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, info.st_rdev, info.st_ino, info.st_mode & 0o7777)
    }

    static func isDevice(_ path: String, minor: UInt32) -> Bool {
        guard let status = status(path) else { return false }
        return status.type == S_IFCHR && status.device == dev_t(1 << 8 | minor)
    }

    static func isFIFO(_ path: String) -> Bool { status(path)?.type == S_IFIFO }

    /// Reads a named pipe on a thread of its own until its writer closes it. Opened without
    /// waiting before the writer comes, so the writer never waits for a reader; if no writer
    /// ever comes (or never closes), `wait` gives up at its deadline instead of hanging.
    final class PipeReader: @unchecked Sendable {
        private let fd: Int32
        private var bytes: [UInt8] = []
        private var ended = false
        private let done = DispatchSemaphore(value: 0)

        init(_ path: String, deadline: Duration = .seconds(60)) {
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            let until = ContinuousClock.now + deadline
            DispatchQueue.global().async { [self] in
                defer { done.signal() }
                var buffer = [UInt8](repeating: 0, count: 4096)
                // Linux reports no hang-up to a reader that opened before any writer until a
                // writer has come and gone, so poll waits for the writer rather than seeing EOF.
                while fd >= 0 {
                    let left = ContinuousClock.now.duration(to: until)
                    guard left > .zero else { return }
                    var wanted = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
                    let ready = poll(&wanted, 1, Int32(left.components.seconds * 1000 + 1))
                    if ready < 0 && errno == EINTR { continue }
                    guard ready > 0 else { return }
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if n <= 0 {
                        ended = n == 0
                        return
                    }
                    bytes.append(contentsOf: buffer[0..<n])
                }
            }
        }

        /// Everything read, and whether the writer closed the pipe (rather than the deadline).
        func wait() -> (text: String, ended: Bool) {
            done.wait()
            if fd >= 0 { close(fd) }
            return (String(decoding: bytes, as: UTF8.self), ended)
        }
    }

    static func isWholeReport(_ text: String, testcases: Int = 1) -> Bool {
        text.hasPrefix("<?xml") && text.hasSuffix("</testsuites>\n")
            && text.components(separatedBy: "<testcase ").count - 1 == testcases
    }

    // MARK: verify --junit

    /// A reader on a named pipe gets the whole report, even one far larger than a pipe holds,
    /// and the pipe is still a pipe.
    @Test func junitIsWrittenThroughANamedPipe() throws {
        let place = try Place()
        let fifo = place.fifo("report")
        let reader = PipeReader(fifo)
        // 1,000 testcases: about 100 KB, more than the 64 KiB a pipe holds, so the writer must
        // wait for the reader and write in pieces.
        let scripts = Array(repeating: place.script, count: 1000)
        let run = try Pagervoice.run(["verify", "--junit", fifo] + scripts)
        let got = reader.wait()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines == ["1000 passed, 0 failed"])
        #expect(got.ended)
        #expect(got.text.utf8.count > 65_536)
        #expect(Self.isWholeReport(got.text, testcases: 1000), "\(got.text.prefix(200))")
        #expect(Self.isFIFO(fifo))
        #expect(place.names == ["report", "s.pv"])
    }

    @Test func junitIsWrittenThroughANullDevice() throws {
        let place = try Place()
        let null = place.device("null", minor: 3)
        let run = try Pagervoice.run(["verify", "--junit", null, place.script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(run.lines == ["1 passed, 0 failed"])
        #expect(Self.isDevice(null, minor: 3))
        #expect(place.names == ["null", "s.pv"])
    }

    /// A full device: one line naming it and the system's reason, status 1, and the device is
    /// still the device (as root the old code put a regular file in its place).
    @Test func junitOnAFullDeviceIsOneErrorLine() throws {
        let place = try Place()
        let full = place.device("full", minor: 7)
        let run = try Pagervoice.run(["verify", "--junit", full, place.script])
        #expect(run.status == 1)
        #expect(run.errorLines == ["pagervoice verify: cannot write \(full): No space left on device"])
        #expect(run.lines == ["1 passed, 0 failed"])
        #expect(Self.isDevice(full, minor: 7))
        #expect(place.names == ["full", "s.pv"])
    }

    /// `/proc/self/fd/1` and a `/dev/stdout` (a link to it) with standard output a pipe: the
    /// report arrives on the pipe, after the lines printed before it and before the summary.
    @Test(arguments: [false, true]) func junitToStandardOutputArrivesOnThePipe(throughALink: Bool) throws {
        let place = try Place()
        let path = throughALink ? place.standardOutputLink() : "/proc/self/fd/1"
        let failing = try place.file("f.pv", "next\nexpect \"WRONG\"\n")
        let run = try Pagervoice.run(["verify", "--junit", path, failing])
        #expect(run.status == 1)
        #expect(run.stderr == "")
        let failure = "\(failing):2: expected \"WRONG\", got \"Page 2 of 3\"\n"
        let summary = "0 passed, 1 failed\n"
        #expect(run.stdout.hasPrefix(failure + "<?xml"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("</testsuites>\n" + summary), "\(run.stdout)")
        #expect(Self.isWholeReport(String(run.stdout.dropFirst(failure.count).dropLast(summary.count))))
        #expect(place.names == (throughALink ? ["f.pv", "s.pv", "stdout"] : ["f.pv", "s.pv"]))
        #expect(throughALink ? Self.status(path)?.type == S_IFLNK : true)
    }

    /// Standard input (a pipe's reading end) cannot take a report: one line before any script
    /// runs.
    @Test func junitToStandardInputIsRefused() throws {
        let place = try Place()
        let run = try Pagervoice.run(["verify", "--junit", "/proc/self/fd/0", place.script])
        #expect(run.status == 1)
        #expect(run.errorLines == ["pagervoice verify: cannot write /proc/self/fd/0: it is standard input, open for reading only"])
        #expect(run.stdout == "")
    }

    /// `--junit /dev/stdout >report` is how a shell sends a report to a file: the report goes
    /// where standard output goes, after what was printed, not over it.
    @Test func junitToStandardOutputRedirectedToAFile() throws {
        let place = try Place()
        let out = place.path + "/out.txt"
        let run = try Pagervoice.run(
            ["verify", "--junit", place.standardOutputLink(), place.script], launcher: ["/bin/sh", "-c", "exec \"$@\" >\"\(out)\"", "sh"])
        #expect(run.status == 0, "\(run.stderr)")
        let text = try #require(FileContents.text(out))
        #expect(text.hasPrefix("<?xml") && text.hasSuffix("</testsuites>\n1 passed, 0 failed\n"), "\(text)")
    }

    /// A symbolic link to a regular file is refused before any script runs: replacing the link
    /// would leave its file with the last run's report, and writing through it would write
    /// wherever a planted link points. The file and the link are as they were.
    @Test func junitThroughASymbolicLinkToAFileIsRefused() throws {
        let place = try Place()
        let target = try place.file("mine.xml", "my own file\n")
        let link = place.link("report.xml", to: target)
        let run = try Pagervoice.run(["verify", "--junit", link, place.script])
        #expect(run.status == 1)
        #expect(
            run.errorLines == ["pagervoice verify: cannot write \(link): it is a symbolic link to a regular file; name the file itself"])
        #expect(run.stdout == "", "no script ran")
        #expect(FileContents.text(target) == "my own file\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == target)
        #expect(place.names == ["mine.xml", "report.xml", "s.pv"])
        // A link to nothing is refused too, and nothing appears where it points.
        let dangling = place.link("dangling.xml", to: place.path + "/nowhere.xml")
        let nowhere = try Pagervoice.run(["verify", "--junit", dangling, place.script])
        #expect(nowhere.status == 1)
        #expect(nowhere.errorLines == ["pagervoice verify: cannot write \(dangling): it is a symbolic link to nothing"])
        #expect(place.names == ["dangling.xml", "mine.xml", "report.xml", "s.pv"])
    }

    /// A symbolic link to a device is `/dev/stdout`'s case: written through, the link and the
    /// device left as they were.
    @Test func junitThroughASymbolicLinkToADeviceIsWrittenThrough() throws {
        let place = try Place()
        let null = place.device("null", minor: 3)
        let link = place.link("report.xml", to: null)
        let run = try Pagervoice.run(["verify", "--junit", link, place.script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.status(link)?.type == S_IFLNK)
        #expect(Self.isDevice(null, minor: 3))
        let full = place.device("full", minor: 7)
        let toFull = place.link("full.xml", to: full)
        let failed = try Pagervoice.run(["verify", "--junit", toFull, place.script])
        #expect(failed.status == 1)
        #expect(failed.errorLines == ["pagervoice verify: cannot write \(toFull): No space left on device"])
        #expect(Self.status(toFull)?.type == S_IFLNK)
        #expect(Self.isDevice(full, minor: 7))
    }

    /// A folder is refused before any script runs, and nothing is written into it.
    @Test func junitIntoAFolderIsRefused() throws {
        let place = try Place()
        let folder = place.folder("reports")
        let run = try Pagervoice.run(["verify", "--junit", folder, place.script])
        #expect(run.status == 1)
        #expect(run.errorLines == ["pagervoice verify: cannot write \(folder): it is a folder"])
        #expect(run.stdout == "", "no script ran")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        #expect(place.names == ["reports", "s.pv"])
    }

    /// A regular file is replaced whole, by one rename, as before: a new file under the name
    /// (another link to the old one still holds the old report), nothing left beside it.
    @Test func junitReplacesARegularFileInOneRename() throws {
        let place = try Place()
        let report = try place.file("report.xml", "old report\n")
        #expect(link(report, place.path + "/kept.xml") == 0)
        let before = try #require(Self.status(report))
        let run = try Pagervoice.run(["verify", "--junit", report, place.script])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.isWholeReport(try #require(FileContents.text(report))))
        #expect(Self.status(report)?.inode != before.inode, "a new file, not the old one rewritten")
        #expect(FileContents.text(place.path + "/kept.xml") == "old report\n")
        #expect(place.names == ["kept.xml", "report.xml", "s.pv"])
    }

    /// A report in a folder that does not exist: one line before any script runs, status 1.
    /// A name with an escape sequence in it is shown escaped, never acted on.
    @Test func junitInAMissingFolderIsOneLine() throws {
        let place = try Place()
        let report = place.path + "/no/such/report.xml"
        let run = try Pagervoice.run(["verify", "--junit", report, place.script])
        #expect(run.status == 1)
        #expect(run.errorLines == ["pagervoice verify: cannot write \(report): No such file or directory"])
        #expect(run.stdout == "")
        #expect(place.names == ["s.pv"])
        let hostile = place.path + "/\u{1B}]0;owned\u{07}/report.xml"
        let escaped = try Pagervoice.run(["verify", "--junit", hostile, place.script])
        #expect(escaped.status == 1)
        #expect(
            escaped.errorLines == [
                "pagervoice verify: cannot write \(place.path)/\\u{1B}]0;owned\\u{7}/report.xml: No such file or directory"
            ])
        #expect(!escaped.stderr.contains("\u{1B}"))
    }

    // MARK: frames --svg (a new file only)

    /// Whatever is already there is refused, untouched, with one line and status 1, by the
    /// subcommand and the REPL alike; a named pipe is not even opened (no reader is needed).
    @Test func svgRefusesEverythingThatExists() throws {
        let place = try Place()
        let fifo = place.fifo("pipe.svg")
        let null = place.device("null.svg", minor: 3)
        let full = place.device("full.svg", minor: 7)
        let mine = try place.file("mine.svg", "mine\n")
        let fileLink = place.link("file-link.svg", to: mine)
        let deviceLink = place.link("device-link.svg", to: null)
        let folder = place.folder("folder.svg")
        let cases: [(String, String)] = [
            (fifo, "a named pipe"), (null, "a character device"), (full, "a character device"),
            (fileLink, "a symbolic link to a regular file"), (deviceLink, "a symbolic link to a character device"),
            (folder, "a folder"), ("/proc/self/fd/1", "standard output"),
            (place.standardOutputLink(), "standard output"),
        ]
        for (path, kind) in cases {
            let run = try Pagervoice.run(["frames", "--svg", path])
            #expect(run.status == 1, "\(path)")
            #expect(run.errorLines == ["pagervoice frames: \(path) already exists (\(kind)); choose another name"], "\(path)")
            // Standard output holds the table alone, not a picture.
            #expect(run.lines.first?.hasPrefix("smooth(duration: 0.45)") == true && !run.stdout.contains("<svg"), "\(path)")
        }
        let plain = try Pagervoice.run(["frames", "--svg", mine])
        #expect(plain.errorLines == ["pagervoice frames: \(mine) already exists; choose another name or remove it first"])
        let missing = place.path + "/no/such/plot.svg"
        let nowhere = try Pagervoice.run(["frames", "--svg", missing])
        #expect(nowhere.status == 1)
        #expect(nowhere.errorLines == ["pagervoice frames: cannot write \(missing): No such file or directory"])
        // The REPL's frames --svg: the same rule, each an error of its line.
        let repl = try Pagervoice.run(
            ["--audio", "off"], input: "next\nframes --svg \(fifo)\nframes --svg \(full)\nframes --svg /proc/self/fd/1\n")
        #expect(repl.status == 1)
        #expect(
            repl.errorLines == [
                "line 2: \(fifo) already exists (a named pipe); choose another name",
                "line 3: \(full) already exists (a character device); choose another name",
                "line 4: /proc/self/fd/1 already exists (standard output); choose another name",
            ])
        #expect(repl.lines == ["Page 2 of 3"])
        // Every one of them is as it was.
        #expect(Self.isFIFO(fifo) && Self.isDevice(null, minor: 3) && Self.isDevice(full, minor: 7))
        #expect(FileContents.text(mine) == "mine\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fileLink)) == mine)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: deviceLink)) == null)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
        #expect(
            place.names == [
                "device-link.svg", "file-link.svg", "folder.svg", "full.svg", "mine.svg", "null.svg", "pipe.svg", "s.pv", "stdout",
            ])
    }

    // MARK: --wav-dir (a folder)

    /// Anything but a folder (or a link to one) is refused at start-up with one line, status 2
    /// like every other mistake on the command line, and left as it was.
    @Test func wavDirRefusesWhatIsNotAFolder() throws {
        let place = try Place()
        let fifo = place.fifo("pipe")
        let null = place.device("null", minor: 3)
        let full = place.device("full", minor: 7)
        let mine = try place.file("mine", "mine\n")
        let fileLink = place.link("file-link", to: mine)
        let deviceLink = place.link("device-link", to: null)
        let dangling = place.link("dangling", to: place.path + "/nowhere")
        let cases: [(String, String)] = [
            (fifo, "a named pipe"), (null, "a character device"), (full, "a character device"), (mine, "a regular file"),
            (fileLink, "a symbolic link to a regular file"), (deviceLink, "a symbolic link to a character device"),
            (dangling, "a symbolic link to nothing"), ("/proc/self/fd/1", "standard output"),
            (place.standardOutputLink(), "standard output"),
        ]
        for (path, kind) in cases {
            let run = try Pagervoice.run(["--audio", "null", "--wav-dir", path], input: "next\n")
            #expect(run.status == 2, "\(path)")
            #expect(run.errorLines == ["pagervoice: cannot write WAV files to \(path): it is \(kind), not a folder"], "\(path)")
            #expect(run.stdout == "", "\(path)")
        }
        #expect(Self.isFIFO(fifo) && Self.isDevice(null, minor: 3) && Self.isDevice(full, minor: 7))
        #expect(FileContents.text(mine) == "mine\n")
        #expect(place.names == ["dangling", "device-link", "file-link", "full", "mine", "null", "pipe", "s.pv", "stdout"])
    }

    /// A symbolic link to a folder is the folder the user named: files go into it, and the link
    /// stays a link. A folder that does not exist is made, with its parents.
    @Test func wavDirFollowsALinkToAFolderAndMakesAMissingOne() throws {
        let place = try Place()
        let folder = place.folder("wavs")
        let link = place.link("link", to: folder)
        let run = try Pagervoice.run(["--audio", "null", "--wav-dir", link], input: "next\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["0001.wav"])
        #expect(Self.status(link)?.type == S_IFLNK)
        let nested = place.path + "/new/a/b"
        let made = try Pagervoice.run(["--audio", "null", "--wav-dir", nested], input: "next\n")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: nested) == ["0001.wav"])
    }

    // MARK: The state folder

    /// `ln -s /dev/null history` keeps no history: the session runs, and the device is still a
    /// device with its permissions (libedit's writer chmodded it to 0600, as root the system's).
    /// A named pipe there does not hold the prompt. A regular history file is replaced whole.
    @Test func historyIsOnlyEverARegularFile() throws {
        let place = try Place()
        let state = place.folder("pagervoice")
        let null = place.device("null", minor: 3)
        #expect(chmod(null, 0o666) == 0)
        #expect(symlink(null, state + "/history") == 0)
        func session(_ line: String) throws {
            let terminal = try PseudoTerminal(arguments: ["--audio", "off"], environment: ["XDG_STATE_HOME": place.path])
            #expect(terminal.waitForPrompt(1), "\(terminal.text)")
            terminal.send(line + "\n")
            #expect(terminal.waitForPrompt(2), "\(terminal.text)")
            terminal.send("quit\n")
            #expect(terminal.waitForExit() == 0)
        }
        try session("next")
        #expect(Self.isDevice(null, minor: 3))
        #expect(Self.status(null)?.permissions == 0o666)
        #expect(Self.status(state + "/history")?.type == S_IFLNK)

        #expect(unlink(state + "/history") == 0 && mkfifo(state + "/history", 0o600) == 0)
        try session("next")
        #expect(Self.isFIFO(state + "/history"))

        #expect(unlink(state + "/history") == 0)
        let history = try place.file("pagervoice/history", "_HiStOrY_V2_\nprev\n")
        #expect(link(history, place.path + "/kept-history") == 0)
        try session("go 3")
        #expect(FileContents.text(history) == "_HiStOrY_V2_\nprev\ngo\\0403\nquit\n")
        #expect(FileContents.text(place.path + "/kept-history") == "_HiStOrY_V2_\nprev\n", "replaced, not rewritten")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state) == ["history"])
    }
}

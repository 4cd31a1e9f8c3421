import Foundation
import PagerTestSupport
import Testing

/// `pagervoice read FILE` (issue 14) against the built executable, on files made here.
@Suite struct ReadTests {
    static let markdown = """
        # Welcome
        PagerVoice reads *this* page, then [the next](https://example.com/next).

        ## Install
        Run `make run` and listen. Then page on.

        ## Use
        Say next page. This last page is the longest of the three, so that its speech takes \
        clearly longer than the first page's: one more sentence, and another one after it.

        """

    static func file(_ dir: TemporaryDirectory, _ name: String, _ text: String) throws -> String {
        let path = dir.path + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMarkdownFileIsOnePagePerHeadingAndPagesLikeLess() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.file(dir, "guide.md", Self.markdown)
        let run = try Pagervoice.run(["read", path, "--audio", "off", "--json"], input: "n\nG\nG\n1\nq\nnext\n")
        #expect(run.status == 0)
        let pages = run.events.filter { $0["type"] as? String == "page" }
        #expect(pages.map { $0["page"] as? Int } == [1, 2, 3, 3, 1])
        #expect(pages.map { $0["title"] as? String } == ["Welcome", "Install", "Use", "Use", "Welcome"])
        #expect(pages.allSatisfy { $0["count"] as? Int == 3 && ($0["text_length"] as? Int ?? 0) > 10 })
        let said = run.events.filter { $0["type"] as? String == "announcement" }.map { $0["text"] as? String }
        #expect(said == ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3", "Page 3 of 3", "Page 1 of 3"])
        // q quit: the `next` after it never ran.
        #expect(run.events.last?["type"] as? String == "read")
    }

    @Test func onATerminalThePageIsShownUnderItsHeader() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.file(dir, "guide.md", Self.markdown)
        let run = try Pagervoice.run(["read", path, "--audio", "off"], input: "/install\n/no such words\n")
        #expect(run.status == 0)
        #expect(
            run.lines == [
                "Page 1 of 3", "── Welcome · \(path), line 1", "# Welcome",
                "PagerVoice reads *this* page, then [the next](https://example.com/next).",
                "Page 2 of 3", "── Install · \(path), line 4", "## Install", "Run `make run` and listen. Then page on.",
                "Not found",
            ])
    }

    @Test func formFeedsMakePagesAndAnEmptyFileSaysNone() throws {
        let dir = try TemporaryDirectory()
        let feeds = try Self.file(dir, "notes.txt", "first page\nmore\n\u{0C}second page\n\u{0C}third\n")
        let run = try Pagervoice.run(["read", feeds, "--audio", "off", "--json"], input: "G\n")
        #expect(run.events.filter { $0["type"] as? String == "page" }.map { $0["title"] as? String } == ["first page", "third"])
        #expect(run.events.first?["text"] as? String == "Page 1 of 3")
        let empty = try Self.file(dir, "empty.txt", "")
        let none = try Pagervoice.run(["read", empty, "--audio", "off"], input: "next\nread\n")
        #expect(none.lines == ["None", "None"])
        #expect(none.errorLines == ["line 2: there are no pages"])
    }

    @Test func binaryAndInvalidUTF8AreRefusedWithWhere() throws {
        let dir = try TemporaryDirectory()
        let broken = dir.path + "/broken.txt"
        try Data("fine\nno\u{C3}".utf8.map { $0 } + [0xC3, 0x28, 0x0A]).write(to: URL(fileURLWithPath: broken))
        try Data([0x68, 0x69, 0x0A, 0xC3, 0x28, 0x0A]).write(to: URL(fileURLWithPath: broken))
        let run = try Pagervoice.run(["read", broken, "--audio", "off"])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.errorLines == ["pagervoice read: \(broken) is not UTF-8 text: invalid UTF-8 at byte offset 3 (line 2)"])
        let binary = dir.path + "/a.out"
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01]).write(to: URL(fileURLWithPath: binary))
        let elf = try Pagervoice.run(["read", binary, "--audio", "off"])
        #expect(elf.status == 1)
        #expect(elf.errorLines.first?.contains("is binary, not text: a NUL byte at byte offset 4") == true)
    }

    /// Each page's speech is in the WAV files too: the announcement, then the page; the longer
    /// page's reading is the longer file.
    @Test func wavFilesHoldEachPageRead() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.file(dir, "guide.md", Self.markdown)
        let wavs = dir.path + "/wavs"
        let run = try Pagervoice.run(["read", path, "--audio", "null", "--wav-dir", wavs], input: "G\n")
        #expect(run.status == 0, "\(run.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: wavs).sorted()
        #expect(files == ["0001.wav", "0002.wav", "0003.wav", "0004.wav"])
        let firstPage = try WAVFile(contentsOf: wavs + "/0002.wav")
        let lastPage = try WAVFile(contentsOf: wavs + "/0004.wav")
        #expect(firstPage.sampleRate == 22050)
        #expect(PCMAnalysis.peakRMS(lastPage.samples) > 500)
        #expect(lastPage.duration > firstPage.duration * 1.3)
    }

    @Test func verifyDrivesAReadSession() throws {
        let dir = try TemporaryDirectory()
        let path = try Self.file(dir, "guide.md", Self.markdown)
        let script = try Self.file(
            dir, "read.pv",
            """
            expect "Page 1 of 3"
            expect-read "PagerVoice reads this page, then the next."
            next
            expect "Page 2 of 3"
            expect-read "Run make run and listen."
            search longest
            expect-page 3
            search nowhere to be found
            expect "Not found"
            expect-read "make run"
            """)
        let run = try Pagervoice.run(["verify", "--read", path, script])
        #expect(run.lines.last == "6 passed, 1 failed")
        #expect(
            run.lines.first
                == "\(script):10: expected the page read to hold \"make run\", got \"Use. Say next page. This last page is the longest of the thr…\""
        )
        #expect(run.status == 1)
    }

    /// A 50 MB log opens in well under a second, goes to its last page, and memory stays
    /// bounded: the pages are offsets into the file, not the text. Bounded is measured against the
    /// same run on a 1 MB log, so the figure holds under AddressSanitizer too (whose runtime and
    /// shadow memory raise every peak alike).
    @Test func aFiftyMegabyteLogStaysSmall() throws {
        let dir = try TemporaryDirectory()
        let small = try Self.writeLog(megabytes: 1, to: dir.path + "/small.log")
        let big = try Self.writeLog(megabytes: 50, to: dir.path + "/big.log")
        let smallRun = try Self.openAndGoToTheLastPage(small)
        let bigRun = try Self.openAndGoToTheLastPage(big)
        // Spawn, open, scan and the first page printed: the target is under a second.
        #expect(bigRun.opened < 5, "opened in \(bigRun.opened) s")
        // Peak resident memory grows by far less than the 49 MB more of file.
        let smallPeak = try #require(smallRun.peak)
        let bigPeak = try #require(bigRun.peak)
        #expect(bigPeak < smallPeak + 20 * 1024, "peak \(bigPeak) KiB against \(smallPeak) KiB for 1 MB")
    }

    /// A log of `megabytes` MiB of numbered lines.
    private static func writeLog(megabytes: Int, to path: String) throws -> String {
        var line = Array("2026-12-01T05:00:00Z service[42]: request handled in 12 ms, status 200, path /api/pages/".utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var block: [UInt8] = []
        var written = 0
        var number = 0
        while written < megabytes << 20 {
            block.removeAll(keepingCapacity: true)
            while block.count < 1 << 20 {
                number += 1
                block += line + Array(String(number).utf8) + [10]
            }
            handle.write(Data(block))
            written += block.count
        }
        try handle.close()
        line = []
        return path
    }

    /// Opens `path` in `pagervoice read`, goes to the last page (G), and reports the time to the
    /// first page and the peak resident memory (KiB) while on the last one.
    private static func openAndGoToTheLastPage(_ path: String) throws -> (opened: TimeInterval, peak: Int?) {
        let events = JSONLines()
        let started = Date()
        // Under AddressSanitizer (make sanitize) freed memory is held in a quarantine of up to
        // 256 MiB, which a peak would then measure: release it at once instead.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = [environment["ASAN_OPTIONS"], "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"]
            .compactMap { $0 }.joined(separator: ":")
        let child = try PipedChild(
            executable: Pagervoice.path, arguments: ["read", path, "--audio", "off", "--json"],
            environment: environment, onLine: { events.add($0) })
        func pages() -> [String] { events.all.filter { $0.contains("\"type\":\"page\"") } }
        // The first page is shown once the file is open: that is the opening time.
        #expect(events.wait(timeout: 30) { lines in lines.contains { $0.contains("\"type\":\"page\"") } })
        let opened = Date().timeIntervalSince(started)
        child.send(lines: ["G"])
        #expect(events.wait(timeout: 30) { lines in lines.filter { $0.contains("\"type\":\"page\"") }.count >= 2 })
        let peak = child.memory?.peak
        #expect(child.finish(timeout: .seconds(60)) == 0)
        let last = pages().last ?? ""
        #expect(last.contains("\"first_line\":"))
        #expect(!last.contains("\"page\":1,"))
        return (opened, peak)
    }
}

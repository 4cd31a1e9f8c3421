import PagerCore
import PagerShell
import PagerTestSupport
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// `pagervoice read`'s document side: opening time and resident memory for 1, 10 and 50 MB files
/// (a log and a Markdown text, generated here in a temporary folder), and the time to produce the
/// last page's text and speech text. Memory is measured in a child (this executable with
/// `read-probe FILE`), so the bench's own buffers do not count: VmHWM over opening and reading
/// the last page, against VmRSS just before.
enum ReadBench {
    struct Row {
        var kind: String
        var megabytes: Int
        var pages = 0
        var structure = ""
        var openMilliseconds = Double.nan
        var lastTextMilliseconds = Double.nan
        var lastSpeechMilliseconds = Double.nan
        var searchMilliseconds = Double.nan
        var peakGrowthMiB = Double.nan
    }

    struct Figures {
        var rows: [Row] = []

        func row(_ kind: String, _ megabytes: Int) -> Row {
            rows.first { $0.kind == kind && $0.megabytes == megabytes } ?? Row(kind: kind, megabytes: megabytes)
        }
    }

    static let sizes = [1, 10, 50]
    static let kinds = ["log", "Markdown"]

    static func run() -> Figures {
        var figures = Figures()
        print("Read: documents as pages (release build; files in the page cache, as after a first read)")
        guard let folder = try? TemporaryDirectory(prefix: "pagervoice-readbench") else {
            print("  cannot make a temporary folder")
            return figures
        }
        for kind in kinds {
            for megabytes in sizes {
                let path = folder.path + "/\(kind == "log" ? "server" : "manual")-\(megabytes)mb.\(kind == "log" ? "log" : "md")"
                guard (try? write(path, megabytes: megabytes, markdown: kind == "Markdown")) != nil else {
                    print("  cannot write \(path)")
                    continue
                }
                figures.rows.append(measure(path, kind: kind, megabytes: megabytes))
            }
        }
        return figures
    }

    static func measure(_ path: String, kind: String, megabytes: Int) -> Row {
        var row = Row(kind: kind, megabytes: megabytes)
        let repeats = megabytes >= 50 ? 5 : 9
        var document: Document?
        row.openMilliseconds =
            Measure.medianNanoseconds(repeats: repeats) {
                document = try? Document(path: path)
            } / 1e6
        guard let document, document.count > 0 else {
            print("  \(path) did not open")
            return row
        }
        row.pages = document.count
        row.structure = "\(document.structure)"
        let last = document.count - 1
        var length = 0
        row.lastTextMilliseconds =
            Measure.medianNanoseconds(repeats: 31) {
                length &+= (try? document.displayText(ofPage: last))?.utf8.count ?? 0
            } / 1e6
        row.lastSpeechMilliseconds =
            Measure.medianNanoseconds(repeats: 31) {
                length &+= (try? document.speech(ofPage: last))?.parts.count ?? 0
            } / 1e6
        // Not found: every byte of the file is read and compared.
        row.searchMilliseconds =
            Measure.medianNanoseconds(repeats: repeats) {
                length &+= (try? document.search("no such text anywhere", after: last)) == nil ? 1 : 0
            } / 1e6
        blackHole(length)
        row.peakGrowthMiB = childPeakGrowth(path)
        let lastBytes = document.pages[last].bytes.count
        let name = "\(kind), \(megabytes) MB (\(row.pages) pages, \(row.structure); last page \(lastBytes) bytes)"
        print("  \(name)")
        print(Measure.row("    open", row.openMilliseconds, "ms", decimals: 2))
        print(Measure.row("    last page's text for the terminal", row.lastTextMilliseconds, "ms", decimals: 3))
        print(Measure.row("    last page's speech text", row.lastSpeechMilliseconds, "ms", decimals: 3))
        print(Measure.row("    search, not found (reads the whole file)", row.searchMilliseconds, "ms", decimals: 2))
        print(Measure.row("    VmHWM growth, open + last page (child)", row.peakGrowthMiB, "MiB", decimals: 1))
        return row
    }

    /// Runs `read-probe` in a child and returns its peak growth in MiB.
    static func childPeakGrowth(_ path: String) -> Double {
        guard let folder = try? TemporaryDirectory(prefix: "pagervoice-readprobe") else { return .nan }
        let output = folder.path + "/probe.txt"
        guard
            let child = try? SpawnedProcess(
                executable: PipedChild.sibling("pagervoice-bench"), arguments: ["read-probe", path], environment: [:],
                standardOutput: output),
            child.waitUntilExit() == 0,
            let text = FileContents.text(output)
        else { return .nan }
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard numbers.count == 2 else { return .nan }
        return Double(numbers[1] - numbers[0]) / 1024
    }

    /// In the child: VmRSS before, VmHWM after opening `path` and reading its last page (KiB).
    static func probe(_ path: String) -> Int32 {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        if fd >= 0 {
            _ = Glibc.write(fd, "5", 1)
            close(fd)
        }
        guard let before = ResidentMemory(pid: getpid()),
            let document = try? Document(path: path), document.count > 0,
            let text = try? document.displayText(ofPage: document.count - 1),
            let speech = try? document.speech(ofPage: document.count - 1),
            let after = ResidentMemory(pid: getpid())
        else { return 1 }
        blackHole(text)
        blackHole(speech)
        print("\(before.current) \(after.peak)")
        return 0
    }

    // MARK: Files

    /// About `megabytes` MiB, written in 1 MiB pieces to a new file (each name is made once in the
    /// bench's own fresh folder; an existing file is an error, never overwritten).
    static func write(_ path: String, megabytes: Int, markdown: Bool) throws {
        let fd = try FileDescriptor.open(
            FilePath(path), .writeOnly, options: [.create, .exclusiveCreate], permissions: .ownerReadWrite)
        defer { try? fd.close() }
        var written = 0
        var chunk: [UInt8] = []
        var number = 0
        while written < megabytes << 20 {
            number += 1
            chunk += Array((markdown ? markdownSection(number) : logLines(number)).utf8)
            if chunk.count >= 1 << 20 || written + chunk.count >= megabytes << 20 {
                try fd.writeAll(chunk)
                written += chunk.count
                chunk.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Forty lines of a server log, a blank line after them as a log rotation marker might leave.
    static func logLines(_ block: Int) -> String {
        (0..<40).map { i in
            let n = block * 40 + i
            let level = n % 97 == 0 ? "WARN " : "INFO "
            return "2026-11-30T12:\(n / 60 % 60):\(n % 60).000Z \(level) worker-\(n % 8) GET /api/items/\(n) 200 in \(n % 250) ms\n"
        }.joined() + "\n"
    }

    /// A section of about 4 KB with the usual Markdown: emphasis, code, links, a list, a table,
    /// a fenced block with a `#` comment.
    static func markdownSection(_ n: Int) -> String {
        let prose = """
            The pager reads *each* page aloud, and **stops** when you move on. See [the guide](https://example.com/guide/\(n)) \
            or run `pagervoice read FILE` to try it. Words, words and more words follow here to fill the paragraph.

            """
        return "## Section \(n): reading in depth\n\n" + String(repeating: prose, count: 8) + """
            - first point of section \(n)
            - second point, with `code`
            - third point

            | Key | Action |
            |-----|--------|
            | `n` | next   |

            ```sh
            # a comment, not a heading
            pagervoice read notes-\(n).md
            ```

            """ + String(repeating: prose, count: 6)
    }
}

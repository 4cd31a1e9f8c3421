import PagerCore
import PagerShell
import PagerSpeech
import PagerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What the fuzzer feeds: untrusted text reaching the command parser, a whole session, and the
/// text sanitiser in front of eSpeak NG. Each target checks the promises its code makes (not only
/// "does not crash"), so a wrong answer is a finding too: `trap` stops the run and libFuzzer keeps
/// the input as a crash artefact.
enum FuzzTarget: String, CaseIterable {
    /// `CommandParser.parse` on one line, with and without a known page count.
    case parser
    /// A fresh `Session` per input, every line handled and rendered as text and JSON.
    case session
    /// `TextSanitizer.sanitize` with the real limit and a small one taken from the input.
    case sanitizer
    /// A document's bytes cut into pages (`DocumentScanner`, fed in two pieces) and each page
    /// turned into speech (`SpokenMarkdown`): what `pagervoice read` does with a file.
    case document

    /// `PAGERVOICE_FUZZ_TARGET` chooses (libFuzzer owns the command line); default: parser.
    static var selected: FuzzTarget {
        guard let raw = getenv("PAGERVOICE_FUZZ_TARGET") else { return .parser }
        let name = String(cString: raw)
        guard let target = FuzzTarget(rawValue: name) else {
            report("PAGERVOICE_FUZZ_TARGET must be one of \(allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'\n")
            exit(2)
        }
        return target
    }

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .parser: Self.parser(bytes)
        case .session: Self.session(bytes)
        case .sanitizer: Self.sanitizer(bytes)
        case .document: Self.document(bytes)
        }
    }

    /// Bytes as the REPL would see them: lines of at most the parser's limit, decoded as UTF-8
    /// with repair (the line reader refuses invalid UTF-8 whole; repairing instead lets the
    /// fuzzer reach the parser with every byte sequence it tries).
    static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        String(decoding: bytes.prefix(CommandParser.maximumLineLength), as: UTF8.self)
    }

    static func parser(_ bytes: UnsafeRawBufferPointer) {
        let line = text(bytes)
        for count in [nil, 0, 3, Pager.maximumPageCount] as [Int?] {
            do {
                _ = try CommandParser.parse(line, pageCount: count)
            } catch {
                check(!error.message.isEmpty, "empty error message for \(line.debugDescription)")
                check(!error.message.contains("\n"), "multi-line error message for \(line.debugDescription)")
            }
        }
    }

    static func session(_ bytes: UnsafeRawBufferPointer) {
        var session = Session()
        let renderers = [OutputRenderer(json: false), OutputRenderer(json: true)]
        for (number, line) in text(bytes).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for output in session.handle(String(line)) {
                if case .announcement(let a) = output {
                    check(a.count == session.pager.count, "announced count \(a.count) != \(session.pager.count)")
                    check(
                        a.count > 0 ? (1...a.count).contains(a.page) : a.page == 0,
                        "announced page \(a.page) of \(a.count)")
                }
                for renderer in renderers {
                    let lines = renderer.render(output, lineNumber: number + 1)
                    // One JSON object (or one error) per line: a raw newline would split it.
                    for rendered in lines.stdout + lines.stderr where renderer.json || output.isError {
                        check(
                            !rendered.contains("\n") && !rendered.contains("\r"),
                            "rendered line breaks the one-per-line contract: \(rendered.debugDescription)")
                    }
                }
            }
            let pager = session.pager
            check((0...Pager.maximumPageCount).contains(pager.count), "count \(pager.count)")
            check(
                pager.count > 0 ? (0..<pager.count).contains(pager.index) : pager.index == 0,
                "index \(pager.index) of \(pager.count)")
            check(pager.width.isFinite && (0...Pager.maximumPoints).contains(pager.width), "width \(pager.width)")
        }
    }

    static func sanitizer(_ bytes: UnsafeRawBufferPointer) {
        let input = String(decoding: bytes, as: UTF8.self)
        let small = 1 + Int(bytes.first ?? 0)
        for limit in [TextSanitizer.maximumLength, small] {
            let result = TextSanitizer.sanitize(input, limit: limit)
            let scalars = result.text.unicodeScalars
            check(
                !scalars.contains { $0.value <= 0x1F || (0x7F...0x9F).contains($0.value) },
                "control character left in \(result.text.debugDescription)")
            check(scalars.count <= limit, "\(scalars.count) scalars over the limit \(limit)")
            check(result.originalLength == input.unicodeScalars.count, "original length")
            check(result.wasTruncated == (result.truncationNotice != nil), "notice without truncation")
            let again = TextSanitizer.sanitize(result.text, limit: limit)
            check(again.text == result.text && !again.wasTruncated, "sanitising twice changed \(result.text.debugDescription)")
            if let first = scalars.first, let last = scalars.last {
                check(!first.properties.isWhitespace && !last.properties.isWhitespace, "not trimmed")
            }
        }
    }

    /// Pages cover the text in order without gaps, their titles are ones the pager accepts, the
    /// cut does not depend on how the bytes arrive, and spoken text holds no control character.
    static func document(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        let format: TextFormat = first & 1 == 0 ? .markdown : .plain
        let pageLines = 1 + Int(first >> 1) % 40
        func outline(split: Int) -> DocumentOutline? {
            var scanner = DocumentScanner(format: format, pageLines: pageLines, maximumPages: 50, maximumPageBytes: 4096)
            var offset = 0
            var pieces = [bytes.count]
            if split > 0 && split < bytes.count { pieces = [split, bytes.count] }
            do {
                for end in pieces {
                    // The scanner takes whole lines and leaves the rest for the next call.
                    let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<end])
                    offset += try scanner.scan(piece, isFinal: end == bytes.count)
                }
                check(offset == bytes.count, "scanner left \(bytes.count - offset) bytes")
                return scanner.outline()
            } catch {
                return nil
            }
        }
        let whole = outline(split: 0)
        let split = outline(split: bytes.count / 2)
        check(whole == split, "the pages depend on where the bytes were split")
        guard let whole else { return }
        check(whole.pages.count <= 50, "\(whole.pages.count) pages over the maximum")
        var end = 0
        for page in whole.pages {
            check(page.bytes.lowerBound >= end && page.bytes.upperBound <= bytes.count, "page \(page.bytes) out of order")
            end = page.bytes.upperBound
            guard let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[page.bytes]), as: UTF8.self) else {
                check(false, "page \(page.bytes) is not whole UTF-8")
                return
            }
            guard format == .markdown else { continue }
            // Markup must never make a control character out of text that had none (an entity
            // such as `&#x1;` is eSpeak's embedded-command mark).
            func isControl(_ scalar: Unicode.Scalar) -> Bool {
                (scalar.value < 0x20 && !["\t", "\n", "\r", "\u{C}"].contains(scalar)) || (0x7F...0x9F).contains(scalar.value)
            }
            guard !text.unicodeScalars.contains(where: isControl) else { continue }
            let spoken = SpokenMarkdown.text(text, startsInCodeBlock: page.startsInCodeBlock)
            check(!spoken.unicodeScalars.contains(where: isControl), "markup made a control character: \(spoken.debugDescription)")
        }
    }

    /// A broken promise: stop, so libFuzzer records the input (or the replay names the file).
    static func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() {
            report("pagervoice-fuzz: \(message())\n")
            abort()
        }
    }
}

/// One line on standard error, written at once (the process may abort right after).
func report(_ text: String) {
    let err = OutputStream.standardError
    err.writeLine(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    err.flush()
}

extension SessionOutput {
    var isError: Bool {
        if case .error = self { true } else { false }
    }
}

#if FUZZING
    /// libFuzzer's entry point (`swift build --sanitize=fuzzer -Xswiftc -DFUZZING`; see scripts/fuzz.sh).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        FuzzTarget.selected.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
#else
    /// Without libFuzzer (an ordinary build): replays inputs through the same code, so a crash
    /// artefact can be reproduced, debugged and turned into a test on any build.
    /// `pagervoice-fuzz [--target parser|session|sanitizer|all] FILE|DIR…`
    @main
    struct Replay {
        static func main() {
            var arguments = Array(CommandLine.arguments.dropFirst())
            var targets = FuzzTarget.allCases
            if arguments.first == "--target", arguments.count >= 2 {
                if arguments[1] != "all" {
                    guard let target = FuzzTarget(rawValue: arguments[1]) else {
                        report("pagervoice-fuzz: unknown target '\(arguments[1])'\n")
                        exit(2)
                    }
                    targets = [target]
                }
                arguments.removeFirst(2)
            }
            guard !arguments.isEmpty else {
                report("usage: pagervoice-fuzz [--target parser|session|sanitizer|all] FILE|DIR…\n")
                exit(2)
            }
            var count = 0
            for path in arguments.flatMap(files) {
                guard let bytes = FileContents.bytes(path) else {
                    report("pagervoice-fuzz: cannot read \(path)\n")
                    exit(1)
                }
                for target in targets {
                    bytes.withUnsafeBytes { target.run($0) }
                }
                count += 1
            }
            print("replayed \(count) inputs through \(targets.map(\.rawValue).joined(separator: ", ")): no finding")
        }

        /// A file, or the regular files directly inside a directory.
        static func files(_ path: String) -> [String] {
            guard let directory = opendir(path) else { return [path] }
            defer { closedir(directory) }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { names.append(path + "/" + name) }
            }
            return names.sorted()
        }
    }
#endif

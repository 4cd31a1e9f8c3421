import Dispatch
import Foundation
import PagerSpeech
import PagerTestSupport

/// What one announcement costs: PagerVoice in one process against spawning `espeak-ng -w` once
/// per announcement, for the same texts.
///
/// Measured in rounds that put each PagerVoice side between two halves of espeak-ng's work:
/// `espeak-ng -w` speaks the first half of the texts, each PagerVoice side then speaks all of them
/// in one go (as a script would, in an order that rotates from round to round), and espeak-ng
/// speaks the second half. On a shared machine whose speed drifts over seconds, both sides are
/// then measured around the same moment; a round's ratio is espeak-ng's total over the side's
/// total, and the figures are the medians over the rounds. (Whole rounds of each side one after
/// another let a busy second land on one side only; alternating every few texts instead left the
/// PagerVoice sides idle between bursts, paying cold caches and wake-ups no script pays.)
///
/// - espeak-ng: wall time of `espeak-ng -w FILE TEXT`, spawned and reaped with a blocking waitpid,
///   each text to a new file (as a shell loop over announcements would, and as `--wav-dir` does).
/// - synthesis: `SpeechEngine.synthesize` uncached: eSpeak NG's own work and the samples
///   collected (plus a hand-off to the engine thread and back), the floor for a new text.
/// - engine: `Announcer.speak` + `drain` inside this process, into a sink that discards, as the
///   REPL runs a script (what it pays per announcement; the cache is cleared before each round
///   of fresh texts).
/// - executable: one `pagervoice --audio null` per round, reading all the lines (`say TEXT`, or
///   next/prev for the paging phrases) from a file and timed from its spawn to its exit:
///   everything the process cost (see `ExecutableSide`). Again with `--wav-dir DIR`, writing one WAV file per
///   announcement as `espeak-ng -w` does (both then also pay the file system for each file).
enum ComparisonBench {
    /// One PagerVoice side of the comparison.
    struct Side {
        /// Milliseconds per announcement: the median over rounds of each round's mean.
        var milliseconds = Double.nan
        /// How many times cheaper than `espeak-ng -w`: the median over rounds of each round's ratio.
        var cheaper = Double.nan
    }

    struct Figures {
        var espeakDistinct = Double.nan
        var espeakRepeated = Double.nan
        /// eSpeak NG synthesis alone (`SpeechEngine.synthesize`, uncached): the floor under the
        /// cost of any text never spoken before.
        var synthesis = Side()
        var engineDistinct = Side()
        var engineRepeated = Side()
        var executableDistinct = Side()
        var executableRepeated = Side()
        var wavDistinct = Side()
        var wavRepeated = Side()
        /// Creating and writing one file the size of a spoken "Page i of n" (44 KB) in the same
        /// folder: what both `espeak-ng -w` and `--wav-dir` pay per announcement on this disk.
        var fileCreation = Double.nan
        var count = 0
    }

    /// Every "Page i of n" up to n = 20, the shape of the issue's reference ("Page 2 of 3"):
    /// 200 texts, distinct from each other and new to the engine after its cache is cleared.
    static let distinctTexts = Array((1...20).flatMap { n in (1...n).map { "Page \($0) of \(n)" } }.prefix(200))
    /// What real paging says over and over: next, next, previous, previous on the demo pager.
    static let pagingTexts = ["Page 2 of 3", "Page 3 of 3", "Page 2 of 3", "Page 1 of 3"]
    static let pagingLines = ["next", "next", "prev", "prev"]
    static let rounds = 11
    /// What a phase measured, by side ("espeak", "engine", …): the per-text milliseconds of each round.
    private typealias Rounds = [String: [Double]]

    static func run() -> Figures {
        let count = distinctTexts.count
        var figures = Figures(count: count)
        print(
            "Per announcement: \(count) distinct texts and \(count) paging phrases, \(rounds) rounds, between two halves of espeak-ng runs")
        guard let espeak = PulseAudioServer.findExecutable("espeak-ng") else {
            print("  espeak-ng not found (apt-get install espeak-ng): nothing to compare with")
            return figures
        }
        guard let engine = try? SpeechEngine.shared() else {
            print("  eSpeak NG unavailable in this process")
            return figures
        }
        let announcer = Announcer(engine: engine, sinks: [], onNotice: { _ in })
        let scratch = ProcessBench.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for text in distinctTexts.prefix(5) { _ = spawn(espeak, text, wav: scratch + "/warm.wav") }  // warm caches

        let sayLines = distinctTexts.map { "say " + $0 }
        let repeatedTexts = (0..<count).map { pagingTexts[$0 % pagingTexts.count] }
        let pagingScript = (0..<count).map { pagingLines[$0 % pagingLines.count] }
        var distinct = Rounds()
        var repeated = Rounds()
        for round in 0..<rounds {
            engine.clearCache()
            let fresh = Phase(name: "say-\(round)", round: round, texts: distinctTexts, lines: sayLines, synthesis: true)
            fresh.run(espeak: espeak, engine: engine, announcer: announcer, scratch: scratch).forEach {
                distinct[$0.key, default: []].append($0.value)
            }
            let paging = Phase(name: "paging-\(round)", round: round, texts: repeatedTexts, lines: pagingScript, synthesis: false)
            paging.run(espeak: espeak, engine: engine, announcer: announcer, scratch: scratch).forEach {
                repeated[$0.key, default: []].append($0.value)
            }
        }
        // A round with a failed run has no figure (NaN), and a NaN median shows as n/a: never a
        // flattering figure from what did not run.
        func median(_ values: [Double]?) -> Double {
            guard let values, values.count == rounds, !values.contains(where: \.isNaN) else { return .nan }
            return Measure.percentile(values, 0.5)
        }
        func side(_ rounds: Rounds, _ name: String) -> Side {
            let ratios = zip(rounds["espeak"] ?? [], rounds[name] ?? []).map { $0 / $1 }
            return Side(milliseconds: median(rounds[name]), cheaper: median(ratios))
        }
        figures.espeakDistinct = median(distinct["espeak"])
        figures.espeakRepeated = median(repeated["espeak"])
        figures.synthesis = side(distinct, "synthesis")
        figures.engineDistinct = side(distinct, "engine")
        figures.engineRepeated = side(repeated, "engine")
        figures.executableDistinct = side(distinct, "executable")
        figures.executableRepeated = side(repeated, "executable")
        figures.wavDistinct = side(distinct, "wav")
        figures.wavRepeated = side(repeated, "wav")
        figures.fileCreation = median(distinct["file"])
        func row(_ name: String, _ side: Side) {
            let ratio = Measure.format(side.cheaper, decimals: side.cheaper < 100 ? 1 : 0)
            print(Measure.row(name, side.milliseconds, "ms", decimals: 3) + "  (\(ratio)x)")
        }
        print(Measure.row("espeak-ng -w per text, distinct texts", figures.espeakDistinct, "ms", decimals: 2))
        print(Measure.row("espeak-ng -w per text, paging phrases", figures.espeakRepeated, "ms", decimals: 2))
        row("eSpeak NG synthesis alone, uncached (the floor)", figures.synthesis)
        row("engine in this process, distinct texts (synthesis)", figures.engineDistinct)
        row("engine in this process, paging phrases (cache)", figures.engineRepeated)
        row("pagervoice --audio null, \(count) say lines, per line", figures.executableDistinct)
        row("pagervoice --audio null, \(count) next/prev lines, per line", figures.executableRepeated)
        row("pagervoice --wav-dir, \(count) say lines, per line", figures.wavDistinct)
        row("pagervoice --wav-dir, \(count) next/prev lines, per line", figures.wavRepeated)
        print(Measure.row("creating and writing one 44 KB file there (both pay it)", figures.fileCreation, "ms", decimals: 3))
        return figures
    }

    /// One round over `texts`: `espeak-ng -w` speaks the first half, every side speaks them all,
    /// `espeak-ng -w` speaks the second half.
    private struct Phase {
        let name: String
        let round: Int
        /// What is spoken (and what the executable must print for each line).
        let texts: [String]
        /// What the executable is sent for each text.
        let lines: [String]
        /// Whether to time uncached synthesis too (only meaningful for fresh texts).
        let synthesis: Bool

        /// Milliseconds per text of each side in this round, NaN for a side that failed.
        func run(espeak: String, engine: SpeechEngine, announcer: Announcer, scratch: String) -> [String: Double] {
            let folder = scratch + "/" + name
            let espeakFolder = folder + "/espeak"
            let wavFolder = folder + "/pagervoice"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard (try? FileManager.default.createDirectory(atPath: espeakFolder, withIntermediateDirectories: true)) != nil else {
                return [:]
            }
            let executable = ExecutableSide(arguments: ["--audio", "null"], folder: folder + "/null", wavFolder: nil)
            let wav = ExecutableSide(
                arguments: ["--audio", "null", "--wav-dir", wavFolder], folder: folder + "/wav",
                wavFolder: wavFolder)
            /// Each side speaks all the texts (and says how long that took, or nil on failure).
            var sides: [(String, ([String], [String]) -> Double?)] = [
                // As `pagervoice` runs a script: each announcement spoken, then waited for.
                (
                    "engine",
                    { texts, _ in
                        SpeechBench.milliseconds {
                            for text in texts {
                                announcer.speak(text)
                                announcer.drain()
                            }
                        }
                    }
                ),
                ("executable", executable.run),
                ("wav", wav.run),
            ]
            if synthesis {
                let files = folder + "/files"
                sides.append(("file", { texts, _ in ComparisonBench.createFiles(count: texts.count, in: files) }))
                sides.append(
                    (
                        "synthesis",
                        { texts, _ in
                            var ok = true
                            let elapsed = SpeechBench.milliseconds {
                                ok = texts.allSatisfy { (try? engine.synthesize($0, useCache: false)) != nil }
                            }
                            return ok ? elapsed : nil
                        }
                    ))
            }
            var totals: [String: Double] = [:]
            func espeakSpeaks(_ indices: Range<Int>) {
                for index in indices {
                    totals["espeak", default: 0] += spawn(espeak, texts[index], wav: espeakFolder + "/\(index + 1).wav") ?? .nan
                }
            }
            let half = texts.count / 2
            espeakSpeaks(0..<half)
            // Rotate who goes first, so no side always follows espeak-ng (cold caches).
            for offset in 0..<sides.count {
                let (name, cost) = sides[(round + offset) % sides.count]
                totals[name] = cost(texts, lines) ?? .nan
            }
            espeakSpeaks(half..<texts.count)
            return totals.mapValues { $0 / Double(texts.count) }
        }
    }

    /// One `pagervoice` process for a round, run as a script is: `pagervoice --audio null < script
    /// > output`, timed from spawn to exit (start-up, every line's speech and the exit included),
    /// then checked: exit status 0, one printed line per announcement, and with `--wav-dir` one
    /// WAV file each. Its output goes to a file, as a script's would, so no reader of ours is
    /// woken by each line it prints.
    private struct ExecutableSide {
        let arguments: [String]
        let folder: String
        let wavFolder: String?

        func run(_ texts: [String], _ lines: [String]) -> Double? {
            let script = folder + ".script"
            let output = folder + ".out"
            let errors = folder + ".err"
            guard FileManager.default.createFile(atPath: script, contents: Data(lines.map { $0 + "\n" }.joined().utf8)) else {
                return nil
            }
            let input = open(script, O_RDONLY | O_CLOEXEC)
            // The bench's own files from an earlier side of this run: removed, then made anew.
            unlink(output)
            unlink(errors)
            let out = open(output, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            let err = open(errors, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            defer { [input, out, err].filter { $0 >= 0 }.forEach { close($0) } }
            guard input >= 0, out >= 0, err >= 0 else { return nil }
            var status: Int32 = -1
            let elapsed = SpeechBench.milliseconds {
                guard
                    let child = try? SpawnedProcess(
                        executable: ProcessBench.pagervoice, arguments: arguments,
                        environment: ProcessBench.environment, standardInput: input,
                        standardOutput: out, standardError: err)
                else { return }
                status = child.waitUntilExit()
            }
            let printed = (FileContents.text(output) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().map(String.init)
            var files = texts.count
            if let wavFolder {
                files = (try? FileManager.default.contentsOfDirectory(atPath: wavFolder).filter { $0.hasSuffix(".wav") })?.count ?? 0
            }
            guard status == 0, printed == texts, files == texts.count else {
                let stderr = FileContents.text(errors) ?? ""
                print(
                    "  pagervoice \(arguments.joined(separator: " ")) failed: status \(status), \(printed.count) lines"
                        + " printed for \(texts.count), \(files) WAV files" + (stderr.isEmpty ? "" : "; stderr: " + stderr.prefix(500)))
                return nil
            }
            return elapsed
        }
    }

    /// Milliseconds to create and write `count` new 44 KB files in `folder` (a fresh one), or nil
    /// if the disk refused.
    static func createFiles(count: Int, in folder: String) -> Double? {
        guard mkdir(folder, 0o755) == 0 else { return nil }
        let bytes = [UInt8](repeating: 0x55, count: 44_000)
        var ok = true
        let elapsed = SpeechBench.milliseconds {
            for number in 1...count {
                let fd = open(folder + "/\(number).wav", O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    ok = false
                    return
                }
                ok = writeFully(fd, bytes) && ok
                close(fd)
            }
        }
        return ok ? elapsed : nil
    }

    /// Milliseconds for one `espeak-ng -w WAV TEXT`, or nil if it failed.
    static func spawn(_ espeak: String, _ text: String, wav: String) -> Double? {
        var status: Int32 = -1
        let elapsed = SpeechBench.milliseconds {
            guard
                let child = try? SpawnedProcess(
                    executable: espeak, arguments: ["-w", wav, text],
                    environment: ProcessBench.environment)
            else { return }
            status = child.waitUntilExit()
        }
        return status == 0 ? elapsed : nil
    }
}

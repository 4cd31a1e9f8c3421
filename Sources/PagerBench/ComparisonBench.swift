import Dispatch
import Foundation
import PagerSpeech
import PagerTestSupport

/// What one announcement costs: PagerVoice in one process against spawning `espeak-ng -w` once
/// per announcement, for the same texts.
///
/// Measured in lockstep, a chunk of texts at a time: `espeak-ng -w` speaks 20 texts, then each
/// PagerVoice side speaks the same 20 (in an order that rotates from chunk to chunk), so both
/// sides are timed within a fraction of a second of each other and a busy moment on a shared
/// machine weighs on both alike. (Whole rounds of each side one after another let a busy second
/// land on one side only, and the ratio swung by a third between runs.) A round covers every
/// text; its ratio is espeak-ng's total over the side's total; the figures are the medians over
/// the rounds.
///
/// - espeak-ng: wall time of `espeak-ng -w FILE TEXT`, spawned and reaped with a blocking waitpid,
///   each text to a new file (as a shell loop over announcements would, and as `--wav-dir` does).
/// - synthesis: `SpeechEngine.synthesize` uncached: eSpeak NG's own work, the floor for a new text.
/// - engine: `Announcer.speak` + `drain` inside this process, into a sink that discards, run on
///   the engine thread as the REPL runs a script (what it pays per announcement; the cache is
///   cleared before each round of fresh texts).
/// - executable: one `pagervoice --audio null --json` per round, sent a chunk of lines (`say
///   TEXT`, or next/prev for the paging phrases) and timed until it has spoken them (see
///   `ExecutableSide.ask`); the spawn and start-up are counted in its first chunk, and closing
///   stdin to its exit is counted too, so the total is everything the process cost. Again with `--wav-dir DIR`, writing one WAV file per
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
        var count = 0
    }

    /// Every "Page i of n" up to n = 20, the shape of the issue's reference ("Page 2 of 3"):
    /// 200 texts, distinct from each other and new to the engine after its cache is cleared.
    static let distinctTexts = Array((1...20).flatMap { n in (1...n).map { "Page \($0) of \(n)" } }.prefix(200))
    /// What real paging says over and over: next, next, previous, previous on the demo pager.
    static let pagingTexts = ["Page 2 of 3", "Page 3 of 3", "Page 2 of 3", "Page 1 of 3"]
    static let pagingLines = ["next", "next", "prev", "prev"]
    static let rounds = 5
    /// Texts per chunk: espeak-ng speaks a chunk (about 0.2 s), then each PagerVoice side speaks
    /// the same chunk, so both are measured under the same load, and each PagerVoice side still
    /// speaks texts back to back as a script would make it (one announcement at a time with
    /// espeak-ng runs in between would add cold caches and wake-ups that no script pays).
    static let chunk = 20

    /// The sides measured in a phase, by name: the per-text milliseconds of each round.
    private typealias Rounds = [String: [Double]]

    static func run() -> Figures {
        let count = distinctTexts.count
        var figures = Figures(count: count)
        print("Per announcement: \(count) distinct texts and \(count) paging phrases, \(rounds) rounds, in lockstep with espeak-ng")
        guard let espeak = PulseAudioServer.findExecutable("espeak-ng") else {
            print("  espeak-ng not found (apt-get install espeak-ng): nothing to compare with")
            return figures
        }
        guard let engine = try? SpeechEngine.shared() else {
            print("  eSpeak NG unavailable in this process")
            return figures
        }
        let announcer = Announcer(engine: engine, sinks: [NullSink()], onNotice: { _ in })
        let scratch = ProcessBench.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for text in distinctTexts.prefix(5) { _ = spawn(espeak, text, wav: scratch + "/warm.wav") }  // warm caches

        let sayLines = distinctTexts.map { "say " + $0 }
        let repeatedTexts = (0..<count).map { pagingTexts[$0 % pagingTexts.count] }
        let pagingScript = (0..<count).map { pagingLines[$0 % pagingLines.count] }
        var distinct = Rounds(), repeated = Rounds()
        for round in 0..<rounds {
            engine.clearCache()
            let fresh = Phase(name: "say-\(round)", texts: distinctTexts, lines: sayLines, synthesis: true)
            fresh.run(espeak: espeak, engine: engine, announcer: announcer, scratch: scratch).forEach {
                distinct[$0.key, default: []].append($0.value)
            }
            let paging = Phase(name: "paging-\(round)", texts: repeatedTexts, lines: pagingScript, synthesis: false)
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
        return figures
    }

    /// One round over `texts`: every side speaks each text right after `espeak-ng -w` has.
    private struct Phase {
        let name: String
        /// What is spoken (and what the executable must print for each line).
        let texts: [String]
        /// What the executable is sent for each text.
        let lines: [String]
        /// Whether to time uncached synthesis too (only meaningful for fresh texts).
        let synthesis: Bool

        /// Milliseconds per text of each side in this round, NaN for a side that failed.
        func run(espeak: String, engine: SpeechEngine, announcer: Announcer, scratch: String) -> [String: Double] {
            let folder = scratch + "/" + name
            let espeakFolder = folder + "/espeak", wavFolder = folder + "/pagervoice"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard (try? FileManager.default.createDirectory(atPath: espeakFolder, withIntermediateDirectories: true)) != nil else {
                return [:]
            }
            let executable = ExecutableSide(arguments: ["--audio", "null"], errorPath: folder + "/null.stderr")
            let wav = ExecutableSide(arguments: ["--audio", "null", "--wav-dir", wavFolder], errorPath: folder + "/wav.stderr")
            var totals: [String: Double] = ["espeak": 0, "engine": 0, "executable": 0, "wav": 0]
            if synthesis { totals["synthesis"] = 0 }
            /// Each side speaks a chunk of texts (and says how long that took, or nil on failure).
            var sides: [(String, ([String], [String]) -> Double?)] = [
                // As `pagervoice` runs a script: on the engine thread (`runOnEngineThread`), so
                // each drain speaks in place.
                ("engine", { texts, _ in
                    SpeechBench.milliseconds {
                        engine.runOnEngineThread { for text in texts { announcer.speak(text); announcer.drain() } }
                    }
                }),
                ("executable", executable.ask),
                ("wav", wav.ask),
            ]
            if synthesis {
                sides.append(("synthesis", { texts, _ in
                    var ok = true
                    let elapsed = SpeechBench.milliseconds {
                        for text in texts where (try? engine.synthesize(text, useCache: false)) == nil { ok = false }
                    }
                    return ok ? elapsed : nil
                }))
            }
            let indices = Array(texts.indices)
            for (chunkNumber, start) in stride(from: 0, to: indices.count, by: ComparisonBench.chunk).enumerated() {
                let chunk = start..<min(start + ComparisonBench.chunk, indices.count)
                for index in chunk {
                    totals["espeak"]! += spawn(espeak, texts[index], wav: espeakFolder + "/\(index + 1).wav") ?? .nan
                }
                // Rotate who goes first, so no side always follows espeak-ng (cold caches).
                for offset in 0..<sides.count {
                    let (name, cost) = sides[(chunkNumber + offset) % sides.count]
                    totals[name]! += cost(Array(texts[chunk]), Array(lines[chunk])) ?? .nan
                }
            }
            totals["executable"]! += executable.finish(expectedFiles: nil)
            totals["wav"]! += wav.finish(expectedFiles: (wavFolder, texts.count))
            return totals.mapValues { $0 / Double(texts.count) }
        }
    }

    /// One `pagervoice` process for a round, spawned on its first line.
    private final class ExecutableSide {
        let arguments: [String]
        let errorPath: String
        private var child: LockstepChild?
        private var failed = false

        init(arguments: [String], errorPath: String) {
            self.arguments = arguments
            self.errorPath = errorPath
        }

        /// Milliseconds until `lines` were answered with `texts` and their speech has finished
        /// (spawn included the first time).
        ///
        /// `pagervoice` prints an announcement before it speaks it, so its last answer alone would
        /// stop the clock while eSpeak is still at work. From a pipe, though, it reads no line
        /// before the previous one's speech has finished: so `layout` is sent after them, and its
        /// answer (one JSON line, no speech) marks the end. Its own small cost is counted against us.
        func ask(_ texts: [String], _ lines: [String]) -> Double? {
            guard !failed else { return nil }
            var replies: [String]?
            let elapsed = SpeechBench.milliseconds {
                if child == nil {
                    child = try? LockstepChild(executable: ProcessBench.pagervoice, arguments: arguments + ["--json"],
                                               environment: ProcessBench.environment, errorPath: errorPath)
                }
                replies = child?.ask(lines + ["layout"], replies: lines.count + 1)
            }
            guard let replies, replies.dropLast().map({ Self.field("text", of: $0) }) == texts,
                  Self.field("type", of: replies[lines.count]) == "layout" else {
                report("answered \(replies.map { "\($0.prefix(3))…" } ?? "nothing") to \(lines.prefix(3))…, expected \(texts.prefix(3))… then a layout")
                return nil
            }
            return elapsed
        }

        /// A string field of a JSON line.
        private static func field(_ name: String, of line: String) -> String? {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?[name] as? String
        }

        /// Milliseconds from closing stdin to exit; NaN unless it exited 0 having printed nothing
        /// more (and wrote one WAV file per line into `expectedFiles`).
        func finish(expectedFiles: (folder: String, count: Int)?) -> Double {
            guard let child, !failed else { return .nan }
            var outcome: (status: Int32, extra: [String]) = (-1, [])
            let elapsed = SpeechBench.milliseconds { outcome = child.finish() }
            guard outcome.status == 0, outcome.extra.isEmpty else {
                report("exited \(outcome.status) after printing \(outcome.extra.count) unexpected lines")
                return .nan
            }
            if let (folder, count) = expectedFiles {
                let files = (try? FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".wav") })?.count ?? 0
                guard files == count else {
                    report("wrote \(files) WAV files for \(count) lines")
                    return .nan
                }
            }
            return elapsed
        }

        private func report(_ problem: String) {
            failed = true
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            print("  pagervoice \(arguments.joined(separator: " ")) \(problem)"
                  + (errors.isEmpty ? "" : "; stderr: " + errors.prefix(500)))
        }
    }

    /// Milliseconds for one `espeak-ng -w WAV TEXT`, or nil if it failed.
    static func spawn(_ espeak: String, _ text: String, wav: String) -> Double? {
        var status: Int32 = -1
        let elapsed = SpeechBench.milliseconds {
            guard let child = try? SpawnedProcess(executable: espeak, arguments: ["-w", wav, text],
                                                  environment: ProcessBench.environment) else { return }
            status = child.waitUntilExit()
        }
        return status == 0 ? elapsed : nil
    }
}

import Dispatch
import Foundation
import PagerSpeech
import PagerTestSupport

/// What one announcement costs: PagerVoice in one process against spawning `espeak-ng -w` once
/// per announcement, for the same texts. Measured in interleaved rounds (espeak-ng, the engine,
/// the executable, then again), so a busy moment on a shared machine weighs on every side alike.
/// Each figure is a round's total time divided by its N announcements (the executable can only be
/// timed that way), and the median of the rounds.
///
/// - espeak-ng: wall time of `espeak-ng -w FILE TEXT`, spawned and reaped with a blocking waitpid,
///   each text to a new file (as a shell loop over announcements would, and as `--wav-dir` does).
/// - engine: `Announcer.speak` + `drain` inside this process, into a sink that discards (what the
///   REPL on a pipe pays per announcement; the cache is cleared before each round of fresh texts).
/// - executable: `pagervoice --audio null` fed the N lines (`say TEXT`, or next/prev for the
///   paging phrases): wall time from spawn to exit divided by N, start-up, parsing and printing
///   included; and again with `--wav-dir DIR`, writing one WAV file per announcement as
///   `espeak-ng -w` does (both then also pay the file system for a new file each time).
enum ComparisonBench {
    struct Figures {
        var espeakDistinct = Double.nan
        var espeakRepeated = Double.nan
        /// eSpeak NG synthesis alone (`SpeechEngine.synthesize`, uncached): the floor under the
        /// cost of any text never spoken before.
        var synthesis = Double.nan
        var engineDistinct = Double.nan
        var engineRepeated = Double.nan
        var executableDistinct = Double.nan
        var executableRepeated = Double.nan
        var wavDistinct = Double.nan
        var wavRepeated = Double.nan
        var count = 0
    }

    /// Every "Page i of n" up to n = 20, the shape of the reference ("Page 2 of 3"):
    /// 200 texts, distinct from each other and new to the engine after its cache is cleared.
    static let distinctTexts = Array((1...20).flatMap { n in (1...n).map { "Page \($0) of \(n)" } }.prefix(200))
    /// What real paging says over and over: next, next, previous, previous on the demo pager.
    static let pagingTexts = ["Page 2 of 3", "Page 3 of 3", "Page 2 of 3", "Page 1 of 3"]
    static let pagingLines = ["next", "next", "prev", "prev"]
    static let rounds = 5

    static func run() -> Figures {
        let count = distinctTexts.count
        var figures = Figures(count: count)
        let repeatedTexts = (0..<count).map { pagingTexts[$0 % pagingTexts.count] }
        print("Per announcement: \(count) distinct texts and \(count) paging phrases, \(rounds) interleaved rounds")
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
        let pagingScript = (0..<count).map { pagingLines[$0 % pagingLines.count] }
        var espeakDistinct: [Double] = [], espeakRepeated: [Double] = []
        var synthesis: [Double] = []
        var engineDistinct: [Double] = [], engineRepeated: [Double] = []
        var executableDistinct: [Double] = [], executableRepeated: [Double] = []
        var wavDistinct: [Double] = [], wavRepeated: [Double] = []
        /// Milliseconds per text for one round over `texts`; NaN if any of them failed.
        func perText(_ texts: [String], _ cost: (Int, String) -> Double?) -> Double {
            var total = 0.0
            for (index, text) in texts.enumerated() {
                guard let milliseconds = cost(index, text) else { return .nan }
                total += milliseconds
            }
            return total / Double(texts.count)
        }
        /// One `espeak-ng -w` per text, each to a new file in a fresh folder (removed afterwards).
        func espeakRound(_ texts: [String], _ folder: String) -> Double {
            defer { try? FileManager.default.removeItem(atPath: folder) }
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else { return .nan }
            return perText(texts) { index, text in spawn(espeak, text, wav: folder + "/\(index + 1).wav") }
        }
        for round in 0..<rounds {
            espeakDistinct.append(espeakRound(distinctTexts, scratch + "/espeak-say-\(round)"))
            synthesis.append(perText(distinctTexts) { _, text in SpeechBench.milliseconds { _ = try? engine.synthesize(text, useCache: false) } })
            engine.clearCache()
            engineDistinct.append(perText(distinctTexts) { _, text in SpeechBench.milliseconds { announcer.speak(text); announcer.drain() } })
            executableDistinct.append(executable(sayLines, expecting: distinctTexts))
            wavDistinct.append(executable(sayLines, expecting: distinctTexts, wavDirectory: scratch + "/say-\(round)"))
            espeakRepeated.append(espeakRound(repeatedTexts, scratch + "/espeak-paging-\(round)"))
            engineRepeated.append(perText(repeatedTexts) { _, text in SpeechBench.milliseconds { announcer.speak(text); announcer.drain() } })
            executableRepeated.append(executable(pagingScript, expecting: repeatedTexts))
            wavRepeated.append(executable(pagingScript, expecting: repeatedTexts, wavDirectory: scratch + "/paging-\(round)"))
        }
        // A round with a failed run has no figure (NaN), and a NaN median shows as n/a: never a
        // flattering figure from what did not run.
        func median(_ values: [Double]) -> Double { values.contains { $0.isNaN } ? .nan : Measure.percentile(values, 0.5) }
        figures.espeakDistinct = median(espeakDistinct)
        figures.espeakRepeated = median(espeakRepeated)
        figures.synthesis = median(synthesis)
        figures.engineDistinct = median(engineDistinct)
        figures.engineRepeated = median(engineRepeated)
        figures.executableDistinct = median(executableDistinct)
        figures.executableRepeated = median(executableRepeated)
        figures.wavDistinct = median(wavDistinct)
        figures.wavRepeated = median(wavRepeated)
        print(Measure.row("espeak-ng -w per text, distinct texts", figures.espeakDistinct, "ms", decimals: 2))
        print(Measure.row("espeak-ng -w per text, paging phrases", figures.espeakRepeated, "ms", decimals: 2))
        print(Measure.row("eSpeak NG synthesis alone, uncached (the floor)", figures.synthesis, "ms", decimals: 3))
        print(Measure.row("engine in this process, distinct texts (synthesis)", figures.engineDistinct, "ms", decimals: 3))
        print(Measure.row("engine in this process, paging phrases (cache)", figures.engineRepeated, "ms", decimals: 3))
        print(Measure.row("pagervoice --audio null, \(count) say lines, per line", figures.executableDistinct, "ms", decimals: 3))
        print(Measure.row("pagervoice --audio null, \(count) next/prev lines, per line", figures.executableRepeated, "ms", decimals: 3))
        print(Measure.row("pagervoice --wav-dir, \(count) say lines, per line", figures.wavDistinct, "ms", decimals: 3))
        print(Measure.row("pagervoice --wav-dir, \(count) next/prev lines, per line", figures.wavRepeated, "ms", decimals: 3))
        return figures
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

    /// Runs `pagervoice --audio null [--wav-dir DIR]` on `lines`; milliseconds per line from spawn
    /// to exit, or NaN unless it printed exactly `expected` (and wrote one WAV file per line).
    static func executable(_ lines: [String], expecting expected: [String], wavDirectory: String? = nil) -> Double {
        let printed = Printed()
        var status: Int32?
        let elapsed = SpeechBench.milliseconds {
            guard let child = try? PipedChild(executable: ProcessBench.pagervoice,
                                              arguments: ["--audio", "null"] + (wavDirectory.map { ["--wav-dir", $0] } ?? []),
                                              environment: ProcessBench.environment, onLine: printed.append) else { return }
            child.send(lines: lines)
            status = child.finish(timeout: .seconds(120))
        }
        var files = lines.count
        if let wavDirectory {
            files = (try? FileManager.default.contentsOfDirectory(atPath: wavDirectory).filter { $0.hasSuffix(".wav") })?.count ?? 0
            try? FileManager.default.removeItem(atPath: wavDirectory)
        }
        guard status == 0, printed.lines == expected, files == lines.count else {
            print("  pagervoice run failed: status \(status.map(String.init) ?? "none"), \(files) WAV files")
            return .nan
        }
        return elapsed / Double(lines.count)
    }

    /// Lines a child printed, collected from its reader thread.
    final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [String] = []

        var lines: [String] { lock.withLock { collected } }

        func append(_ line: UnsafeRawBufferPointer) {
            let text = String(decoding: line, as: UTF8.self)
            lock.withLock { collected.append(text) }
        }
    }
}

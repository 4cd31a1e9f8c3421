import Dispatch
import Foundation
import PagerTestSupport
import Synchronization

/// The release `pagervoice` executable measured from outside, as a user or a CI job runs it:
/// start-up time, and resident memory over a million commands. Children are started with posix_spawn and reaped
/// with a blocking waitpid (`SpawnedProcess`), so nothing polls inside a measurement.
enum ProcessBench {
    struct Figures {
        /// Spawn to the first announcement on stdout, for a piped one-line script.
        var startupPipe = Double.nan
        var startupPipeAudioOff = Double.nan
        /// Spawn to the `pager> ` prompt on a pseudo-terminal.
        var startupPrompt = Double.nan
        /// The same piped start-up (`--audio off`) of a baseline build and of this one, measured
        /// in alternation: medians in ms (nan without `PAGERVOICE_BASELINE`).
        var startupBaseline = Double.nan
        var startupCurrent = Double.nan
        /// A million commands without speech (`--audio off`), and fewer with speech (`--audio
        /// null`: every announcement synthesised or replayed from the cache, then discarded).
        var memory = MemoryFigures()
        var memoryWithSpeech = MemoryFigures()
    }

    struct MemoryFigures {
        /// (commands handled, VmRSS in KiB) at each checkpoint.
        var samples: [(commands: Int, kib: Int)] = []
        var peakKiB = 0
        var seconds = Double.nan
        var exitStatus: Int32?

        func rss(after commands: Int) -> Double {
            samples.first { $0.commands == commands }.map { Double($0.kib) } ?? .nan
        }
    }

    static let pagervoice = PipedChild.sibling("pagervoice")
    static let environment = ProcessInfo.processInfo.environment

    static func run() -> Figures {
        var figures = Figures()
        print("The executable (release \(pagervoice)), measured from outside")
        guard access(pagervoice, X_OK) == 0 else {
            print("  pagervoice not found next to the benchmark: build it first (swift build -c release)")
            return figures
        }
        startup(&figures)
        let commands = Int(environment["PAGERVOICE_BENCH_COMMANDS"] ?? "") ?? 1_000_000
        figures.memory = memory(commands: commands, audio: "off")
        figures.memoryWithSpeech = memory(commands: commands / 10, audio: "null")
        return figures
    }

    // MARK: Start-up

    static func startup(_ figures: inout Figures) {
        func firstLine(_ arguments: [String], executable: String = pagervoice) -> Double {
            let first = FirstTime()
            let start = DispatchTime.now().uptimeNanoseconds
            guard
                let child = try? PipedChild(
                    executable: executable, arguments: arguments, environment: environment,
                    onLine: { _ in first.mark() })
            else { return .nan }
            child.send(lines: ["next"])
            guard child.finish(timeout: .seconds(60)) == 0 else { return .nan }
            let at = first.time
            return at > start ? Double(at - start) / 1e6 : .nan
        }
        if let baseline = environment["PAGERVOICE_BASELINE"], access(baseline, X_OK) == 0 {
            // Before and after in alternation, the order swapped each round, so a slow second on
            // this drifting machine falls on both sides alike.
            var before: [Double] = []
            var after: [Double] = []
            for round in 0..<31 {
                let pair = [(baseline, true), (pagervoice, false)]
                for (executable, isBaseline) in round % 2 == 0 ? pair : pair.reversed() {
                    let time = firstLine(["--audio", "off"], executable: executable)
                    if isBaseline { before.append(time) } else { after.append(time) }
                }
            }
            figures.startupBaseline = Measure.percentile(before, 0.5)
            figures.startupCurrent = Measure.percentile(after, 0.5)
            print(Measure.row("start-up, piped, --audio off: baseline (\(baselineRevision()))", figures.startupBaseline, "ms", decimals: 2))
            print(Measure.row("start-up, piped, --audio off: this build", figures.startupCurrent, "ms", decimals: 2))
        }
        figures.startupPipe = Measure.percentile((0..<15).map { _ in firstLine(["--audio", "null"]) }, 0.5)
        figures.startupPipeAudioOff = Measure.percentile((0..<15).map { _ in firstLine(["--audio", "off"]) }, 0.5)
        print(Measure.row("start-up: spawn to first announcement, piped, --audio null", figures.startupPipe, "ms", decimals: 2))
        print(Measure.row("start-up: spawn to first announcement, piped, --audio off", figures.startupPipeAudioOff, "ms", decimals: 2))

        let home = temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        figures.startupPrompt = Measure.percentile(
            (0..<10).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                guard
                    let terminal = try? PseudoTerminal(
                        executable: pagervoice, arguments: ["--audio", "null"],
                        environment: ["XDG_STATE_HOME": home]),
                    terminal.waitFor("pager> ", timeout: 30)
                else { return .nan }
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                terminal.send("quit\n")
                _ = terminal.waitForExit()
                return elapsed
            }, 0.5)
        print(Measure.row("start-up: spawn to the pager> prompt on a pseudo-terminal", figures.startupPrompt, "ms", decimals: 2))
    }

    /// The baseline's revision, as scripts/build-baseline.sh recorded it beside the binary.
    static func baselineRevision() -> String {
        guard let baseline = environment["PAGERVOICE_BASELINE"],
            let text = try? String(contentsOfFile: (baseline as NSString).deletingLastPathComponent + "/commit", encoding: .utf8)
        else { return "?" }
        return String(text.prefix(7))
    }

    // MARK: Memory

    /// A representative mix: paging, gestures, settings, reports, speech, a typo. No `status`:
    /// that is the checkpoint marker.
    static let mix = [
        "next", "prev", "next", "scroll trailing", "swipe right", "go 2", "drag -200", "drag 40 300",
        "focus", "repeat", "say Page 2 of 3", "bogus", "width 320", "press", "move -50", "release",
        "count 5", "pages A, B, C", "reduce-motion on", "next", "reduce-motion off", "lang es", "prev",
        "lang en", "direction rtl", "swipe left", "direction ltr", "layout", "frames", "increment",
    ]

    /// Pipes `commands` lines through `pagervoice --audio AUDIO --json` and samples VmRSS at
    /// checkpoints, each taken once the child has answered everything before it (a `status`
    /// line, whose event is awaited).
    static func memory(commands: Int, audio: String) -> MemoryFigures {
        var figures = MemoryFigures()
        let statuses = DispatchSemaphore(value: 0)
        guard
            let child = try? PipedChild(
                executable: pagervoice, arguments: ["--audio", audio, "--json"],
                environment: environment,
                onLine: { line in
                    if line.starts(with: Array(#"{"type":"status""#.utf8)) { statuses.signal() }
                })
        else { return figures }
        let checkpoints = [1_000, 10_000] + [10, 4, 2, 1].map { commands / $0 }.filter { $0 > 10_000 }
        let started = DispatchTime.now().uptimeNanoseconds
        var sent = 0
        for checkpoint in checkpoints {
            while sent < checkpoint {
                let count = min(checkpoint - sent, 4096)
                var bytes: [UInt8] = []
                for i in sent..<(sent + count) {
                    bytes += mix[i % mix.count].utf8
                    bytes.append(10)
                }
                guard child.send(bytes) else { break }
                sent += count
            }
            guard child.send(lines: ["status"]), statuses.wait(timeout: .now() + 600) == .success,
                let memory = child.memory
            else { break }
            figures.samples.append((checkpoint, memory.current))
            figures.peakKiB = memory.peak
        }
        figures.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        figures.exitStatus = child.finish(timeout: .seconds(60))
        let line = figures.samples.map { "\($0.commands / 1000)k: \(Measure.format(Double($0.kib) / 1024, decimals: 1))" }
            .joined(separator: ", ")
        print("  --audio \(audio): VmRSS (MiB) after N commands: \(line)")
        print(Measure.row("--audio \(audio): VmHWM (peak) over \(commands) commands", Double(figures.peakKiB) / 1024, "MiB"))
        print(
            Measure.row(
                "--audio \(audio): \(commands) commands (\(Int(figures.seconds / Double(commands) * 1e6)) µs each)",
                figures.seconds, "s"))
        return figures
    }

    static func temporaryDirectory() -> String {
        (try? TemporaryDirectory.create(prefix: "pagervoice-bench")) ?? NSTemporaryDirectory()
    }
}

/// When something first happened (the first line a child printed).
final class FirstTime: Sendable {
    private let nanoseconds = Atomic<UInt64>(0)

    var time: UInt64 { nanoseconds.load(ordering: .acquiring) }

    func mark() {
        _ = nanoseconds.compareExchange(expected: 0, desired: DispatchTime.now().uptimeNanoseconds, ordering: .acquiringAndReleasing)
    }
}

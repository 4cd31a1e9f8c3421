import Dispatch
import Foundation
import Glibc
import PagerTestSupport

/// "To the ear": from writing a command to the first audible sample arriving at the monitor of a
/// private PulseAudio server's null sink (`MonitorTap`: parec in 1 ms fragments, the first
/// sample above 300). What a screen-reader user feels between a key and speech.
///
/// Side by side in one run, round by round (the order rotating), on the same server:
/// - pagervoice: the REPL (`pagervoice --audio pulse`, the release executable), a line written
///   to its stdin: `next`/`prev` (paging; the PCM comes from its cache), and `say` with a text it
///   has not spoken before (synthesised).
/// - espeak-ng: a process per phrase (`espeak-ng TEXT`), timed from its spawn.
/// - spd-say: through speech-dispatcher, started here on a private socket
///   (`speech-dispatcher -s -t 0 -c unix_socket -S SOCK`, its espeak-ng module, the same server),
///   a `spd-say TEXT` process per phrase with `SPEECHD_ADDRESS`, timed from its spawn. This is
///   the path Orca's speech takes.
///
/// Before each trial the sink has been quiet for 300 ms, so each measures a fresh start.
enum EarBench {
    struct Figures {
        var paging = Spread()
        var fresh = Spread()
        var espeak = Spread()
        var speechDispatcher = Spread()
    }

    /// Median and 90th percentile of one side's trials, in milliseconds.
    struct Spread {
        var p50 = Double.nan
        var p90 = Double.nan
        var trials = 0

        init() {}

        init(_ milliseconds: [Double]) {
            p50 = Measure.percentile(milliseconds, 0.5)
            p90 = Measure.percentile(milliseconds, 0.9)
            trials = milliseconds.count
        }
    }

    static let trials = 15
    /// What espeak-ng and spd-say say, alternately: pagervoice's paging phrases.
    static let phrases = ["Page 2 of 3", "Page 1 of 3"]

    static func run() -> Figures {
        var figures = Figures()
        print("To the ear: command written to the first sample above 300 at the null sink's monitor, \(trials) trials each")
        let server: PulseAudioServer
        let tap: MonitorTap
        do {
            server = try PulseAudioServer()
            tap = try MonitorTap(server: server)
        } catch {
            print("  no private PulseAudio server (\(error)): nothing measured")
            return figures
        }
        defer {
            tap.stop()
            server.stop()
        }
        let environment = server.clientEnvironment()
        let repl: PipedChild
        do {
            repl = try PipedChild(
                executable: ProcessBench.pagervoice, arguments: ["--audio", "pulse"], environment: environment, onLine: { _ in })
        } catch {
            print("  cannot start pagervoice: \(error)")
            return figures
        }
        defer {
            repl.closeInput()
            _ = repl.finish(timeout: .seconds(30))
        }
        // Warm up: start-up, the voice, and the two paging phrases into the cache.
        for line in ["next", "prev"] {
            repl.send(lines: [line])
            _ = tap.waitForQuiet()
        }
        let speechDispatcher = SpeechDispatcher(server: server)
        defer { speechDispatcher?.stop() }
        if speechDispatcher == nil { print("  (speech-dispatcher could not be started: no spd-say row)") }
        let espeak = PulseAudioServer.findExecutable("espeak-ng")
        if espeak == nil { print("  (espeak-ng not found: no espeak-ng row)") }

        typealias Side = (name: String, trigger: (Int) -> Bool)
        var sides: [Side] = [
            ("paging", { round in repl.send(lines: [round % 2 == 0 ? "next" : "prev"]) }),
            ("fresh", { round in repl.send(lines: ["say Page \(round + 4) of \(40 + round)"]) }),
        ]
        if let espeak {
            sides.append(("espeak", { round in spawnAndReap(espeak, [phrases[round % 2]], environment) }))
        }
        if let speechDispatcher {
            sides.append(("spd", { round in speechDispatcher.say(phrases[round % 2]) }))
        }
        var results: [String: [Double]] = [:]
        for round in 0..<trials {
            for offset in 0..<sides.count {
                let side = sides[(round + offset) % sides.count]
                guard tap.waitForQuiet() else { continue }
                tap.arm()
                let start = MonitorTap.now()
                // The trigger returns once the command is written (or the process spawned and,
                // for the one-shot clients, reaped); the sound may come before or after that.
                let triggered = side.trigger(round)
                if triggered, let heard = tap.waitForSound(timeout: .seconds(10)) {
                    results[side.name, default: []].append(Double(heard - start) / 1e6)
                }
            }
        }
        _ = tap.waitForQuiet()
        figures.paging = Spread(results["paging"] ?? [])
        figures.fresh = Spread(results["fresh"] ?? [])
        figures.espeak = Spread(results["espeak"] ?? [])
        figures.speechDispatcher = Spread(results["spd"] ?? [])
        func row(_ name: String, _ spread: Spread) {
            let detail = spread.trials == trials ? "" : "  (\(spread.trials) of \(trials) trials heard)"
            print(Measure.row(name + ", p50", spread.p50, "ms", decimals: 1) + detail)
            print(Measure.row(name + ", p90", spread.p90, "ms", decimals: 1))
        }
        row("pagervoice REPL, next/prev (cached)", figures.paging)
        row("pagervoice REPL, say a new text (synthesised)", figures.fresh)
        row("espeak-ng, a process per phrase", figures.espeak)
        row("spd-say through speech-dispatcher", figures.speechDispatcher)
        return figures
    }

    /// Starts `executable` and waits for it to exit; false if it could not start or failed.
    static func spawnAndReap(_ executable: String, _ arguments: [String], _ environment: [String: String]) -> Bool {
        guard let child = try? SpawnedProcess(executable: executable, arguments: arguments, environment: environment) else {
            return false
        }
        return child.wait(timeout: .seconds(30)) == 0
    }

    /// speech-dispatcher on a private socket, speaking through the bench's PulseAudio server.
    final class SpeechDispatcher {
        let directory: String
        let socket: String
        let environment: [String: String]
        private let daemon: SpawnedProcess
        private let spdSay: String

        init?(server: PulseAudioServer) {
            guard let executable = PulseAudioServer.findExecutable("speech-dispatcher"),
                let spdSay = PulseAudioServer.findExecutable("spd-say"),
                let directory = try? TemporaryDirectory.create(prefix: "pv-speechd")
            else { return nil }
            self.directory = directory
            self.spdSay = spdSay
            socket = directory + "/speechd.sock"
            var environment = server.clientEnvironment()
            environment["HOME"] = directory
            environment["XDG_RUNTIME_DIR"] = directory
            environment["XDG_CONFIG_HOME"] = directory + "/config"
            environment["SPEECHD_ADDRESS"] = "unix_socket:" + socket
            self.environment = environment
            guard
                let daemon = try? SpawnedProcess(
                    executable: executable,
                    arguments: [
                        "-s", "-t", "0", "-c", "unix_socket", "-S", socket, "-P", directory + "/speechd.pid", "-L", directory, "-l", "1",
                    ],
                    environment: environment, standardOutput: directory + "/speechd.out", standardError: directory + "/speechd.out")
            else {
                try? FileManager.default.removeItem(atPath: directory)
                return nil
            }
            self.daemon = daemon
            let deadline = ContinuousClock.now + .seconds(10)
            while !PulseAudioServer.socketAnswers(socket) {
                if ContinuousClock.now > deadline || !daemon.isRunning {
                    stop()
                    return nil
                }
                usleep(10_000)
            }
            // The first message loads the espeak-ng module: not part of any trial.
            guard EarBench.spawnAndReap(spdSay, ["-w", "Ready"], environment) else {
                stop()
                return nil
            }
        }

        func say(_ text: String) -> Bool {
            EarBench.spawnAndReap(spdSay, [text], environment)
        }

        func stop() {
            if daemon.isRunning { daemon.terminate() }
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}

import Foundation
import Glibc

/// A private speech-dispatcher for tests: its own unix socket, configuration and log folder, the
/// espeak-ng output module, and audio played into a private PulseAudio server's null sink, so a
/// test can record what it said.
///
/// Started as `speech-dispatcher -s -t 0 -c unix_socket -S SOCKET -C CONFIG -L LOG` (single
/// instance, no idle shutdown) with HOME and the XDG folders pointing into a fresh temporary
/// directory: the user's own daemon, config and autospawn settings are never touched, and two
/// instances run side by side. Waiting is polling with a deadline, never a fixed sleep.
///
/// With `PAGERVOICE_SPEECHD_LOGS` set to a folder, the daemon logs everything (LogLevel 5) and
/// its log folder is copied there, under the temporary directory's name, when it is stopped:
/// the way to see what the daemon did in a run that failed.
public final class SpeechDispatcherServer {
    public enum Failure: Error, CustomStringConvertible {
        case executableMissing(String)
        case didNotStart(log: String)

        public var description: String {
            switch self {
            case .executableMissing(let name): "\(name) is not installed (apt-get install speech-dispatcher speech-dispatcher-espeak-ng)"
            case .didNotStart(let log): "speech-dispatcher did not start:\n\(log)"
            }
        }
    }

    /// The PulseAudio server the daemon plays into (started and stopped with it).
    public let pulse: PulseAudioServer
    /// The temporary directory holding the socket, configuration and logs.
    public let directory: String
    public let socketPath: String
    /// The value for `SPEECHD_ADDRESS`.
    public var address: String { "unix_socket:" + socketPath }
    public var pid: Int32 { process.pid }
    /// The daemon's own log (its standard error and `speech-dispatcher.log`).
    public var log: String {
        [directory + "/speech-dispatcher.out", directory + "/log/speech-dispatcher.log"]
            .compactMap { FileContents.text($0) }.joined(separator: "\n")
    }

    private var process: SpawnedProcess
    private let executable: String
    private let environment: [String: String]
    private var stopped = false

    /// Starts a PulseAudio server, then the daemon, and waits (up to `timeout`) until the daemon's
    /// socket accepts connections.
    public init(timeout: Duration = .seconds(20)) throws {
        guard let executable = PulseAudioServer.findExecutable("speech-dispatcher") else {
            throw Failure.executableMissing("speech-dispatcher")
        }
        let moduleConfiguration = "/etc/speech-dispatcher/modules/espeak-ng.conf"
        guard FileManager.default.fileExists(atPath: "/usr/lib/speech-dispatcher-modules/sd_espeak-ng") else {
            throw Failure.executableMissing("sd_espeak-ng")
        }
        pulse = try PulseAudioServer()
        do {
            directory = try TemporaryDirectory.create(prefix: "pv-speechd")
        } catch {
            pulse.stop()
            throw Failure.didNotStart(log: "cannot make a folder for the daemon: \(error)")
        }
        socketPath = directory + "/speechd.sock"
        for sub in ["home", "run", "config", "cache", "conf", "conf/modules", "log"] {
            mkdir(directory + "/" + sub, 0o700)
        }
        // Only what the test needs: one module, PulseAudio output, logs in our folder. The
        // module's own settings are Debian's (rates 80/170/449 wpm, which
        // VoiceSettings.speechDispatcherRate assumes).
        let logLevel = Self.keptLogsFolder == nil ? 3 : 5
        let configuration = """
            LogLevel \(logLevel)
            LogDir "\(directory)/log"
            AudioOutputMethod "pulse"
            AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
            DefaultModule espeak-ng

            """
        let written = FileManager.default.createFile(
            atPath: directory + "/conf/speechd.conf", contents: Data(configuration.utf8))
        let moduleText = FileContents.text(moduleConfiguration) ?? ""
        let copied = FileManager.default.createFile(
            atPath: directory + "/conf/modules/espeak-ng.conf", contents: Data(moduleText.utf8))
        guard written, copied else {
            pulse.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure.didNotStart(log: "cannot write the daemon's configuration in \(directory)")
        }

        self.executable = executable
        var environment: [String: String] = [:]
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        environment["HOME"] = directory + "/home"
        environment["XDG_RUNTIME_DIR"] = directory + "/run"
        environment["XDG_CONFIG_HOME"] = directory + "/config"
        environment["XDG_CACHE_HOME"] = directory + "/cache"
        environment["LANG"] = "C"
        environment["PULSE_SERVER"] = pulse.serverAddress
        self.environment = environment
        do {
            process = try Self.spawn(executable, directory: directory, socketPath: socketPath, environment: environment)
        } catch {
            pulse.stop()
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure.didNotStart(log: "\(error)")
        }
        try waitUntilAnswering(timeout: timeout)
    }

    private static func spawn(
        _ executable: String, directory: String, socketPath: String, environment: [String: String]
    ) throws -> SpawnedProcess {
        try SpawnedProcess(
            executable: executable,
            arguments: [
                "-s", "-t", "0", "-c", "unix_socket", "-S", socketPath,
                "-C", directory + "/conf", "-L", directory + "/log",
            ],
            environment: environment,
            standardOutput: directory + "/speech-dispatcher.out",
            standardError: directory + "/speech-dispatcher.out")
    }

    /// Polls until the socket accepts connections; stops everything and throws if the daemon
    /// ends or `timeout` passes first.
    private func waitUntilAnswering(timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        while !PulseAudioServer.socketAnswers(socketPath) {
            if !process.isRunning || ContinuousClock.now > deadline {
                let text = log
                stop()
                throw Failure.didNotStart(log: text)
            }
            usleep(10_000)
        }
    }

    /// Stops the daemon (SIGTERM, as a user's `killall speech-dispatcher` would) and starts
    /// another on the same socket and configuration, waiting until it accepts connections: a
    /// daemon restarted under a running client. The PulseAudio server keeps running.
    public func restartDaemon(timeout: Duration = .seconds(20)) throws {
        precondition(!stopped, "restart a daemon that was stopped")
        process.terminate()
        process = try Self.spawn(executable, directory: directory, socketPath: socketPath, environment: environment)
        try waitUntilAnswering(timeout: timeout)
    }

    deinit {
        stop()
    }

    /// Stops the daemon (SIGTERM: it ends its output module and closes its clients' connections),
    /// then the PulseAudio server, and removes the directory. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        process.terminate()
        pulse.stop()
        if let folder = Self.keptLogsFolder {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let kept = folder + "/" + (directory as NSString).lastPathComponent
            try? FileManager.default.copyItem(atPath: directory + "/log", toPath: kept)
            try? FileManager.default.copyItem(atPath: directory + "/speech-dispatcher.out", toPath: kept + "/speech-dispatcher.out")
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    private static var keptLogsFolder: String? {
        ProcessInfo.processInfo.environment["PAGERVOICE_SPEECHD_LOGS"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Stops only the daemon, as a user quitting it would; the PulseAudio server keeps running.
    public func stopDaemon() {
        process.terminate()
    }
}

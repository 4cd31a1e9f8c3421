import Foundation
import Glibc
import PagerSpeech

/// A private PulseAudio server for tests: a null sink to play into, a unix socket of its own,
/// and `parec` to record what was played.
///
/// Each instance lives in a fresh temporary directory (its own HOME, XDG and PULSE runtime and
/// state paths), so instances never meet each other or a desktop session, two can run in
/// parallel, and one can start right after another stops. Works as root (PulseAudio only warns).
/// Waiting is polling with a deadline, never a fixed sleep.
public final class PulseAudioServer {
    public enum Failure: Error, CustomStringConvertible {
        case executableMissing(String)
        case didNotStart(log: String)
        case recorderDidNotStart(log: String)

        public var description: String {
            switch self {
            case .executableMissing(let name): "\(name) is not installed (apt-get install pulseaudio pulseaudio-utils)"
            case .didNotStart(let log): "pulseaudio did not start:\n\(log)"
            case .recorderDidNotStart(let log): "parec did not start:\n\(log)"
            }
        }
    }

    /// The temporary directory holding everything this server writes.
    public let directory: String
    /// The server's unix socket.
    public let socketPath: String
    /// The value for `PULSE_SERVER` (`unix:/…/native`).
    public var serverAddress: String { "unix:" + socketPath }
    /// The null sink audio is played into; its monitor source is `\(sinkName).monitor`.
    public let sinkName: String
    public let sampleRate: Int
    /// The server's process id.
    public var pid: Int32 { process.pid }
    public var logPath: String { directory + "/pulseaudio.log" }

    private var process: SpawnedProcess
    private let executable: String
    private let arguments: [String]
    private var recorders: [MonitorRecording] = []
    private var stopped = false

    /// Starts the server and waits (up to `timeout`) until its socket accepts connections.
    public init(
        sinkName: String = "pagervoice_test", extraSinks: [String] = [], sampleRate: Int = 22050, channels: Int = 1,
        timeout: Duration = .seconds(20)
    ) throws {
        guard let executable = Self.findExecutable("pulseaudio") else {
            throw Failure.executableMissing("pulseaudio")
        }
        do {
            directory = try TemporaryDirectory.create(prefix: "pv-pulse")
        } catch {
            throw Failure.didNotStart(log: "cannot make a folder for the server: \(error)")
        }
        socketPath = directory + "/native"
        self.sinkName = sinkName
        self.sampleRate = sampleRate
        for sub in ["home", "run", "run/pulse", "config", "state"] {
            mkdir(directory + "/" + sub, 0o700)
        }

        arguments =
            [
                "-n", "--daemonize=no", "--use-pid-file=no", "--system=no",
                "--exit-idle-time=-1", "--disable-shm=yes", "--high-priority=no", "--realtime=no",
                "--log-target=stderr", "--log-level=notice",
                "-L", "module-null-sink sink_name=\(sinkName) rate=\(sampleRate) channels=\(channels)",
                "-L", "module-native-protocol-unix socket=\(socketPath) auth-anonymous=1",
            ]
            // More sinks (a second device: a microphone that our speech does not reach); the first
            // one stays the default, where speech goes.
            + extraSinks.flatMap { ["-L", "module-null-sink sink_name=\($0) rate=\(sampleRate) channels=\(channels)"] }
        self.executable = executable
        do {
            process = try Self.spawn(executable, arguments, directory: directory, timeout: timeout)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// Starts the server and waits until its socket answers.
    private static func spawn(_ executable: String, _ arguments: [String], directory: String, timeout: Duration) throws -> SpawnedProcess {
        let log = directory + "/pulseaudio.log"
        let process: SpawnedProcess
        do {
            process = try SpawnedProcess(
                executable: executable, arguments: arguments,
                environment: isolatedEnvironment(directory: directory), standardOutput: log, standardError: log)
        } catch {
            throw Failure.didNotStart(log: "\(error)")
        }
        let deadline = ContinuousClock.now + timeout
        while !socketAnswers(directory + "/native") {
            if !process.isRunning || ContinuousClock.now > deadline {
                process.terminate()
                throw Failure.didNotStart(log: FileContents.text(log) ?? "")
            }
            usleep(10_000)
        }
        return process
    }

    /// Kills the server (if it still runs) and starts another on the same socket with the same
    /// sinks: a sound server restarted under a running client (`pulseaudio -k`, a crash). Its
    /// monitor needs a new recording (`startRecording`).
    public func restart(timeout: Duration = .seconds(20)) throws {
        precondition(!stopped, "restart a server that was stopped")
        kill()
        process = try Self.spawn(executable, arguments, directory: directory, timeout: timeout)
    }

    deinit {
        stop()
    }

    /// Environment for a client of this server (our test child processes, `pagervoice`): the
    /// base environment with `PULSE_SERVER` pointing here and nothing that could lead elsewhere.
    public func clientEnvironment(base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        for key in ["PULSE_RUNTIME_PATH", "PULSE_STATE_PATH", "PULSE_COOKIE", "PULSE_SINK"] {
            environment.removeValue(forKey: key)
        }
        environment["PULSE_SERVER"] = serverAddress
        return environment
    }

    /// Starts `parec` on the null sink's monitor, recording 16-bit mono at the sink's rate into
    /// a file in this server's directory; returns once `parec` is connected and recording.
    ///
    /// `latencyMilliseconds` is parec's fragment size, which also sets how far ahead the null sink
    /// renders. What the sink rendered ahead of a stream's start cannot be taken back from the
    /// monitor, so the recording misses about that much of the start of each new stream (a real
    /// device replays it after a rewind): use 1 ms where a test looks at the very first samples.
    public func startRecording(latencyMilliseconds: Int = 20, timeout: Duration = .seconds(10)) throws -> MonitorRecording {
        guard let parec = Self.findExecutable("parec") else { throw Failure.executableMissing("parec") }
        let recording = try MonitorRecording(
            parec: parec, server: serverAddress, source: sinkName + ".monitor",
            sampleRate: sampleRate,
            path: directory + "/record-\(recorders.count + 1).raw",
            environment: clientEnvironment(), latencyMilliseconds: latencyMilliseconds, timeout: timeout)
        recorders.append(recording)
        return recording
    }

    /// Kills the server abruptly (SIGKILL), as a crash looks to its clients.
    public func kill() {
        guard !stopped else { return }
        process.signal(SIGKILL)
        _ = process.wait(timeout: .seconds(10))
    }

    /// Stops recorders and the server (by pid), and removes the directory. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        for recorder in recorders { recorder.stop() }
        process.terminate()
        try? FileManager.default.removeItem(atPath: directory)
    }

    static func isolatedEnvironment(directory: String) -> [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment: [String: String] = [:]
        environment["PATH"] = inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        environment["HOME"] = directory + "/home"
        environment["XDG_RUNTIME_DIR"] = directory + "/run"
        environment["XDG_CONFIG_HOME"] = directory + "/config"
        environment["PULSE_RUNTIME_PATH"] = directory + "/run/pulse"
        environment["PULSE_STATE_PATH"] = directory + "/state"
        environment["LANG"] = "C"
        return environment
    }

    public static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") + ["/usr/bin", "/bin", "/usr/local/bin"] {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Whether something accepts connections on the unix socket at `path`.
    public static func socketAnswers(_ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}

/// `parec` recording a monitor source into a raw 16-bit mono file.
public final class MonitorRecording {
    public let path: String
    public let sampleRate: Int
    private let process: SpawnedProcess
    private var stopped = false

    init(
        parec: String, server: String, source: String, sampleRate: Int, path: String,
        environment: [String: String], latencyMilliseconds: Int, timeout: Duration
    ) throws {
        self.path = path
        self.sampleRate = sampleRate
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let errorPath = path + ".log"
        process = try SpawnedProcess(
            executable: parec,
            arguments: [
                "--server=\(server)", "--device=\(source)", "--format=s16le",
                "--rate=\(sampleRate)", "--channels=1", "--raw",
                "--latency-msec=\(latencyMilliseconds)",
            ],
            environment: environment, standardOutput: path, standardError: errorPath)
        // The null sink's monitor streams silence continuously, so bytes arriving means parec is
        // connected and recording.
        let deadline = ContinuousClock.now + timeout
        while byteCount() < 2 * 441 {
            if !process.isRunning || ContinuousClock.now > deadline {
                let log = FileContents.text(errorPath) ?? ""
                stop()
                throw PulseAudioServer.Failure.recorderDidNotStart(log: log)
            }
            usleep(5_000)
        }
    }

    deinit {
        stop()
    }

    public func byteCount() -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Everything recorded so far.
    public func samples() -> [Int16] {
        guard let data = FileContents.bytes(path) else { return [] }
        let count = data.count / 2
        return data.withUnsafeBytes { raw in
            (0..<count).map { Int16(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) }
        }
    }

    /// Polls the recording until some window is louder than `threshold` (RMS), or the timeout.
    /// Returns the recording at that point, or nil on timeout.
    public func waitForEnergy(
        above threshold: Double = 500, window: Int = 1024,
        timeout: Duration = .seconds(20)
    ) -> [Int16]? {
        let deadline = ContinuousClock.now + timeout
        while true {
            let recorded = samples()
            if PCMAnalysis.peakRMS(recorded, window: window) > threshold { return recorded }
            if ContinuousClock.now > deadline { return nil }
            usleep(20_000)
        }
    }

    /// Stops `parec` by pid. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        process.terminate()
    }
}

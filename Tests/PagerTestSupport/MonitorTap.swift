import Dispatch
import Foundation
import Glibc

/// `parec` on a PulseAudio sink's monitor, read as it arrives, to time when sound reaches the
/// sink: "to the ear". After `arm()`, the first sample above the threshold is stamped with the
/// monotonic time at which the read that brought it returned.
///
/// parec asks for 1 ms fragments (`--latency-msec=1`) and writes to a pipe read by a thread of
/// ours at once, so a stamp is at most a few milliseconds after the sample was played into the
/// sink, the same for every program measured.
public final class MonitorTap: @unchecked Sendable {
    public let threshold: Int16
    private let process: SpawnedProcess
    private let lock = NSLock()
    private let changed = NSCondition()
    private var armedAt: UInt64?
    private var firstLoud: UInt64?
    private var lastLoud: UInt64 = 0
    private var bytesRead = 0
    private var ended = false

    /// Starts parec on `server`'s monitor and returns once audio (the monitor's silence) flows.
    public init(server: PulseAudioServer, threshold: Int16 = 300, timeout: Duration = .seconds(10)) throws {
        guard let parec = PulseAudioServer.findExecutable("parec") else {
            throw PulseAudioServer.Failure.executableMissing("parec")
        }
        self.threshold = threshold
        let pipe = closeOnExecPipe()
        let devNull = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer {
            close(pipe.write)
            close(devNull)
        }
        process = try SpawnedProcess(
            executable: parec,
            arguments: [
                "--server=\(server.serverAddress)", "--device=\(server.sinkName).monitor", "--format=s16le",
                "--rate=\(server.sampleRate)", "--channels=1", "--raw", "--latency-msec=1",
            ],
            environment: server.clientEnvironment(), standardInput: devNull, standardOutput: pipe.write,
            standardError: devNull)
        let reader = Thread { [self] in read(pipe.read) }
        reader.qualityOfService = .userInteractive
        reader.start()
        let deadline = ContinuousClock.now + timeout
        while bytesReadSoFar < 882 {
            if ContinuousClock.now > deadline || !process.isRunning {
                stop()
                throw PulseAudioServer.Failure.recorderDidNotStart(log: "parec sent nothing within \(timeout)")
            }
            usleep(2_000)
        }
    }

    deinit {
        stop()
    }

    private var bytesReadSoFar: Int { lock.withLock { bytesRead } }

    public func stop() {
        if process.isRunning { process.terminate() }
    }

    /// Monotonic nanoseconds, the clock of every stamp (`DispatchTime.now().uptimeNanoseconds`).
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Forgets any earlier sound: the next loud sample arriving after now is the one stamped.
    public func arm() {
        changed.withLock {
            armedAt = Self.now()
            firstLoud = nil
        }
    }

    /// The stamp of the first loud sample since `arm()`, waiting up to `timeout` for it.
    public func waitForSound(timeout: Duration) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18)
        return changed.withLock {
            while firstLoud == nil && !ended {
                if !changed.wait(until: deadline) { break }
            }
            return firstLoud
        }
    }

    /// Waits until nothing loud has arrived for `quiet` (what was playing has ended); false if
    /// that did not happen within `timeout`.
    public func waitForQuiet(_ quiet: Duration = .milliseconds(300), timeout: Duration = .seconds(30)) -> Bool {
        let quietNanoseconds = UInt64(quiet.components.seconds) * 1_000_000_000 + UInt64(quiet.components.attoseconds / 1_000_000_000)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let last = changed.withLock { lastLoud }
            let now = Self.now()
            if now > last && now - last >= quietNanoseconds { return true }
            usleep(10_000)
        }
        return false
    }

    private func read(_ fd: Int32) {
        defer {
            close(fd)
            changed.withLock {
                ended = true
                changed.broadcast()
            }
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var carry: UInt8?
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            let stamp = Self.now()
            var loud = false
            var index = 0
            if let low = carry {
                loud = Self.isLoud(low, buffer[0], threshold)
                index = 1
                carry = nil
            }
            while index + 1 < count {
                if !loud && Self.isLoud(buffer[index], buffer[index + 1], threshold) { loud = true }
                index += 2
            }
            if index < count { carry = buffer[index] }
            lock.withLock { bytesRead += count }
            if loud {
                changed.withLock {
                    lastLoud = stamp
                    if let armed = armedAt, stamp >= armed, firstLoud == nil {
                        firstLoud = stamp
                        changed.broadcast()
                    }
                }
            }
        }
    }

    private static func isLoud(_ low: UInt8, _ high: UInt8, _ threshold: Int16) -> Bool {
        let sample = Int16(bitPattern: UInt16(low) | UInt16(high) << 8)
        return sample > threshold || sample < -threshold
    }
}

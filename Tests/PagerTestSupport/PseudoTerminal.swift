import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `pagervoice` on a real pseudo-terminal, so it sees a TTY on stdin and stdout and uses its
/// interactive path (prompt, libedit line editing, history, completion), as a person would.
public final class PseudoTerminal {
    public let process: SpawnedProcess
    public let master: Int32
    private var transcript = [UInt8]()

    /// `standardOutput`, `standardError`: descriptors to give the child instead of the terminal
    /// (`pagervoice --json | jq` typed at a terminal; `2>log` too); its stdin stays on the terminal.
    public init(
        executable: String, arguments: [String], environment: [String: String] = [:], standardOutput: Int32? = nil,
        standardError: Int32? = nil
    ) throws {
        // posix_openpt and friends are not exported by the Glibc module; /dev/ptmx with the two
        // Linux ioctls they wrap does the same.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        let lockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        guard master >= 0, ioctl(master, lockRequest, &unlock) == 0,
            ioctl(master, numberRequest, &number) == 0
        else {
            throw POSIXError(.ENXIO)
        }
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw POSIXError(.ENXIO) }
        defer { close(slave) }
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm"
        for (key, value) in environment { env[key] = value }
        process = try SpawnedProcess(
            executable: executable, arguments: arguments, environment: env,
            standardInput: slave, standardOutput: standardOutput ?? slave, standardError: standardError ?? slave)
    }

    deinit {
        process.terminate()
        close(master)
    }

    public func send(_ text: String) {
        sendBytes(Array(text.utf8))
    }

    /// Types raw bytes, which need not be UTF-8.
    public func sendBytes(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `needle` shows up in what the terminal displayed, or the deadline passes.
    /// Returns everything seen so far (escape codes included).
    @discardableResult
    public func waitFor(_ needle: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if text.contains(needle) { return true }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, remaining) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            transcript.append(contentsOf: buffer[0..<n])
        }
        return text.contains(needle)
    }

    public var text: String { String(decoding: transcript, as: UTF8.self) }

    /// Reads until `needle` has shown up `times` times (the same line printed again), or the
    /// deadline passes.
    public func waitFor(_ needle: String, times: Int, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        func seen() -> Int { text.components(separatedBy: needle).count - 1 }
        while seen() < times, Date() < deadline {
            _ = waitFor("\u{0}", timeout: 0.01)
        }
        return seen() >= times
    }

    /// How many prompts the terminal has shown so far (a prompt drawn again counts again).
    public func prompts(_ prompt: String = "pager> ") -> Int {
        text.components(separatedBy: prompt).count - 1
    }

    /// Types `line` once the prompt that answers the line before it is up (see `waitForPrompt`).
    public func sendLine(_ line: String, afterPrompt n: Int, prompt: String = "pager> ") -> Bool {
        guard waitForPrompt(n, prompt: prompt) else { return false }
        send(line + "\n")
        return true
    }

    /// Waits for the `n`th prompt and for libedit to have put the terminal in raw mode: input
    /// typed before that meets the terminal in cooked mode, where Tab and Ctrl-D mean something
    /// else (a person typing ahead sees the same).
    @discardableResult
    public func waitForPrompt(_ n: Int, prompt: String = "pager> ", timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        func ready() -> Bool {
            guard text.components(separatedBy: prompt).count - 1 >= n else { return false }
            var settings = termios()
            // On Linux, the master side reports the terminal's settings.
            return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0
        }
        while !ready(), Date() < deadline {
            _ = waitFor("\u{0}", timeout: 0.01)
        }
        return ready()
    }

    /// Waits for the process to end (bounded), returning its status or nil if it did not end.
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            _ = waitFor("\u{0}", timeout: 0.05)  // keep draining output so the child never blocks
        }
        return process.status
    }
}

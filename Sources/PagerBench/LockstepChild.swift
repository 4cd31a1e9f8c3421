import Glibc
import PagerTestSupport

/// A child process driven in lockstep: send a line or two, block until it has answered them.
///
/// The comparison benchmark uses it to time `pagervoice` line by line, in between the
/// `espeak-ng` runs it is compared with, so that both sides are measured within milliseconds of
/// each other. (Timing a whole piped run against a whole round of `espeak-ng` runs let a busy
/// second on a shared machine land on one side only, and the ratio swung by a third.) The reply
/// is read on the calling thread with a blocking `read`: no reader thread to wake up, so the
/// figure carries no hand-off of ours on top of what `pagervoice` itself costs.
final class LockstepChild {
    let process: SpawnedProcess
    private var input: Int32
    private let output: Int32
    private var pending: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    /// Starts `executable` with its stderr appended to `errorPath` (for the report on failure).
    init(executable: String, arguments: [String], environment: [String: String], errorPath: String) throws {
        let stdin = closeOnExecPipe(), stdout = closeOnExecPipe()
        let stderr = open(errorPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        defer {
            close(stdin.read)
            close(stdout.write)
            if stderr >= 0 { close(stderr) }
        }
        process = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment,
                                     standardInput: stdin.read, standardOutput: stdout.write,
                                     standardError: stderr >= 0 ? stderr : 2)
        input = stdin.write
        output = stdout.read
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
    }

    /// Sends `lines` in one write and returns the first `replies` lines printed in answer, or nil
    /// if the child ended first.
    func ask(_ lines: [String], replies: Int) -> [String]? {
        guard send(Array(lines.map { $0 + "\n" }.joined().utf8)) else { return nil }
        var answers: [String] = []
        while answers.count < replies {
            guard let line = readLine() else { return nil }
            answers.append(line)
        }
        return answers
    }

    /// Closes stdin and waits for the child to exit; its status, and whatever else it printed.
    func finish() -> (status: Int32, extra: [String]) {
        if input >= 0 { close(input) }
        input = -1
        var extra: [String] = []
        while let line = readLine() { extra.append(line) }
        return (process.waitUntilExit(), extra)
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        input >= 0 && writeFully(input, bytes)
    }

    private func readLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let n = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                guard !pending.isEmpty else { return nil }
                defer { pending.removeAll() }
                return String(decoding: pending, as: UTF8.self)
            }
            pending.append(contentsOf: buffer[0..<n])
        }
    }
}

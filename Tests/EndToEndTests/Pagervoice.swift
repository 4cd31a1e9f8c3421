import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the real built `pagervoice` executable, as a user or a CI job would, with piped input.
/// Started with posix_spawn and reaped by pid (see `SpawnedProcess` for why not Foundation's Process).
struct Pagervoice {
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
        /// stdout parsed as JSON lines.
        var events: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    /// The executable next to the test bundle in `.build/<config>/`.
    static let path: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("pagervoice")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return "pagervoice"
    }()

    /// A pipe whose two ends are closed on exec, so only the descriptor dup'ed into the child survives.
    static func pipe() -> (read: Int32, write: Int32) {
        closeOnExecPipe()
    }

    /// Reads a descriptor to its end on a background thread.
    final class Drain: @unchecked Sendable {
        private var bytes: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(_ fd: Int32) {
            DispatchQueue.global().async { [self] in
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }
                    bytes.append(contentsOf: buffer[0..<n])
                }
                close(fd)
                done.signal()
            }
        }

        func wait() -> [UInt8] {
            done.wait()
            return bytes
        }
    }

    /// Runs with `input` on stdin (a pipe, so non-interactive) and returns everything it printed.
    /// `launcher` is a command that runs pagervoice for us (its path and `arguments` are appended),
    /// e.g. to give it a read-only mount of its own.
    static func run(
        _ arguments: [String], input: String = "", inputData: Data? = nil,
        environment: [String: String] = [:], launcher: [String] = [],
        timeout: Duration = .seconds(120)
    ) throws -> Run {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        let stdin = pipe()
        let stdout = pipe()
        let stderr = pipe()
        let command = launcher + [path] + arguments
        let process = try SpawnedProcess(
            executable: command[0], arguments: Array(command.dropFirst()), environment: env,
            standardInput: stdin.read, standardOutput: stdout.write,
            standardError: stderr.write)
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        let out = Drain(stdout.read)
        let err = Drain(stderr.read)
        let data = [UInt8](inputData ?? Data(input.utf8))
        let writer = stdin.write
        DispatchQueue.global().async {
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = write(writer, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 && errno == EINTR { continue }
                    if n <= 0 { break }  // the child stopped reading (EPIPE)
                    offset += n
                }
            }
            close(writer)
        }
        let outBytes = out.wait()
        let errBytes = err.wait()
        let status =
            process.wait(timeout: timeout)
            ?? {
                process.terminate()
                return -1
            }()
        return Run(
            stdout: String(decoding: outBytes, as: UTF8.self),
            stderr: String(decoding: errBytes, as: UTF8.self), status: status)
    }
}

extension PseudoTerminal {
    /// The built `pagervoice` on a pseudo-terminal.
    convenience init(
        arguments: [String], environment: [String: String] = [:], standardOutput: Int32? = nil, standardError: Int32? = nil
    ) throws {
        try self.init(
            executable: Pagervoice.path, arguments: arguments, environment: environment, standardOutput: standardOutput,
            standardError: standardError)
    }
}

/// Lines from a child, waited for with a deadline.
final class JSONLines: @unchecked Sendable {
    private let lock = NSCondition()
    private var lines: [String] = []

    func add(_ bytes: UnsafeRawBufferPointer) {
        lock.lock()
        lines.append(String(decoding: bytes, as: UTF8.self))
        lock.broadcast()
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    func wait(timeout: TimeInterval, until condition: ([String]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !condition(lines) {
            if !lock.wait(until: deadline) { return condition(lines) }
        }
        return true
    }
}

import ArgumentParser

/// Where a command writes: standard output and standard error, or streams a test provides.
public struct ShellIO: Sendable {
    public var out: OutputStream
    public var err: OutputStream

    public init(out: OutputStream, err: OutputStream) {
        self.out = out
        self.err = err
    }

    public static let standard = ShellIO(out: .standardOutput, err: .standardError)

    /// A failure before a session could start (a file that cannot be opened, no speech): an
    /// error event on standard output with `--json`, as every later error is; else one line on
    /// standard error after the command's name.
    func startFailed(_ message: String, command: String, json: Bool) {
        if json {
            out.writeRaw(OutputRenderer.errorEvent(message).serialized())
        } else {
            err.writeLine("\(command): \(message)")
        }
        finish(command: command)
    }

    /// Flushes both; reports a failed write to standard output as one line on standard error.
    /// Returns whether standard output took everything (a reader that left counts as taken: EPIPE
    /// is the quiet end of `| head -1`).
    @discardableResult
    func finish(command: String) -> Bool {
        out.flush()
        defer { err.flush() }
        guard case .failed(let errno) = out.failure else { return true }
        err.writeLine("\(command): cannot write to standard output: \(errno.description)")
        return false
    }
}

/// A command of ours: parsed by ArgumentParser, run with explicit streams, returning the exit
/// status (0 success, 1 a failure it reported, 2 a usage error found after parsing).
protocol PagerVoiceSubcommand: ParsableCommand {
    func execute(_ io: ShellIO) -> Int32
}

extension PagerVoiceSubcommand {
    mutating func run() throws {
        let status = execute(.standard)
        if status != 0 { throw ExitCode(status) }
    }
}

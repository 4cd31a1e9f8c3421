import Foundation
import Glibc

/// A child process whose output goes to files (no pipe can fill up and stall it), with
/// deadline-based waiting for its output or its exit.
///
/// Tests use it for what cannot happen inside the test process: eSpeak NG initialises once per
/// process, and libpulse reads `PULSE_SERVER` from the process environment.
public final class LoggedChildProcess {
    public let executable: String
    public let arguments: [String]
    private let process: SpawnedProcess
    private let directory: String
    private var outputPath: String { directory + "/stdout" }
    private var errorPath: String { directory + "/stderr" }

    /// The running executable (the test bundle, when called from a test).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    public init(executable: String, arguments: [String], environment: [String: String]) throws {
        self.executable = executable
        self.arguments = arguments
        directory = try TemporaryDirectory.create(prefix: "pv-child")
        process = try SpawnedProcess(
            executable: executable, arguments: arguments, environment: environment,
            standardOutput: directory + "/stdout", standardError: directory + "/stderr")
    }

    deinit {
        process.terminate(grace: .seconds(1))
        try? FileManager.default.removeItem(atPath: directory)
    }

    public var pid: Int32 { process.pid }
    public var standardOutput: String { FileContents.text(outputPath) ?? "" }
    public var standardError: String { FileContents.text(errorPath) ?? "" }

    /// Polls standard output until it contains `text`; false on timeout or if the child exits
    /// without printing it.
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(60)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            if standardOutput.contains(text) { return true }
            if !process.isRunning { return standardOutput.contains(text) }
            if ContinuousClock.now > deadline { return false }
            usleep(2_000)
        }
    }

    /// Waits for the exit status; kills the child and returns nil on timeout.
    public func waitForExit(timeout: Duration = .seconds(120)) -> Int32? {
        if let status = process.wait(timeout: timeout) { return status }
        process.terminate(grace: .seconds(1))
        return nil
    }

    /// Sends a signal (SIGINT to test Ctrl-C handling, say).
    public func signal(_ number: Int32) {
        process.signal(number)
    }
}

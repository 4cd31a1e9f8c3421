import Foundation
import Glibc

/// A child started with `posix_spawn` and reaped by its own pid.
///
/// Foundation's `Process` is not used for fixtures: on Linux it learns of a child's exit when
/// an inherited socket closes, then calls a *blocking* `waitpid` on its one monitoring thread.
/// PulseAudio closes every inherited descriptor when it starts, so Foundation believes it exited,
/// blocks in `waitpid` for as long as the server runs, and stops noticing any other child's exit
/// in the whole test process.
public final class SpawnedProcess {
    public enum Failure: Error, CustomStringConvertible {
        case spawnFailed(String, Int32)

        public var description: String {
            switch self {
            case .spawnFailed(let path, let code): "cannot start \(path): \(String(cString: strerror(code)))"
            }
        }
    }

    public let pid: pid_t
    public let executable: String
    private var exitStatus: Int32?

    /// Starts `executable` with stdin from /dev/null and stdout/stderr appended to the given files
    /// (or /dev/null).
    public convenience init(
        executable: String, arguments: [String], environment: [String: String],
        standardOutput: String? = nil, standardError: String? = nil
    ) throws {
        try self.init(executable: executable, arguments: arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(
                &actions, 1, standardOutput ?? "/dev/null",
                O_WRONLY | O_CREAT | O_APPEND, 0o644)
            posix_spawn_file_actions_addopen(
                &actions, 2, standardError ?? "/dev/null",
                O_WRONLY | O_CREAT | O_APPEND, 0o644)
        }
    }

    /// Starts `executable` with the given descriptors as its stdin, stdout and stderr (pipes or a
    /// pseudo-terminal). Open them close-on-exec so the child holds no other copy of them.
    public convenience init(
        executable: String, arguments: [String], environment: [String: String],
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) throws {
        try self.init(executable: executable, arguments: arguments, environment: environment) { actions in
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
            posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
            posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        }
    }

    private init(
        executable: String, arguments: [String], environment: [String: String],
        descriptors: (inout posix_spawn_file_actions_t) -> Void
    ) throws {
        // A child that exits before reading all its input (a command-line error, say) must show up
        // as EPIPE in whoever writes to it, not kill the whole test process with SIGPIPE. (The
        // child gets default signal handling back below.)
        Glibc.signal(SIGPIPE, SIG_IGN)
        self.executable = executable
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        descriptors(&actions)
        // Only 0, 1 and 2 reach the child. Descriptors opened without close-on-exec (libspeechd's
        // connections, a test's pipes) would otherwise live on in every child started meanwhile:
        // a daemon started by one test would hold another test's connection or pipe open.
        guard Self.closeFromThree(&actions) else { throw Failure.spawnFailed(executable, ENOSYS) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal handling in the child, whatever the test runner changed.
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { argvPointer in
            (envp + [nil]).withUnsafeBufferPointer { envpPointer in
                posix_spawn(
                    &pid, executable, &actions, &attributes,
                    UnsafePointer(argvPointer.baseAddress!).withMemoryRebound(
                        to: UnsafeMutablePointer<CChar>?.self, capacity: argv.count + 1
                    ) { UnsafeMutablePointer(mutating: $0) },
                    UnsafePointer(envpPointer.baseAddress!).withMemoryRebound(
                        to: UnsafeMutablePointer<CChar>?.self, capacity: envp.count + 1
                    ) { UnsafeMutablePointer(mutating: $0) })
            }
        }
        guard result == 0 else { throw Failure.spawnFailed(executable, result) }
        self.pid = pid
    }

    deinit {
        if isRunning {
            kill(pid, SIGKILL)
            _ = wait(timeout: .seconds(10))
        }
    }

    public var isRunning: Bool {
        reap(blocking: false)
        return exitStatus == nil
    }

    /// Exit code, or 128 + signal number if it was killed; nil while running.
    public var status: Int32? {
        reap(blocking: false)
        return exitStatus
    }

    public func signal(_ number: Int32) {
        if isRunning { kill(pid, number) }
    }

    /// Blocks in `waitpid` until the process exits, and returns its status: for timing a child
    /// to the microsecond (polling would add up to a poll interval to every measurement).
    public func waitUntilExit() -> Int32 {
        reap(blocking: true)
        return exitStatus ?? -1
    }

    /// Polls until the process exits; nil if it is still running at the deadline.
    public func wait(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while isRunning {
            if ContinuousClock.now > deadline { return nil }
            usleep(2_000)
        }
        return exitStatus
    }

    /// Asks politely (SIGTERM), then insists (SIGKILL), and reaps.
    public func terminate(grace: Duration = .seconds(5)) {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        if wait(timeout: grace) == nil {
            kill(pid, SIGKILL)
            _ = wait(timeout: .seconds(10))
        }
    }

    /// `posix_spawn_file_actions_addclosefrom_np(actions, 3)`. glibc (2.34 and later) declares it
    /// only for _GNU_SOURCE, which Swift's Glibc module is not built with, so it is looked up.
    private static func closeFromThree(_ actions: inout posix_spawn_file_actions_t) -> Bool {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        // A null handle is RTLD_DEFAULT: the symbol wherever the process has it.
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return false }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3) == 0
    }

    private func reap(blocking: Bool) {
        guard exitStatus == nil else { return }
        var raw: Int32 = 0
        var result = waitpid(pid, &raw, blocking ? 0 : WNOHANG)
        while result < 0 && errno == EINTR { result = waitpid(pid, &raw, blocking ? 0 : WNOHANG) }
        if result == pid {
            let signal = raw & 0x7F
            exitStatus = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        } else if result < 0 && errno == ECHILD {
            exitStatus = -1
        }
    }
}

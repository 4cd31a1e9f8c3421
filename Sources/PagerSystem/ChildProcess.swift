import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A program we started, in a process group of its own, with its output captured or discarded
/// and chosen descriptors of ours handed to it.
///
/// Made for a browser: it talks over descriptors 3 and 4, logs endlessly to standard error, and
/// forks helpers that must die with it. So standard input is /dev/null (it never waits on our
/// terminal); output goes to a bounded tail that a thread drains, or to /dev/null; only the
/// descriptors named are inherited; and `terminate()` kills the whole group, grandchildren
/// included. Every wait has a deadline. The group is registered with `ExitCleanup` until it is
/// terminated, so the process ending any other way kills it too.
package final class ChildProcess: Sendable {
    /// Where the child's standard output or error goes.
    package enum Output: Sendable {
        /// /dev/null: nothing is kept.
        case discard
        /// A pipe drained all the time, keeping the last `captureLimit` bytes.
        case capture
    }

    /// A descriptor of ours that the child gets under the number `number` (not close-on-exec there).
    package struct Inherited: Sendable {
        package var descriptor: FileDescriptor
        package var number: Int32

        package init(_ descriptor: FileDescriptor, as number: Int32) {
            self.descriptor = descriptor
            self.number = number
        }
    }

    private struct State {
        var status: ExitStatus?
        var terminated = false
        var registration: ExitCleanup.Registration?
    }

    /// The child's pid, which is also its process group's id.
    package let pid: pid_t
    /// The program as it was named.
    package let executable: String
    private let state: Locked<State>
    /// Readable once the child has exited (nil where the system has no pidfds).
    private let exitDescriptor: FileDescriptor?
    private let capture: OutputCapture?

    /// Starts `executable` (a path; PATH is not searched) with `arguments` and `environment`.
    /// Throws `ChildProcessError` when it cannot be run at all (missing, not executable, no
    /// descriptors left); a program that starts and then fails is reported by `wait`.
    package init(
        executable: String, arguments: [String], environment: [String: String] = Environment.current,
        standardOutput: Output = .discard, standardError: Output = .discard, inherited: [Inherited] = [],
        captureLimit: Int = 16 * 1024
    ) throws(ChildProcessError) {
        self.executable = executable
        let failed = { (error: Errno) in ChildProcessError(path: executable, errno: error) }
        // Descriptors that exist only until the child has its copies.
        var temporary: [FileDescriptor] = []
        defer { for descriptor in temporary { try? descriptor.close() } }
        var pipes: [(OutputCapture.Stream, FileDescriptor)] = []
        var descriptors: [(number: Int32, source: ProcessRaw.Source)] = [(0, .null(flags: O_RDONLY))]
        do {
            for (number, output, stream) in [(Int32(1), standardOutput, OutputCapture.Stream.output), (2, standardError, .error)] {
                switch output {
                case .discard:
                    descriptors.append((number, .null(flags: O_WRONLY)))
                case .capture:
                    let pipe = try ProcessRaw.makePipe()
                    pipes.append((stream, pipe.read))
                    temporary.append(pipe.write)
                    descriptors.append((number, .descriptor(pipe.write)))
                }
            }
            // Each inherited descriptor first gets a number above every target, so one `dup2`
            // cannot overwrite the source of another.
            let above = max(inherited.map(\.number).max() ?? 0, 2) + 1
            for item in inherited {
                let copy = try ProcessRaw.duplicate(item.descriptor, atLeast: above)
                temporary.append(copy)
                descriptors.append((item.number, .descriptor(copy)))
            }
        } catch {
            for (_, pipe) in pipes { try? pipe.close() }
            throw failed(error)
        }
        let spawned = ProcessRaw.spawn(path: executable, arguments: arguments, environment: environment, descriptors: descriptors)
        guard case .success(let pid) = spawned else {
            for (_, pipe) in pipes { try? pipe.close() }
            if case .failure(let error) = spawned { throw failed(error) }
            throw failed(.ioError)
        }
        self.pid = pid
        state = Locked(State(registration: ExitCleanup.register(group: ProcessGroup(id: pid))))
        exitDescriptor = ProcessRaw.openExitDescriptor(pid)
        if pipes.isEmpty {
            capture = nil
        } else {
            do {
                capture = try OutputCapture(pipes: pipes, limit: captureLimit)
            } catch {
                // Without a drain the child could block on a full pipe: it is not left running.
                for (_, pipe) in pipes { try? pipe.close() }
                capture = nil
                terminate()
                throw failed(error)
            }
        }
    }

    deinit {
        terminate()
        try? exitDescriptor?.close()
    }

    /// The child's process group (its pid).
    package var group: ProcessGroup { ProcessGroup(id: pid) }

    /// How the child ended, or nil while it runs (checked without waiting).
    package var exitStatus: ExitStatus? {
        state.withLock { state in
            if state.status == nil { state.status = ProcessRaw.reap(pid) }
            return state.status
        }
    }

    /// Whether the child itself is still running (its group may outlive it).
    package var isRunning: Bool { exitStatus == nil }

    /// Waits until the child exits or `deadline` passes: its status, or nil if it still runs.
    package func wait(until deadline: ContinuousClock.Instant) -> ExitStatus? {
        while true {
            if let status = exitStatus { return status }
            if ContinuousClock.now >= deadline { return nil }
            if let exitDescriptor {
                var descriptors = [pollfd(fd: exitDescriptor.rawValue, events: Int16(POLLIN), revents: 0)]
                _ = Interrupted.poll(&descriptors, until: deadline)
            } else {
                ProcessRaw.pause(milliseconds: 2)
            }
        }
    }

    /// Waits at most `timeout` (see `wait(until:)`).
    package func wait(timeout: Duration) -> ExitStatus? { wait(until: .now + timeout) }

    /// Sends `signal` to the child alone (not its group); nothing once it has been reaped.
    package func signal(_ signal: Int32) {
        state.withLock { state in
            if state.status == nil { _ = kill(pid, signal) }
        }
    }

    /// Kills the child's whole group with SIGKILL, reaps the child and waits (a few seconds at
    /// most) until no member runs; then stops capturing output. Idempotent.
    package func terminate() {
        let registration: ExitCleanup.Registration?? = state.withLock { state in
            guard !state.terminated else { return nil }
            state.terminated = true
            // While the child is unreaped its pid cannot be reused, so the signal reaches our
            // group only; after that only if the group still has members.
            ProcessRaw.signalGroup(pid, SIGKILL)
            return .some(state.registration)
        }
        guard let registration else { return }
        let deadline = ContinuousClock.now + .seconds(5)
        _ = wait(until: deadline)
        _ = group.waitUntilGone(until: deadline)
        capture?.stop()
        if let registration { ExitCleanup.unregister(registration) }
    }

    /// The tail of what the child wrote to standard output (empty when it was not captured).
    package var capturedOutput: String { capture?.text(of: .output) ?? "" }

    /// The tail of what the child wrote to standard error (empty when it was not captured).
    package var capturedErrors: String { capture?.text(of: .error) ?? "" }

    /// Waits until the captured standard output holds `text` (a line announcing the child is ready,
    /// say), at most until `deadline`; false if it ended or the time ran out first.
    package func waitForOutput(containing text: String, until deadline: ContinuousClock.Instant) -> Bool {
        capture?.waitFor(text, in: .output, until: deadline) ?? false
    }

    /// Waits until the captured streams have ended (every writer closed them, or the child was
    /// terminated), at most until `deadline`; whether they did. Then the captured text is complete.
    package func waitForOutputEnd(until deadline: ContinuousClock.Instant) -> Bool {
        capture?.waitForEnd(until: deadline) ?? true
    }
}

/// Why a program could not be started: its path and the system's reason, for a message such as
/// "cannot start /usr/bin/chromium: No such file or directory".
///
/// A missing or non-executable program is an ordinary mistake (a wrong `--browser` path), so it
/// is an error the caller can word, never a crash.
package struct ChildProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program as it was named.
    package var path: String
    /// What posix_spawn (or setting up the pipes and descriptors before it) reported.
    package var errno: Errno

    package init(path: String, errno: Errno) {
        self.path = path
        self.errno = errno
    }

    package var description: String { "cannot start \(path): \(errno.description)" }
}

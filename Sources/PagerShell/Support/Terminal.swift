import PagerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Facts about the process's terminal and the few signals a terminal tool must handle itself.
public enum Terminal {
    public static var stdinIsTTY: Bool { isatty(STDIN_FILENO) == 1 }
    public static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Where a prompt is drawn: standard output when it is the terminal, else standard error
    /// when that is (`pagervoice --json | jq` typed at a terminal: the prompt must not go down the
    /// pipe, and a person typing needs one); nil when neither is.
    static var promptDescriptor: Int32? {
        if stdoutIsTTY { return STDOUT_FILENO }
        return isatty(STDERR_FILENO) == 1 ? STDERR_FILENO : nil
    }

    /// How many columns the terminal on standard output has now; nil when it is no terminal or
    /// does not say. Asked each time: a window can be resized during a session.
    static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// One byte typed, waiting for it; nil at end of input (the terminal hung up) or on an error.
    static func readByte(from fd: Int32) -> UInt8? {
        var byte: UInt8 = 0
        return Interrupted.retry { read(fd, &byte, 1) } == 1 ? byte : nil
    }

    /// A closed stdout (`| head -1`) must end the program quietly, not kill it mid-write with
    /// SIGPIPE: ignore the signal and treat EPIPE as "nobody is listening".
    public static func ignoreBrokenPipe() {
        signal(SIGPIPE, SIG_IGN)
    }
}

/// Turns SIGINT into a callback on an ordinary thread. The handler itself only writes one byte to
/// a pipe (async-signal-safe); the thread reading that pipe may take locks, stop speech, exit.
public final class InterruptWatcher: @unchecked Sendable {
    nonisolated(unsafe) static var writeEnd: Int32 = -1

    private let handler: @Sendable () -> Void

    public init(_ handler: @escaping @Sendable () -> Void) {
        self.handler = handler
    }

    /// Ctrl-C silences speech. On a terminal the session goes on; a script is stopped.
    static func silencing(_ speaker: SpeechClient, interactive: Bool) -> InterruptWatcher {
        InterruptWatcher {
            guard !interactive else {
                speaker.stop()
                return
            }
            // No sound after this, and no WAV file half written or appearing later.
            speaker.shutDown()
            // Written straight to the descriptor, as the main thread may hold the stream's lock
            // right now; then `_exit`, not `exit`: exit handlers and library destructors (eSpeak
            // NG's, libpulse's) must not run while the main and engine threads are still using
            // what they tear down.
            let line = Array("pagervoice: interrupted\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _exit(130)
        }
    }

    /// Installs the handler with SA_RESTART so an interrupted read (libedit's, or ours) simply
    /// continues: Ctrl-C silences speech and the session goes on.
    public func start() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return }
        InterruptWatcher.writeEnd = fds[1]
        let readEnd = fds[0]
        let handler = self.handler
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                guard Interrupted.retry({ read(readEnd, &byte, 1) }) == 1 else { return }
                handler()
            }
        }
        thread.start()
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(InterruptWatcher.writeEnd, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
    }
}

/// A plain POSIX thread running a closure: Foundation's Thread is not needed for this.
final class Thread: @unchecked Sendable {
    private let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    func start() {
        let box = Unmanaged.passRetained(self)
        var handle = pthread_t()
        pthread_create(
            &handle, nil,
            { raw in
                let thread = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
                thread.body()
                return nil
            }, box.toOpaque())
        pthread_detach(handle)
    }
}

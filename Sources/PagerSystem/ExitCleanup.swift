import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whatever must not outlive the process: the process groups of the children it started and its
/// temporary folders, killed and deleted however the process ends.
///
/// Children and folders register themselves when made and leave when cleaned up normally. After
/// `install()`, the rest is cleaned up at `exit` (atexit) and on SIGINT, SIGTERM and SIGHUP: the
/// handler only writes the signal's number to a pipe (all a handler may safely do), and a watcher
/// thread does the work, then restores the default action and raises the signal again, so the
/// exit status still says what ended the process.
///
/// `install()` is called by whoever starts a browser, not at start-up: the REPL has a SIGINT
/// handler of its own (Ctrl-C silences speech), and a signal that already has a handler or is
/// ignored is left as it is. Such a program calls `cleanUpNow()` from its own handling instead.
package enum ExitCleanup {
    /// A ticket for one registered group or folder, to unregister it by.
    package struct Registration: Sendable, Hashable {
        fileprivate let number: Int
    }

    private enum Item: Sendable {
        case group(ProcessGroup)
        case folder(String)
    }

    private struct Registry {
        var items: [Int: Item] = [:]
        var nextNumber = 0
        var installed = false
    }

    private static let registry = Locked(Registry())

    /// Registers a process group to kill when the process ends.
    package static func register(group: ProcessGroup) -> Registration { add(.group(group)) }

    /// Registers a folder to delete when the process ends.
    package static func register(folder path: String) -> Registration { add(.folder(path)) }

    /// Forgets a registration (its group was killed or its folder removed normally).
    package static func unregister(_ registration: Registration) {
        registry.withLock { _ = $0.items.removeValue(forKey: registration.number) }
    }

    /// Cleans up at exit and on SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM
    /// from now on (every signal whose default ends the process and that can be caught).
    /// Idempotent.
    package static func install() {
        let first = registry.withLock { registry in
            defer { registry.installed = true }
            return !registry.installed
        }
        guard first else { return }
        atexit { ExitCleanup.cleanUpNow() }
        guard let pipe = try? ProcessRaw.makePipe() else { return }
        // A full pipe (a flood of signals) must never block the handler.
        _ = fcntl(pipe.write.rawValue, F_SETFL, fcntl(pipe.write.rawValue, F_GETFL) | O_NONBLOCK)
        SignalPipe.writeEnd = pipe.write.rawValue
        OwnedThread.start(name: "exit cleanup", stackSize: 1 << 18) { watch(pipe.read) }
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM] {
            var current = sigaction()
            sigaction(signal, nil, &current)
            // Left alone: a signal ignored (nohup) or already handled (the REPL's Ctrl-C). Except
            // SIGQUIT (Ctrl-\), which Swift's backtracer takes for a crash: it printed "Program
            // crashed" with every thread for a person's request to quit, and left the browser's
            // profile behind.
            // An ignored SIGQUIT stays ignored (a shell's background job).
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            guard handler == 0 || signal == SIGQUIT && handler != 1 else { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = signalPipeHandler
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Kills every registered group, waits (briefly) for their processes to be gone so none is
    /// still writing, then deletes every registered folder. Safe from any thread, more than once.
    package static func cleanUpNow() {
        let items = registry.withLock { registry in
            defer { registry.items = [:] }
            return registry.items.sorted { $0.key < $1.key }.map(\.value)
        }
        var groups: [ProcessGroup] = []
        var folders: [String] = []
        for item in items {
            switch item {
            case .group(let group): groups.append(group)
            case .folder(let path): folders.append(path)
            }
        }
        for group in groups { ProcessRaw.signalGroup(group.id, SIGKILL) }
        let deadline = ContinuousClock.now + .seconds(2)
        for group in groups { _ = group.waitUntilGone(until: deadline) }
        for folder in folders { _ = FolderRemoval.remove(folder) }
    }

    private static func add(_ item: Item) -> Registration {
        registry.withLock { registry in
            registry.nextNumber += 1
            registry.items[registry.nextNumber] = item
            return Registration(number: registry.nextNumber)
        }
    }

    /// The watcher thread: for the first signal that arrives, cleans up and ends the process the
    /// way the signal would have.
    private static func watch(_ readEnd: FileDescriptor) {
        var byte: UInt8 = 0
        guard Interrupted.retry({ read(readEnd.rawValue, &byte, 1) }) == 1 else { return }
        let number = Int32(byte)
        cleanUpNow()
        signal(number, SIG_DFL)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, number)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        raise(number)
    }
}

/// The write end of the signal pipe, read by the handler. A plain global set once before any
/// handler is installed: the handler may touch nothing that locks or allocates.
private enum SignalPipe {
    nonisolated(unsafe) static var writeEnd: Int32 = -1
}

/// The handler itself: one byte, the signal's number, into the pipe; errno kept as it was for the
/// code the signal interrupted.
private func signalPipeHandler(_ signal: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(SignalPipe.writeEnd, &byte, 1)
    errno = saved
}

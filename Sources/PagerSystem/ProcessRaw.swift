import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The raw calls behind `ChildProcess`, `ProcessGroup` and `ExitCleanup`: posix_spawn, pipes,
/// pidfds, waitpid and the /proc files, each retried when interrupted and failing with `Errno`.
///
/// Three of them (`pipe2`, `pidfd_open`, `posix_spawn_file_actions_addclosefrom_np`) are in glibc
/// but declared only for `_GNU_SOURCE` or in headers Swift's Glibc module leaves out, so they are
/// looked up by name once; where one is missing, the caller falls back to a slower equivalent.
enum ProcessRaw {
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    private static func lookUp<T>(_ name: String, as _: T.Type) -> T? {
        // A null handle is RTLD_DEFAULT: the symbol wherever the process has it.
        dlsym(nil, name).map { unsafeBitCast($0, to: T.self) }
    }

    private static let pipe2 = lookUp("pipe2", as: Pipe2.self)
    private static let pidfdOpen = lookUp("pidfd_open", as: PidfdOpen.self)
    private static let addCloseFrom = lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

    /// A pipe whose two ends are close-on-exec from the start, so no child spawned meanwhile by
    /// another thread inherits them (`pipe2(O_CLOEXEC)`; plain `pipe` then `fcntl` without it).
    static func makePipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        if let pipe2 {
            _ = try ends.withUnsafeMutableBufferPointer { buffer throws(Errno) in
                try Interrupted.check { pipe2(buffer.baseAddress!, O_CLOEXEC) }
            }
        } else {
            _ = try Interrupted.check { Glibc.pipe(&ends) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// A close-on-exec copy of `descriptor` numbered `minimum` or above: where a descriptor waits
    /// before the child's `dup2` gives it its final number, so no two mappings can overwrite each
    /// other's source.
    static func duplicate(_ descriptor: FileDescriptor, atLeast minimum: Int32) throws(Errno) -> FileDescriptor {
        FileDescriptor(rawValue: try Interrupted.check { fcntl(descriptor.rawValue, F_DUPFD_CLOEXEC, minimum) })
    }

    /// What a child's descriptor is made from, in the child, before the program runs.
    enum Source {
        /// `/dev/null`, opened with these flags.
        case null(flags: Int32)
        /// A descriptor of ours, duplicated onto the child's number.
        case descriptor(FileDescriptor)
    }

    /// Starts `path` in a process group of its own with default signal handling and no blocked
    /// signals, with each of `descriptors` set up as listed and every other descriptor above them
    /// closed. Returns posix_spawn's error, which in glibc includes the exec's (ENOENT, EACCES).
    static func spawn(
        path: String, arguments: [String], environment: [String: String], descriptors: [(number: Int32, source: Source)]
    ) -> Result<pid_t, Errno> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, source) in descriptors {
            switch source {
            case .null(let flags): posix_spawn_file_actions_addopen(&actions, number, "/dev/null", flags, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor.rawValue, number)
            }
        }
        // Only the listed descriptors reach the program, even ones another library opened without
        // close-on-exec.
        let highest = descriptors.map(\.number).max() ?? 2
        _ = addCloseFrom.map { $0(&actions, max(highest, 2) + 1) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                posix_spawn(
                    &pid, path, &actions, &attributes, UnsafeMutablePointer(mutating: argvBuffer.baseAddress!),
                    UnsafeMutablePointer(mutating: envpBuffer.baseAddress!))
            }
        }
        return status == 0 ? .success(pid) : .failure(Errno(rawValue: status))
    }

    /// A descriptor that becomes readable when `pid` exits (Linux 5.3 and later), or nil where the
    /// system has none; then waiting falls back to checking every few milliseconds.
    static func openExitDescriptor(_ pid: pid_t) -> FileDescriptor? {
        guard let pidfdOpen else { return nil }
        let descriptor = pidfdOpen(pid, 0)
        return descriptor >= 0 ? FileDescriptor(rawValue: descriptor) : nil
    }

    /// waitpid without blocking: the status once `pid` has exited (it is then reaped), nil while it
    /// runs. A child someone else reaped (`ECHILD`) has ended with a status no one can learn now;
    /// it is reported as killed by SIGKILL, the one way we end children ourselves.
    static func reap(_ pid: pid_t) -> ExitStatus? {
        var raw: Int32 = 0
        let result = Interrupted.retry { waitpid(pid, &raw, WNOHANG) }
        if result == pid { return ExitStatus(waitStatus: raw) }
        if result == -1 && errno == ECHILD { return .signalled(SIGKILL) }
        return nil
    }

    /// Sends `signal` to every process of group `group`; false if there is none.
    @discardableResult
    static func signalGroup(_ group: pid_t, _ signal: Int32) -> Bool {
        group > 1 && killpg(group, signal) == 0
    }

    /// Sleeps a little: the fallback wait where the system has no pidfds.
    static func pause(milliseconds: Int) {
        var time = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
        _ = nanosleep(&time, nil)
    }

    /// The whole of a small file, such as /proc/PID/stat (nil if it cannot be read).
    static func readSmallFile(_ path: String, limit: Int = 4096) -> [UInt8]? {
        let descriptor = Interrupted.retry { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: limit)
        let count = bytes.withUnsafeMutableBytes { buffer in Interrupted.retry { read(descriptor, buffer.baseAddress, limit) } }
        return count >= 0 ? Array(bytes[..<count]) : nil
    }

    /// The names in the folder at `path` (without "." and ".."); none if it cannot be read.
    static func names(inFolder path: String) -> [String] {
        let descriptor = Interrupted.retry { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let names = (try? rawNames(in: FileDescriptor(rawValue: descriptor))) ?? []
        return names.map { name in name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
    }

    /// The names in the open folder `directory` as the system spells them (NUL-terminated bytes,
    /// so a name that is not UTF-8 can still be passed back to `unlinkat`), read through a copy of
    /// the descriptor so the caller's stays open.
    static func rawNames(in directory: FileDescriptor) throws(Errno) -> [[CChar]] {
        let copy = try Interrupted.check { fcntl(directory.rawValue, F_DUPFD_CLOEXEC, 0) }
        guard let stream = fdopendir(copy) else {
            let error = Errno(rawValue: errno)
            close(copy)
            throw error
        }
        defer { closedir(stream) }
        var names: [[CChar]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }).map { CChar(bitPattern: $0) })
            }
            if name != [46] && name != [46, 46] { names.append(name + [0]) }
        }
        return names
    }
}

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where output may go, and how: the one rule every file PagerVoice writes follows.
///
/// A file is put in place by a rename or a link, which replaces a *name*, whatever it named:
/// `verify --junit /dev/stdout` (or `/dev/null`, or a named pipe) once turned each into a regular
/// XML file, and as root `--junit /dev/full` replaced the system's `/dev/full`. So what a path
/// names is looked at first (lstat, then stat through a symbolic link), a `Rule` says what may be
/// done to it, and it is looked at again just before the rename.
public enum OutputFile {
    /// What a path names.
    public indirect enum Kind: Sendable, Equatable, CustomStringConvertible {
        case nothing
        case regularFile
        case folder
        case namedPipe
        case characterDevice
        case blockDevice
        case socket
        /// A symbolic link, and what it leads to (`.nothing` when it leads nowhere).
        case link(to: Kind)
        /// One of this process's open descriptors, as `/dev/stdout`, `/dev/fd/N` or
        /// `/proc/self/fd/N` name it (directly or through symbolic links).
        case descriptor(Int32)

        public var description: String {
            switch self {
            case .nothing: "nothing"
            case .regularFile: "a regular file"
            case .folder: "a folder"
            case .namedPipe: "a named pipe"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .link(let target): "a symbolic link to \(target)"
            case .descriptor(0): "standard input"
            case .descriptor(1): "standard output"
            case .descriptor(2): "standard error"
            case .descriptor(let number): "descriptor \(number)"
            }
        }

        /// Something written to as it is read: never replaced, never truncated.
        var isStream: Bool {
            switch self {
            case .namedPipe, .characterDevice, .descriptor, .link(to: .namedPipe), .link(to: .characterDevice): true
            default: false
            }
        }
    }

    /// What may be done to what a path names.
    public enum Rule: Sendable, Equatable {
        /// A new file only (`frames --svg`): whatever is there, even a symbolic link to nothing,
        /// is left alone and refused. Someone who names a thing they already have made a typo.
        case newFile
        /// A report that CI writes again on every run (`verify --junit`). Nothing or a regular
        /// file: the report replaces it whole, in one rename. A stream (a named pipe, a character
        /// device, a symbolic link to one, or this process's own descriptor as `/dev/stdout`
        /// names it): written through, as a shell's `>` would, never replaced. Anything else is
        /// refused, a symbolic link to a regular file included: replacing the link would leave
        /// the file it names holding the last run's report for a dashboard to show as this run's,
        /// and writing through it would write wherever a planted link points. Name the file.
        case report
        /// A file of the state folder (line history): a regular file or nothing, replaced whole.
        /// Anything else is left alone and refused (`ln -s /dev/null history` is how people keep
        /// no history, and libedit's own writer turned that into a chmod of /dev/null).
        case stateFile
    }

    /// How output reaches a path.
    public enum Plan: Sendable, Equatable {
        /// Nothing is there: a new file is written beside it and linked in place, which never
        /// replaces something that appeared meanwhile.
        case create
        /// A regular file: a new one is written beside it and renamed over it.
        case replace
        /// A stream: opened for writing (no truncation, no creation) and written.
        case writeThrough
    }

    /// Why nothing was written.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A new file was asked for and something is there.
        case exists(Kind)
        /// The rule does not allow writing to what is there.
        case refused(Kind)
        /// The system's reason (no such folder, no space left on device).
        case failed(Errno)

        /// Why, without the path: the caller names it, made safe for a terminal.
        public var description: String {
            switch self {
            case .exists(let kind): "it already exists (\(kind))"
            case .refused(.link(to: .regularFile)): "it is a symbolic link to a regular file; name the file itself"
            case .refused(.descriptor(let number)): "it is \(Kind.descriptor(number)), open for reading only"
            case .refused(let kind): "it is \(kind)"
            case .failed(let errno): errno.description
            }
        }
    }

    // MARK: Looking

    /// What `path` names. Throws only when that cannot be told (a path through a regular file,
    /// a folder that may not be searched); a missing folder on the way is `.nothing`.
    public static func kind(of path: String) throws(Errno) -> Kind {
        if let number = descriptorNumber(path) { return .descriptor(number) }
        var info = stat()
        if Interrupted.retry({ lstat(path, &info) }) != 0 {
            let error = Errno(rawValue: errno)
            if error == .noSuchFileOrDirectory { return .nothing }
            throw error
        }
        guard (info.st_mode & S_IFMT) == S_IFLNK else { return kind(ofMode: info.st_mode) }
        if let number = descriptorBehindLinks(path) { return .descriptor(number) }
        if Interrupted.retry({ stat(path, &info) }) != 0 {
            let error = Errno(rawValue: errno)
            if error == .noSuchFileOrDirectory { return .link(to: .nothing) }
            throw error
        }
        return .link(to: kind(ofMode: info.st_mode))
    }

    /// How output would reach `path` under `rule`, or why it may not, without touching it (a
    /// named pipe is not opened, so this never waits). A new or replaced file's folder must
    /// exist and be writable, so a run can refuse at its start instead of after its work.
    public static func plan(_ path: String, rule: Rule) throws(Failure) -> Plan {
        let kind: Kind
        do { kind = try self.kind(of: path) } catch { throw .failed(error) }
        switch (rule, kind) {
        case (_, .nothing):
            try checkFolder(of: path)
            return .create
        case (.newFile, _):
            throw .exists(kind)
        case (_, .regularFile):
            try checkFolder(of: path)
            return .replace
        case (.report, .descriptor(let number)):
            let flags = fcntl(number, F_GETFL)
            guard flags != -1 else { throw .failed(.badFileDescriptor) }
            guard flags & O_ACCMODE != O_RDONLY else { throw .refused(kind) }
            return .writeThrough
        case (.report, _) where kind.isStream:
            return .writeThrough
        default:
            throw .refused(kind)
        }
    }

    /// Whether `path` is a regular file itself (not through a symbolic link): the only state
    /// file PagerVoice reads back, so a named pipe there cannot hold a start up.
    public static func isRegularFile(_ path: String) -> Bool {
        (try? kind(of: path)) == .regularFile
    }

    // MARK: Writing

    /// Writes `bytes` to `path` as `rule` allows, whole or not at all: a new or replaced file is
    /// written and flushed to disk under a hidden name beside it first (removed whatever
    /// happens); a stream gets every byte or the error (`No space left on device` from a full
    /// one). Opening a named pipe waits for its reader, as a shell's `>` does.
    public static func write(_ bytes: [UInt8], to path: String, rule: Rule) throws(Failure) {
        // Twice at most: if something appears where nothing was, what it is decides again.
        for _ in 0..<2 {
            switch try plan(path, rule: rule) {
            case .writeThrough:
                return try writeThrough(bytes, to: path)
            case .create:
                if try putInPlace(bytes, at: path, replacing: false) { return }
            case .replace:
                if try putInPlace(bytes, at: path, replacing: true) { return }
            }
        }
        throw .failed(.fileExists)
    }

    /// The file named by `path` after writing `bytes` beside it; false when what is at `path`
    /// changed kind meanwhile (nothing written there; the caller looks again).
    private static func putInPlace(_ bytes: [UInt8], at path: String, replacing: Bool) throws(Failure) -> Bool {
        let (folderPath, name) = split(path)
        let folder: FileDescriptor
        switch DirectoryRaw.openDirectory(folderPath) {
        case .success(let opened): folder = opened
        case .failure(let error): throw .failed(error)
        }
        defer { try? folder.close() }
        let scratch = ".pagervoice-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).partial"
        let file: FileDescriptor
        switch DirectoryRaw.createExclusive(scratch, in: folder, permissions: [.ownerReadWrite, .groupRead, .otherRead]) {
        case .success(let created): file = created
        case .failure(let error): throw .failed(error)
        }
        defer { _ = DirectoryRaw.remove(scratch, in: folder) }
        do {
            try file.closeAfter {
                _ = try file.writeAll(bytes)
                _ = try Interrupted.check { fsync(file.rawValue) }
            }
        } catch {
            throw .failed(error as? Errno ?? .ioError)
        }
        // Only a regular file (or nothing) may be replaced: looked at again just before.
        var exists = false
        switch DirectoryRaw.status(of: name, in: folder) {
        case .success(let info) where (info.st_mode & S_IFMT) == S_IFREG: exists = true
        case .success: return false
        case .failure(.noSuchFileOrDirectory): exists = false
        case .failure(let error): throw .failed(error)
        }
        guard exists else {
            switch DirectoryRaw.link(scratch, to: name, in: folder) {
            case .success: return true
            case .failure(.fileExists): return false
            case .failure(let error): throw .failed(error)
            }
        }
        guard replacing else { return false }
        switch DirectoryRaw.rename(scratch, to: name, in: folder) {
        case .success: return true
        case .failure(let error): throw .failed(error)
        }
    }

    /// Every byte to the stream `path` names, or the error.
    private static func writeThrough(_ bytes: [UInt8], to path: String) throws(Failure) {
        let kind: Kind
        do { kind = try self.kind(of: path) } catch { throw .failed(error) }
        let raw: Int32
        do {
            if case .descriptor(let number) = kind {
                // A copy of the descriptor itself, not a new opening of what it names: its
                // position and mode are kept (`--junit /dev/stdout >>log` appends to log).
                raw = try Interrupted.check { fcntl(number, F_DUPFD_CLOEXEC, 0) }
            } else {
                // Neither created nor truncated; a symbolic link is followed only if that is what the
                // path is (as the user named it), never one that appeared meanwhile.
                let noFollow = if case .link = kind { Int32(0) } else { O_NOFOLLOW }
                raw = try Interrupted.check { open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | noFollow) }
            }
        } catch {
            throw .failed(error)
        }
        let stream = FileDescriptor(rawValue: raw)
        defer { try? stream.close() }
        var info = stat()
        guard fstat(raw, &info) == 0 else { throw .failed(Errno(rawValue: errno)) }
        let opened = Self.kind(ofMode: info.st_mode)
        // Something else put there since it was looked at is never written over.
        if case .descriptor = kind {
        } else if opened != .namedPipe && opened != .characterDevice {
            throw .refused(opened)
        }
        do { _ = try stream.writeAll(bytes) } catch { throw .failed(error as? Errno ?? .ioError) }
    }

    // MARK: Appending

    /// A log appended to across runs (the recogniser's): a regular file or nothing, opened
    /// without following a symbolic link and without waiting on a named pipe, or the error.
    /// Past `limit` bytes it is moved to `PATH.old` first (replacing only a regular file there),
    /// so it does not grow for as long as PagerVoice is used.
    public static func openLog(_ path: String, movingAsidePast limit: Int) throws(Errno) -> FileDescriptor {
        var info = stat()
        let old = try? kind(of: path + ".old")
        if Interrupted.retry({ lstat(path, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > limit,
            old == .nothing || old == .regularFile
        {
            _ = rename(path, path + ".old")
        }
        // Non-blocking only to open: a named pipe with no reader fails at once (ENXIO).
        let raw = try Interrupted.check { open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
        let log = FileDescriptor(rawValue: raw)
        guard fstat(raw, &info) == 0 else {
            let error = Errno(rawValue: errno)
            try? log.close()
            throw error
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            try? log.close()
            throw kind(ofMode: info.st_mode) == .folder ? .isDirectory : .notPermitted
        }
        guard fcntl(raw, F_SETFL, fcntl(raw, F_GETFL) & ~O_NONBLOCK) == 0 else {
            let error = Errno(rawValue: errno)
            try? log.close()
            throw error
        }
        return log
    }

    // MARK: Parts

    private static func kind(ofMode mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: .regularFile
        case S_IFDIR: .folder
        case S_IFIFO: .namedPipe
        case S_IFCHR: .characterDevice
        case S_IFBLK: .blockDevice
        case S_IFSOCK: .socket
        case S_IFLNK: .link(to: .nothing)
        default: .nothing
        }
    }

    /// The folder a new file goes into must be there, be a folder and be writable.
    private static func checkFolder(of path: String) throws(Failure) {
        let (folder, name) = split(path)
        if name.isEmpty || name == "." || name == ".." { throw .failed(.isDirectory) }
        var info = stat()
        guard Interrupted.retry({ stat(folder, &info) }) == 0 else { throw .failed(Errno(rawValue: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .failed(.notDirectory) }
        guard access(folder, W_OK | X_OK) == 0 else { throw .failed(Errno(rawValue: errno)) }
    }

    /// The folder part ("." when there is none) and the last name of `path`.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (String(path[...slash]), String(path[path.index(after: slash)...]))
    }

    /// The descriptor `path` names in the kernel's own spellings, else nil.
    private static func descriptorNumber(_ path: String) -> Int32? {
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let digits = path.dropFirst(prefix.count)
            guard (1...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int32(digits)
        }
        return nil
    }

    /// The descriptor a chain of symbolic links (`/dev/stdout` → `/proc/self/fd/1`) ends at,
    /// else nil.
    private static func descriptorBehindLinks(_ path: String) -> Int32? {
        var current = path
        for _ in 0..<16 {
            if let number = descriptorNumber(current) { return number }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") || !current.contains("/") ? target : split(current).folder + target
        }
        return nil
    }
}

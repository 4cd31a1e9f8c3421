import Dispatch
import Glibc
import PagerSystem
import SystemPackage

/// Writes each utterance to its own file, DIR/0001.wav, DIR/0002.wav, … (22050 Hz, 16-bit mono
/// PCM with a plain 44-byte RIFF header), so speech can be checked in CI or listened to later.
///
/// What is in the folder is never destroyed, and no file is ever seen half written:
/// - Numbering continues after the highest `NNNN.wav` already there, so a second run (or each
///   `say`) adds files instead of rewriting 0001.wav.
/// - An utterance is written in full into a file that has no name yet (`O_TMPFILE`), which is then
///   linked under its number. Where the file system cannot make unnamed files, a hidden name
///   created exclusively (`.pagervoice-…`) takes its place and is hard-linked, then removed.
///   A link never replaces anything: if the number is taken (another process writing to the same
///   folder, a file or a symlink planted there), the next number is tried. Nothing is ever opened
///   through a symlink.
/// - A write that fails (disk full, I/O error) leaves nothing behind and is this utterance's
///   failure in its `SinkReport`; every path reported is a complete WAV file.
/// - `shutDown()` (Ctrl-C before `_exit`) makes sure no file appears afterwards.
///
/// An interrupted utterance still gets its file, holding what was spoken before the interruption.
/// Files are not `fsync`ed: the guarantee is against other writers and failed writes, not power loss.
///
/// Making the unnamed file is the dearest step of a write (the file system allocates its inode:
/// about a quarter of a millisecond on ext4, more than writing 40 KB), so it is made ahead, on a
/// queue of the sink's own, while the utterance is synthesised: on a second core it costs the
/// utterance nothing. The file is still written and named when the utterance ends, so the event
/// that reports its path comes after it exists, complete.
public final class WAVSink: AudioSink {
    /// The folder as given.
    public let directory: String

    /// The folder, opened once: files go where it was when the sink opened, even if the path is
    /// later renamed or replaced.
    private let folder: FileDescriptor
    /// Whether the file system makes unnamed files; otherwise hidden temporary names are used.
    private let writesUnnamed: Bool

    private struct State {
        var nextNumber: Int
        var samples: [Int16] = []
        var sampleRate = 22050
        /// Set by `shutDown`: no file may appear from now on.
        var closed = false
        /// The hidden temporary file being written (only without unnamed files), so `shutDown`
        /// can remove it.
        var temporaryName: String?
        /// The unnamed file made ahead for the next utterance, and whether one is being made.
        var ready: FileDescriptor?
        var making = false
    }

    private let state: Locked<State>
    /// Makes the next unnamed file while an utterance is synthesised (`prepareNextFile`).
    private let ahead = DispatchQueue(label: "PagerVoice.WAVSink.ahead")

    private static let permissions: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead]
    /// How many taken numbers in a row to skip before giving up on an utterance.
    static let maximumSkippedNumbers = 10_000

    /// Creates the directory if needed and proves it writable by creating, naming and removing a
    /// file, so a bad `--wav-dir` fails at start-up rather than at the first announcement. (A
    /// permission check would not do: root may write anywhere mode bits forbid, but not to a
    /// read-only file system or a path through a regular file.) An empty path is refused rather
    /// than taken to mean the current folder.
    public convenience init(directory: String, firstNumber: Int = 1) throws(SpeechError) {
        try self.init(directory: directory, firstNumber: firstNumber, allowsUnnamedFiles: true)
    }

    /// `allowsUnnamedFiles: false` uses hidden temporary names even where the file system could
    /// do better, so tests cover the way other file systems are written to.
    package init(directory: String, firstNumber: Int = 1, allowsUnnamedFiles: Bool) throws(SpeechError) {
        guard !directory.isEmpty else {
            throw .wavDirectoryUnwritable(path: directory, reason: "the folder name is empty")
        }
        try Self.makeDirectory(directory)
        let folder: FileDescriptor
        switch DirectoryRaw.openDirectory(directory) {
        case .success(let opened): folder = opened
        case .failure(let error): throw .wavDirectoryUnwritable(path: directory, reason: error.description)
        }
        do throws(SpeechError) {
            writesUnnamed = try Self.probe(folder, path: directory, tryUnnamed: allowsUnnamedFiles)
            let existing: [String]
            switch DirectoryRaw.names(in: folder) {
            case .success(let names): existing = names
            case .failure(let error): throw .wavDirectoryUnwritable(path: directory, reason: error.description)
            }
            let highest = existing.compactMap(Self.number(inFileName:)).max() ?? 0
            state = Locked(State(nextNumber: max(firstNumber, highest + 1, 0)))
        } catch {
            try? folder.close()
            throw error
        }
        self.directory = directory
        self.folder = folder
    }

    deinit {
        try? state.withLock { $0.ready }?.close()
        try? folder.close()
    }

    /// The file an utterance numbered `number` goes to.
    public func path(forNumber number: Int) -> String {
        (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName(forNumber: number)
    }

    /// Whether files are written unnamed (`O_TMPFILE`) rather than under hidden temporary names.
    package var usesUnnamedFiles: Bool { writesUnnamed }

    /// The number the next file will get, unless that name is taken by then.
    public var nextNumber: Int { state.withLock { $0.nextNumber } }

    /// Samples of buffer kept between utterances (about 24 s of speech, 1 MiB).
    static let keptCapacity = 512 * 1024

    public func begin(_ utterance: UtteranceInfo) {
        state.withLock { state in
            state.samples.removeAll(keepingCapacity: true)
            state.sampleRate = utterance.sampleRate
        }
        prepareAhead()
    }

    /// Starts making the next unnamed file, unless one is made or being made.
    private func prepareAhead() {
        let prepare = state.withLock { state -> Bool in
            guard writesUnnamed, !state.closed, state.ready == nil, !state.making else { return false }
            state.making = true
            return true
        }
        if prepare { ahead.async { [self] in prepareNextFile() } }
    }

    /// Makes the unnamed file the next utterance is written to. One that cannot be made is not
    /// an error here: `stage` tries again when the utterance ends, and reports why it failed.
    private func prepareNextFile() {
        let made = try? DirectoryRaw.createUnnamed(in: folder, permissions: Self.permissions).get()
        let unused = state.withLock { state -> FileDescriptor? in
            state.making = false
            guard !state.closed else { return made }
            state.ready = made
            return nil
        }
        try? unused?.close()
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        state.withLock { $0.samples.append(contentsOf: samples) }
    }

    public func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
        // The file being made ahead is finished first (at once, if it is already).
        if writesUnnamed { ahead.sync {} }
        // The samples are moved out of the lock (no copy) and written without holding it, so
        // `shutDown` never waits for the disk; they come back afterwards with their capacity, so
        // no buffer is freed and grown again per announcement (that churn showed in `make bench`).
        let taken = state.withLock { state -> (samples: [Int16], rate: Int, file: Result<Staged, SpeechError>)? in
            // Cut off before its first sample: like an utterance stopped before it began, no file.
            if interrupted && state.samples.isEmpty { return nil }
            if state.closed {
                return ([], 0, .failure(.wavWriteFailed(path: directory, reason: "WAV output was shut down")))
            }
            let file = stage(&state)
            defer { state.samples = [] }
            return (state.samples, state.sampleRate, file)
        }
        guard var taken else { return .ok }
        let result: Result<String, SpeechError>
        switch taken.file {
        case .failure(let error):
            result = .failure(error)
        case .success(let staged):
            let written = Self.writeWAV(taken.samples, sampleRate: taken.rate, to: staged.file)
            result = publish(staged, written: written)
        }
        // A long text can leave minutes of samples behind: keep only a buffer of ordinary size.
        taken.samples.removeAll(keepingCapacity: taken.samples.capacity <= Self.keptCapacity)
        state.withLock { state in
            if state.samples.isEmpty { swap(&state.samples, &taken.samples) }
        }
        // The next utterance's file is made while the caller reports this one and reads on.
        prepareAhead()
        switch result {
        case .success(let path): return SinkReport(filePath: path)
        case .failure(let error): return SinkReport(failure: error)
        }
    }

    /// Nothing to silence: the file keeps what was spoken before the interruption.
    public func flush() {}

    /// After this returns no file appears in the folder, and a file being written is removed
    /// (an unnamed one needs nothing: it never got a name and vanishes when closed or at exit).
    /// Does not wait for a write in progress. Later utterances report a failure.
    public func shutDown() {
        let (temporary, ready) = state.withLock { state -> (String?, FileDescriptor?) in
            state.closed = true
            defer { (state.temporaryName, state.ready) = (nil, nil) }
            return (state.temporaryName, state.ready)
        }
        if let temporary { _ = DirectoryRaw.remove(temporary, in: folder) }
        try? ready?.close()
    }

    // MARK: Writing one file

    /// A file being written, not yet visible under its number.
    private struct Staged {
        let file: FileDescriptor
        /// The hidden name, when the file system cannot make unnamed files.
        let temporaryName: String?
    }

    /// Creates the file for the next utterance (under the state lock, so `shutDown` knows of a
    /// temporary name the moment it exists).
    private func stage(_ state: inout State) -> Result<Staged, SpeechError> {
        var created: Result<Staged, Errno> = .failure(.fileExists)
        if writesUnnamed, let ready = state.ready {
            state.ready = nil
            created = .success(Staged(file: ready, temporaryName: nil))
        } else if writesUnnamed {
            created = DirectoryRaw.createUnnamed(in: folder, permissions: Self.permissions).map { Staged(file: $0, temporaryName: nil) }
        } else {
            while case .failure(.fileExists) = created {
                let name = Self.temporaryName()
                created = DirectoryRaw.createExclusive(name, in: folder, permissions: Self.permissions)
                    .map { Staged(file: $0, temporaryName: name) }
            }
        }
        switch created {
        case .success(let staged):
            if let name = staged.temporaryName { state.temporaryName = name }
            return .success(staged)
        case .failure(var error):
            // Linux refuses an unnamed file in a removed folder with EPERM; say what happened.
            if DirectoryRaw.wasRemoved(folder) { error = .noSuchFileOrDirectory }
            // As with a failed write, the number goes with the utterance that failed.
            defer { state.nextNumber += 1 }
            return .failure(.wavWriteFailed(path: path(forNumber: state.nextNumber), reason: error.description))
        }
    }

    /// Gives a fully written file the first free number, or removes it if the write failed or the
    /// sink was shut down meanwhile. Returns the final path.
    private func publish(_ staged: Staged, written: Errno?) -> Result<String, SpeechError> {
        defer {
            if let name = staged.temporaryName { _ = DirectoryRaw.remove(name, in: folder) }
            try? staged.file.close()
        }
        return state.withLock { state -> Result<String, SpeechError> in
            if staged.temporaryName != nil { state.temporaryName = nil }
            if let written {
                // The number goes with the utterance that failed, so the next file's number still
                // counts the utterances (as when every write succeeds).
                defer { state.nextNumber += 1 }
                return .failure(.wavWriteFailed(path: path(forNumber: state.nextNumber), reason: written.description))
            }
            if state.closed {
                return .failure(.wavWriteFailed(path: directory, reason: "WAV output was shut down"))
            }
            for _ in 0..<Self.maximumSkippedNumbers {
                let number = state.nextNumber
                let name = Self.fileName(forNumber: number)
                let linked =
                    if let temporary = staged.temporaryName {
                        DirectoryRaw.link(temporary, to: name, in: folder)
                    } else {
                        DirectoryRaw.name(staged.file, name, in: folder)
                    }
                switch linked {
                case .success:
                    state.nextNumber = number + 1
                    return .success(path(forNumber: number))
                case .failure(.fileExists):
                    // Taken by someone else (or planted): never replaced, never followed.
                    state.nextNumber = number + 1
                case .failure(let error):
                    // As with a failed write (a file made ahead cannot be named in a folder
                    // removed since), the number goes with the utterance that failed.
                    state.nextNumber = number + 1
                    return .failure(.wavWriteFailed(path: path(forNumber: number), reason: error.description))
                }
            }
            return .failure(
                .wavWriteFailed(
                    path: path(forNumber: state.nextNumber),
                    reason: "the previous \(Self.maximumSkippedNumbers) file numbers are all taken"))
        }
    }

    /// Header and samples, in full; the error if not.
    private static func writeWAV(_ samples: [Int16], sampleRate: Int, to file: FileDescriptor) -> Errno? {
        do {
            try file.writeAll(header(sampleCount: samples.count, sampleRate: sampleRate))
            #if _endian(little)
                // Already laid out as the file wants them: written as they are, never copied.
                try samples.withUnsafeBytes { _ = try file.writeAll($0) }
            #else
                try samples.map(\.littleEndian).withUnsafeBytes { _ = try file.writeAll($0) }
            #endif
            return nil
        } catch let error as Errno {
            return error
        } catch {
            return .ioError
        }
    }

    /// The 44 bytes before the samples in the canonical PCM WAV layout: a RIFF header with one
    /// `fmt ` chunk and one `data` chunk, then little-endian samples, which every audio tool reads
    /// and tests can check field by field.
    static func header(sampleCount: Int, sampleRate: Int) -> [UInt8] {
        let dataBytes = sampleCount * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func append32(_ value: Int) {
            let v = UInt32(truncatingIfNeeded: value)
            bytes += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        }
        func append16(_ value: Int) {
            let v = UInt16(truncatingIfNeeded: value)
            bytes += [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        bytes += Array("RIFF".utf8)
        append32(36 + dataBytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append32(16)  // fmt chunk size
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(sampleRate * 2)  // byte rate
        append16(2)  // block align
        append16(16)  // bits per sample
        bytes += Array("data".utf8)
        append32(dataBytes)
        return bytes
    }

    // MARK: Names

    static func fileName(forNumber number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".wav"
    }

    /// The number in a name this sink would write ("0042.wav" → 42); nil for anything else.
    static func number(inFileName name: String) -> Int? {
        guard name.hasSuffix(".wav") else { return nil }
        let digits = name.dropLast(4)
        guard (4...9).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    private static func temporaryName() -> String {
        ".pagervoice-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).wav.tmp"
    }

    // MARK: Start-up

    /// A folder, or a symbolic link to one (followed: the user named it; nothing inside is ever
    /// followed), is used as it is; nothing there is created with its parents. Anything else (a
    /// file, a named pipe, a device, `/dev/stdout`, a link to nothing) is refused and untouched.
    private static func makeDirectory(_ path: String) throws(SpeechError) {
        switch Result(catching: { () throws(Errno) in try OutputFile.kind(of: path) }) {
        case .success(.folder), .success(.link(to: .folder)):
            return
        case .success(.nothing):
            break
        case .success(let kind):
            throw .wavDirectoryUnwritable(path: path, reason: "it is \(kind), not a folder")
        case .failure(let error):
            throw .wavDirectoryUnwritable(path: path, reason: error.description)
        }
        var info = stat()
        // Create missing parents first, like `mkdir -p`.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 {
                let error = Errno(rawValue: errno)
                if error != .fileExists {
                    throw .wavDirectoryUnwritable(path: path, reason: error.description)
                }
            }
            prefix += "/"
        }
        if stat(path, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
            throw .wavDirectoryUnwritable(path: path, reason: Errno.notDirectory.description)
        }
    }

    /// Writes, names and removes a hidden file the way utterances will be written; returns
    /// whether unnamed files work here.
    private static func probe(_ folder: FileDescriptor, path: String, tryUnnamed: Bool) throws(SpeechError) -> Bool {
        let name = temporaryName()
        let failed = { (error: Errno) in SpeechError.wavDirectoryUnwritable(path: path, reason: error.description) }
        switch tryUnnamed ? DirectoryRaw.createUnnamed(in: folder, permissions: permissions) : .failure(.notSupported) {
        case .success(let file):
            defer { try? file.close() }
            switch DirectoryRaw.name(file, name, in: folder) {
            case .success:
                _ = DirectoryRaw.remove(name, in: folder)
                return true
            case .failure(let error) where !unnamedFilesUnsupported(error):
                throw failed(error)
            case .failure:
                break
            }
        case .failure(let error) where !unnamedFilesUnsupported(error):
            throw failed(error)
        case .failure:
            break
        }
        switch DirectoryRaw.createExclusive(name, in: folder, permissions: permissions) {
        case .success(let file):
            try? file.close()
            let linked = DirectoryRaw.link(name, to: name + ".link", in: folder)
            _ = DirectoryRaw.remove(name, in: folder)
            _ = DirectoryRaw.remove(name + ".link", in: folder)
            if case .failure(let error) = linked {
                // Without hard links a file could only be put in place by a rename, which on
                // this system (no renameat2 in Swift's Glibc) could replace a file: refuse.
                throw .wavDirectoryUnwritable(path: path, reason: "the file system cannot link files (\(error))")
            }
            return false
        case .failure(let error):
            throw failed(error)
        }
    }

    /// The errors of a file system (or kernel) without `O_TMPFILE`, or of linking one without
    /// /proc and without the privilege `AT_EMPTY_PATH` needs.
    private static func unnamedFilesUnsupported(_ error: Errno) -> Bool {
        [.notSupported, .notSupportedOnSocket, .isDirectory, .invalidArgument, .notPermitted, .noSuchFileOrDirectory]
            .contains(error)
    }
}

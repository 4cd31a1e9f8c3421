import Glibc

/// Writes each utterance to its own file, DIR/0001.wav, DIR/0002.wav, … (22050 Hz, 16-bit mono
/// PCM with a plain 44-byte RIFF header), so speech can be checked in CI or listened to later.
///
/// Numbering starts at 0001 every run and overwrites earlier files, so a script always finds its
/// first announcement in 0001.wav. An interrupted utterance still gets its file, holding what
/// was spoken before the interruption.
public final class WAVSink: AudioSink {
    public let directory: String

    private struct State {
        var nextNumber: Int
        var samples: [Int16] = []
        var sampleRate = 22050
    }

    private let state: Locked<State>

    /// Creates the directory if needed and proves it writable by creating (and removing) a file,
    /// so a bad `--wav-dir` fails at start-up rather than at the first announcement. (A
    /// permission check would not do: root may write anywhere mode bits forbid, but not to a
    /// read-only file system or a path through a regular file.)
    public init(directory: String, firstNumber: Int = 1) throws(SpeechError) {
        let path = directory.isEmpty ? "." : directory
        try Self.makeDirectory(path)
        try Self.probeWritable(path)
        self.directory = path
        state = Locked(State(nextNumber: max(firstNumber, 0)))
    }

    /// The file an utterance numbered `number` goes to.
    public func path(forNumber number: Int) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return (directory.hasSuffix("/") ? directory : directory + "/") + padded + ".wav"
    }

    public func begin(_ utterance: UtteranceInfo) {
        state.withLock { state in
            state.samples.removeAll(keepingCapacity: true)
            state.sampleRate = utterance.sampleRate
        }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        state.withLock { $0.samples.append(contentsOf: samples) }
    }

    public func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
        let (number, bytes) = state.withLock { state -> (Int, [UInt8]) in
            let number = state.nextNumber
            state.nextNumber += 1
            let bytes = WAVEncoding.file(samples: state.samples, sampleRate: state.sampleRate)
            state.samples.removeAll(keepingCapacity: false)
            return (number, bytes)
        }
        let file = path(forNumber: number)
        if let reason = Self.write(bytes, to: file) {
            return SinkReport(filePath: nil, failure: .wavWriteFailed(path: file, reason: reason))
        }
        return SinkReport(filePath: file)
    }

    /// Nothing to silence: the file keeps what was spoken before the interruption.
    public func flush() {}

    private static func makeDirectory(_ path: String) throws(SpeechError) {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR {
                throw .wavDirectoryUnwritable(path: path, reason: String(cString: strerror(ENOTDIR)))
            }
            return
        }
        // Create missing parents first, like `mkdir -p`.
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 {
                let error = errno
                if error != EEXIST {
                    throw .wavDirectoryUnwritable(path: path, reason: String(cString: strerror(error)))
                }
            }
            prefix += "/"
        }
        if stat(path, &info) != 0 || (info.st_mode & S_IFMT) != S_IFDIR {
            throw .wavDirectoryUnwritable(path: path, reason: String(cString: strerror(ENOTDIR)))
        }
    }

    private static func probeWritable(_ path: String) throws(SpeechError) {
        let probe = path + "/.pagervoice-write-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            throw .wavDirectoryUnwritable(path: path, reason: String(cString: strerror(errno)))
        }
        close(fd)
        unlink(probe)
    }

    /// nil on success, else why not.
    private static func write(_ bytes: [UInt8], to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { return String(cString: strerror(errno)) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                offset += written
            }
        }
        if close(fd) != 0 && failure == nil {
            failure = String(cString: strerror(errno))
        }
        return failure
    }
}

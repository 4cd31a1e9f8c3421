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

    /// Samples of buffer kept between utterances (about 24 s of speech, 1 MiB).
    static let keptCapacity = 512 * 1024

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
        // Written under the lock, straight from the collected samples, which keep their capacity
        // for the next utterance: no file image is copied and no buffer is freed and grown again
        // per announcement (that churn showed up as system time in `make bench`).
        let (file, reason) = state.withLock { state -> (String, String?) in
            let number = state.nextNumber
            state.nextNumber += 1
            let file = path(forNumber: number)
            let reason = Self.write(state.samples, sampleRate: state.sampleRate, to: file)
            // A long text can leave minutes of samples behind: keep only a buffer of ordinary size.
            state.samples.removeAll(keepingCapacity: state.samples.capacity <= Self.keptCapacity)
            return (file, reason)
        }
        if let reason {
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
    private static func write(_ samples: [Int16], sampleRate: Int, to path: String) -> String? {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { return String(cString: strerror(errno)) }
        var failure: String?
        #if _endian(little)
            let header = WAVEncoding.header(sampleCount: samples.count, sampleRate: sampleRate)
            header.withUnsafeBytes { head in
                samples.withUnsafeBytes { body in
                    failure = writeAll(fd, [head, body])
                }
            }
        #else
            WAVEncoding.file(samples: samples, sampleRate: sampleRate).withUnsafeBytes { whole in
                failure = writeAll(fd, [whole])
            }
        #endif
        if close(fd) != 0 && failure == nil {
            failure = String(cString: strerror(errno))
        }
        return failure
    }

    /// Writes every byte of `parts` in order with `writev`, resuming after short writes and EINTR.
    private static func writeAll(_ fd: Int32, _ parts: [UnsafeRawBufferPointer]) -> String? {
        var remaining = parts.filter { $0.count > 0 }
        while !remaining.isEmpty {
            var vectors = remaining.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
            let written = writev(fd, &vectors, Int32(vectors.count))
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            if written == 0 { return String(cString: strerror(EIO)) }
            var skip = written
            while let first = remaining.first, skip >= first.count {
                skip -= first.count
                remaining.removeFirst()
            }
            if skip > 0, let first = remaining.first {
                remaining[0] = UnsafeRawBufferPointer(rebasing: first[skip...])
            }
        }
        return nil
    }
}

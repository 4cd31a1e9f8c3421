import PagerCore
import PagerSpeech
import PagerSystem
import SystemPackage

/// Buffered, line-oriented writing to standard output or standard error, safe from any thread.
///
/// Speech reports notices (a lost audio device, a WAV file that could not be written) from its
/// own thread while the main thread prints results and errors, so every write and flush takes
/// one lock: lines never interleave mid-line and nothing races (ThreadSanitizer checks it).
///
/// `writeLine` is for text a person reads: it goes through `terminalSafe`, so outside text in it
/// can never act on the terminal. `writeRaw` is for documents that escape themselves: JSON lines,
/// XML, SVG, HTML, completion scripts.
///
/// A failed write is remembered, never silent: the reader going away (EPIPE, `| head -1`) is
/// `readerGone`, which a tool takes as "stop quietly"; anything else (ENOSPC on /dev/full, EIO)
/// is `failed`, which must end in a message on standard error and exit status 1.
public final class OutputStream: Sendable {
    public enum Failure: Equatable, Sendable {
        /// The reader closed the pipe: stop quietly.
        case readerGone
        /// The write failed for another reason; the output is lost.
        case failed(Errno)

        /// "No space left on device", for the one line that reports it.
        public var reason: String {
            switch self {
            case .readerGone: "the reader closed the pipe"
            case .failed(let errno): errno.description
            }
        }
    }

    public let fd: FileDescriptor
    private struct State {
        var buffer: [UInt8] = []
        var failure: Failure?
        /// Where a memory stream keeps what was flushed (nil: write to `fd`).
        var captured: [UInt8]?
    }
    private let state: Locked<State>

    public init(fd: Int32) {
        self.fd = FileDescriptor(rawValue: fd)
        state = Locked(State())
    }

    /// A stream that keeps everything in memory, so a test can run a command in-process and
    /// read exactly what it would have printed.
    public init(capturing: Void = ()) {
        fd = FileDescriptor(rawValue: -1)
        state = Locked(State(captured: []))
    }

    /// What a memory stream has been given so far (flushed or not); "" for a real one.
    public var captured: String {
        state.withLock { state in
            String(decoding: (state.captured ?? []) + (state.captured == nil ? [] : state.buffer), as: UTF8.self)
        }
    }

    public static let standardOutput = OutputStream(fd: 1)
    public static let standardError = OutputStream(fd: 2)

    /// Flushes itself once this much is buffered, so a long run never holds its output in memory.
    static let flushThreshold = 1 << 16

    /// One line of text for a person, made terminal-safe, then with any right-to-left words
    /// isolated so the terminal (and a screen reader reading it) keeps their order
    /// (`SpokenStrings.isolatedForTerminal`; `language` decides how a right-to-left sentence that
    /// opens with a Latin word is marked).
    ///
    /// One line means one: a line feed inside it is shown as `\u{A}` like any control. Messages
    /// quote file names and errors from outside, and a name holding a line feed would otherwise
    /// print a line of its own ("heard: quit listening") that the program never said.
    public func writeLine(_ line: String, language: SpokenStrings = .english) {
        writeSafe(line.terminalSafe, language: language)
    }

    /// Text of several lines that PagerVoice put together itself (help, a table, a page of a
    /// document whose lines are escaped already): each line is made terminal-safe on its own.
    public func writeLines(_ text: String, language: SpokenStrings = .english) {
        writeSafe(
            text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }.joined(separator: "\n"),
            language: language)
    }

    private func writeSafe(_ safe: String, language: SpokenStrings) {
        // Plain ASCII holds no right-to-left letter: most lines stop here.
        writeRaw(safe.utf8.allSatisfy { $0 < 0x80 } ? safe : language.isolatedForTerminal(safe))
    }

    /// One line written exactly as given (a newline is added).
    public func writeRaw(_ line: String) {
        state.withLock { state in
            state.buffer.append(contentsOf: line.utf8)
            state.buffer.append(10)
            if state.buffer.count >= Self.flushThreshold { _ = Self.flush(&state, to: fd) }
        }
    }

    /// Text written exactly as given, without a newline (a key's echo at a prompt).
    public func writeRawText(_ text: String) {
        state.withLock { $0.buffer.append(contentsOf: text.utf8) }
    }

    /// Writes out what is buffered; false once a write has failed (see `failure`).
    @discardableResult
    public func flush() -> Bool {
        state.withLock { Self.flush(&$0, to: fd) }
    }

    /// The reader was seen to leave before a write found out (`ReaderWatch`): from now on the
    /// stream behaves as if a write had failed with EPIPE.
    public func readerLeft() {
        state.withLock { state in
            if state.failure == nil { state.failure = .readerGone }
        }
    }

    /// The first write failure, if any; later output is dropped.
    public var failure: Failure? { state.withLock { $0.failure } }

    private static func flush(_ state: inout State, to fd: FileDescriptor) -> Bool {
        defer { state.buffer.removeAll(keepingCapacity: state.buffer.capacity <= flushThreshold * 2) }
        guard state.failure == nil else { return false }
        if state.captured != nil {
            state.captured?.append(contentsOf: state.buffer)
            return true
        }
        do {
            _ = try state.buffer.withUnsafeBytes { try fd.writeAll($0) }
            return true
        } catch let errno as Errno {
            state.failure = errno == .brokenPipe ? .readerGone : .failed(errno)
            return false
        } catch {
            state.failure = .failed(.ioError)
            return false
        }
    }
}

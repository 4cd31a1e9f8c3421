import Dispatch
import Foundation
import Glibc

/// A child process driven like a shell pipeline drives it: lines written to its stdin, its
/// stdout read line by line on a background thread as soon as it is written (so the child never
/// blocks on a full pipe), its stderr kept (bounded) for the report. The benchmark and the soak
/// use it to talk to the release `pagervoice`; spawning is `SpawnedProcess` (posix_spawn).
public final class PipedChild {
    public let process: SpawnedProcess
    /// Guards `input` (NSLock rather than Synchronization's Mutex, which ThreadSanitizer cannot see).
    private let inputLock = NSLock()
    private var input: Int32
    private let outputEnded = DispatchSemaphore(value: 0)
    private let errorEnded = DispatchSemaphore(value: 0)
    private let errors = ErrorBuffer()

    private final class ErrorBuffer: @unchecked Sendable {
        private let lock = NSLock()
        private var kept: [UInt8] = []

        var bytes: [UInt8] { lock.withLock { kept } }

        func append(_ chunk: ArraySlice<UInt8>) {
            lock.withLock { kept.append(contentsOf: chunk.prefix(max(0, PipedChild.errorLimit - kept.count))) }
        }
    }

    /// The most stderr kept; the rest is counted but dropped.
    public static let errorLimit = 1 << 20

    /// Starts `executable`; `onLine` receives each stdout line (without its newline) on the
    /// reader thread, in order.
    public init(
        executable: String, arguments: [String], environment: [String: String],
        onLine: @escaping @Sendable (UnsafeRawBufferPointer) -> Void
    ) throws {
        let stdin = closeOnExecPipe()
        let stdout = closeOnExecPipe()
        let stderr = closeOnExecPipe()
        defer {
            close(stdin.read)
            close(stdout.write)
            close(stderr.write)
        }
        process = try SpawnedProcess(
            executable: executable, arguments: arguments, environment: environment,
            standardInput: stdin.read, standardOutput: stdout.write,
            standardError: stderr.write)
        input = stdin.write
        let outputEnded = outputEnded
        let errorEnded = errorEnded
        let errors = errors
        DispatchQueue.global().async {
            Self.readLines(stdout.read, onLine)
            outputEnded.signal()
        }
        DispatchQueue.global().async {
            Self.readAll(stderr.read) { errors.append($0) }
            errorEnded.signal()
        }
    }

    deinit {
        closeInput()
    }

    /// An executable next to the running one (`pagervoice` beside `pagervoice-bench` in
    /// `.build/release/`), or the bare name for a PATH lookup if there is none.
    public static func sibling(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return name }
        let own = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = own.lastIndex(of: "/") else { return name }
        let candidate = String(own[...slash]) + name
        return access(candidate, X_OK) == 0 ? candidate : name
    }

    /// Writes `bytes` to the child's stdin (blocking while the pipe is full); false once the
    /// child has stopped reading.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        inputLock.withLock {
            input >= 0 && writeFully(input, bytes)
        }
    }

    /// Sends each line followed by a newline.
    @discardableResult
    public func send(lines: [String]) -> Bool {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(10)
        }
        return send(bytes)
    }

    /// End of input, as at the end of a piped script.
    public func closeInput() {
        inputLock.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// Closes stdin, waits until stdout and stderr are read to their end and the child exits;
    /// its status (128 + N for signal N), or nil if it was still running at the deadline (it
    /// is then killed).
    public func finish(timeout: Duration = .seconds(600)) -> Int32? {
        closeInput()
        let deadline = DispatchTime.now() + .seconds(Int(timeout.components.seconds))
        guard outputEnded.wait(timeout: deadline) == .success,
            errorEnded.wait(timeout: deadline) == .success,
            let status = process.wait(timeout: timeout)
        else {
            process.terminate(grace: .seconds(1))
            return nil
        }
        return status
    }

    /// Everything the child wrote to stderr so far (the first `errorLimit` bytes).
    public var errorOutput: String {
        String(decoding: errors.bytes, as: UTF8.self)
    }

    /// The child's resident memory now, from /proc (nil once it has exited).
    public var memory: ResidentMemory? { ResidentMemory(pid: process.pid) }

    /// Reads `fd` to its end, handing `onLine` each line without its newline (the last one too,
    /// if it has none), then closes it.
    public static func readLines(_ fd: Int32, _ onLine: (UnsafeRawBufferPointer) -> Void) {
        var pending: [UInt8] = []
        readAll(fd) { chunk in
            var start = chunk.startIndex
            while let newline = chunk[start...].firstIndex(of: 10) {
                if pending.isEmpty {
                    chunk[start..<newline].withUnsafeBytes { onLine($0) }
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    pending.withUnsafeBytes { onLine($0) }
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            pending.append(contentsOf: chunk[start...])
        }
        if !pending.isEmpty { pending.withUnsafeBytes { onLine($0) } }
    }

    private static func readAll(_ fd: Int32, _ body: (ArraySlice<UInt8>) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            body(buffer[0..<n])
        }
        close(fd)
    }
}

/// A process's resident set now and at its peak, from `/proc/PID/status` (Linux).
public struct ResidentMemory: Sendable, Equatable {
    /// VmRSS, in KiB.
    public var current: Int
    /// VmHWM (high-water mark), in KiB.
    public var peak: Int

    public init?(pid: Int32) {
        let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 8192)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var current: Int?
        var peak: Int?
        for line in String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2 else { continue }
            if fields[0] == "VmRSS:" { current = Int(fields[1]) }
            if fields[0] == "VmHWM:" { peak = Int(fields[1]) }
        }
        guard let current, let peak else { return nil }
        self.current = current
        self.peak = peak
    }
}

/// Writes all of `bytes` to `fd` (blocking while a pipe is full, resuming after EINTR); false if
/// the other end stopped reading.
public func writeFully(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
        var offset = 0
        while offset < raw.count {
            let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }
}

/// A pipe whose two ends are closed on exec, so only the descriptor dup'ed into a child survives
/// there. Atomically close-on-exec: children are spawned from several threads, and a pipe end
/// leaked into another child would keep that pipe open forever.
public func closeOnExecPipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    precondition(systemPipe2(&fds, O_CLOEXEC) == 0, "pipe2 failed")
    return (fds[0], fds[1])
}

/// glibc's pipe2, which the Glibc module does not export (it is a GNU extension).
@_silgen_name("pipe2")
private func systemPipe2(_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32

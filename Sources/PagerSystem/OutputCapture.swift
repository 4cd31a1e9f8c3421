import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The last few kilobytes a child wrote to its standard output and error, read by a thread of its
/// own as they come.
///
/// A child whose pipe fills up stops at its next write, so the pipes are drained all the time, not
/// when someone asks; and a browser logs without end, so only the tail is kept (what explains why
/// it stopped is at the end). The thread owns the read ends and closes them when it leaves: at
/// end of file on every pipe, or when `stop()` is called (the child's group was killed, or a
/// grandchild that left the group still holds a pipe open).
final class OutputCapture: Sendable {
    /// Which stream, for `text(of:)`.
    enum Stream: Int, Sendable {
        case output = 0
        case error = 1
    }

    private struct State {
        var tails: [[UInt8]] = [[], []]
        var dropped = [false, false]
        var ended = false
    }

    private let state = WaitableValue(State())
    private let limit: Int
    /// Closed by `stop()`: the thread sees the hang-up and leaves.
    private let stopWriteEnd = Locked<FileDescriptor?>(nil)

    /// Starts draining `pipes` (read ends, each for one stream), keeping `limit` bytes of each.
    init(pipes: [(Stream, FileDescriptor)], limit: Int) throws(Errno) {
        self.limit = max(limit, 1)
        let stopPipe = try ProcessRaw.makePipe()
        stopWriteEnd.withLock { $0 = stopPipe.write }
        OwnedThread.start(name: "child output", stackSize: 1 << 17) { [self] in
            drain(pipes, stopReadEnd: stopPipe.read)
        }
    }

    /// What `stream` kept, decoded as UTF-8 (invalid bytes become U+FFFD). When the start was cut
    /// off, the text begins at the first whole line kept.
    func text(of stream: Stream) -> String {
        let (bytes, dropped) = state.withLock { ($0.tails[stream.rawValue], $0.dropped[stream.rawValue]) }
        var kept = bytes.suffix(limit)
        if dropped || bytes.count > limit, let newline = kept.firstIndex(of: 10) { kept = kept[(newline + 1)...] }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Waits until every pipe has ended (or `stop()` was called) or `deadline` passes; whether it
    /// ended.
    func waitForEnd(until deadline: ContinuousClock.Instant) -> Bool {
        state.wait(until: deadline) { $0.ended ? true : nil } ?? false
    }

    /// Waits until `stream` holds `text`, or it has ended, or `deadline` passes; whether it holds it.
    func waitFor(_ text: String, in stream: Stream, until deadline: ContinuousClock.Instant) -> Bool {
        let wanted = Array(text.utf8)
        return state.wait(until: deadline) { state in
            let tail = state.tails[stream.rawValue]
            if Self.contains(tail, wanted) { return true }
            return state.ended ? false : nil
        } ?? false
    }

    private static func contains(_ bytes: [UInt8], _ wanted: [UInt8]) -> Bool {
        guard !wanted.isEmpty else { return true }
        guard bytes.count >= wanted.count else { return false }
        for start in 0...(bytes.count - wanted.count) where bytes[start] == wanted[0] {
            if bytes[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
        }
        return false
    }

    /// Makes the thread read what is waiting, close the pipes and leave. Idempotent.
    func stop() {
        let writeEnd = stopWriteEnd.withLock { end in
            defer { end = nil }
            return end
        }
        try? writeEnd?.close()
    }

    private func drain(_ pipes: [(Stream, FileDescriptor)], stopReadEnd: FileDescriptor) {
        var open = pipes
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var stopping = false
        // After `stop()`, a bounded number of reads: a process that escaped the group may write on.
        var readsLeftAfterStop = 64
        while !open.isEmpty && readsLeftAfterStop > 0 {
            if stopping { readsLeftAfterStop -= 1 }
            var descriptors = open.map { pollfd(fd: $0.1.rawValue, events: Int16(POLLIN), revents: 0) }
            descriptors.append(pollfd(fd: stopReadEnd.rawValue, events: Int16(POLLIN), revents: 0))
            // Once stopping, only what is already waiting is read.
            guard Interrupted.poll(&descriptors, until: stopping ? .now : nil) > 0 else { break }
            if descriptors.last!.revents != 0 { stopping = true }
            var ended: [Int] = []
            for (index, (stream, pipe)) in open.enumerated() where descriptors[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { raw in Interrupted.retry { read(pipe.rawValue, raw.baseAddress, raw.count) } }
                if count <= 0 {
                    ended.append(index)
                } else {
                    keep(buffer[..<count], of: stream)
                }
            }
            for index in ended.reversed() { try? open.remove(at: index).1.close() }
        }
        for (_, pipe) in open { try? pipe.close() }
        try? stopReadEnd.close()
        state.withLock { $0.ended = true }
    }

    private func keep(_ bytes: ArraySlice<UInt8>, of stream: Stream) {
        state.withLock { state in
            state.tails[stream.rawValue] += bytes
            // Trimmed in steps of `limit`, so keeping the tail costs a copy per `limit` bytes read.
            let tail = state.tails[stream.rawValue]
            if tail.count > 2 * limit {
                state.tails[stream.rawValue] = Array(tail.suffix(limit))
                state.dropped[stream.rawValue] = true
            }
        }
    }
}

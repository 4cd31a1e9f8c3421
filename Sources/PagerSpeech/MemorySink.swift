import Dispatch
import PagerSystem

/// Keeps every utterance's PCM in memory, so tests (ours and the shell's) can listen to exactly
/// what would have reached the speaker, and see when it arrived.
public final class MemorySink: AudioSink {
    /// One utterance as received.
    public struct Recording: Hashable, Sendable {
        public let id: UtteranceID
        public let text: String
        public let sampleRate: Int
        public var samples: [Int16]
        public var interrupted: Bool
        public var finished: Bool
        /// Monotonic time (ns) of the first non-empty buffer, for latency measurements.
        public var firstBufferTime: UInt64?
    }

    private struct State {
        var recordings: [Recording] = []
        var totalSamples = 0
        var flushCount = 0
        var waiters: [(minimum: Int, semaphore: DispatchSemaphore)] = []
    }

    private let state = Locked(State())
    /// Called (on the engine thread) with each buffer's size; benchmarks hook timing in here.
    private let onWrite: (@Sendable (Int) -> Void)?

    public init(onWrite: (@Sendable (Int) -> Void)? = nil) {
        self.onWrite = onWrite
    }

    public var recordings: [Recording] { state.withLock { $0.recordings } }
    public var totalSamples: Int { state.withLock { $0.totalSamples } }
    /// How many times speech was interrupted while this sink was listening.
    public var flushCount: Int { state.withLock { $0.flushCount } }

    public func recording(for id: UtteranceID) -> Recording? {
        state.withLock { state in state.recordings.first { $0.id == id } }
    }

    /// Blocks until at least `minimum` samples have arrived in total, or the timeout passes.
    /// Returns whether they arrived. (A deadline, not a sleep: it wakes as soon as they do.)
    public func waitForSamples(atLeast minimum: Int, timeout: Duration = .seconds(10)) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let already = state.withLock { state -> Bool in
            if state.totalSamples >= minimum { return true }
            state.waiters.append((minimum, semaphore))
            return false
        }
        if already { return true }
        let nanoseconds =
            timeout.components.seconds * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(nanoseconds))) == .success { return true }
        return state.withLock { state in
            state.waiters.removeAll { $0.semaphore === semaphore }
            return state.totalSamples >= minimum
        }
    }

    public func begin(_ utterance: UtteranceInfo) {
        state.withLock { state in
            state.recordings.append(
                Recording(
                    id: utterance.id, text: utterance.text,
                    sampleRate: utterance.sampleRate, samples: [],
                    interrupted: false, finished: false,
                    firstBufferTime: nil))
        }
    }

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard !samples.isEmpty else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let ready = state.withLock { state -> [DispatchSemaphore] in
            guard !state.recordings.isEmpty else { return [] }
            let last = state.recordings.count - 1
            if state.recordings[last].firstBufferTime == nil {
                state.recordings[last].firstBufferTime = now
            }
            state.recordings[last].samples.append(contentsOf: samples)
            state.totalSamples += samples.count
            let total = state.totalSamples
            let ready = state.waiters.filter { $0.minimum <= total }.map(\.semaphore)
            state.waiters.removeAll { $0.minimum <= total }
            return ready
        }
        for semaphore in ready { semaphore.signal() }
        onWrite?(samples.count)
    }

    public func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
        state.withLock { state in
            if let index = state.recordings.lastIndex(where: { $0.id == utterance.id }) {
                state.recordings[index].interrupted = interrupted
                state.recordings[index].finished = true
            }
        }
        return .ok
    }

    public func flush() {
        state.withLock { $0.flushCount += 1 }
    }
}

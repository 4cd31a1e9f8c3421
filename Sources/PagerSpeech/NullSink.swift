import Synchronization

/// Synthesises and discards (`--audio null`): the full cost of speech without a sound card,
/// for CI, soak tests and benchmarks.
public final class NullSink: AudioSink {
    private let samples = Atomic<Int>(0)

    public init() {}

    /// Samples received since creation, so a caller can see that speech really happened.
    public var samplesReceived: Int { samples.load(ordering: .relaxed) }

    public func begin(_ utterance: UtteranceInfo) {}

    public func write(_ samples: UnsafeBufferPointer<Int16>) {
        self.samples.add(samples.count, ordering: .relaxed)
    }

    public func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport { .ok }

    public func flush() {}
}

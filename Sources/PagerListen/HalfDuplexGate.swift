import Glibc
import Synchronization

/// Whether the microphone should be ignored because PagerVoice is speaking, or has just stopped
/// (`ListenConfiguration.echoTail`), so the recogniser never obeys its own voice from a speaker.
/// Called from any thread: the speech side says when it begins and ends, the listener asks.
final class HalfDuplexGate: Sendable {
    private let speaking = Atomic<Int>(0)
    private let quietFrom = Atomic<Int64>(0)
    private let tailNanoseconds: Int64

    init(tail: Duration) {
        let parts = tail.components
        tailNanoseconds = parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    }

    func began() {
        speaking.add(1, ordering: .sequentiallyConsistent)
    }

    func ended() {
        quietFrom.store(Self.now() + tailNanoseconds, ordering: .sequentiallyConsistent)
        // Unbalanced `ended` calls must not leave the count negative (and the gate open while
        // speech goes on).
        var current = speaking.load(ordering: .sequentiallyConsistent)
        while current > 0 {
            let (exchanged, original) = speaking.compareExchange(
                expected: current, desired: current - 1, ordering: .sequentiallyConsistent)
            if exchanged { break }
            current = original
        }
    }

    var isClosed: Bool {
        speaking.load(ordering: .sequentiallyConsistent) > 0 || Self.now() < quietFrom.load(ordering: .sequentiallyConsistent)
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

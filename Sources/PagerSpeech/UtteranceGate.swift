import PagerThreads
import Synchronization

/// The line between "before the interruption" and "after it" for one utterance.
///
/// Every buffer goes to the sinks inside `deliver`, under the gate's lock; an interruption
/// first raises the stop flag (lock-free, so eSpeak's next callback returns 1) and then closes
/// the gate under the same lock. Once `close` returns, no sample of this utterance can reach a
/// sink — which is what "an interrupted utterance delivers nothing after the interrupt" means.
final class UtteranceGate: Sendable {
    private let stopRequested = Atomic<Bool>(false)
    private let closed = Locked<Bool>(false)

    var isStopRequested: Bool { stopRequested.load(ordering: .acquiring) }

    /// Runs `body` (hand a buffer to the sinks) unless the utterance was stopped; returns whether
    /// it ran.
    func deliver(_ body: () -> Void) -> Bool {
        closed.withLock { closed in
            if closed || stopRequested.load(ordering: .acquiring) { return false }
            body()
            return true
        }
    }

    /// Step one of an interruption: eSpeak stops at its next callback and `deliver` refuses.
    func requestStop() {
        stopRequested.store(true, ordering: .releasing)
    }

    /// Step two: waits for a buffer being delivered right now, then shuts the gate and, if the
    /// utterance had not already finished, runs `afterClosing` while still holding the lock (so
    /// the engine cannot move on to the next utterance until it has run). Returns whether the
    /// gate was still open.
    @discardableResult
    func close(_ afterClosing: () -> Void = {}) -> Bool {
        closed.withLock { closed in
            if closed { return false }
            closed = true
            afterClosing()
            return true
        }
    }
}

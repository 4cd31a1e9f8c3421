import Dispatch
import Glibc
import PagerThreads
import Synchronization

/// The one thread on which eSpeak NG ever runs.
///
/// eSpeak NG keeps its state in globals and is not re-entrant, so instead of a lock around each
/// call (which would still let two threads interleave a voice change and a synthesis) all work is
/// sent here as jobs, run one at a time in order.
final class EngineThread: Sendable {
    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let available = DispatchSemaphore(value: 0)
    private let threadID = Atomic<UInt>(0)

    init(name: String) {
        // eSpeak keeps a few large arrays on the stack while translating a clause.
        OwnedThread.start(name: name, stackSize: 8 << 20) { [self] in run() }
    }

    /// Whether the caller is this thread (jobs may then call engine-thread-only code directly).
    var isCurrent: Bool {
        threadID.load(ordering: .acquiring) == UInt(pthread_self())
    }

    /// Queues `job` and returns at once.
    func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Runs `body` on the engine thread and waits for its result (inline when already there, so
    /// a job may call it without deadlocking).
    func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        if isCurrent { return body() }
        let box = ResultBox<T>()
        submit {
            box.set(body())
        }
        return box.wait()
    }

    private func run() {
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        while true {
            available.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job()
        }
    }
}

/// A value handed from the engine thread back to a waiting caller.
final class ResultBox<T: Sendable>: Sendable {
    private let value = Locked<T?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    func set(_ result: T) {
        value.withLock { $0 = result }
        ready.signal()
    }

    func wait() -> T {
        ready.wait()
        return value.withLock { $0! }
    }
}

import Dispatch
import Glibc
import Synchronization

/// A thread of our own that runs the jobs sent to it one at a time, in the order they came, for
/// as long as the process lives.
///
/// For a C library that keeps its state in globals and is not re-entrant (eSpeak NG): instead of
/// a lock around each call, which would still let two threads interleave a voice change and a
/// synthesis, every call is a job on this one thread.
package final class JobThread: Sendable {
    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let available = DispatchSemaphore(value: 0)
    private let threadID = Atomic<UInt>(0)

    /// Starts the thread (see `OwnedThread.start` for `name` and `stackSize`).
    package init(name: String, stackSize: Int) {
        OwnedThread.start(name: name, stackSize: stackSize) { [self] in run() }
    }

    /// Whether the caller is this thread (a job may then call this thread's code directly).
    package var isCurrent: Bool {
        threadID.load(ordering: .acquiring) == UInt(pthread_self())
    }

    /// Queues `job` and returns at once.
    package func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        available.signal()
    }

    /// Runs `body` on this thread and waits for its result (inline when already there, so a job
    /// may call it without deadlocking).
    package func perform<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        if isCurrent { return body() }
        let result = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        submit {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
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

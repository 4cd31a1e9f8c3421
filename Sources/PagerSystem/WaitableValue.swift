#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value under a lock that other threads can wait on, until it holds what they want or a
/// deadline passes: a reply arriving for one caller, an event for another, a child's output
/// ending.
///
/// `Locked` with a condition variable beside it: every change wakes every waiter, and each
/// checks the value again itself, so one value serves any number of different waits. The wait is
/// always bounded when a deadline is given, so no caller hangs on a peer that went silent.
package final class WaitableValue<Value: Sendable>: @unchecked Sendable {
    private let value: UnsafeMutablePointer<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        // Deadlines are measured on the monotonic clock, which a change of the wall clock cannot move.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value under the lock, then wakes every waiter to look at it again.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
        }
        return try body(&value.pointee)
    }

    /// Calls `check` under the lock now and after every change until it returns something, and
    /// returns that; nil once `deadline` has passed (nil: no deadline). `check` may change the
    /// value (to take a reply out, say).
    package func wait<Result>(until deadline: ContinuousClock.Instant?, _ check: (inout Value) -> Result?) -> Result? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = check(&value.pointee) { return result }
            guard let deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var wake = timespec()
            clock_gettime(CLOCK_MONOTONIC, &wake)
            let nanoseconds = Int64(wake.tv_nsec) + left.components.attoseconds / 1_000_000_000
            wake.tv_sec += Int(left.components.seconds + nanoseconds / 1_000_000_000)
            wake.tv_nsec = Int(nanoseconds % 1_000_000_000)
            pthread_cond_timedwait(condition, mutex, &wake)
        }
    }
}

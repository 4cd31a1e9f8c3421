#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value reachable only under a lock: `Synchronization.Mutex`'s `withLock`, over a pthread mutex.
///
/// Why not `Mutex` itself: on Linux it locks with raw futex system calls that ThreadSanitizer
/// cannot see, so `swift test --sanitize=thread` reported every value a `Mutex` protects as a data
/// race (`make sanitize`). ThreadSanitizer intercepts pthread mutexes, so with this lock it checks
/// the real synchronisation instead, and would still catch an access made without the lock.
/// Uncontended, either lock costs a few nanoseconds. Speech and listening share it; `package`, so
/// the tests use it too.
///
/// The value lives in memory of its own beside the mutex, not in a stored property: ThreadSanitizer
/// checks exclusive access to a stored property as a Swift variable, and for a zero-size one (a
/// `Locked<Void>` that only serialises calls) it put that access at the object's own address,
/// where an unlocked read of the object's header then looked like a race (`make sanitize`, once,
/// with two listeners starting together).
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let value: UnsafeMutablePointer<Value>
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value, holding the lock; not re-entrant.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Runs `body` under the lock if it is free right now; nil (without waiting) if it is held.
    package func withLockIfAvailable<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}

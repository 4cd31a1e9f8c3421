import Glibc

/// A value reachable only under a pthread mutex. (`Synchronization.Mutex` locks with raw futex
/// calls that ThreadSanitizer cannot see on Linux, so `make sanitize` would report every value it
/// protects; PagerSpeech keeps the same small type for the same reason, and PagerListen does not
/// depend on PagerSpeech.)
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

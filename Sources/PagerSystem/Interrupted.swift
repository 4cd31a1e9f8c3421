import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one place a system call is retried when a signal interrupted it (EINTR).
///
/// PagerVoice installs handlers for SIGINT (Ctrl-C silences speech) and SIGWINCH, so any blocking
/// call can return early with EINTR; every caller meant "try again", and each of the six that
/// once wrote their own loop had to remember it. Here it is written once: a raw call's `-1` with
/// `errno == EINTR` is repeated, anything else is returned as it came.
package enum Interrupted {
    /// Runs `call` until it returns something other than -1 with `errno == EINTR`.
    @inline(__always)
    package static func retry<Result: SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result == -1 && errno == EINTR { continue }
            return result
        }
    }

    /// Runs `call`, retried on EINTR, and turns a failure into swift-system's `Errno`.
    @inline(__always)
    package static func check<Result: SignedInteger>(_ call: () -> Result) throws(Errno) -> Result {
        let result = retry(call)
        if result == -1 { throw Errno(rawValue: errno) }
        return result
    }

    /// Whether `error` is the interruption this type retries (for loops over swift-system calls
    /// made with `retryOnInterrupt: false`, which must see it to check a deadline or a flag).
    package static func isInterruption(_ error: Errno) -> Bool { error == .interrupted }

    /// poll(2) on `descriptors` for at most `milliseconds` (negative: no limit). An interruption
    /// waits again for what is left of the time, so a signal never shortens nor lengthens the
    /// wait by more than the time it took. Returns poll's result: the number of ready
    /// descriptors, 0 on timeout, -1 on another error (errno set).
    package static func poll(_ descriptors: inout [pollfd], milliseconds: Int) -> Int32 {
        poll(&descriptors, until: milliseconds >= 0 ? ContinuousClock.now + .milliseconds(milliseconds) : nil)
    }

    /// poll(2) until `deadline` (nil: no limit), likewise; 0 once the deadline has passed.
    package static func poll(_ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?) -> Int32 {
        while true {
            var wait: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { wait = 0 } else { wait = Int32(clamping: milliseconds(roundingUp: left)) }
            }
            let ready = descriptors.withUnsafeMutableBufferPointer { buffer in
                Glibc.poll(buffer.baseAddress, nfds_t(buffer.count), wait)
            }
            guard ready == -1 && errno == EINTR else { return ready }
        }
    }

    /// Whole milliseconds, rounded up so a wait is never cut short.
    package static func milliseconds(roundingUp duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + (duration.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}

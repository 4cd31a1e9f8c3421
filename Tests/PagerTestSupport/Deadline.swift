#if canImport(Glibc)
    import Glibc
#endif

/// Waits for something only observable by looking (a file appearing, sound in a recording that
/// another process writes): checks `condition` every 10 ms until it holds or the deadline passes.
/// A deadline, not a sleep: it returns as soon as the condition holds.
public func waitUntil(timeout: Duration = .seconds(30), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        usleep(10_000)
    }
    return true
}

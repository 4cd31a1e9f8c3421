import Glibc

/// A thread of our own with a name and a stack size: what Foundation's `Thread` gave us, without
/// linking Foundation into every program that speaks. Foundation's conformance records (a fifth
/// of the binary's) are scanned at start by every protocol lookup ArgumentParser makes.
package enum OwnedThread {
    /// Starts `body` on a new detached thread named `name` (the system keeps 15 bytes of it).
    /// Stops the process when the system has no thread to give, as `Thread.start` did: nothing
    /// that needs one can go on without it.
    package static func start(name: String, stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, max(stackSize, 1 << 16))
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let work = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, ownedThreadEntry, work)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            preconditionFailure("cannot start the \(name) thread: error \(status)")
        }
    }

    /// Blocks the calling thread for `duration`, whole and fractional seconds alike: the pause
    /// between a retry thread's attempts (`PlaybackSink`'s reconnection, the shell's source
    /// watch). Never a way to wait for something that can signal instead.
    package static func sleep(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var time = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        // Interrupted by a signal: sleep what is left.
        while nanosleep(&time, &left) == -1 && errno == EINTR { time = left }
    }

    /// What `top -H`, gdb and /proc show for the calling thread. Through /proc/thread-self/comm:
    /// the system's own setter (`pthread_setname_np`) is a GNU extension Swift's Glibc leaves out.
    fileprivate static func nameCurrentThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    fileprivate final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}

/// The new thread's first function: takes its work back from the pointer it was handed.
private func ownedThreadEntry(_ raw: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let raw else { return nil }
    let work = Unmanaged<OwnedThread.Work>.fromOpaque(raw).takeRetainedValue()
    OwnedThread.nameCurrentThread(work.name)
    work.body()
    return nil
}

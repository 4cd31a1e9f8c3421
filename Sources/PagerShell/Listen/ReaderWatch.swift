import Glibc
import PagerSystem
import Synchronization

/// Notices the reader of standard output leaving while a listening session has nothing to print.
///
/// A write to a pipe whose reader has gone fails (EPIPE) and ends the run quietly, but a session
/// that listens live may print nothing for a long time: `pagervoice --listen | head -1` listened
/// on to a quiet room until the next phrase was said. (A recording decodes far faster than it
/// plays: 120 s of silence took 0.8 s, so `--listen-file` never waited long.) A pipe or socket
/// reports its reader closing as an error or hang-up condition on the writer's side; a thread of
/// its own polls for it, four times a second, and calls `onGone` once. Terminals and files have
/// no reader to lose: nothing runs.
final class ReaderWatch: Sendable {
    private let stopped = Atomic<Bool>(false)

    private init() {}

    /// Starts watching `fd` when it is a pipe or a socket; nil otherwise (nothing to watch).
    static func start(fd: Int32, onGone: @escaping @Sendable () -> Void) -> ReaderWatch? {
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0, [S_IFIFO, S_IFSOCK].contains(info.st_mode & S_IFMT) else { return nil }
        let watch = ReaderWatch()
        OwnedThread.start(name: "pagervoice-out", stackSize: 64 << 10) { [watch] in
            var entry = pollfd(fd: fd, events: 0, revents: 0)
            while !watch.stopped.load(ordering: .acquiring) {
                entry.revents = 0
                // Events 0: only the conditions poll always reports (error, hang-up, closed fd).
                guard poll(&entry, 1, 250) > 0 else { continue }
                if entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
                    onGone()
                    return
                }
            }
        }
        return watch
    }

    /// Ends the watch within a poll's wait (the session is over). Called by its owner: the
    /// thread holds the watch, so it is never freed while the thread runs.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }
}

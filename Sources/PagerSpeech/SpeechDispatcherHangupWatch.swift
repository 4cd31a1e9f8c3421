import Glibc
import PagerThreads
import SystemPackage

/// Notices the moment speech-dispatcher closes our connection (it stopped, crashed, was
/// restarted).
///
/// libspeechd's reader thread just ends when its socket closes: no callback, and the messages we
/// are waiting for will never get their END. Without this, `drain()` would wait forever and the
/// announcements would never be reported. A thread of our own sleeps in `poll` on a duplicate of
/// the socket, asking only for hang-up (`POLLRDHUP`), so the replies libspeechd reads never wake
/// it and it costs nothing while the connection is healthy.
final class SpeechDispatcherHangupWatch: Sendable {
    /// Closing this wakes the thread (its read end reports hang-up) and makes it exit quietly.
    private let stopWriteEnd = Locked<FileDescriptor?>(nil)

    /// Starts watching `socket` (which is not taken over); nil if a descriptor or the thread could
    /// not be made.
    init?(socket: Int32, onHangup: @escaping @Sendable () -> Void) {
        let duplicate = fcntl(socket, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return nil }
        let watched = FileDescriptor(rawValue: duplicate)
        let pipe: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            pipe = try FileDescriptor.pipe(options: .closeOnExec)
        } catch {
            try? watched.close()
            return nil
        }
        stopWriteEnd.withLock { $0 = pipe.writeEnd }
        OwnedThread.start(name: "speechd hang-up watch", stackSize: 64 << 10) {
            Self.watch(watched, stop: pipe.readEnd, onHangup: onHangup)
            try? watched.close()
            try? pipe.readEnd.close()
        }
    }

    deinit {
        stop()
    }

    /// Ends the watch without reporting anything. Idempotent.
    func stop() {
        let writeEnd = stopWriteEnd.withLock { end -> FileDescriptor? in
            defer { end = nil }
            return end
        }
        try? writeEnd?.close()
    }

    /// Linux's POLLRDHUP, "the peer closed its end" (<poll.h> defines it only for _GNU_SOURCE,
    /// so Glibc's Swift module does not have it).
    private static let peerClosed: Int16 = 0x2000

    private static func watch(_ watched: FileDescriptor, stop: FileDescriptor, onHangup: @Sendable () -> Void) {
        // POLLHUP and POLLERR are always reported.
        let hangUp = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        var entries = [
            pollfd(fd: watched.rawValue, events: peerClosed, revents: 0),
            pollfd(fd: stop.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return }
            if entries[1].revents != 0 { return }
            if entries[0].revents & hangUp != 0 {
                onHangup()
                return
            }
        }
    }
}

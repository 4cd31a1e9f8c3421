import PagerListen
import PagerSystem
import Synchronization

/// Waits, on a thread of its own, for a PulseAudio source that was lost mid-session to answer
/// again, and then tells the session (`ShellInput.sourceBack`), which listens again as Ctrl-T
/// would. A sound server is restarted far more often than a session that listens through it
/// (`pulseaudio -k`, a crash, a desktop session's restart), and a person commanding by voice
/// should not have to reach for a key to be heard again; speech comes back by itself the same way
/// (`PlaybackSink`).
///
/// The thread asks once a second (a server that is gone refuses at once; one that is stopped
/// costs this thread the 2 s handshake, never the session's), and is one of the queue's
/// producers until it has reported or been cancelled.
final class SourceWatch: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// How long a lost source is left before it is asked again.
    static let interval: Duration = .seconds(1)

    private init() {}

    static func start(device: String?, queue: InputQueue) -> SourceWatch {
        let watch = SourceWatch()
        queue.producerStarted()
        OwnedThread.start(name: "source watch", stackSize: 256 << 10) {
            defer { queue.finished() }
            while !watch.isCancelled {
                if SourceProbe.answers(device: device) {
                    if !watch.isCancelled { queue.push(.sourceBack) }
                    return
                }
                OwnedThread.sleep(for: interval)
            }
        }
        return watch
    }

    private var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    /// Listening began again by other means (Ctrl-T), or the session is ending: report nothing.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
    }
}

/// The part of the iOS 17 priority rules speech-dispatcher cannot keep for us, as a pure state
/// machine: which `low` announcements we hold back, and until when. (Which SSIP priority an
/// announcement goes out with follows from its own alone: `SpeechDispatcherRaw.say`.)
///
/// speech-dispatcher decides interruptions itself, and two of its priorities fit ours exactly:
/// `IMPORTANT` (cuts whatever is speaking, is never cut, queues behind earlier important ones) is
/// `high`, and `TEXT` (cuts the text being spoken and replaces text still waiting; waits behind
/// `IMPORTANT` and `MESSAGE`) is `default`. None of its priorities is `low`, "wait your turn
/// without cutting anyone and without being dropped": `MESSAGE` waits its turn but also cancels
/// waiting and speaking `TEXT` (our `default`s) and cannot be cut by a later `TEXT`;
/// `NOTIFICATION` and `PROGRESS` are dropped when anything else is speaking. So a `low`
/// announcement stays here until nothing we sent is still speaking or waiting in the daemon, and
/// then goes out as `TEXT`, where a later `default` or `high` cuts it as the rules say.
///
/// Generic over what is held so it is tested without a daemon.
struct SpeechDispatcherSchedule<Held: Sendable>: Sendable {
    enum Decision: Equatable {
        /// Hand it to the daemon now.
        case send
        /// Held until what we sent before has ended (a `low` one).
        case hold
    }

    /// Announcements sent (or being sent) whose END or CANCEL has not come yet.
    private(set) var unfinished = 0
    /// `low` announcements not yet sent, oldest first.
    private(set) var held: [Held] = []

    /// Where a new announcement goes. Every `.send` must later be matched by one `ended()`.
    mutating func submit(_ priority: SpeechPriority, _ item: Held) -> Decision {
        if priority == .low && (unfinished > 0 || !held.isEmpty) {
            held.append(item)
            return .hold
        }
        unfinished += 1
        return .send
    }

    /// One sent announcement ended (finished, cancelled or failed). Returns the `low` one to send
    /// now when that leaves nothing of ours in the daemon.
    mutating func ended() -> Held? {
        unfinished = max(unfinished - 1, 0)
        guard unfinished == 0, !held.isEmpty else { return nil }
        unfinished = 1
        return held.removeFirst()
    }

    /// `stop()`: the held announcements will never be sent.
    mutating func dropHeld() -> [Held] {
        defer { held.removeAll() }
        return held
    }

    /// The connection is gone: nothing is in the daemon any more, and nothing held will be sent.
    mutating func reset() -> [Held] {
        unfinished = 0
        return dropHeld()
    }
}

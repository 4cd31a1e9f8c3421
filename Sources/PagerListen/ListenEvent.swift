/// What a `Listener` reports, in order, on its own thread.
public enum ListenEvent: Hashable, Sendable {
    /// A phrase of the grammar was heard; run `action`.
    case heard(HeardPhrase)
    /// Speech or noise that is not a phrase: print "not understood", run nothing. `words` are
    /// grammar words the recogniser placed in it, if any (for diagnostics only). With a wake
    /// word, only speech whose words begin with it is reported: the rest was not said to us.
    case notUnderstood(words: [String])
    /// Listening went to sleep ("go to sleep", `setAsleep(true)`, or it started so): from now
    /// on only "wake up" is understood, and nothing else is reported, not even "not understood".
    case asleep
    /// Listening woke up ("wake up", `setAsleep(false)`): every phrase is understood again.
    case awake
    /// Listening is over; always the last event, exactly once.
    case finished(ListenEnd)
}

/// Why listening ended.
public enum ListenEnd: Hashable, Sendable {
    /// The recording was heard to its end (file source).
    case endOfFile
    /// "quit listening" was heard (it was reported as `.heard` just before).
    case quitListening
    /// `stop()` was called.
    case stopped
    /// The audio source failed while listening (the server went away).
    case failed(ListenError)
}

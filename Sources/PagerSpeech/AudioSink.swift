/// Where synthesised speech goes: the sound card, WAV files, or memory for tests. An announcer
/// with no sink at all still synthesises everything (`--audio null`), and sends it nowhere.
///
/// The engine thread calls `begin`, `write` and `end` for one utterance at a time; `flush` comes
/// from whichever thread interrupts speech (the REPL's main thread on Ctrl-C or a page change),
/// possibly while the engine thread is inside `write` or `end`. A sink must therefore make
/// `flush` safe to call concurrently and make it take effect immediately.
public protocol AudioSink: AnyObject, Sendable {
    /// Called before the first buffer of an utterance.
    func begin(_ utterance: UtteranceInfo)
    /// One buffer of 16-bit mono PCM at the utterance's sample rate. Runs inside eSpeak's
    /// callback while the utterance's delivery lock is held, so it should be quick; playback may
    /// block here while the device buffer is full (an interrupting `flush` unblocks it).
    func write(_ samples: UnsafeBufferPointer<Int16>)
    /// Called after the last buffer. Playback waits here until the sound has been heard, which is
    /// what makes `Announcer.drain()` mean "spoken". `interrupted` says speech was cut short.
    func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport
    /// Drop whatever is buffered and fall silent now. Called from any thread, at any time.
    func flush()
    /// Stop for good, because the process is about to exit (Ctrl-C on a script): once this
    /// returns the sink produces nothing more, no sound and no file, whatever the engine thread
    /// is doing. Called from any thread; must not wait for the engine thread. By default, `flush`.
    func shutDown()
}

extension AudioSink {
    public func shutDown() { flush() }
}

/// What a sink knows about the utterance it is receiving.
public struct UtteranceInfo: Hashable, Sendable {
    public let id: UtteranceID
    /// The text as eSpeak speaks it (after `TextSanitizer`).
    public let text: String
    public let sampleRate: Int
    public let priority: SpeechPriority

    public init(id: UtteranceID, text: String, sampleRate: Int, priority: SpeechPriority) {
        self.id = id
        self.text = text
        self.sampleRate = sampleRate
        self.priority = priority
    }
}

/// What a sink reports when an utterance ends.
public struct SinkReport: Hashable, Sendable {
    /// The file written for this utterance, for file sinks.
    public var filePath: String?
    /// A failure that loses this utterance's output (a WAV file that could not be written).
    public var failure: SpeechError?
    /// A failure the utterance survived (sound stopped but synthesis and files went on).
    public var problem: SpeechError?
    /// The device that came back, after a loss, for this utterance (e.g. "PulseAudio").
    public var restored: String?

    public init(filePath: String? = nil, failure: SpeechError? = nil, problem: SpeechError? = nil, restored: String? = nil) {
        self.filePath = filePath
        self.failure = failure
        self.problem = problem
        self.restored = restored
    }

    public static let ok = SinkReport()
}

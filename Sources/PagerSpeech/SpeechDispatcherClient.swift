import Glibc

/// Speech through the user's own speech-dispatcher (`--audio speechd`): the daemon Orca and other
/// screen readers speak through, with the synthesiser, voice and rate the user chose there, and
/// one audio stream that never fights the screen reader for the device.
///
/// ## Connecting
/// To `SPEECHD_ADDRESS` when set, else the per-user socket
/// (`$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`), within `connectTimeout` (2 s): a daemon
/// that is not there, accepts and never answers, or is not speech-dispatcher at all gives one
/// `SpeechDispatcherError.notRunning`, whose description is the line to print.
///
/// We never autospawn (libspeechd's `spd_open2` can start a daemon when none answers). Someone
/// who runs Orca has a daemon already (the screen reader's own connection starts it), and
/// `--audio speechd` is asked for by name, so a missing daemon is news the user should get, not something
/// to paper over: a daemon takes 1.7 to 3.9 s from start to its first answer on this machine
/// (it loads its output module and that module's voice list first), longer than the connection
/// bound, and a spawned one outlives us.
///
/// Nothing is set on the connection unless asked: without `voice` and `rate` the daemon's
/// defaults for a new client apply (the user's speechd.conf, the same as `spd-say`). Text is sent
/// in plain-text mode (never SSML: markup is read out) after `TextSanitizer` (control characters
/// removed, at most `TextSanitizer.maximumLength` characters).
///
/// ## Priorities
/// iOS 17's rules (`SpeechPriority`) mapped onto speech-dispatcher's:
///
/// | ours      | sent as                                                   |
/// |-----------|-----------------------------------------------------------|
/// | `high`    | `SPD_IMPORTANT` at once                                   |
/// | `default` | `SPD_TEXT` at once                                        |
/// | `low`     | `SPD_TEXT`, held here until nothing we sent is unfinished |
///
/// What the daemon then does keeps our rules between our own announcements:
/// - `high` cuts whatever is speaking (IMPORTANT cancels the message being spoken), is never
///   cut, and later `high`s queue behind it in order (IMPORTANT messages are queued FIFO).
/// - `default` cuts a `default` or `low` being spoken and replaces a `default` still waiting
///   behind a `high` (TEXT "interrupts itself": a new TEXT cancels the one speaking and the ones
///   waiting), and waits behind a `high` (TEXT waits while IMPORTANT is queued or speaking).
///   No `spd_cancel` is needed for this, and none is sent: a `CANCEL SELF` would also drop a
///   `high` that must not be cut.
/// - `low` waits behind everything we sent, in order, and once sent is cut by a later `default`
///   or `high` like any TEXT. (`SPD_MESSAGE` is no use for it: MESSAGE cancels waiting and
///   speaking TEXT, our `default`s, and a later TEXT cannot cut it; NOTIFICATION and PROGRESS are
///   dropped when anything else is speaking.)
///
/// Where speech-dispatcher differs, because its priorities rule every client of the daemon, not
/// one conversation:
/// - Another client's speech counts as current speech. Our `default` and `low` (TEXT) cut another
///   client's TEXT, NOTIFICATION or PROGRESS message, wait behind its IMPORTANT and MESSAGE
///   ones, and are cancelled by its later TEXT or MESSAGE (reported as `.interrupted`). Our
///   `high` (IMPORTANT) cuts anything another client is saying and queues behind its IMPORTANT.
///   Orca's speech is among those messages.
/// - A `low` is held only behind our own speech: sent when ours is done, it cuts another client's
///   TEXT if that started meanwhile.
/// - A `low` that is waiting in the daemon behind another client's IMPORTANT or MESSAGE message
///   is dropped (not kept behind) by our next `default`, as TEXT replaces waiting TEXT.
/// - Cutting is the daemon's, and not instant: on this machine a new TEXT cancelled the one
///   speaking 44 ms after it arrived, and after `stop()` 35 to 64 ms of sound still reached the
///   sink.
///
/// ## Events
/// Exactly one `UtteranceEvent` per `speak`: `.finished` on the daemon's END (after the audio
/// played), `.interrupted` on its CANCEL or by `stop()`/`close()`, `.failed` when the daemon
/// refused the message or went away. `sampleCount`, `sampleRate` and `wavPath` are always 0 / 0 /
/// nil: the daemon synthesises and plays, and we never see samples. `onBegin` reports the daemon's
/// BEGIN (audio about to start). Callbacks run on one serial queue of the client's own, in
/// order; they may call any method here (`drain` from a callback returns at once, like
/// `Announcer`'s).
///
/// libspeechd writes to its socket with `write(2)`, so a daemon that dies mid-command would kill
/// the process with SIGPIPE. The first client therefore sets SIGPIPE to ignored if it is still
/// at its default action (PagerShell ignores it already; a handler someone installed is kept).
public final class SpeechDispatcherClient: Sendable {
    /// How `init(configuration:)` connects; mirrors the command-line options.
    public struct Configuration: Sendable {
        /// Where the daemon listens; nil: `SPEECHD_ADDRESS`, else the per-user default socket.
        public var address: SpeechDispatcherAddress?
        /// `--voice`: a voice name of the daemon's output module ("English (America)", any case)
        /// or a language code ("es", "pt-br"). nil keeps the user's voice.
        public var voice: String?
        /// `--rate` in words per minute (80...450), mapped by `SpeechDispatcherRate`. nil keeps the
        /// user's rate.
        public var rate: Int?
        /// The bound on reaching the daemon: the handshake, opening and setting up the connection.
        public var connectTimeout: Duration
        /// The bound on each later command we wait for (`stop`, settings, `voices`).
        public var commandTimeout: Duration
        /// The name the daemon logs for us and matches its per-client settings (`BeginClient`)
        /// against.
        public var clientName: String
        public var onEvent: @Sendable (UtteranceEvent) -> Void
        /// The daemon began speaking an announcement.
        public var onBegin: @Sendable (UtteranceID) -> Void
        /// One line per notice (text cut, daemon gone). Default: standard error.
        public var onNotice: @Sendable (String) -> Void

        public init(
            address: SpeechDispatcherAddress? = nil, voice: String? = nil, rate: Int? = nil,
            connectTimeout: Duration = .seconds(2), commandTimeout: Duration = .seconds(10),
            clientName: String = "pagervoice",
            onEvent: @escaping @Sendable (UtteranceEvent) -> Void = { _ in },
            onBegin: @escaping @Sendable (UtteranceID) -> Void = { _ in },
            onNotice: @escaping @Sendable (String) -> Void = Announcer.printNotice
        ) {
            self.address = address
            self.voice = voice
            self.rate = rate
            self.connectTimeout = connectTimeout
            self.commandTimeout = commandTimeout
            self.clientName = clientName
            self.onEvent = onEvent
            self.onBegin = onBegin
            self.onNotice = onNotice
        }
    }

    private let session: SpeechDispatcherSession

    /// Where we are connected, for `status`.
    public var address: SpeechDispatcherAddress { session.address }

    /// Connects, then applies `voice` and `rate` if given. Throws what the user must fix: no
    /// daemon (`notRunning`, within `connectTimeout`), a bad `SPEECHD_ADDRESS`, an unknown voice,
    /// a rate out of range.
    public init(configuration: Configuration) throws(SpeechDispatcherError) {
        if let rate = configuration.rate, !SpeechDispatcherRate.wordsPerMinuteRange.contains(rate) {
            throw .rateOutOfRange(rate, allowed: SpeechDispatcherRate.wordsPerMinuteRange)
        }
        let address: SpeechDispatcherAddress
        if let given = configuration.address {
            address = given
        } else {
            address = try SpeechDispatcherAddress.fromEnvironment()
        }
        Self.ignoreBrokenPipes()
        session = SpeechDispatcherSession(
            address: address, clientName: configuration.clientName,
            commandTimeout: configuration.commandTimeout,
            onEvent: configuration.onEvent, onBegin: configuration.onBegin, onNotice: configuration.onNotice)
        try session.connect(timeout: configuration.connectTimeout)
        let settings = Result { () throws(SpeechDispatcherError) in
            if let rate = configuration.rate { try setRate(wordsPerMinute: rate) }
            if let voice = configuration.voice { try setVoice(voice) }
        }
        if case .failure(let error) = settings {
            session.close()
            throw error
        }
    }

    deinit {
        session.close()
    }

    /// Sends `text` with `priority` (see the table above) and returns at once with its id; its
    /// event comes later. If the text had to be cut, a notice says so before this returns.
    @discardableResult
    public func speak(_ text: String, priority: SpeechPriority = .default) -> UtteranceID {
        session.speak(text, priority: priority)
    }

    /// Silences our speech (`spd_cancel`: ours only, not other clients'): what is speaking and
    /// waiting in the daemon is cancelled and held `low` ones are dropped, each reported
    /// `.interrupted`. Returns when the daemon confirmed, or after `commandTimeout`.
    public func stop() {
        session.stop()
    }

    /// Blocks until every announcement made so far has its event delivered.
    public func drain() {
        _ = session.drain(timeout: nil)
    }

    /// `drain()` with a limit; whether everything was reported in time.
    @discardableResult
    public func drain(timeout: Duration?) -> Bool {
        session.drain(timeout: timeout)
    }

    /// Whether an announcement is speaking, waiting, or not yet reported.
    public var isSpeaking: Bool { session.isSpeaking }

    /// The voices of the daemon's current output module (`LIST SYNTHESIS_VOICES`, what
    /// `spd_list_synthesis_voices` asks; 0.8 s for espeak-ng's 13 362 here). With the espeak-ng
    /// module that is every voice times every variant; those with `variant == nil` (131 here) are
    /// the short list.
    public func voices() throws(SpeechDispatcherError) -> [SpeechDispatcherVoice] {
        try session.voices()
    }

    /// Speaks later announcements with this voice (a name from `voices()`, any case) or, failing
    /// that, in this language ("es"), the daemon choosing the voice. `unknownVoice` otherwise.
    public func setVoice(_ name: String) throws(SpeechDispatcherError) {
        try session.setVoice(name)
    }

    /// Speaks later announcements at about `wordsPerMinute` (see `SpeechDispatcherRate`).
    public func setRate(wordsPerMinute: Int) throws(SpeechDispatcherError) {
        guard SpeechDispatcherRate.wordsPerMinuteRange.contains(wordsPerMinute) else {
            throw .rateOutOfRange(wordsPerMinute, allowed: SpeechDispatcherRate.wordsPerMinuteRange)
        }
        try session.setRate(SpeechDispatcherRate.rate(forWordsPerMinute: wordsPerMinute))
    }

    /// Cancels what is still ours in the daemon and disconnects; everything not yet reported is
    /// reported `.interrupted`, and later `speak`s fail. Call `drain()` first to let speech end.
    /// Also done when the client is released.
    public func close() {
        session.close()
    }

    /// See the type's documentation: libspeechd's writes must not be able to kill the process.
    private static func ignoreBrokenPipes() {
        var current = sigaction()
        guard sigaction(SIGPIPE, nil, &current) == 0 else { return }
        // The handler field holds SIG_DFL (0) when nobody has changed it.
        guard unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == 0 else { return }
        signal(SIGPIPE, SIG_IGN)
    }
}

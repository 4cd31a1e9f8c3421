import Dispatch
import Glibc
import PagerSystem
import Synchronization
import SystemPackage

/// Speech through the user's own speech-dispatcher (`--audio speechd`): the daemon Orca and other
/// screen readers speak through, with the synthesiser, voice and rate the user chose there, and
/// one audio stream that never fights the screen reader for the device.
///
/// ## Connecting
/// To `SPEECHD_ADDRESS` when set, else the per-user socket
/// (`$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`), within `connectTimeout` (2 s): a daemon
/// that is not there, accepts and never answers, or is not speech-dispatcher at all gives one
/// `SpeechError.speechDispatcherNotRunning`, whose description is the line to print.
///
/// We never autospawn (libspeechd's `spd_open2` can start a daemon when none answers). Someone
/// who runs Orca has a daemon already (the screen reader's own connection starts it), and
/// `--audio speechd` is asked for by name, so a missing daemon is news the user should get, not something
/// to paper over: a daemon takes seconds from start to its first answer (it loads its output
/// module and that module's voice list first), longer than the connection bound, and a spawned
/// one outlives us.
///
/// ## A daemon that stops answering
/// A daemon that is stopped (SIGSTOP, a debugger) or hung keeps its socket open, so without a
/// bound a `drain` would wait forever. Every reply is therefore waited for `commandTimeout` (2 s,
/// the connection's bound); one that has not come by then is not yet a verdict, because a busy
/// daemon answers slowly (its thousands of voices take a while on a loaded machine): the daemon
/// is greeted on a new connection, as at connect, and one that answers that within
/// `commandTimeout` is waited for again, up to `slowReplyRounds` times (16 s in all). One that
/// does not, or still has not replied by then, is given up: the connection is shut,
/// everything unreported fails with `speechDispatcherNoReply`, and so does every `speak` until it
/// answers again (below).
/// While `drain` waits for speech that was accepted, the daemon is asked a harmless question
/// (`HISTORY GET CLIENT_ID`) every `commandTimeout`, so one stopped mid-word is noticed too.
///
/// ## A daemon that comes back
/// A daemon is restarted far more often than a program that speaks through it (a desktop
/// session's restart, `killall speech-dispatcher` to pick up a new configuration, a crash of
/// its output module taking it down), and Orca reconnects. So once the connection is lost or
/// given up, a thread of the client's own greets the address every `reconnectInterval` (a
/// stopped daemon costs it `connectTimeout`, never a caller). When the daemon answers, the
/// client connects as at start, sends again the rate and voice last set (`--rate`, `--voice`,
/// the language), and only then takes `speak` again; `onReconnected` says so. Meanwhile every
/// `speak` fails at once with the loss, as before. A voice the new daemon lacks is a notice, not
/// a reason to stay silent.
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
/// - Cutting is the daemon's, and not instant: a new TEXT cancels the one speaking tens of
///   milliseconds after it arrives, and some sound still reaches the sink after `stop()`
///   (measured: docs/VOICE.md, Tuning history, speech).
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
/// ## Threads
/// - The caller's threads: `speak`, `stop`, `drain`, … They never wait for the daemon, except
///   `stop`, the settings and `voices`, which wait (with a deadline) for its answer.
/// - The worker queue: every libspeechd call, one at a time, in the order they were asked for.
/// - libspeechd's reader thread: the BEGIN, END and CANCEL notifications. It only updates the
///   client's state; calling libspeechd from there would deadlock it.
/// - The hang-up watch: a thread of ours that notices the daemon closing the connection.
///
/// The user's callbacks run on a fifth, serial delivery queue, so a callback may call `speak`,
/// `stop` or `drain` without deadlocking anything, and sees the client's events in order.
/// libspeechd's callbacks and the hang-up watch hold the client weakly, so letting go of it
/// closes the connection (`close()`).
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
        /// `--rate` in words per minute (80...450), mapped by
        /// `VoiceSettings.speechDispatcherRate(forWordsPerMinute:)`. nil keeps the user's rate.
        public var rate: Int?
        /// The bound on reaching the daemon: the handshake, opening and setting up the connection.
        public var connectTimeout: Duration
        /// The bound on every later reply (speaking, `stop`, settings, `voices`, the liveness
        /// question while draining); a daemon silent for longer is given up.
        public var commandTimeout: Duration
        /// The name the daemon logs for us and matches its per-client settings (`BeginClient`)
        /// against.
        public var clientName: String
        /// How long a lost daemon is left before it is greeted again; nil: a lost connection
        /// stays lost for the client's life.
        public var reconnectInterval: Duration?
        public var onEvent: @Sendable (UtteranceEvent) -> Void
        /// The daemon began speaking an announcement.
        public var onBegin: @Sendable (UtteranceID) -> Void
        /// One line per notice (text cut). A daemon gone or given up is told by the events.
        /// Default: standard error.
        public var onNotice: @Sendable (String) -> Void
        /// The client is connected again after a loss, and `speak` speaks (on the reconnection's
        /// thread).
        public var onReconnected: @Sendable () -> Void

        public init(
            address: SpeechDispatcherAddress? = nil, voice: String? = nil, rate: Int? = nil,
            connectTimeout: Duration = .seconds(2), commandTimeout: Duration = .seconds(2),
            clientName: String = "pagervoice", reconnectInterval: Duration? = .seconds(1),
            onEvent: @escaping @Sendable (UtteranceEvent) -> Void = { _ in },
            onBegin: @escaping @Sendable (UtteranceID) -> Void = { _ in },
            onNotice: @escaping @Sendable (String) -> Void = Announcer.printNotice,
            onReconnected: @escaping @Sendable () -> Void = {}
        ) {
            self.address = address
            self.voice = voice
            self.rate = rate
            self.connectTimeout = connectTimeout
            self.commandTimeout = commandTimeout
            self.clientName = clientName
            self.reconnectInterval = reconnectInterval
            self.onEvent = onEvent
            self.onBegin = onBegin
            self.onNotice = onNotice
            self.onReconnected = onReconnected
        }
    }

    /// Where we are connected, for `status`.
    public let address: SpeechDispatcherAddress
    /// How long any reply of the daemon is waited for.
    private let commandTimeout: Duration
    private let onEvent: @Sendable (UtteranceEvent) -> Void
    private let onBegin: @Sendable (UtteranceID) -> Void
    private let onNotice: @Sendable (String) -> Void
    private let onReconnected: @Sendable () -> Void
    private let clientName: String
    private let connectTimeout: Duration
    private let reconnectInterval: Duration?

    private let worker = DispatchQueue(label: "pagervoice.speechd.commands")
    private let delivery = DispatchQueue(label: "pagervoice.speechd.events")
    private let state = Locked(State())

    /// Process-wide, like `Announcer`'s, so ids of different clients never collide in one log.
    private static let nextID = Atomic<UInt64>(1)

    private struct Entry: Sendable {
        let id: UtteranceID
        let text: String
        let spoken: String
        let priority: SpeechPriority
    }

    /// One libspeechd connection, opened but not yet the client's.
    private struct Connection: Sendable {
        let handle: SpeechDispatcherRaw.Handle
        let slot: Int
        let socket: Int32
    }

    private struct State {
        /// nil before `connect` succeeded, after the connection closed, and while reconnecting.
        var handle: SpeechDispatcherRaw.Handle?
        var slot: Int?
        /// Closing it ends the hang-up watch (`watchForHangup`).
        var hangupWatch: FileDescriptor?
        /// Counts connections installed, so a hang-up watch of an earlier one never ends a later.
        var generation = 0
        /// `close()` was called: nothing reconnects any more.
        var closed = false
        /// A reconnection thread is running.
        var reconnecting = false
        /// The settings last asked for, sent again on a new connection.
        var rate: Int?
        var voice: String?
        /// Connections not yet closed (`Handle.key`): a command runs on the worker only while
        /// its connection is here. A connection leaves the set before its closing is queued on
        /// the worker, so a command that finds it here runs before the close, and one queued
        /// later finds it gone: no command can reach a connection libspeechd has freed, however
        /// a loss or `close()` races a caller that took the handle a moment before.
        var live: Set<UInt> = []
        /// Set when the connection closed under us, or by `close()`: what later `speak`s fail with.
        var failure: SpeechError?
        var schedule = SpeechDispatcherSchedule<Entry>()
        /// Given to the worker or the daemon, waiting for END or CANCEL.
        var sent: [UtteranceID: Entry] = [:]
        var idByMessage: [Int: UtteranceID] = [:]
        /// Notifications that came before `spd_say` returned the message's id to the worker: the
        /// reader thread hands over the reply and goes straight on reading.
        var earlyBegins: Set<Int> = []
        var earlyEnds: [Int: UtteranceEvent.Outcome] = [:]
        /// `speak` calls whose event has not been delivered yet; `drain` waits for zero.
        var outstanding = 0
        var drainWaiters: [DispatchSemaphore] = []
        /// The thread running the user's callbacks right now, so `drain` called from one of them
        /// returns instead of waiting for itself.
        var deliveringThread: pthread_t?
        /// A liveness question is on its way (`drain`), so no second one is asked meanwhile.
        var probing = false
    }

    /// Connects, then applies `voice` and `rate` if given. Throws what the user must fix: no
    /// daemon (`speechDispatcherNotRunning`, within `connectTimeout`), a bad `SPEECHD_ADDRESS`,
    /// an unknown voice, a rate out of range.
    public init(configuration: Configuration) throws(SpeechError) {
        if let rate = configuration.rate, !VoiceSettings.rateRange.contains(rate) {
            throw .invalidSetting(name: "rate", value: rate, allowed: VoiceSettings.rateRange)
        }
        if let given = configuration.address {
            address = given
        } else {
            address = try SpeechDispatcherAddress.fromEnvironment()
        }
        commandTimeout = configuration.commandTimeout
        connectTimeout = configuration.connectTimeout
        reconnectInterval = configuration.reconnectInterval
        clientName = configuration.clientName
        onEvent = configuration.onEvent
        onBegin = configuration.onBegin
        onNotice = configuration.onNotice
        onReconnected = configuration.onReconnected
        Self.ignoreBrokenPipes()
        let connection = try connect(clientName: configuration.clientName, timeout: configuration.connectTimeout)
        install(connection, clearingFailure: false)
        let settings = Result { () throws(SpeechError) in
            if let rate = configuration.rate { try setRate(wordsPerMinute: rate) }
            if let voice = configuration.voice { try setVoice(voice) }
        }
        if case .failure(let error) = settings {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    // MARK: Connecting

    /// Greets the daemon ourselves, then opens the libspeechd connection and turns on
    /// notifications and plain-text mode, all before `timeout` has passed. The connection is not
    /// yet the client's (`install`).
    private func connect(clientName: String, timeout: Duration) throws(SpeechError) -> Connection {
        let deadline = ContinuousClock.now + timeout
        if let reason = address.handshake(until: deadline, timeout: timeout) {
            throw .speechDispatcherNotRunning(address: address, reason)
        }
        guard let slot = SpeechDispatcherRaw.claimSlot({ [weak self] in self?.receive($0) }) else {
            throw .tooManySpeechDispatcherConnections(limit: SpeechDispatcherRaw.slotCount)
        }
        let address = self.address
        // Opening and setting up is one job, so a daemon that stops answering halfway leaves the
        // job (not us) waiting; whenever it ends, an abandoned connection is closed by `discard`.
        let opened = onWorker(until: deadline) {
            () -> Result<(SpeechDispatcherRaw.Handle, Int32), SpeechError.Unreachable> in
            switch SpeechDispatcherRaw.open(clientName: clientName, address: address) {
            case .failure(let reason):
                return .failure(reason)
            case .success(let handle):
                if let reply = SpeechDispatcherRaw.enableNotifications(handle, slot: slot) {
                    SpeechDispatcherRaw.close(handle)
                    return .failure(reply == .closed ? .closedWithoutReply : .refused("it refused SET SELF NOTIFICATION"))
                }
                guard SpeechDispatcherRaw.setPlainTextMode(handle) else {
                    SpeechDispatcherRaw.close(handle)
                    return .failure(.refused("it refused SET SELF SSML_MODE off"))
                }
                return .success((handle, SpeechDispatcherRaw.socketDescriptor(handle)))
            }
        } discard: { result in
            if case .success((let handle, _)) = result { SpeechDispatcherRaw.close(handle) }
            SpeechDispatcherRaw.releaseSlot(slot)
        }
        switch opened {
        case nil:
            throw .speechDispatcherNotRunning(address: address, .noReply(after: timeout))
        case .failure(let reason)?:
            SpeechDispatcherRaw.releaseSlot(slot)
            throw .speechDispatcherNotRunning(address: address, reason)
        case .success((let handle, let socket))?:
            state.withLock { _ = $0.live.insert(Self.key(handle)) }
            return Connection(handle: handle, slot: slot, socket: socket)
        }
    }

    /// Makes `connection` the client's and starts watching it for a hang-up; with
    /// `clearingFailure`, `speak` speaks again. A client closed meanwhile closes it instead.
    /// Whether it was installed.
    @discardableResult
    private func install(_ connection: Connection, clearingFailure: Bool) -> Bool {
        let generation = state.withLock { state -> Int? in
            guard !state.closed else { return nil }
            state.generation += 1
            state.handle = connection.handle
            state.slot = connection.slot
            if clearingFailure {
                state.failure = nil
                state.reconnecting = false
            }
            return state.generation
        }
        guard let generation else {
            discard(connection.handle, slot: connection.slot)
            return false
        }
        // Watched once installed: a socket that hung up already is reported at once, as lost.
        let watch = Self.watchForHangup(socket: connection.socket) { [weak self] in self?.connectionLost(generation: generation) }
        let kept = state.withLock { state -> Bool in
            guard state.generation == generation, state.handle != nil else { return false }
            state.hangupWatch = watch
            return true
        }
        if !kept { try? watch?.close() }
        return kept
    }

    /// Closes a connection that is not (or no longer) the client's, on the worker queue.
    private func discard(_ handle: SpeechDispatcherRaw.Handle, slot: Int) {
        state.withLock { _ = $0.live.remove(Self.key(handle)) }
        SpeechDispatcherRaw.silenceSlot(slot)
        // Now, not on the worker: a command stuck waiting for its reply there returns at once.
        Glibc.shutdown(handle.socket.rawValue, Int32(SHUT_RDWR))
        worker.async {
            SpeechDispatcherRaw.close(handle)
            SpeechDispatcherRaw.releaseSlot(slot)
        }
    }

    // MARK: Reconnecting

    /// After a loss (`connectionLost`, `stoppedAnswering`): lets the dead connection go and
    /// starts the thread that greets the daemon until it answers (see the type's comment). One
    /// such thread per loss.
    private func startReconnecting() {
        guard let interval = reconnectInterval else { return }
        let dead = state.withLock { state -> ((SpeechDispatcherRaw.Handle, Int)?, FileDescriptor?)? in
            guard !state.closed, !state.reconnecting else { return nil }
            state.reconnecting = true
            defer {
                state.handle = nil
                state.slot = nil
                state.hangupWatch = nil
            }
            guard let handle = state.handle, let slot = state.slot else { return (nil, state.hangupWatch) }
            return ((handle, slot), state.hangupWatch)
        }
        guard let (connection, watch) = dead else { return }
        try? watch?.close()
        if let (handle, slot) = connection { discard(handle, slot: slot) }
        OwnedThread.start(name: "speechd reconnect", stackSize: 256 << 10) { [weak self] in
            while true {
                OwnedThread.sleep(for: interval)
                // The client is held only for one attempt, never across the pause.
                guard let client = self, !client.reconnect() else { return }
            }
        }
    }

    /// One attempt; whether reconnecting is over (connected again, or the client was closed).
    private func reconnect() -> Bool {
        if state.withLock({ $0.closed }) { return true }
        let connection: Connection
        do {
            connection = try connect(clientName: clientName, timeout: connectTimeout)
        } catch {
            return false
        }
        let (rate, voice) = state.withLock { ($0.rate, $0.voice) }
        // Nothing gives a new connection up while the client counts as lost: the attempt bounds
        // its own waits, as patiently as a slow daemon is waited for in use.
        let limit = commandTimeout * Self.slowReplyRounds
        do throws(SpeechError) {
            if let rate { try applyRate(rate, on: connection.handle, limit: limit) }
            if let voice { try applyVoice(voice, on: connection.handle, limit: limit) }
        } catch {
            switch error {
            case .speechDispatcherHasNoVoice, .speechDispatcherRefused:
                // The daemon answers, with another configuration: speaking in its voice beats
                // staying silent for one we cannot have.
                onNotice("speech-dispatcher: \(error)")
            default:
                discard(connection.handle, slot: connection.slot)
                return false
            }
        }
        guard install(connection, clearingFailure: true) else { return true }
        // A rate or voice asked for while the settings were being sent is sent now.
        let (rateNow, voiceNow) = state.withLock { ($0.rate, $0.voice) }
        if let rateNow, rateNow != rate { try? setRate(wordsPerMinute: rateNow) }
        if let voiceNow, voiceNow != voice { try? setVoice(voiceNow) }
        // Told on the delivery queue, after every event of the loss: a failure delivered late
        // must not follow the news that speech is back.
        let onReconnected = self.onReconnected
        delivery.async { onReconnected() }
        return true
    }

    // MARK: Speaking

    /// Sends `text` with `priority` (see the table above) and returns at once with its id; its
    /// event comes later. If the text had to be cut, a notice says so before this returns.
    @discardableResult
    public func speak(_ text: String, priority: SpeechPriority = .default) -> UtteranceID {
        let sanitized = TextSanitizer.sanitize(text)
        if let notice = sanitized.truncationNotice { onNotice(notice) }
        let entry = Entry(
            id: UtteranceID(rawValue: Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue),
            text: text, spoken: sanitized.text, priority: priority)
        enum Next {
            case send
            case held
            case done(UtteranceEvent.Outcome)
        }
        let next = state.withLock { state -> Next in
            state.outstanding += 1
            if let failure = state.failure { return .done(.failed(failure)) }
            // The daemon queues an empty message and never ends it: nothing to say is said at once.
            if sanitized.text.isEmpty { return .done(.finished) }
            switch state.schedule.submit(priority, entry) {
            case .hold:
                return .held
            case .send:
                state.sent[entry.id] = entry
                return .send
            }
        }
        switch next {
        case .send: send(entry)
        case .held: break
        case .done(let outcome): deliver(events: [Self.event(entry, outcome)])
        }
        return entry.id
    }

    /// Hands `entry` to the daemon on the worker queue.
    private func send(_ entry: Entry) {
        worker.async { [self] in
            guard let handle = state.withLock({ $0.failure == nil ? $0.handle : nil }) else { return }
            let message = expectingReply("SPEAK") { SpeechDispatcherRaw.say(handle, entry.priority, entry.spoken) }
            var begun = false
            let (event, next) = state.withLock { state -> (UtteranceEvent?, Entry?) in
                // Gone already: the connection closed while we were sending.
                guard state.sent[entry.id] != nil else { return (nil, nil) }
                guard let message else {
                    let reason = "speech-dispatcher refused the message"
                    return Self.complete(&state, entry.id, .failed(.audioUnavailable(mode: "speechd", reason: reason)))
                }
                begun = state.earlyBegins.remove(message) != nil
                if let outcome = state.earlyEnds.removeValue(forKey: message) {
                    return Self.complete(&state, entry.id, outcome)
                }
                state.idByMessage[message] = entry.id
                return (nil, nil)
            }
            if let next { send(next) }
            deliver(begun: begun ? entry.id : nil, events: event.map { [$0] } ?? [])
        }
    }

    /// Removes a finished announcement; returns its event and the held `low` one to send next.
    private static func complete(
        _ state: inout State, _ id: UtteranceID, _ outcome: UtteranceEvent.Outcome
    ) -> (UtteranceEvent?, Entry?) {
        guard let entry = state.sent.removeValue(forKey: id) else { return (nil, nil) }
        let next = state.schedule.ended()
        if let next { state.sent[next.id] = next }
        return (event(entry, outcome), next)
    }

    /// On libspeechd's reader thread.
    private func receive(_ notification: SpeechDispatcherRaw.Notification) {
        switch notification {
        case .begin(let message):
            let id = state.withLock { state -> UtteranceID? in
                guard state.handle != nil else { return nil }
                guard let id = state.idByMessage[message] else {
                    state.earlyBegins.insert(message)
                    return nil
                }
                return id
            }
            if let id { deliver(begun: id, events: []) }
        case .end(let message):
            finish(message, .finished)
        case .cancel(let message):
            finish(message, .interrupted)
        }
    }

    private func finish(_ message: Int, _ outcome: UtteranceEvent.Outcome) {
        let (event, next) = state.withLock { state -> (UtteranceEvent?, Entry?) in
            guard state.handle != nil else { return (nil, nil) }
            guard let id = state.idByMessage.removeValue(forKey: message) else {
                state.earlyEnds[message] = outcome
                return (nil, nil)
            }
            return Self.complete(&state, id, outcome)
        }
        if let next { send(next) }
        if let event { deliver(events: [event]) }
    }

    // MARK: Stopping and waiting

    /// Silences our speech (`spd_cancel`: ours only, not other clients'): what is speaking and
    /// waiting in the daemon is cancelled and held `low` ones are dropped, each reported
    /// `.interrupted`. Returns when the daemon confirmed, or after `commandTimeout`.
    ///
    /// `CANCEL SELF` goes behind everything already on its way to the daemon, whose CANCEL
    /// notifications then report the rest.
    public func stop() {
        let (dropped, handle) = state.withLock { state in
            (state.schedule.dropHeld(), state.failure == nil ? state.handle : nil)
        }
        deliver(events: dropped.map { Self.event($0, .interrupted) })
        guard let handle else { return }
        _ = awaitReply("CANCEL SELF", on: handle) { SpeechDispatcherRaw.cancel(handle) }
    }

    /// Blocks until every announcement made so far has its event delivered.
    public func drain() {
        _ = drain(timeout: nil)
    }

    /// `drain()` with a limit; whether everything was reported in time.
    @discardableResult
    public func drain(timeout: Duration?) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let (idle, fromCallback) = state.withLock { state -> (Bool, Bool) in
            if state.outstanding == 0 { return (true, false) }
            if let thread = state.deliveringThread, pthread_equal(thread, pthread_self()) != 0 { return (false, true) }
            state.drainWaiters.append(semaphore)
            return (false, false)
        }
        if idle { return true }
        if fromCallback { return false }
        // In slices of `commandTimeout`, asking the daemon whether it is still there after each.
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            let sliceEnd = min(ContinuousClock.now + commandTimeout, deadline ?? .now + commandTimeout)
            if semaphore.wait(timeout: Self.dispatchTime(sliceEnd)) == .success { return true }
            if let deadline, ContinuousClock.now >= deadline { break }
            probe()
        }
        return state.withLock { state in
            state.drainWaiters.removeAll { $0 === semaphore }
            return state.outstanding == 0
        }
    }

    /// Whether an announcement is speaking, waiting, or not yet reported.
    public var isSpeaking: Bool { state.withLock { $0.outstanding > 0 } }

    // MARK: Settings

    /// Speaks later announcements at about `wordsPerMinute` (see
    /// `VoiceSettings.speechDispatcherRate(forWordsPerMinute:)`).
    public func setRate(wordsPerMinute: Int) throws(SpeechError) {
        guard VoiceSettings.rateRange.contains(wordsPerMinute) else {
            throw .invalidSetting(name: "rate", value: wordsPerMinute, allowed: VoiceSettings.rateRange)
        }
        try remembering(rate: wordsPerMinute) { () throws(SpeechError) in try applyRate(wordsPerMinute, on: openHandle()) }
    }

    private func applyRate(_ wordsPerMinute: Int, on handle: SpeechDispatcherRaw.Handle, limit: Duration? = nil) throws(SpeechError) {
        let rate = VoiceSettings.speechDispatcherRate(forWordsPerMinute: wordsPerMinute)
        let command = "SET SELF RATE \(rate)"
        guard let accepted = awaitReply(command, on: handle, limit: limit, { SpeechDispatcherRaw.setRate(handle, rate) }) else {
            throw givenUp(command)
        }
        guard accepted else { throw .speechDispatcherRefused(command: command) }
    }

    /// Runs `set`, and keeps the setting for a reconnection when it was applied, or could not be
    /// because the daemon is gone (the next connection gets what was last asked for).
    private func remembering(rate: Int? = nil, voice: String? = nil, _ set: () throws(SpeechError) -> Void) throws(SpeechError) {
        let result = Result(catching: set)
        let keep =
            switch result {
            case .success: true
            case .failure: state.withLock { $0.failure != nil }
            }
        if keep {
            state.withLock { state in
                if let rate { state.rate = rate }
                if let voice { state.voice = voice }
            }
        }
        try result.get()
    }

    /// Speaks later announcements with this voice (a name from `voices()`, any case) or, failing
    /// that, in this language ("es"), the daemon choosing the voice; else throws
    /// `speechDispatcherHasNoVoice`.
    public func setVoice(_ name: String) throws(SpeechError) {
        try remembering(voice: name) { () throws(SpeechError) in try applyVoice(name, on: openHandle()) }
    }

    private func applyVoice(_ name: String, on handle: SpeechDispatcherRaw.Handle, limit: Duration? = nil) throws(SpeechError) {
        let available = try listVoices(on: handle, limit: limit)
        let wanted = name.lowercased()
        let command: String
        let set: @Sendable () -> Bool
        if let voice = available.first(where: { $0.name.lowercased() == wanted }) {
            command = "SET SELF SYNTHESIS_VOICE"
            set = { SpeechDispatcherRaw.setSynthesisVoice(handle, voice.name) }
        } else if available.contains(where: { $0.speaks(name) }) {
            command = "SET SELF LANGUAGE"
            let code = SpeechDispatcherVoice.normalised(name)
            set = { SpeechDispatcherRaw.setLanguage(handle, code) }
        } else {
            throw .speechDispatcherHasNoVoice(name)
        }
        guard let accepted = awaitReply(command, on: handle, limit: limit, set) else { throw givenUp(command) }
        guard accepted else { throw .speechDispatcherRefused(command: command) }
    }

    /// The voices of the daemon's current output module (`LIST SYNTHESIS_VOICES`, what
    /// `spd_list_synthesis_voices` asks; thousands with espeak-ng, so it takes a moment). With the
    /// espeak-ng module that is every voice times every variant; those with `variant == nil` are
    /// the short list.
    public func voices() throws(SpeechError) -> [SpeechDispatcherVoice] {
        try listVoices(on: openHandle())
    }

    private func listVoices(on handle: SpeechDispatcherRaw.Handle, limit: Duration? = nil) throws(SpeechError) -> [SpeechDispatcherVoice] {
        let command = "LIST SYNTHESIS_VOICES"
        // The daemon is busy with us alone while it lists (see `watch`'s `patient`).
        guard let listed = awaitReply(command, on: handle, limit: limit, patient: true, { SpeechDispatcherRaw.listVoices(handle) }) else {
            throw givenUp(command)
        }
        guard let voices = listed else { throw .speechDispatcherRefused(command: command) }
        return voices
    }

    private func openHandle() throws(SpeechError) -> SpeechDispatcherRaw.Handle {
        guard let handle = state.withLock({ $0.failure == nil ? $0.handle : nil }) else { throw .speechDispatcherClosed }
        return handle
    }

    // MARK: Closing

    /// Cancels what is still ours in the daemon and disconnects; everything not yet reported is
    /// reported `.interrupted`, and later `speak`s fail. Call `drain()` first to let speech end.
    /// Also done when the client is released. Returns at once; the closing itself happens on the
    /// worker queue. Idempotent.
    public func close() {
        let closing = state.withLock { state -> (SpeechDispatcherRaw.Handle, Int, FileDescriptor?, [Entry])? in
            state.closed = true
            guard let handle = state.handle, let slot = state.slot else { return nil }
            state.live.remove(Self.key(handle))
            let alreadyFailed = state.failure != nil
            state.failure = state.failure ?? .audioUnavailable(mode: "speechd", reason: "the connection to speech-dispatcher is closed")
            state.handle = nil
            state.slot = nil
            defer { state.hangupWatch = nil }
            let entries = alreadyFailed ? [] : Self.takeAll(&state)
            return (handle, slot, state.hangupWatch, entries)
        }
        guard let (handle, slot, watch, entries) = closing else { return }
        try? watch?.close()
        SpeechDispatcherRaw.silenceSlot(slot)
        worker.async {
            SpeechDispatcherRaw.disableNotifications(handle)
            _ = SpeechDispatcherRaw.cancel(handle)
            SpeechDispatcherRaw.close(handle)
            SpeechDispatcherRaw.releaseSlot(slot)
        }
        deliver(events: entries.map { Self.event($0, .interrupted) })
    }

    /// The daemon hung up connection `generation` (on the hang-up watch's thread). Each
    /// announcement's event says so; there is no separate notice.
    private func connectionLost(generation: Int) {
        let failure = SpeechError.audioLost(reason: "speech-dispatcher closed the connection")
        let entries = state.withLock { state -> [Entry]? in
            guard state.generation == generation, state.handle != nil, state.failure == nil else { return nil }
            state.failure = failure
            return Self.takeAll(&state)
        }
        guard let entries else { return }
        deliver(events: entries.map { Self.event($0, .failed(failure)) })
        startReconnecting()
    }

    /// Gives the daemon up: no reply to `command` came, and it did not answer a greeting either.
    /// The socket is shut, so a daemon that is continued later finds us gone instead of speaking
    /// what we sent long ago; everything unreported fails.
    private func stoppedAnswering(_ command: String, after waited: Duration) {
        let failure = SpeechError.speechDispatcherNoReply(command: command, after: waited)
        let entries = state.withLock { state -> [Entry]? in
            guard let handle = state.handle, state.failure == nil else { return nil }
            state.failure = failure
            // Under the lock: `close()` closes the socket only after taking the handle from here.
            Glibc.shutdown(handle.socket.rawValue, Int32(SHUT_RDWR))
            return Self.takeAll(&state)
        }
        guard let entries else { return }
        deliver(events: entries.map { Self.event($0, .failed(failure)) })
        startReconnecting()
    }

    /// What a command that got no reply fails with: why the connection was given up or closed.
    private func givenUp(_ command: String) -> SpeechError {
        state.withLock { $0.failure } ?? .speechDispatcherNoReply(command: command, after: commandTimeout)
    }

    /// Whether the daemon greets a new connection within `commandTimeout`: alive, if slow.
    private func stillAnswers() -> Bool {
        address.handshake(until: .now + commandTimeout, timeout: commandTimeout) == nil
    }

    /// Asks the daemon a question with a reply while speech is awaited (`drain`), unless one is
    /// on its way already; no answer in time gives the daemon up.
    private func probe() {
        let handle = state.withLock { state -> SpeechDispatcherRaw.Handle? in
            guard state.failure == nil, let handle = state.handle, !state.probing else { return nil }
            state.probing = true
            return handle
        }
        guard let handle else { return }
        worker.async { [self] in
            if isLive(handle) {
                _ = expectingReply("HISTORY GET CLIENT_ID") { SpeechDispatcherRaw.execute(handle, "HISTORY GET CLIENT_ID") }
            }
            state.withLock { $0.probing = false }
        }
    }

    /// Every announcement not yet reported, in the order they were made.
    private static func takeAll(_ state: inout State) -> [Entry] {
        let entries = (Array(state.sent.values) + state.schedule.reset()).sorted { $0.id < $1.id }
        state.sent.removeAll()
        state.idByMessage.removeAll()
        state.earlyBegins.removeAll()
        state.earlyEnds.removeAll()
        return entries
    }

    // MARK: Delivery

    /// Runs the user's callbacks on the delivery queue, then counts the events as done.
    private func deliver(begun: UtteranceID? = nil, events: [UtteranceEvent]) {
        guard begun != nil || !events.isEmpty else { return }
        // Not `self`: `close()` delivers from `deinit` too, and the client must not outlive it.
        let (state, onBegin, onEvent) = (self.state, self.onBegin, self.onEvent)
        delivery.async {
            state.withLock { $0.deliveringThread = pthread_self() }
            if let begun { onBegin(begun) }
            for event in events { onEvent(event) }
            let waiters = state.withLock { state -> [DispatchSemaphore] in
                state.deliveringThread = nil
                state.outstanding -= events.count
                guard state.outstanding == 0 else { return [] }
                defer { state.drainWaiters.removeAll() }
                return state.drainWaiters
            }
            for waiter in waiters { waiter.signal() }
        }
    }

    private static func event(_ entry: Entry, _ outcome: UtteranceEvent.Outcome) -> UtteranceEvent {
        UtteranceEvent(
            id: entry.id, text: entry.text, spokenText: entry.spoken, priority: entry.priority,
            outcome: outcome, sampleCount: 0, sampleRate: 0, wavPath: nil, fromCache: false, problems: [])
    }

    // MARK: Worker

    /// Runs `body`, which waits for the daemon's reply to `command`, here on the worker queue.
    /// Each `commandTimeout` without the reply, the daemon is greeted on a new connection; if it
    /// does not answer that either, it is given up (`stoppedAnswering`) then, without waiting for
    /// `body` to return.
    private func expectingReply<T>(_ command: String, patient: Bool = false, _ body: () -> T) -> T {
        let answered = Locked(false)
        watch(command, answered, patient: patient)
        let value = body()
        answered.withLock { $0 = true }
        return value
    }

    /// How many `commandTimeout`s a reply is waited for while the daemon still greets new
    /// connections: a daemon that greets but has not answered us in that long (a worker stuck
    /// inside it) is as useless as a stopped one, and a session must not wait for it forever.
    package static let slowReplyRounds = 8

    /// One `commandTimeout` of waiting for `answered`, then the verdict (see `expectingReply`).
    /// `patient`: a reply the daemon takes long to make and send (its voice list: espeak-ng's
    /// 132 voices with each of its 100 variants are 13,000 lines, 0.75 s of the daemon's time on
    /// a test machine), in which the daemon, serving one client at a time, greets no new
    /// connection either: it is waited for all `slowReplyRounds` rounds without the greeting.
    /// With the greeting asked for, the list was given up after 2 `commandTimeout`s, and the
    /// connection with it.
    private func watch(_ command: String, _ answered: Locked<Bool>, patient: Bool = false, round: Int = 1) {
        DispatchQueue.global().asyncAfter(deadline: Self.dispatchTime(.now + commandTimeout)) { [weak self] in
            guard let self, !answered.withLock({ $0 }), state.withLock({ $0.failure == nil }) else { return }
            if round < Self.slowReplyRounds, patient || stillAnswers() {
                watch(command, answered, patient: patient, round: round + 1)
            } else if !answered.withLock({ $0 }) {
                stoppedAnswering(command, after: commandTimeout * round)
            }
        }
    }

    /// Runs `body` (a command on `handle` and its reply) on the worker queue and waits for its
    /// result, as long as the daemon is not given up; nil once it is (or the connection closed).
    /// With `limit` (a connection not yet the client's, which nothing else gives up), for that
    /// long at most.
    private func awaitReply<T: Sendable>(
        _ command: String, on handle: SpeechDispatcherRaw.Handle, limit: Duration? = nil, patient: Bool = false,
        _ body: @escaping @Sendable () -> T
    ) -> T? {
        let box = Locked<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        worker.async { [self] in
            if isLive(handle) {
                let value = expectingReply(command, patient: patient, body)
                box.withLock { $0 = value }
            }
            done.signal()
        }
        let deadline = limit.map { ContinuousClock.now + $0 }
        while done.wait(timeout: Self.dispatchTime(min(.now + commandTimeout, deadline ?? .now + commandTimeout))) == .timedOut {
            if let deadline {
                if ContinuousClock.now >= deadline { return box.withLock { $0 } }
            } else if state.withLock({ $0.failure != nil }) {
                return box.withLock { $0 }
            }
        }
        return box.withLock { $0 }
    }

    /// Whether `handle`'s connection is still open (see `State.live`).
    private func isLive(_ handle: SpeechDispatcherRaw.Handle) -> Bool {
        state.withLock { $0.live.contains(Self.key(handle)) }
    }

    private static func key(_ handle: SpeechDispatcherRaw.Handle) -> UInt {
        UInt(bitPattern: Int(bitPattern: handle.pointer))
    }

    /// `instant` on Dispatch's clock (both count from the same monotonic time).
    private static func dispatchTime(_ instant: ContinuousClock.Instant) -> DispatchTime {
        let left = instant - ContinuousClock.now
        let nanoseconds = max(left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000, 0)
        return .now() + .nanoseconds(Int(clamping: nanoseconds))
    }

    /// Runs `body` on the worker queue and waits for its result until `deadline`; nil if it did
    /// not come in time. A result that comes later is handed to `discard` instead.
    private func onWorker<T: Sendable>(
        until deadline: ContinuousClock.Instant, _ body: @escaping @Sendable () -> T,
        discard: @escaping @Sendable (T) -> Void = { _ in }
    ) -> T? {
        let box = Locked<(value: T?, abandoned: Bool)>((nil, false))
        let done = DispatchSemaphore(value: 0)
        worker.async {
            let value = body()
            let kept = box.withLock { box -> Bool in
                guard !box.abandoned else { return false }
                box.value = value
                return true
            }
            if !kept { discard(value) }
            done.signal()
        }
        _ = done.wait(timeout: Self.dispatchTime(deadline))
        return box.withLock { box -> T? in
            if box.value == nil { box.abandoned = true }
            return box.value
        }
    }

    // MARK: Hang-up watch

    /// Notices the moment speech-dispatcher closes our connection (it stopped, crashed, was
    /// restarted).
    ///
    /// libspeechd's reader thread just ends when its socket closes: no callback, and the messages
    /// we are waiting for will never get their END. Without this, `drain()` would wait forever and
    /// the announcements would never be reported. A thread of our own sleeps in `poll` on a
    /// duplicate of the socket, asking only for hang-up (`POLLRDHUP`), so the replies libspeechd
    /// reads never wake it and it costs nothing while the connection is healthy.
    ///
    /// Starts watching `socket` (which is not taken over). Returns the write end of a pipe whose
    /// closing wakes the thread and makes it exit quietly; nil if a descriptor or the thread
    /// could not be made.
    private static func watchForHangup(socket: Int32, onHangup: @escaping @Sendable () -> Void) -> FileDescriptor? {
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
        OwnedThread.start(name: "speechd hang-up watch", stackSize: 64 << 10) {
            waitForHangup(watched, stop: pipe.readEnd, onHangup: onHangup)
            try? watched.close()
            try? pipe.readEnd.close()
        }
        return pipe.writeEnd
    }

    /// Linux's POLLRDHUP, "the peer closed its end" (<poll.h> defines it only for _GNU_SOURCE,
    /// so Glibc's Swift module does not have it).
    private static let peerClosed: Int16 = 0x2000

    private static func waitForHangup(_ watched: FileDescriptor, stop: FileDescriptor, onHangup: @Sendable () -> Void) {
        // POLLHUP and POLLERR are always reported.
        let hangUp = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        var entries = [
            pollfd(fd: watched.rawValue, events: peerClosed, revents: 0),
            pollfd(fd: stop.rawValue, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            if Interrupted.poll(&entries, until: nil) < 0 { return }
            if entries[1].revents != 0 { return }
            if entries[0].revents & hangUp != 0 {
                onHangup()
                return
            }
        }
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

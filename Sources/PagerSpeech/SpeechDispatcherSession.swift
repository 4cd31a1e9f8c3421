import Dispatch
import Glibc
import PagerThreads
import Synchronization

/// The working part of `SpeechDispatcherClient`: one libspeechd connection, the announcements
/// in flight on it, and the three threads that touch them.
///
/// - The caller's threads: `speak`, `stop`, `drain`, … They never wait for the daemon, except
///   `stop`, the settings and `voices`, which wait (with a deadline) for its answer.
/// - The worker queue: every libspeechd call, one at a time, in the order they were asked for.
/// - libspeechd's reader thread: the BEGIN, END and CANCEL notifications. It only updates the
///   state below; calling libspeechd from there would deadlock it.
///
/// The user's callbacks run on a fourth, serial delivery queue, so a callback may call `speak`,
/// `stop` or `drain` without deadlocking anything, and sees the events of one session in order.
///
/// A separate object from the public client because libspeechd's callbacks, the worker's jobs and
/// the hang-up watch all need a reference to this state, while the client's `deinit` must still
/// run (and close the connection) when the caller lets go of it.
final class SpeechDispatcherSession: Sendable {
    let address: SpeechDispatcherAddress
    private let clientName: String
    /// How long `stop`, the settings and `voices` wait for the daemon.
    private let commandTimeout: Duration
    private let onEvent: @Sendable (UtteranceEvent) -> Void
    private let onBegin: @Sendable (UtteranceID) -> Void
    private let onNotice: @Sendable (String) -> Void

    private let worker = DispatchQueue(label: "pagervoice.speechd.commands")
    private let delivery = DispatchQueue(label: "pagervoice.speechd.events")
    private let state = Locked(State())

    /// Process-wide, like `Announcer`'s, so ids of different sessions never collide in one log.
    private static let nextID = Atomic<UInt64>(1)

    private struct Entry: Sendable {
        let id: UtteranceID
        let text: String
        let spoken: String
        let priority: SpeechPriority
    }

    private struct State {
        /// nil before `connect` succeeded and after the connection closed.
        var handle: SpeechDispatcherRaw.Handle?
        var slot: Int?
        var hangupWatch: SpeechDispatcherHangupWatch?
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
    }

    init(
        address: SpeechDispatcherAddress, clientName: String, commandTimeout: Duration,
        onEvent: @escaping @Sendable (UtteranceEvent) -> Void,
        onBegin: @escaping @Sendable (UtteranceID) -> Void,
        onNotice: @escaping @Sendable (String) -> Void
    ) {
        self.address = address
        self.clientName = clientName
        self.commandTimeout = commandTimeout
        self.onEvent = onEvent
        self.onBegin = onBegin
        self.onNotice = onNotice
    }

    // MARK: Connecting

    /// Greets the daemon ourselves, then opens the libspeechd connection and turns on
    /// notifications and plain-text mode, all before `timeout` has passed.
    func connect(timeout: Duration) throws(SpeechDispatcherError) {
        let deadline = ContinuousClock.now + timeout
        if let reason = SpeechDispatcherProbe.check(address, until: deadline, timeout: timeout) {
            throw .notRunning(address: address, reason)
        }
        guard let slot = SpeechDispatcherRaw.claimSlot({ [self] in receive($0) }) else {
            throw .tooManyConnections(limit: SpeechDispatcherRaw.slotCount)
        }
        let address = self.address
        let clientName = self.clientName
        // Opening and setting up is one job, so a daemon that stops answering halfway leaves the
        // job (not us) waiting; whenever it ends, an abandoned connection is closed by `discard`.
        let opened = onWorker(until: deadline) {
            () -> Result<(SpeechDispatcherRaw.Handle, Int32), SpeechDispatcherError.Reason> in
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
            throw .notRunning(address: address, .noReply(after: timeout))
        case .failure(let reason)?:
            SpeechDispatcherRaw.releaseSlot(slot)
            throw .notRunning(address: address, reason)
        case .success((let handle, let socket))?:
            let watch = SpeechDispatcherHangupWatch(socket: socket) { [weak self] in self?.connectionLost() }
            state.withLock { state in
                state.handle = handle
                state.slot = slot
                state.hangupWatch = watch
            }
        }
    }

    // MARK: Speaking

    func speak(_ text: String, priority: SpeechPriority) -> UtteranceID {
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
            let message = SpeechDispatcherRaw.say(handle, entry.priority, entry.spoken)
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

    /// Drops held announcements and sends `CANCEL SELF` behind everything already on its way, then
    /// waits (up to the command timeout) for the daemon to confirm. The daemon's CANCEL
    /// notifications then report the rest as interrupted.
    func stop() {
        let (dropped, handle) = state.withLock { state in
            (state.schedule.dropHeld(), state.failure == nil ? state.handle : nil)
        }
        deliver(events: dropped.map { Self.event($0, .interrupted) })
        guard let handle else { return }
        _ = onWorker(until: .now + commandTimeout) { SpeechDispatcherRaw.cancel(handle) }
    }

    func drain(timeout: Duration?) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        let (idle, fromCallback) = state.withLock { state -> (Bool, Bool) in
            if state.outstanding == 0 { return (true, false) }
            if let thread = state.deliveringThread, pthread_equal(thread, pthread_self()) != 0 { return (false, true) }
            state.drainWaiters.append(semaphore)
            return (false, false)
        }
        if idle { return true }
        if fromCallback { return false }
        guard let timeout else {
            semaphore.wait()
            return true
        }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        if semaphore.wait(timeout: .now() + .nanoseconds(Int(clamping: max(nanoseconds, 0)))) == .success { return true }
        return state.withLock { state in
            state.drainWaiters.removeAll { $0 === semaphore }
            return state.outstanding == 0
        }
    }

    var isSpeaking: Bool { state.withLock { $0.outstanding > 0 } }

    // MARK: Settings

    func setRate(_ rate: Int) throws(SpeechDispatcherError) {
        let handle = try openHandle()
        let command = "SET SELF RATE \(rate)"
        guard let accepted = onWorker(until: .now + commandTimeout, { SpeechDispatcherRaw.setRate(handle, rate) }) else {
            throw .noReply(command: command, after: commandTimeout)
        }
        guard accepted else { throw .refused(command: command) }
    }

    /// A voice of the daemon's output module by name (any case), else a language code some voice
    /// speaks (`es`, `pt-br`), which the daemon then picks a voice for.
    func setVoice(_ name: String) throws(SpeechDispatcherError) {
        let available = try voices()
        let handle = try openHandle()
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
            throw .unknownVoice(name)
        }
        guard let accepted = onWorker(until: .now + commandTimeout, set) else {
            throw .noReply(command: command, after: commandTimeout)
        }
        guard accepted else { throw .refused(command: command) }
    }

    func voices() throws(SpeechDispatcherError) -> [SpeechDispatcherVoice] {
        let handle = try openHandle()
        let command = "LIST SYNTHESIS_VOICES"
        guard let listed = onWorker(until: .now + commandTimeout, { SpeechDispatcherRaw.listVoices(handle) }) else {
            throw .noReply(command: command, after: commandTimeout)
        }
        guard let voices = listed else { throw .refused(command: command) }
        return voices
    }

    private func openHandle() throws(SpeechDispatcherError) -> SpeechDispatcherRaw.Handle {
        guard let handle = state.withLock({ $0.failure == nil ? $0.handle : nil }) else { throw .connectionClosed }
        return handle
    }

    // MARK: Closing

    /// Cancels what is still ours in the daemon, closes the connection and reports every
    /// announcement not yet reported as interrupted. Returns at once; the closing itself happens
    /// on the worker queue. Idempotent.
    func close() {
        let closing = state.withLock { state -> (SpeechDispatcherRaw.Handle, Int, SpeechDispatcherHangupWatch?, [Entry])? in
            guard let handle = state.handle, let slot = state.slot else { return nil }
            let alreadyFailed = state.failure != nil
            state.failure = state.failure ?? .audioUnavailable(mode: "speechd", reason: "the connection to speech-dispatcher is closed")
            state.handle = nil
            state.slot = nil
            defer { state.hangupWatch = nil }
            let entries = alreadyFailed ? [] : Self.takeAll(&state)
            return (handle, slot, state.hangupWatch, entries)
        }
        guard let (handle, slot, watch, entries) = closing else { return }
        watch?.stop()
        SpeechDispatcherRaw.silenceSlot(slot)
        worker.async {
            SpeechDispatcherRaw.disableNotifications(handle)
            _ = SpeechDispatcherRaw.cancel(handle)
            SpeechDispatcherRaw.close(handle)
            SpeechDispatcherRaw.releaseSlot(slot)
        }
        deliver(events: entries.map { Self.event($0, .interrupted) })
    }

    /// The daemon hung up (on the hang-up watch's thread).
    private func connectionLost() {
        let failure = SpeechError.audioLost(reason: "speech-dispatcher closed the connection")
        let entries = state.withLock { state -> [Entry]? in
            guard state.handle != nil, state.failure == nil else { return nil }
            state.failure = failure
            return Self.takeAll(&state)
        }
        guard let entries else { return }
        onNotice("speech-dispatcher closed the connection; nothing more will be spoken")
        deliver(events: entries.map { Self.event($0, .failed(failure)) })
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
        delivery.async { [self] in
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
        let left = deadline - ContinuousClock.now
        let nanoseconds = max(left.components.seconds * 1_000_000_000 + left.components.attoseconds / 1_000_000_000, 0)
        _ = done.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds)))
        return box.withLock { box -> T? in
            if box.value == nil { box.abandoned = true }
            return box.value
        }
    }
}

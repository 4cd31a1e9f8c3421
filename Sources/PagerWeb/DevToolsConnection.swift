import PagerCore
import PagerSystem
import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The Chrome DevTools protocol over the browser's pipe: commands out, replies and events in.
///
/// Every message is one JSON object followed by a NUL byte. A command carries an id, and the
/// reply carries it back; events carry none. One reader thread splits what arrives, hands each
/// reply to the caller waiting for its id, runs the event handlers (which must not wait for a
/// reply themselves: they are on the only thread that could deliver it, so they `send`), and keeps
/// the latest events for `waitForEvent`. Every wait has a deadline, and when the browser goes
/// away every waiter learns why at once.
package final class DevToolsConnection: Sendable {
    /// What a reader of `events` waits on.
    private struct State {
        /// Ids of commands whose callers are still waiting.
        var pending: Set<Int> = []
        var replies: [Int: JSON] = [:]
        /// The latest events, oldest first.
        var events: [DevToolsEvent] = []
        var lastSequence = 0
        /// Set once the connection has ended: why.
        var ended: DevToolsError?
    }

    /// How many events are kept for `waitForEvent`; older ones are dropped.
    private static let keptEvents = 4096
    /// A message larger than this means the stream is not DevTools: the connection is dropped.
    private static let largestMessage = 1 << 30

    private let socket: DevToolsSocket
    private let state = WaitableValue(State())
    private let nextID = Atomic<Int>(1)
    /// Serialises writes, and guards the descriptor against reuse: the reader closes it under
    /// this lock when it leaves, and nothing is written after that.
    private let writer = Locked(true)
    private let handlers = Locked<[Int: @Sendable (DevToolsEvent) -> Void]>([:])
    private let nextHandler = Atomic<Int>(1)

    /// Takes over `socket` and starts reading. `whyEnded` is asked, on the reader thread, when the
    /// stream ends without `close()`: it names the cause (the browser exited, with its status).
    init(socket: DevToolsSocket, whyEnded: @escaping @Sendable () -> DevToolsError) {
        self.socket = socket
        let state = self.state
        let writer = self.writer
        let handlers = self.handlers
        OwnedThread.start(name: "devtools reader", stackSize: 8 << 20) {
            Self.read(socket, state: state, handlers: handlers)
            // Whoever is waiting learns why at once; the cause may take a moment to find out.
            let cause = state.withLock { $0.ended } ?? whyEnded()
            state.withLock { state in
                if state.ended == nil { state.ended = cause }
            }
            writer.withLock { open in
                open = false
                socket.close()
            }
        }
    }

    deinit { close() }

    /// Sends `method` with `params` (to the page `session`, else to the browser) and waits for the
    /// reply: its `result`. Throws the browser's error, `.timedOut` after `timeout`, or why the
    /// connection ended.
    package func call(
        _ method: String, _ params: JSON = .object([]), session: String? = nil, timeout: Duration = .seconds(10)
    ) throws(DevToolsError) -> JSON {
        let deadline = ContinuousClock.now + timeout
        let id = nextID.add(1, ordering: .relaxed).oldValue
        let endedAlready = state.withLock { state in
            if state.ended == nil { state.pending.insert(id) }
            return state.ended
        }
        if let endedAlready { throw endedAlready }
        defer {
            // A reply that arrives after the wait gave up is dropped with the id.
            state.withLock { state in
                state.pending.remove(id)
                state.replies[id] = nil
            }
        }
        try write(id: id, method: method, params: params, session: session, until: deadline, timeout: timeout)
        enum Outcome {
            case reply(JSON)
            case ended(DevToolsError)
        }
        let outcome = state.wait(until: deadline) { state -> Outcome? in
            if let reply = state.replies.removeValue(forKey: id) { return .reply(reply) }
            return state.ended.map(Outcome.ended)
        }
        switch outcome {
        case .reply(let reply):
            if let error = reply["error"] {
                throw .protocolError(method: method, code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "")
            }
            return reply["result"] ?? .object([])
        case .ended(let error): throw error
        case nil: throw .timedOut(method: method, after: timeout)
        }
    }

    /// Sends `method` without waiting for the reply, which is dropped: for event handlers, which
    /// run on the reader thread and so cannot wait.
    package func send(_ method: String, _ params: JSON = .object([]), session: String? = nil) {
        let id = nextID.add(1, ordering: .relaxed).oldValue
        try? write(id: id, method: method, params: params, session: session, until: .now + .seconds(10), timeout: .seconds(10))
    }

    /// The sequence number of the latest event so far: `waitForEvent(after:)` with it sees only
    /// events that come later.
    package var eventMark: Int { state.withLock { $0.lastSequence } }

    /// Waits for the first event after `mark` that `matches` accepts, at most until `deadline`;
    /// nil when none came in time. Throws why the connection ended.
    package func waitForEvent(
        after mark: Int, until deadline: ContinuousClock.Instant, where matches: (DevToolsEvent) -> Bool
    ) throws(DevToolsError) -> DevToolsEvent? {
        enum Outcome {
            case event(DevToolsEvent)
            case ended(DevToolsError)
        }
        let outcome = state.wait(until: deadline) { state -> Outcome? in
            if let event = state.events.first(where: { $0.sequence > mark && matches($0) }) { return .event(event) }
            return state.ended.map(Outcome.ended)
        }
        switch outcome {
        case .event(let event): return event
        case .ended(let error): throw error
        case nil: return nil
        }
    }

    /// Runs `handler` on the reader thread for every event from now on, until removed. It must
    /// return quickly and never `call` (it would wait for a reply only its own thread can read).
    package func addEventHandler(_ handler: @escaping @Sendable (DevToolsEvent) -> Void) -> Int {
        let number = nextHandler.add(1, ordering: .relaxed).oldValue
        handlers.withLock { $0[number] = handler }
        return number
    }

    package func removeEventHandler(_ number: Int) {
        handlers.withLock { _ = $0.removeValue(forKey: number) }
    }

    /// Why the connection ended, or nil while it is open.
    package var endReason: DevToolsError? { state.withLock { $0.ended } }

    /// Ends the connection: waiting callers get `.closed`, the browser sees its pipe close.
    package func close() { end(because: .closed) }

    /// Ends the connection for `cause`, which every waiting and later caller gets (the browser
    /// exited while something it forked still holds the pipe open, so no end of file came).
    func end(because cause: DevToolsError) {
        state.withLock { state in
            if state.ended == nil { state.ended = cause }
        }
        writer.withLock { open in
            if open { socket.shutDown() }
        }
    }

    private func write(
        id: Int, method: String, params: JSON, session: String?, until deadline: ContinuousClock.Instant, timeout: Duration
    ) throws(DevToolsError) {
        var members: [(String, JSON)] = [("id", .int(id)), ("method", .string(method)), ("params", params)]
        if let session { members.append(("sessionId", .string(session))) }
        var bytes = Array(JSON.object(members).serialized().utf8)
        bytes.append(0)
        let failure: Errno? = writer.withLock { open in
            guard open else { return .badFileDescriptor }
            do throws(Errno) {
                try socket.writeAll(bytes, until: deadline)
                return nil
            } catch {
                return error
            }
        }
        guard let failure else { return }
        if failure == .timedOut { throw .timedOut(method: method, after: timeout) }
        // A broken pipe: the reader will find out why; wait briefly for its verdict.
        let ended = state.wait(until: .now + .seconds(3)) { $0.ended }
        throw ended ?? .closed
    }

    /// The reader thread's loop: until the stream ends, split it on NUL and dispatch each message.
    private static func read(
        _ socket: DevToolsSocket, state: WaitableValue<State>, handlers: Locked<[Int: @Sendable (DevToolsEvent) -> Void]>
    ) {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 18)
        while true {
            let count = (try? chunk.withUnsafeMutableBytes { buffer throws(Errno) in try socket.read(into: buffer) }) ?? 0
            guard count > 0 else { return }
            let scanFrom = pending.count
            pending.append(contentsOf: chunk[..<count])
            var start = 0
            var at = scanFrom
            while let end = nul(in: pending, from: at) {
                let message = pending.withUnsafeBytes { raw in try? JSON(parsing: UnsafeRawBufferPointer(rebasing: raw[start..<end])) }
                if let message { dispatch(message, state: state, handlers: handlers) }
                start = end + 1
                at = start
            }
            if start > 0 { pending.removeFirst(start) }
            guard pending.count <= largestMessage else { return }
        }
    }

    private static func nul(in bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        return bytes.withUnsafeBytes { raw in
            memchr(raw.baseAddress! + start, 0, raw.count - start).map { raw.baseAddress!.distance(to: $0) }
        }
    }

    private static func dispatch(_ message: JSON, state: WaitableValue<State>, handlers: Locked<[Int: @Sendable (DevToolsEvent) -> Void]>) {
        if let id = message["id"]?.intValue {
            state.withLock { state in
                if state.pending.contains(id) { state.replies[id] = message }
            }
            return
        }
        guard let method = message["method"]?.stringValue else { return }
        let event = state.withLock { state in
            state.lastSequence += 1
            return DevToolsEvent(
                method: method, params: message["params"] ?? .object([]), session: message["sessionId"]?.stringValue,
                sequence: state.lastSequence)
        }
        for handler in handlers.withLock({ $0.sorted { $0.key < $1.key }.map(\.value) }) { handler(event) }
        // The Runtime domain's events (each console message of a page that logs every frame) are
        // for handlers only: kept, they would push out the few an awaited event is among.
        guard !method.hasPrefix("Runtime.") else { return }
        state.withLock { state in
            state.events.append(event)
            if state.events.count > keptEvents { state.events.removeFirst(state.events.count - keptEvents / 2) }
        }
    }
}

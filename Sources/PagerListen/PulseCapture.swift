/// A PulseAudio record stream at the recogniser's rate, driven by the thread that owns it.
///
/// Connecting has a deadline: libpulse itself would wait forever for a server that accepts the
/// connection and never answers, so the loop is run here, a slice at a time, until the stream is
/// ready, something fails, or the deadline passes.
///
/// Used by the listener's thread only, except `wakeUp`, which other threads call:
/// `pa_mainloop_wakeup` is the one libpulse call made to be safe from any thread. Hence the
/// unchecked `Sendable`, which lets the listener keep a `@Sendable` waker.
final class PulseCapture: @unchecked Sendable {
    private let loop: OpaquePointer
    private var context: OpaquePointer?
    private var stream: OpaquePointer?
    /// A few odd bytes from a fragment that ended mid-sample.
    private var carry: [UInt8] = []

    /// 50 ms fragments: small enough to keep the delay low, large enough to wake the thread only
    /// 20 times a second while the room is silent.
    static let fragmentBytes = Recogniser.sampleRate / 20 * 2

    init(server: String?, device: String?, timeout: Duration) throws(ListenError) {
        guard let loop = PulseRaw.makeMainLoop() else { throw .audioUnavailable(reason: "libpulse could not make a main loop") }
        self.loop = loop
        let deadline = ContinuousClock.now + timeout
        let (context, error) = PulseRaw.connect(loop, server: server, applicationName: "pagervoice")
        // From here on a throw runs deinit, which closes what was opened and frees the loop.
        guard let context else {
            throw .audioUnavailable(reason: "PulseAudio: \(PulseRaw.message(error))")
        }
        self.context = context
        do {
            try waitFor(deadline: deadline, what: "PulseAudio did not answer") { PulseRaw.contextState(context) }
            guard let stream = PulseRaw.record(context, device: device, rate: Recogniser.sampleRate, fragmentBytes: Self.fragmentBytes)
            else {
                throw ListenError.audioUnavailable(
                    reason: "PulseAudio refused a record stream: \(PulseRaw.message(PulseRaw.contextError(context)))")
            }
            self.stream = stream
            do {
                try waitFor(deadline: deadline, what: "PulseAudio did not open the record stream") { PulseRaw.streamState(stream) }
            } catch {
                let code = PulseRaw.contextError(context)
                if code == PulseRaw.noEntity || (device != nil && code == PulseRaw.invalidArgument) {
                    throw ListenError.deviceNotFound(device ?? "(default source)")
                }
                throw error
            }
        } catch let error as ListenError {
            throw error
        } catch {
            throw .audioUnavailable(reason: "\(error)")
        }
    }

    deinit {
        close()
        PulseRaw.freeMainLoop(loop)
    }

    private func waitFor(deadline: ContinuousClock.Instant, what: String, state: () -> PulseRaw.State) throws(ListenError) {
        while true {
            switch state() {
            case .ready: return
            case .failed:
                let error = context.map(PulseRaw.contextError) ?? 0
                if error == PulseRaw.noEntity { throw .deviceNotFound("") }
                throw .audioUnavailable(reason: "PulseAudio: \(PulseRaw.message(error))")
            case .connecting: break
            }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw .audioUnavailable(reason: "\(what) in time")
            }
            let microseconds = min(remaining.components.seconds * 1_000_000 + remaining.components.attoseconds / 1_000_000_000_000, 100_000)
            guard PulseRaw.iterate(loop, timeoutMicroseconds: Int32(max(microseconds, 1))) else {
                throw .audioUnavailable(reason: "the PulseAudio main loop failed")
            }
        }
    }

    /// Waits for audio (or `wakeUp`, or `timeout`), then hands every whole sample recorded so far
    /// to `body`. Throws when the stream or the server is gone.
    func waitAndRead(timeoutMicroseconds: Int32, _ body: (UnsafeBufferPointer<Int16>) -> Void) throws(ListenError) {
        guard let stream, let context else { throw .audioLost(reason: "the record stream is closed") }
        guard PulseRaw.iterate(loop, timeoutMicroseconds: timeoutMicroseconds) else {
            throw .audioLost(reason: "the PulseAudio main loop failed")
        }
        if PulseRaw.contextState(context) == .failed {
            throw .audioLost(reason: "PulseAudio: \(PulseRaw.message(PulseRaw.contextError(context)))")
        }
        // The server is there but the stream ended: its source went away (`PulseRaw.record`).
        if PulseRaw.streamState(stream) == .failed { throw .audioLost(reason: "it was removed from PulseAudio") }
        let ok = PulseRaw.drain(stream) { bytes in
            var chunk = carry
            chunk += bytes
            let whole = chunk.count / 2 * 2
            chunk.withUnsafeBytes { raw in
                let samples = UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: Int16.self), count: whole / 2)
                body(samples)
            }
            carry = Array(chunk[whole...])
        }
        if !ok { throw .audioLost(reason: "PulseAudio: \(PulseRaw.message(PulseRaw.contextError(context)))") }
    }

    /// Interrupts `waitAndRead` from another thread.
    func wakeUp() {
        PulseRaw.wakeUp(loop)
    }

    private func close() {
        if let stream { PulseRaw.disconnectStream(stream) }
        stream = nil
        if let context { PulseRaw.disconnect(context) }
        context = nil
    }
}

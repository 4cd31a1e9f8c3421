import CPulse
import Glibc

extension SpeechError {
    /// Why a PulseAudio server could not be used, in words for the one notice line.
    fileprivate static func pulse(_ reason: String) -> SpeechError {
        .audioUnavailable(mode: "pulse", reason: reason)
    }

    /// A server accepted the connection but did not complete the handshake in time.
    fileprivate static func pulseDidNotAnswer(server: String, seconds: Int) -> SpeechError {
        .pulse("PulseAudio at \(server) did not answer within \(seconds) s")
    }
}

/// One connection to a PulseAudio server through libpulse's asynchronous API, on a thread of its
/// own (`pa_threaded_mainloop`). Every libpulse call of the package is in this file.
///
/// Why not `pa_simple` (what pcaudiolib uses): it connects with no deadline of its own, so a
/// server that accepts and never answers holds the caller for libpulse's 30 s reply timeout, and
/// it cannot choose its buffer. Here the handshake has a deadline, and a stream gets the small
/// buffer announcements need.
///
/// `@unchecked Sendable`: the libpulse objects are used only under the mainloop's lock
/// (`withLock`), which is what libpulse requires of a threaded mainloop's users.
final class PulseConnection: @unchecked Sendable {
    fileprivate let mainloop: OpaquePointer
    fileprivate let context: OpaquePointer
    /// The server it reached, e.g. "/run/user/0/pulse/native" or "tcp:127.0.0.1:4713".
    let server: String

    /// How long `open` waits for a server to complete the handshake.
    static let handshakeTimeout: Duration = .seconds(2)

    private init(mainloop: OpaquePointer, context: OpaquePointer, server: String) {
        self.mainloop = mainloop
        self.context = context
        self.server = server
    }

    deinit {
        withLock {
            pa_context_disconnect(context)
            pa_context_unref(context)
        }
        pa_threaded_mainloop_stop(mainloop)
        pa_threaded_mainloop_free(mainloop)
    }

    /// Connects to the server libpulse would pick (`$PULSE_SERVER`, client.conf, the user's
    /// runtime socket, the system socket), never starting one, and gives up after `timeout`.
    static func open(applicationName: String, timeout: Duration = handshakeTimeout) -> Result<PulseConnection, SpeechError> {
        guard let mainloop = pa_threaded_mainloop_new() else { return .failure(.pulse("libpulse could not start")) }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), applicationName) else {
            pa_threaded_mainloop_free(mainloop)
            return .failure(.pulse("libpulse could not start"))
        }
        let signalMainloop = UnsafeMutableRawPointer(mainloop)
        pa_context_set_state_callback(
            context, { _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) }, signalMainloop)
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            pa_context_unref(context)
            pa_threaded_mainloop_free(mainloop)
            return .failure(.pulse("libpulse could not start its thread"))
        }
        pa_threaded_mainloop_lock(mainloop)
        let deadline = pa_rtclock_now() + microseconds(timeout)
        var outcome: Result<String, SpeechError>
        if pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            outcome = .failure(.pulse(noServerReason(pa_context_errno(context))))
        } else {
            // Wakes the wait below at the deadline; state changes wake it before.
            let timer = pa_context_rttime_new(
                context, deadline, { _, _, _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) },
                signalMainloop)
            outcome = .failure(.pulse("PulseAudio connection ended"))
            waiting: while true {
                switch pa_context_get_state(context) {
                case PA_CONTEXT_READY:
                    outcome = .success(pa_context_get_server(context).map { String(cString: $0) } ?? "the default server")
                    break waiting
                case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
                    outcome = .failure(.pulse(noServerReason(pa_context_errno(context))))
                    break waiting
                default:
                    if pa_rtclock_now() >= deadline {
                        let server = pa_context_get_server(context).map { String(cString: $0) } ?? "the default server"
                        outcome = .failure(.pulseDidNotAnswer(server: server, seconds: Int(timeout.components.seconds)))
                        break waiting
                    }
                    pa_threaded_mainloop_wait(mainloop)
                }
            }
            if let timer { pa_threaded_mainloop_get_api(mainloop).pointee.time_free(timer) }
        }
        pa_context_set_state_callback(context, nil, nil)
        switch outcome {
        case .success(let server):
            pa_threaded_mainloop_unlock(mainloop)
            return .success(PulseConnection(mainloop: mainloop, context: context, server: server))
        case .failure(let failure):
            pa_context_disconnect(context)
            pa_context_unref(context)
            pa_threaded_mainloop_unlock(mainloop)
            pa_threaded_mainloop_stop(mainloop)
            pa_threaded_mainloop_free(mainloop)
            return .failure(failure)
        }
    }

    /// libpulse's words for a failed connection, with the usual case said plainly.
    private static func noServerReason(_ code: Int32) -> String {
        if code == Int32(PA_ERR_CONNECTIONREFUSED.rawValue) || code == Int32(PA_ERR_INVALIDSERVER.rawValue) {
            return "no PulseAudio server is running"
        }
        return "PulseAudio: " + String(cString: pa_strerror(code))
    }

    /// Runs `body` holding the mainloop's lock (libpulse calls need it; callbacks hold it too).
    func withLock<T>(_ body: () -> T) -> T {
        pa_threaded_mainloop_lock(mainloop)
        defer { pa_threaded_mainloop_unlock(mainloop) }
        return body()
    }

    /// Waits (lock held) until `done` holds or `timeout` passes; false on timeout. Releases the
    /// lock while it waits for a callback's signal. Never on the mainloop's thread.
    fileprivate func wait(until done: () -> Bool, timeout: Duration) -> Bool {
        let deadline = pa_rtclock_now() + Self.microseconds(timeout)
        let timer = pa_context_rttime_new(
            context, deadline, { _, _, _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) },
            UnsafeMutableRawPointer(mainloop))
        defer { if let timer { pa_threaded_mainloop_get_api(mainloop).pointee.time_free(timer) } }
        while !done() {
            if pa_rtclock_now() >= deadline { return false }
            pa_threaded_mainloop_wait(mainloop)
        }
        return true
    }

    static func microseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(duration.components.seconds, 0)) * 1_000_000 + UInt64(max(duration.components.attoseconds, 0) / 1_000_000_000_000)
    }

    /// The code of the last failure on this connection.
    fileprivate var lastError: Int32 {
        let code = pa_context_errno(context)
        return code == 0 ? Int32(PA_ERR_UNKNOWN.rawValue) : code
    }
}

/// A playback stream of 16-bit mono PCM on a `PulseConnection`, with a buffer sized for speech
/// that must start at once and stop at once.
///
/// `pa_simple` (pcaudiolib's PulseAudio backend) leaves the buffer to the server, which gives a
/// stream about 2 s and holds playback back until that much is buffered or the stream drains: a
/// short announcement was heard only once fully synthesised. Here `tlength` is `bufferDuration`
/// (with `PA_STREAM_ADJUST_LATENCY`, so the server runs the sink at a matching latency) and
/// `prebuf` is the first few milliseconds, so sound starts with the first buffer written.
///
/// `write` blocks while the buffer is full (the back-pressure that keeps memory flat during long
/// text); `flush`, from any thread, empties the buffer and releases a blocked `write` or `drain`,
/// which then give up the rest of what they were doing, since it belonged to speech that was
/// just cut off. Calls return 0 or a libpulse error code for `PulsePlaybackStream.message`.
final class PulsePlaybackStream: @unchecked Sendable {
    private let connection: PulseConnection
    private let stream: OpaquePointer
    /// Counts flushes (under the mainloop lock), so a blocked write or drain sees one happen.
    private var flushes = 0
    /// How long a drain may take: the buffer's worth of sound, then `stallTimeout`.
    private let drainTimeout: Duration

    /// How long a write may wait for room, or a drain past the buffer's length, before the server
    /// counts as stopped or hung: the 2 s a server gets to answer at the start. The buffer is
    /// 0.5 s of sound, so a server that plays makes room many times within it; one stopped
    /// (SIGSTOP) or hung never does, and a script's next line waited for it forever.
    static let stallTimeout = PulseConnection.handshakeTimeout
    /// The code `write` and `drain` return when the server made no progress within
    /// `stallTimeout` (not one of libpulse's, so `message` can say what happened).
    static let stalled: Int32 = -1_000

    private init(connection: PulseConnection, stream: OpaquePointer, bufferDuration: Duration) {
        self.connection = connection
        self.stream = stream
        self.drainTimeout = bufferDuration + Self.stallTimeout
    }

    deinit {
        connection.withLock {
            pa_stream_set_state_callback(stream, nil, nil)
            pa_stream_set_write_callback(stream, nil, nil)
            pa_stream_disconnect(stream)
            pa_stream_unref(stream)
        }
    }

    /// Opens a stream to the default sink and waits (at most `PulseConnection.handshakeTimeout`)
    /// until the server has set it up.
    static func open(
        on connection: PulseConnection, sampleRate: Int, name: String,
        bufferDuration: Duration, startDuration: Duration
    ) -> Result<PulsePlaybackStream, SpeechError> {
        connection.withLock { () -> Result<PulsePlaybackStream, SpeechError> in
            var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(sampleRate), channels: 1)
            guard let stream = pa_stream_new(connection.context, name, &spec, nil) else {
                return .failure(.pulse("PulseAudio: " + message(connection.lastError)))
            }
            let mainloop = UnsafeMutableRawPointer(connection.mainloop)
            pa_stream_set_state_callback(stream, { _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) }, mainloop)
            pa_stream_set_write_callback(stream, { _, _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) }, mainloop)
            let bytesPerSecond = UInt64(sampleRate) * 2
            func bytes(_ duration: Duration) -> UInt32 {
                // Whole frames, at least one.
                UInt32(max(2, bytesPerSecond * PulseConnection.microseconds(duration) / 1_000_000 / 2 * 2))
            }
            var attributes = pa_buffer_attr(
                maxlength: UInt32.max, tlength: bytes(bufferDuration), prebuf: bytes(startDuration),
                minreq: UInt32.max, fragsize: UInt32.max)
            let flags = pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue)
            let playing = PulsePlaybackStream(connection: connection, stream: stream, bufferDuration: bufferDuration)
            guard pa_stream_connect_playback(stream, nil, &attributes, flags, nil, nil) >= 0 else {
                return .failure(.pulse("PulseAudio: " + message(connection.lastError)))
            }
            var state = pa_stream_get_state(stream)
            let settled = connection.wait(
                until: {
                    state = pa_stream_get_state(stream)
                    return state != PA_STREAM_UNCONNECTED && state != PA_STREAM_CREATING
                }, timeout: PulseConnection.handshakeTimeout)
            guard settled else {
                return .failure(
                    .pulseDidNotAnswer(server: connection.server, seconds: Int(PulseConnection.handshakeTimeout.components.seconds)))
            }
            guard state == PA_STREAM_READY else {
                return .failure(.pulse("PulseAudio refused the stream: " + message(connection.lastError)))
            }
            return .success(playing)
        }
    }

    /// Plays `samples`, waiting while the buffer is full; gives up the rest if `flush` is called
    /// meanwhile.
    func write(_ samples: UnsafeBufferPointer<Int16>) -> Int32 {
        guard let base = samples.baseAddress, !samples.isEmpty else { return 0 }
        let raw = UnsafeRawPointer(base)
        let total = samples.count * 2
        return connection.withLock {
            let flushesBefore = flushes
            var offset = 0
            while offset < total {
                guard pa_stream_get_state(stream) == PA_STREAM_READY else { return connection.lastError }
                if flushes != flushesBefore { return 0 }
                let writable = pa_stream_writable_size(stream)
                if writable == Int.max || writable == -1 { return connection.lastError }
                if writable < 2 {
                    let moved = connection.wait(
                        until: {
                            flushes != flushesBefore || pa_stream_get_state(stream) != PA_STREAM_READY
                                || pa_stream_writable_size(stream) >= 2
                        }, timeout: Self.stallTimeout)
                    if !moved { return Self.stalled }
                    continue
                }
                let count = min(writable, total - offset) & ~1
                if pa_stream_write(stream, raw + offset, count, nil, 0, PA_SEEK_RELATIVE) < 0 { return connection.lastError }
                offset += count
            }
            return 0
        }
    }

    /// Waits until everything written has been played (ends early, successfully, on `flush`).
    func drain() -> Int32 {
        connection.withLock {
            let flushesBefore = flushes
            guard pa_stream_get_state(stream) == PA_STREAM_READY,
                let operation = pa_stream_drain(
                    stream, { _, _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) },
                    UnsafeMutableRawPointer(connection.mainloop))
            else { return connection.lastError }
            defer { pa_operation_unref(operation) }
            let ended = connection.wait(
                until: {
                    flushes != flushesBefore || pa_stream_get_state(stream) != PA_STREAM_READY
                        || pa_operation_get_state(operation) != PA_OPERATION_RUNNING
                }, timeout: drainTimeout)
            if flushes != flushesBefore {
                pa_operation_cancel(operation)
                return 0
            }
            guard ended else {
                pa_operation_cancel(operation)
                return Self.stalled
            }
            guard pa_stream_get_state(stream) == PA_STREAM_READY else { return connection.lastError }
            return pa_operation_get_state(operation) == PA_OPERATION_DONE ? 0 : connection.lastError
        }
    }

    /// Drops everything not yet played and releases a blocked `write` or `drain`. Any thread.
    func flush() -> Int32 {
        connection.withLock {
            flushes += 1
            pa_threaded_mainloop_signal(connection.mainloop, 0)
            guard pa_stream_get_state(stream) == PA_STREAM_READY else { return connection.lastError }
            guard let operation = pa_stream_flush(stream, nil, nil) else { return connection.lastError }
            pa_operation_unref(operation)
            return 0
        }
    }

    /// libpulse's words for an error code.
    static func message(_ code: Int32) -> String {
        if code == stalled {
            return "the server played nothing for \(stallTimeout.components.seconds) s: stopped or hung"
        }
        return pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

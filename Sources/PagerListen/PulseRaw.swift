import CPulse

/// Every raw libpulse call in the package: a plain (non-threaded) main loop that the listener's
/// own thread runs, a context connected without autospawn, and a 16 kHz mono record stream.
/// No callbacks: states and readable data are polled after each loop iteration, so libpulse
/// never calls into Swift and never starts a thread of its own.
enum PulseRaw {
    static func makeMainLoop() -> OpaquePointer? { pa_mainloop_new() }

    static func freeMainLoop(_ loop: OpaquePointer) { pa_mainloop_free(loop) }

    /// Waits up to `microseconds` (-1: until something happens or `wakeUp`) and dispatches what
    /// arrived; false when the loop failed.
    static func iterate(_ loop: OpaquePointer, timeoutMicroseconds: Int32) -> Bool {
        guard pa_mainloop_prepare(loop, timeoutMicroseconds) >= 0 else { return false }
        guard pa_mainloop_poll(loop) >= 0 else { return false }
        return pa_mainloop_dispatch(loop) >= 0
    }

    /// Interrupts a waiting `iterate` from any thread.
    static func wakeUp(_ loop: OpaquePointer) { pa_mainloop_wakeup(loop) }

    /// Starts connecting; nil server means libpulse's default (`$PULSE_SERVER`, the user's
    /// runtime folder, …). Never spawns a daemon.
    static func connect(_ loop: OpaquePointer, server: String?, applicationName: String) -> (context: OpaquePointer?, error: Int32) {
        guard let context = pa_context_new(pa_mainloop_get_api(loop), applicationName) else {
            return (nil, Int32(PA_ERR_INTERNAL.rawValue))
        }
        if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            let error = pa_context_errno(context)
            pa_context_unref(context)
            return (nil, error)
        }
        return (context, 0)
    }

    enum State {
        case connecting, ready, failed
    }

    static func contextState(_ context: OpaquePointer) -> State {
        switch pa_context_get_state(context) {
        case PA_CONTEXT_READY: .ready
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED: .failed
        default: .connecting
        }
    }

    static func contextError(_ context: OpaquePointer) -> Int32 { pa_context_errno(context) }

    static func disconnect(_ context: OpaquePointer) {
        pa_context_disconnect(context)
        pa_context_unref(context)
    }

    /// Starts a record stream of 16-bit mono at `rate` from `device` (nil: the default source);
    /// the server converts whatever the source produces. `fragmentBytes` is how much it sends at
    /// once, which bounds the delay it adds.
    ///
    /// A stream from a named source must not move: when that source goes (a headset unplugged),
    /// PulseAudio would otherwise move it to another one, perhaps the loudspeaker's monitor, and
    /// PagerVoice would go on listening to the wrong thing, even to its own voice. Kept, it fails,
    /// and listening says it was lost. The default source may follow the default.
    static func record(_ context: OpaquePointer, device: String?, rate: Int, fragmentBytes: Int) -> OpaquePointer? {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(rate), channels: 1)
        guard let stream = pa_stream_new(context, "voice commands", &spec, nil) else { return nil }
        var attributes = pa_buffer_attr(
            maxlength: UInt32.max, tlength: UInt32.max, prebuf: UInt32.max, minreq: UInt32.max,
            fragsize: UInt32(fragmentBytes))
        let flags =
            device == nil ? PA_STREAM_ADJUST_LATENCY : pa_stream_flags_t(PA_STREAM_ADJUST_LATENCY.rawValue | PA_STREAM_DONT_MOVE.rawValue)
        if pa_stream_connect_record(stream, device, &attributes, flags) < 0 {
            pa_stream_unref(stream)
            return nil
        }
        return stream
    }

    static func streamState(_ stream: OpaquePointer) -> State {
        switch pa_stream_get_state(stream) {
        case PA_STREAM_READY: .ready
        case PA_STREAM_FAILED, PA_STREAM_TERMINATED: .failed
        default: .connecting
        }
    }

    /// Hands each recorded fragment to `body`, then releases it; false when the stream failed.
    static func drain(_ stream: OpaquePointer, _ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        while pa_stream_readable_size(stream) > 0 {
            var data: UnsafeRawPointer?
            var count = 0
            guard pa_stream_peek(stream, &data, &count) >= 0 else { return false }
            if count == 0 { break }
            // A nil pointer with a size is a hole in the recording: nothing to hand on.
            if let data { body(UnsafeRawBufferPointer(start: data, count: count)) }
            guard pa_stream_drop(stream) >= 0 else { return false }
        }
        return true
    }

    static func disconnectStream(_ stream: OpaquePointer) {
        pa_stream_disconnect(stream)
        pa_stream_unref(stream)
    }

    static func message(_ error: Int32) -> String {
        guard let text = pa_strerror(error) else { return "error \(error)" }
        return String(cString: text)
    }

    static let noEntity = Int32(PA_ERR_NOENTITY.rawValue)
    /// What the server answers for a source name it could never hold (PulseAudio's names are
    /// ASCII letters, digits, '.', '-' and '_': "café" is refused as an invalid argument).
    static let invalidArgument = Int32(PA_ERR_INVALID.rawValue)
}

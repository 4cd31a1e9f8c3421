import CPulse
import Glibc

/// Why a PulseAudio server could not be used, in words for the one notice line.
enum PulseFailure: Error, Hashable, Sendable {
    /// Nothing listens where libpulse looked (or the server refused us).
    case noServer(reason: String)
    /// A server accepted the connection but did not complete the handshake in time.
    case noAnswer(server: String, seconds: Int)
    /// The server answered, then refused or failed something.
    case failed(String)

    var reason: String {
        switch self {
        case .noServer(let reason): reason
        case .noAnswer(let server, let seconds): "PulseAudio at \(server) did not answer within \(seconds) s"
        case .failed(let reason): reason
        }
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
    private let mainloop: OpaquePointer
    private let context: OpaquePointer
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
    static func open(applicationName: String, timeout: Duration = handshakeTimeout) -> Result<PulseConnection, PulseFailure> {
        guard let mainloop = pa_threaded_mainloop_new() else { return .failure(.failed("libpulse could not start")) }
        guard let context = pa_context_new(pa_threaded_mainloop_get_api(mainloop), applicationName) else {
            pa_threaded_mainloop_free(mainloop)
            return .failure(.failed("libpulse could not start"))
        }
        let signalMainloop = UnsafeMutableRawPointer(mainloop)
        pa_context_set_state_callback(
            context, { _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) }, signalMainloop)
        guard pa_threaded_mainloop_start(mainloop) >= 0 else {
            pa_context_unref(context)
            pa_threaded_mainloop_free(mainloop)
            return .failure(.failed("libpulse could not start its thread"))
        }
        pa_threaded_mainloop_lock(mainloop)
        let microseconds = UInt64(timeout.components.seconds) * 1_000_000 + UInt64(timeout.components.attoseconds / 1_000_000_000_000)
        let deadline = pa_rtclock_now() + microseconds
        var outcome: Result<String, PulseFailure>
        if pa_context_connect(context, nil, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
            outcome = .failure(.noServer(reason: noServerReason(pa_context_errno(context))))
        } else {
            // Wakes the wait below at the deadline; state changes wake it before.
            let timer = pa_context_rttime_new(
                context, deadline, { _, _, _, mainloop in pa_threaded_mainloop_signal(OpaquePointer(mainloop), 0) },
                signalMainloop)
            outcome = .failure(.failed("PulseAudio connection ended"))
            waiting: while true {
                switch pa_context_get_state(context) {
                case PA_CONTEXT_READY:
                    outcome = .success(pa_context_get_server(context).map { String(cString: $0) } ?? "the default server")
                    break waiting
                case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
                    outcome = .failure(.noServer(reason: noServerReason(pa_context_errno(context))))
                    break waiting
                default:
                    if pa_rtclock_now() >= deadline {
                        let server = pa_context_get_server(context).map { String(cString: $0) } ?? "the default server"
                        outcome = .failure(.noAnswer(server: server, seconds: Int(timeout.components.seconds)))
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
}

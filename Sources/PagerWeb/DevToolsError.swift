import PagerCore
import PagerSystem

/// Why a DevTools command gave no result, in one sentence each.
package enum DevToolsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The browser answered with an error: the protocol's code and message.
    case protocolError(method: String, code: Int, message: String)
    /// No answer came within the time given.
    case timedOut(method: String, after: Duration)
    /// The browser process ended: how, and the last thing it said on standard error (D-Bus
    /// complaints left out: a headless browser always makes them).
    case browserExited(status: ExitStatus?, lastError: String?)
    /// The connection was closed on our side (the browser is being closed).
    case closed

    package var description: String {
        switch self {
        case .protocolError(let method, let code, let message): "\(method) failed: \(message) (\(code))"
        case .timedOut(let method, let after): "the browser did not answer \(method) within \(DurationText.seconds(after))"
        case .browserExited(let status, let lastError):
            "the browser exited" + (status.map { " (\($0))" } ?? "") + (lastError.map { ": \($0)" } ?? "")
        case .closed: "the connection to the browser is closed"
        }
    }
}

/// Why something asked of a page did not happen, in one sentence each.
package enum PageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The load event did not come in time (a resource that never arrives, a script that never ends).
    case loadTimedOut(url: String, after: Duration)
    /// The browser could not open the address at all ("net::ERR_FILE_NOT_FOUND").
    case navigationFailed(url: String, reason: String)
    /// The page's script threw; the exception's message.
    case scriptFailed(String)
    /// A screenshot came back in a form that cannot be read.
    case unreadableScreenshot(String)
    /// Virtual time did not run out its budget in time.
    case virtualTimeTimedOut(after: Duration)
    /// The protocol failed underneath (the browser exited, did not answer, refused).
    case devTools(DevToolsError)

    package var description: String {
        switch self {
        case .loadTimedOut(_, let after): "the page did not finish loading within \(DurationText.seconds(after))"
        case .navigationFailed(let url, let reason): "cannot open \(url): \(reason)"
        case .scriptFailed(let message): "the script failed: \(message)"
        case .unreadableScreenshot(let reason): "the screenshot cannot be read: \(reason)"
        case .virtualTimeTimedOut(let after): "the page's virtual time did not run out within \(DurationText.seconds(after))"
        case .devTools(let error): error.description
        }
    }

    /// Runs a protocol step, its failure as a page error.
    static func wrap<T>(_ body: () throws(DevToolsError) -> T) throws(PageError) -> T {
        do {
            return try body()
        } catch {
            throw .devTools(error)
        }
    }
}

import PagerSystem

/// Why no browser could be started, each in one sentence a user can act on.
package enum BrowserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing was named and PATH has no headless Chromium.
    case notFound
    /// The program could not be run at all (missing, not executable).
    case cannotStart(ChildProcessError)
    /// It ran but ended before answering: not a browser, or one that failed at once.
    case notABrowser(path: String, status: ExitStatus, lastError: String?)
    /// It runs but did not answer on the DevTools pipe in time.
    case noAnswer(path: String, after: Duration)
    /// Its private profile folder could not be made.
    case noProfileFolder(TemporaryFolderError)
    /// It answered with something else than a version (a protocol error, or the pipe broke).
    case failedToStart(path: String, DevToolsError)

    package var description: String {
        switch self {
        case .notFound:
            "no headless Chromium found: apt-get install chromium-headless-shell, or name one with --browser"
        case .cannotStart(let error):
            error.description
        case .notABrowser(let path, let status, let lastError):
            "\(path) is not a browser: it exited (\(status)) before answering on the DevTools pipe" + (lastError.map { " (\($0))" } ?? "")
        case .noAnswer(let path, let after):
            "\(path) did not answer within \(DurationText.seconds(after))"
        case .noProfileFolder(let error):
            "cannot make a profile folder for the browser: \(error)"
        case .failedToStart(let path, let error):
            "\(path) did not start: \(error)"
        }
    }
}

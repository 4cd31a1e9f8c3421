import PagerCore
import PagerSystem
import SystemPackage

/// One headless Chromium, driven over its DevTools pipe, in a private profile that goes with it.
///
/// Starting is bounded: the browser must answer `Browser.getVersion` within `startTimeout`, or it
/// is killed and the error says what it did instead (exited at once: not a browser; stayed
/// silent). Its whole process group and its profile folder are registered with `ExitCleanup`
/// (installed here), so a run that is interrupted leaves neither behind; `close()` (or letting go
/// of the browser) removes both at once. Its standard error, which a headless Chromium fills
/// with D-Bus complaints, is kept in a small buffer and never reaches the terminal.
package final class Browser: Sendable {
    /// The program that runs.
    package let executable: String
    /// What it calls itself ("HeadlessChrome/156.0.8078.114").
    package let product: String
    /// From starting the program to its first answer.
    package let startDuration: Duration
    package let connection: DevToolsConnection
    private let process: ChildProcess
    private let profile: TemporaryFolder
    /// Whether `close()` has begun (then the pipe's end is no surprise).
    private let closing: Locked<Bool>
    /// Whether a page has taken the blank tab the browser starts with.
    private let blankTabClaimed = Locked(false)
    /// The site's service workers, held to the tabs' seal.
    private let workers: ServiceWorkerSeal

    /// Starts the browser at `executable` (else the one `BrowserLocator` finds), with its profile
    /// in a new folder under `profileParent` (else `$TMPDIR` or /tmp).
    package init(
        executable: String? = nil, startTimeout: Duration = .seconds(10), profileParent: String? = nil
    ) throws(BrowserError) {
        ExitCleanup.install()
        let path = try BrowserLocator.locate(named: executable)
        let profile: TemporaryFolder
        // Profiles of runs that were killed outright (SIGKILL) go first; ours is marked as ours.
        AbandonedFolders.removeAbandoned(prefix: "pagervoice-browser-", in: profileParent ?? TemporaryFolder.parentFolder)
        do {
            profile = try TemporaryFolder(prefix: "pagervoice-browser", in: profileParent)
        } catch {
            throw .noProfileFolder(error)
        }
        AbandonedFolders.mark(profile.path)
        let sockets: (ours: DevToolsSocket, browsers: FileDescriptor)
        do {
            sockets = try DevToolsSocket.pair()
        } catch {
            throw .cannotStart(ChildProcessError(path: path, errno: error))
        }
        let start = ContinuousClock.now
        let process: ChildProcess
        do {
            defer { try? sockets.browsers.close() }
            process = try ChildProcess(
                executable: path, arguments: BrowserFlags.arguments(for: path, profile: profile.path),
                environment: BrowserFlags.environment(profile: profile.path, base: Environment.current), standardOutput: .discard,
                standardError: .capture, inherited: [.init(sockets.browsers, as: 3), .init(sockets.browsers, as: 4)])
        } catch {
            sockets.ours.close()
            throw .cannotStart(error)
        }
        let closing = Locked(false)
        let connection = DevToolsConnection(socket: sockets.ours) {
            Self.whyEnded(process, closing: closing)
        }
        // The browser's exit ends the connection even if a process it forked keeps the pipe open.
        OwnedThread.start(name: "browser watch", stackSize: 1 << 17) {
            while process.wait(until: .now + .seconds(3600)) == nil {}
            connection.end(because: Self.whyEnded(process, closing: closing))
        }
        let version: JSON
        let workers: ServiceWorkerSeal
        do {
            version = try connection.call("Browser.getVersion", timeout: startTimeout)
            workers = try ServiceWorkerSeal(connection: connection)
        } catch {
            closing.withLock { $0 = true }
            process.terminate()
            connection.close()
            profile.remove()
            switch error {
            case .browserExited(let status, let lastError):
                throw .notABrowser(path: path, status: status ?? .signalled(9), lastError: lastError)
            case .timedOut: throw .noAnswer(path: path, after: startTimeout)
            default: throw .failedToStart(path: path, error)
            }
        }
        self.executable = path
        self.product = version["product"]?.stringValue ?? "unknown"
        self.startDuration = ContinuousClock.now - start
        self.connection = connection
        self.process = process
        self.profile = profile
        self.closing = closing
        self.workers = workers
    }

    deinit { close() }

    /// The browser's process group: the browser and every helper it forked.
    package var processGroup: ProcessGroup { process.group }

    /// The private profile folder (gone after `close()`).
    package var profilePath: String { profile.path }

    /// Whether the browser process is still running.
    package var isRunning: Bool { process.isRunning && connection.endReason == nil }

    /// Asks the browser to close (briefly), then kills its whole group and deletes its profile.
    /// Idempotent; pages of this browser fail with `.closed` afterwards.
    package func close() {
        let first = closing.withLock { closing in
            defer { closing = true }
            return !closing
        }
        guard first else { return }
        if connection.endReason == nil {
            _ = try? connection.call("Browser.close", timeout: .seconds(1))
            _ = process.wait(timeout: .seconds(1))
        }
        process.terminate()
        connection.close()
        profile.remove()
    }

    /// A tab to work in: the blank one the browser started with, the first time, else a new one.
    package func newPage() throws(PageError) -> BrowserPage {
        let reuse = blankTabClaimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
        var target: String?
        if reuse {
            let targets = try PageError.wrap { () throws(DevToolsError) in try connection.call("Target.getTargets") }
            let infos = targets["targetInfos"]?.arrayValue ?? []
            let blank = infos.first { $0["type"]?.stringValue == "page" && $0["attached"]?.boolValue == false }
            target = blank?["targetId"]?.stringValue
        }
        if target == nil {
            let created = try PageError.wrap { () throws(DevToolsError) in
                try connection.call("Target.createTarget", .object([("url", .string("about:blank"))]))
            }
            target = created["targetId"]?.stringValue
        }
        guard let target else { throw .devTools(.protocolError(method: "Target.createTarget", code: 0, message: "no target id")) }
        return try BrowserPage(connection: connection, target: target, workers: workers)
    }

    /// What the connection reports when the pipe ends without `close()`: the browser exited, how,
    /// and the last line of its standard error that is not D-Bus noise.
    private static func whyEnded(_ process: ChildProcess, closing: Locked<Bool>) -> DevToolsError {
        if closing.withLock({ $0 }) { return .closed }
        let deadline = ContinuousClock.now + .seconds(2)
        guard let status = process.wait(until: deadline) else { return .browserExited(status: nil, lastError: nil) }
        _ = process.waitForOutputEnd(until: deadline)
        return .browserExited(status: status, lastError: BrowserLog.lastMeaningfulLine(process.capturedErrors))
    }
}

import PagerCore
import PagerSystem

/// One tab of a `Browser`, attached over its own DevTools session, set up for auditing: it can be
/// opened on a page, scripted, typed into, clicked, photographed and read as an accessibility tree.
///
/// Three things are handled as they happen, on the connection's reader thread, because a page
/// would otherwise wait on us: JavaScript dialogs (alert, confirm, prompt, beforeunload) are
/// dismissed at once and recorded; every request is checked and anything but `file:` and this
/// machine is refused (`refusedRequests`), and while sealed (`seal`) nothing that sends is sent
/// (its WebSocket messages are held in the page: `WebSocketSeal`; its service workers' requests
/// by `ServiceWorkerSeal`; windows it asks for are never opened: `windowsNotOpened`); and once a
/// page has loaded, the main frame loading another document (another page, or the same one
/// again) is recorded (`navigationsAway`), since a page that leaves itself is something an
/// auditor reports. A change of the address within the document (a fragment,
/// `history.replaceState`, as carousels that deep-link their slides do) is no such thing: the
/// document measured is still there.
package final class BrowserPage: Sendable {
    /// A JavaScript dialog the page opened, which was dismissed.
    package struct Dialog: Sendable, Equatable {
        /// "alert", "confirm", "prompt" or "beforeunload".
        package var kind: String
        package var message: String
        /// The address of the frame that opened it.
        package var url: String

        package init(kind: String, message: String, url: String) {
            self.kind = kind
            self.message = message
            self.url = url
        }
    }

    /// A rectangle of the page in CSS pixels.
    package struct Clip: Sendable, Equatable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double

        package init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    private struct Records {
        enum Phase {
            case idle
            /// `open` asked for `requested`; the main frame has committed to `committed`.
            case opening(requested: String, committed: String?)
            case loaded(String)
        }

        var phase = Phase.idle
        var dialogs: [Dialog] = []
        var refusedRequests: [String] = []
        /// What is held back while sealed (`seal`), and what was: "POST URL".
        var sealed = Seal.open
        var heldBack: [String] = []
        /// The held requests that would have loaded another document in the tab.
        var heldDocuments: [String] = []
        /// The windows the page asked for (`window.open`, a link or form with a target), none
        /// of which the browser opens (BrowserFlags): their addresses.
        var windowsNotOpened: [String] = []
        /// The script that seals every new document's sockets (`WebSocketSeal`), while sealed.
        var socketSealScript: String?
        /// The refused requests that were for scripts.
        var refusedScripts: [String] = []
        var navigationsAway: [String] = []
        var failedLoads: [FailedLoad] = []
        /// Each request's address, for a failure, which names only the request.
        var requestURLs: [String: String] = [:]
    }

    /// A file the page asked for that did not arrive: the server refused it (`status` 404,
    /// 500…) or it could not be read or reached (`reason`, Chromium's net error).
    package struct FailedLoad: Sendable, Equatable {
        package var url: String
        package var status: Int?
        package var reason: String?
        /// A script: one that may have drawn what is missing from the page.
        package var script = false

        /// "404", or the net error without its `net::` prefix.
        package var why: String {
            if let status { return "\(status)" }
            let text = reason ?? "failed"
            return text.hasPrefix("net::") ? String(text.dropFirst(5)) : text
        }
    }

    /// The tab's target id, which is also its main frame's id.
    package let targetID: String
    /// The DevTools session every command of this page is sent in.
    package let session: String
    private let connection: DevToolsConnection
    private let records = Locked(Records())
    private let accessibilityEnabled = Locked(false)
    private let handler: Int
    private let workers: ServiceWorkerSeal

    init(connection: DevToolsConnection, target: String, workers: ServiceWorkerSeal) throws(PageError) {
        self.connection = connection
        self.targetID = target
        self.workers = workers
        let attached = try PageError.wrap { () throws(DevToolsError) in
            try connection.call("Target.attachToTarget", .object([("targetId", .string(target)), ("flatten", .bool(true))]))
        }
        guard let session = attached["sessionId"]?.stringValue else {
            throw .devTools(.protocolError(method: "Target.attachToTarget", code: 0, message: "no session id"))
        }
        self.session = session
        let records = self.records
        handler = connection.addEventHandler { [weak connection] event in
            guard event.session == session, let connection else { return }
            Self.handle(event, target: target, records: records, connection: connection)
        }
        try command("Page.enable")
        // Files that fail to load (a stylesheet the server has not, a script it cannot read):
        // what is then audited is not the page as its author sees it, and the report says so.
        try command("Network.enable", .object([("maxTotalBufferSize", .int(0)), ("maxResourceBufferSize", .int(0))]))
        // Every request stops for a decision before it is sent (see `handle`).
        try command("Fetch.enable", .object([("patterns", .array([.object([("urlPattern", .string("*"))])]))]))
        // Nor is a WebSocket message sent while sealed, which no interception sees (WebSocketSeal).
        try command("Runtime.enable")
        try command("Runtime.addBinding", .object([("name", .string(WebSocketSeal.binding))]))
        try command("Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(WebSocketSeal.source))]))
        // The page behaves as the focused window, so focus moves and :focus styles apply even
        // though no window of a headless browser ever has the system's focus.
        try command("Emulation.setFocusEmulationEnabled", .object([("enabled", .bool(true))]))
    }

    deinit {
        workers.forget(targetID)
        connection.removeEventHandler(handler)
        connection.send("Target.closeTarget", .object([("targetId", .string(targetID))]))
    }

    /// Dialogs dismissed so far, oldest first.
    package var dialogs: [Dialog] { records.withLock { $0.dialogs } }
    /// Addresses refused so far (not `file:`, not this machine), in the order they were asked for.
    package var refusedRequests: [String] { records.withLock { $0.refusedRequests } }
    /// Requests the page made while it was sealed, which were not sent, in order ("POST URL"),
    /// then those its site's service workers were kept from sending meanwhile (a worker serves
    /// every tab of its site, so what it held is each tab's).
    package var heldBackRequests: [String] { records.withLock { $0.heldBack } + workers.held }
    /// The windows the page asked to open (by script, or a link or form with a target), none of
    /// which was opened, in order: their addresses. A new window would be a page no seal held.
    package var windowsNotOpened: [String] { records.withLock { $0.windowsNotOpened } }
    /// The addresses of documents the tab would have loaded while sealed `.sendsAndLeaves`, in
    /// order (each is among `heldBackRequests` too).
    package var heldDocuments: [String] { records.withLock { $0.heldDocuments } }

    /// What a sealed page may not do. An audit acts on a page as a person would, and a page's
    /// script may answer anything with a request: a form posted, a beacon, an autosave as focus
    /// leaves a field, the next document loaded by a key. An audit must send nothing.
    package enum Seal: Sendable {
        /// Everything is sent (the page loading).
        case open
        /// No request that sends (any method but GET, HEAD and OPTIONS: a form's POST, a
        /// beacon, a fetch that saves) is sent, to this machine or any other.
        case sends
        /// Nor does the page leave: a document it starts to load in the tab, by any address, is
        /// dropped (keys pressed on a whole page, where Enter or ArrowRight may load the next
        /// one). A frame's document is not the tab's: a gallery's video loads in its frame.
        case sendsAndLeaves

        /// Whether a request of `method` sends (all but GET, HEAD and OPTIONS, which only fetch).
        static func holds(method: String) -> Bool {
            !["GET", "HEAD", "OPTIONS"].contains(method.uppercased())
        }
    }

    /// Seals the page (`Seal`) from now on; a request held back is dropped as aborted, so no
    /// error page replaces the document.
    package func seal(_ seal: Seal) {
        let was = records.withLock { records in
            defer { records.sealed = seal }
            return records.sealed
        }
        workers.set(seal, for: targetID)
        guard (was == .open) != (seal == .open) else { return }
        // The sockets of the document now shown (sent before any later command of this tab), and
        // of every document after it.
        let flag = "globalThis.\(WebSocketSeal.flag) = \(seal != .open)"
        connection.send("Runtime.evaluate", .object([("expression", .string(flag))]), session: session)
        if seal != .open {
            let added = try? command(
                "Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(WebSocketSeal.sealNewDocuments))]))
            records.withLock { $0.socketSealScript = added?["identifier"]?.stringValue }
        } else if let script = records.withLock({ $0.socketSealScript.take() }) {
            connection.send("Page.removeScriptToEvaluateOnNewDocument", .object([("identifier", .string(script))]), session: session)
        }
    }
    /// Files the page asked for (besides the page itself and what was refused) that did not
    /// arrive, in order.
    package var failedLoads: [FailedLoad] { records.withLock { $0.failedLoads } }
    /// What did not arrive, each in a clause, nil where everything did: "2 requests to other
    /// machines were refused (the first: URL)", "1 of the page's files could not be loaded (the
    /// first: URL, 404)". One wording for the audit's notes and for "no carousel found".
    package var missingFiles: (refused: String?, failed: String?) {
        Self.missing(
            refused: refusedRequests, as: ("request to other machines", "requests to other machines"), failed: failedLoads,
            as: "of the page's files")
    }

    /// The scripts among them, in a clause, nil where every script arrived: what may have drawn a
    /// widget that is not there ("no carousel found"). A missing picture says nothing of that
    /// (iScroll's demo without its paintings was said to be perhaps missing its carousel).
    package var missingScripts: String? {
        let (refused, failed) = records.withLock { ($0.refusedScripts, $0.failedLoads.filter(\.script)) }
        let missing = Self.missing(
            refused: refused, as: ("of the page's scripts", "of the page's scripts"), failed: failed, as: "of the page's scripts")
        let parts = [missing.refused.map { $0 + "; PagerVoice fetches nothing from the network)" }, missing.failed.map { $0 + ")" }]
        let said = parts.compactMap { $0 }
        return said.isEmpty ? nil : said.joined(separator: " and ")
    }

    /// "2 requests to other machines were refused (the first: URL", "1 of the page's files could
    /// not be loaded (the first: URL, 404", each left open for its reader's ending.
    private static func missing(
        refused: [String], as refusedWhat: (one: String, many: String), failed: [FailedLoad], as failedWhat: String
    ) -> (refused: String?, failed: String?) {
        (
            refused.first.map {
                "\(refused.count) \(refused.count == 1 ? "\(refusedWhat.one) was" : "\(refusedWhat.many) were") refused (the first: \($0.clipped(80))"
            },
            failed.first.map { "\(failed.count) \(failedWhat) could not be loaded (the first: \($0.url.clipped(80)), \($0.why)" }
        )
    }

    /// Where the main frame went after the last `open` finished loading: each new document's
    /// address (the page's own for a reload).
    package var navigationsAway: [String] { records.withLock { $0.navigationsAway } }
    /// The address the last `open` loaded (after redirects), once loaded.
    package var loadedURL: String? {
        records.withLock { records in
            if case .loaded(let url) = records.phase { url } else { nil }
        }
    }

    /// Opens `url` and waits for its load event, at most `timeout`; a page still loading then is
    /// stopped and reported as `.loadTimedOut`.
    package func open(_ url: String, timeout: Duration = .seconds(10)) throws(PageError) {
        let deadline = ContinuousClock.now + timeout
        records.withLock { $0.phase = .opening(requested: url, committed: nil) }
        let mark = connection.eventMark
        let navigated: JSON
        do {
            navigated = try connection.call("Page.navigate", .object([("url", .string(url))]), session: session, timeout: timeout)
        } catch .timedOut {
            connection.send("Page.stopLoading", session: session)
            throw .loadTimedOut(url: url, after: timeout)
        } catch {
            throw .devTools(error)
        }
        if let reason = navigated["errorText"]?.stringValue, !reason.isEmpty { throw .navigationFailed(url: url, reason: reason) }
        // A jump within the same document (a #fragment) has no load event.
        guard navigated["loaderId"] != nil else { return }
        // The load event, or the document saying it is complete: with some pages (Bootstrap's
        // carousel script among them) Chromium 156 finishes loading without sending the event.
        while true {
            let step = min(deadline, ContinuousClock.now + .milliseconds(50))
            let loaded = try PageError.wrap { () throws(DevToolsError) in
                try connection.waitForEvent(after: mark, until: step) { $0.session == session && $0.method == "Page.loadEventFired" }
            }
            if loaded != nil { return }
            if ContinuousClock.now >= deadline { break }
            let state = try? command(
                "Runtime.evaluate", .object([("expression", .string("document.readyState")), ("returnByValue", .bool(true))]),
                timeout: .seconds(1))
            if state?["result"]?["value"]?.stringValue == "complete" { return }
        }
        connection.send("Page.stopLoading", session: session)
        throw .loadTimedOut(url: url, after: timeout)
    }

    /// Runs `expression` in the page (awaiting it if it is a promise) and returns its value as
    /// JSON (`null` for undefined). A thrown exception is `.scriptFailed` with its message.
    package func evaluate(_ expression: String, timeout: Duration = .seconds(10)) throws(PageError) -> JSON {
        let reply = try command(
            "Runtime.evaluate",
            .object([("expression", .string(expression)), ("returnByValue", .bool(true)), ("awaitPromise", .bool(true))]), timeout: timeout)
        if let details = reply["exceptionDetails"] {
            let message = details["exception"]?["description"]?.stringValue ?? details["exception"]?["value"]?.stringValue
            let firstLine = (message ?? details["text"]?.stringValue ?? "exception").split(separator: "\n").first.map(String.init)
            throw .scriptFailed(firstLine ?? "exception")
        }
        let result = reply["result"] ?? .null
        // NaN, Infinity, -0 and BigInts have no JSON form; DevTools spells them out instead.
        if let unserializable = result["unserializableValue"]?.stringValue {
            return Double(unserializable).map(JSON.double) ?? .string(unserializable)
        }
        return result["value"] ?? .null
    }

    /// A PNG screenshot of the viewport, or of `clip`, decoded.
    package func screenshot(clip: Clip? = nil, timeout: Duration = .seconds(10)) throws(PageError) -> RGBAImage {
        var params: [(String, JSON)] = [("format", .string("png"))]
        if let clip {
            try bringIntoView(clip)
            params.append(
                (
                    "clip",
                    .object([
                        ("x", .double(clip.x)), ("y", .double(clip.y)), ("width", .double(clip.width)), ("height", .double(clip.height)),
                        ("scale", .int(1)),
                    ])
                ))
        }
        let reply = try command("Page.captureScreenshot", .object(params), timeout: timeout)
        guard let text = reply["data"]?.stringValue, let png = Base64.decode(text) else {
            throw .unreadableScreenshot("the data is not base64")
        }
        do {
            return try PNGDecoder.decode(png)
        } catch {
            throw .unreadableScreenshot(error.reason)
        }
    }

    /// Scrolls the page, at once, to put `clip` (page coordinates) in the middle of the viewport,
    /// unless it is wholly in view already. Chromium paints a screenshot's clip only where it lies
    /// in the viewport and returns the rest white, so dots below a page's fold (or left behind
    /// when a Tab walk scrolled to the page's end) measured as nothing. `captureBeyondViewport`
    /// would resize the page instead, which a carousel may answer by laying itself out anew; a
    /// person scrolls to look. `behavior: 'instant'` because a page's `scroll-behavior: smooth`
    /// would not finish while its clock stands still.
    ///
    /// After a scroll, one capture is made and thrown away: under load the first capture after a
    /// scroll could show the page as it was before it (sphinx-tabs' tabs, below the fold,
    /// measured white over grey in one audit in five with both cores busy).
    func bringIntoView(_ clip: Clip) throws(PageError) {
        let numbers = [clip.x, clip.y, clip.width, clip.height].map { JSON.double($0).serialized() }.joined(separator: ",")
        let scrolled = try evaluate(
            """
            (([x, y, w, h]) => {
              if (x >= scrollX && y >= scrollY && x + w <= scrollX + innerWidth && y + h <= scrollY + innerHeight) return false;
              scrollTo({ left: Math.max(0, x - Math.max(0, (innerWidth - w) / 2)), top: Math.max(0, y - Math.max(0, (innerHeight - h) / 2)), behavior: 'instant' });
              return true;
            })([\(numbers)])
            """)
        if scrolled == .bool(true) { _ = try command("Page.captureScreenshot", .object([("format", .string("png"))])) }
    }

    /// Presses and releases `key` with `modifiers` held, as a keyboard would: the page sees
    /// keydown (with the text the key types, if any) and keyup, and the browser's default action
    /// follows (Tab moves focus, Enter activates).
    package func press(_ key: Key, modifiers: KeyModifiers = [], timeout: Duration = .seconds(10)) throws(PageError) {
        // With Control, Alt or Meta held a key types nothing.
        let text = modifiers.isDisjoint(with: [.control, .alt, .meta]) ? key.text : nil
        var down: [(String, JSON)] = [
            ("type", .string(text == nil ? "rawKeyDown" : "keyDown")), ("key", .string(key.rawValue)), ("code", .string(key.code)),
            ("windowsVirtualKeyCode", .int(key.virtualKeyCode)), ("nativeVirtualKeyCode", .int(key.virtualKeyCode)),
            ("modifiers", .int(modifiers.rawValue)),
        ]
        if let text { down += [("text", .string(text)), ("unmodifiedText", .string(text))] }
        try command("Input.dispatchKeyEvent", .object(down), timeout: timeout)
        let up: [(String, JSON)] = [
            ("type", .string("keyUp")), ("key", .string(key.rawValue)), ("code", .string(key.code)),
            ("windowsVirtualKeyCode", .int(key.virtualKeyCode)), ("nativeVirtualKeyCode", .int(key.virtualKeyCode)),
            ("modifiers", .int(modifiers.rawValue)),
        ]
        try command("Input.dispatchKeyEvent", .object(up), timeout: timeout)
    }

    /// Clicks with the left button at (`x`, `y`) in CSS pixels from the viewport's top left: the
    /// pointer moves there, presses and releases.
    package func click(x: Double, y: Double, timeout: Duration = .seconds(10)) throws(PageError) {
        for (type, buttons) in [("mouseMoved", 0), ("mousePressed", 1), ("mouseReleased", 0)] {
            var event: [(String, JSON)] = [("type", .string(type)), ("x", .double(x)), ("y", .double(y)), ("buttons", .int(buttons))]
            if type != "mouseMoved" { event += [("button", .string("left")), ("clickCount", .int(1))] }
            try command("Input.dispatchMouseEvent", .object(event), timeout: timeout)
        }
    }

    /// The accessibility nodes of the DOM node `backendNodeId` and everything inside it
    /// (`Accessibility.queryAXTree` with no name or role: all of them, ignored ones included).
    /// A widget's own: on a page of thousands of links the whole tree took over a second to
    /// read, and a carousel's audit reads it after every step.
    package func accessibilitySubtree(of backendNodeId: Int, timeout: Duration = .seconds(10)) throws(PageError) -> [JSON] {
        try enableAccessibility(timeout: timeout)
        return try command("Accessibility.queryAXTree", .object([("backendNodeId", .int(backendNodeId))]), timeout: timeout)["nodes"]?
            .arrayValue ?? []
    }

    /// Turns the accessibility domain on, once for the tab (it stays on across its loads): each
    /// reading asked for it again, a round trip per step of an audit.
    private func enableAccessibility(timeout: Duration) throws(PageError) {
        guard !accessibilityEnabled.withLock({ $0 }) else { return }
        try command("Accessibility.enable", timeout: timeout)
        accessibilityEnabled.withLock { $0 = true }
    }

    /// The page's whole accessibility tree as DevTools gives it: the `nodes` of
    /// `Accessibility.getFullAXTree`, each with its role, name, properties and child ids.
    package func accessibilityTree(timeout: Duration = .seconds(10)) throws(PageError) -> [JSON] {
        try enableAccessibility(timeout: timeout)
        return try command("Accessibility.getFullAXTree", timeout: timeout)["nodes"]?.arrayValue ?? []
    }

    /// Runs `source` in every document this page opens from now on, before the document's own
    /// scripts.
    package func runBeforeEachDocument(_ source: String) throws(PageError) {
        try command("Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(source))]))
    }

    /// Makes the page see `prefers-reduced-motion: reduce` (or `no-preference`).
    package func setReducedMotion(_ reduced: Bool) throws(PageError) {
        let feature: JSON = .object([("name", .string("prefers-reduced-motion")), ("value", .string(reduced ? "reduce" : "no-preference"))])
        try command("Emulation.setEmulatedMedia", .object([("features", .array([feature]))]))
    }

    /// Sets the viewport to `width` × `height` CSS pixels, one device pixel each, not a phone.
    package func setViewport(width: Int, height: Int) throws(PageError) {
        try command(
            "Emulation.setDeviceMetricsOverride",
            .object([("width", .int(width)), ("height", .int(height)), ("deviceScaleFactor", .int(1)), ("mobile", .bool(false))]))
    }

    /// Lets `budget` of the page's time pass (its timers, animations and `Date.now()`) as fast as
    /// the page can run, and waits until it has, at most `timeout` of real time. Afterwards the
    /// page's clock stands still until the next call, so what follows sees a settled page.
    package func runVirtualTime(_ budget: Duration, timeout: Duration = .seconds(10)) throws(PageError) {
        let deadline = ContinuousClock.now + timeout
        let mark = connection.eventMark
        let milliseconds = Double(Interrupted.milliseconds(roundingUp: budget))
        let policy: JSON = .object([("policy", .string("advance")), ("budget", .double(milliseconds))])
        try command("Emulation.setVirtualTimePolicy", policy, timeout: timeout)
        let expired = try PageError.wrap { () throws(DevToolsError) in
            try connection.waitForEvent(after: mark, until: deadline) {
                $0.session == session && $0.method == "Emulation.virtualTimeBudgetExpired"
            }
        }
        guard expired != nil else { throw .virtualTimeTimedOut(after: timeout) }
    }

    /// Closes the tab.
    package func close() throws(PageError) {
        _ = try PageError.wrap { () throws(DevToolsError) in
            try connection.call("Target.closeTarget", .object([("targetId", .string(targetID))]))
        }
    }

    /// Sends any DevTools command in this page's session (a domain the methods above do not
    /// wrap, such as `DOM.getDocument`), its protocol failure as a page error.
    @discardableResult
    package func call(_ method: String, _ params: JSON = .object([]), timeout: Duration = .seconds(10)) throws(PageError) -> JSON {
        try command(method, params, timeout: timeout)
    }

    /// Moves the pointer to (`x`, `y`) without pressing: away from what it last clicked, so no
    /// hover style colours what is measured next.
    package func movePointer(x: Double, y: Double) throws(PageError) {
        try command("Input.dispatchMouseEvent", .object([("type", .string("mouseMoved")), ("x", .double(x)), ("y", .double(y))]))
    }

    /// A PNG screenshot of `clip` as the browser encodes it, in base64: for a report that shows
    /// the picture as it was taken, with nothing decoded and encoded again.
    package func screenshotPNG(clip: Clip, timeout: Duration = .seconds(10)) throws(PageError) -> String {
        try bringIntoView(clip)
        let params: JSON = .object([
            ("format", .string("png")),
            (
                "clip",
                .object([
                    ("x", .double(clip.x)), ("y", .double(clip.y)), ("width", .double(clip.width)), ("height", .double(clip.height)),
                    ("scale", .int(1)),
                ])
            ),
        ])
        guard let data = try command("Page.captureScreenshot", params, timeout: timeout)["data"]?.stringValue else {
            throw .unreadableScreenshot("the reply has no data")
        }
        return data
    }

    /// Sends a command in this page's session, its protocol failure as a page error.
    @discardableResult
    private func command(_ method: String, _ params: JSON = .object([]), timeout: Duration = .seconds(10)) throws(PageError) -> JSON {
        let session = self.session
        return try PageError.wrap { () throws(DevToolsError) in try connection.call(method, params, session: session, timeout: timeout) }
    }

    /// Acts on one event of this page, on the reader thread (so it only ever `send`s).
    private static func handle(_ event: DevToolsEvent, target: String, records: Locked<Records>, connection: DevToolsConnection) {
        let session = event.session
        let params = event.params
        switch event.method {
        case "Page.javascriptDialogOpening":
            let kind = params["type"]?.stringValue ?? "alert"
            let dialog = Dialog(kind: kind, message: params["message"]?.stringValue ?? "", url: params["url"]?.stringValue ?? "")
            records.withLock { $0.dialogs.append(dialog) }
            // Cancelled, except that leaving a page is allowed: an auditor must never be kept on one.
            connection.send("Page.handleJavaScriptDialog", .object([("accept", .bool(kind == "beforeunload"))]), session: session)
        case "Runtime.bindingCalled":
            guard params["name"]?.stringValue == WebSocketSeal.binding else { return }
            let url = params["payload"]?.stringValue ?? ""
            records.withLock { $0.heldBack.append("a message on the WebSocket \(url)") }
        case "Page.windowOpen":
            // Not opened (BrowserFlags): recorded, so the audit can say what the page asked for.
            let url = params["url"]?.stringValue ?? ""
            records.withLock { $0.windowsNotOpened.append(url) }
        case "Fetch.requestPaused":
            guard let request = params["requestId"]?.stringValue else { return }
            let url = params["request"]?["url"]?.stringValue ?? ""
            let method = params["request"]?["method"]?.stringValue ?? "GET"
            let sends = Seal.holds(method: method)
            let leaves = params["resourceType"]?.stringValue == "Document" && params["frameId"]?.stringValue == target
            let held: Bool = records.withLock { records in
                switch records.sealed {
                case .open: return false
                case .sends: guard sends else { return false }
                case .sendsAndLeaves: guard sends || leaves else { return false }
                }
                records.heldBack.append("\(method) \(url)")
                if leaves { records.heldDocuments.append(url) }
                return true
            }
            let decision = RequestPolicy.decide(url, held: held)
            if decision == .refuse {
                let script = params["resourceType"]?.stringValue == "Script"
                records.withLock { records in
                    records.refusedRequests.append(url)
                    if script { records.refusedScripts.append(url) }
                }
            }
            RequestPolicy.answer(request, decision, on: connection, session: session)
        case "Page.frameNavigated":
            let frame = params["frame"]
            guard frame?["parentId"] == nil, let url = frame?["url"]?.stringValue else { return }
            mainFrameNavigated(to: url + (frame?["urlFragment"]?.stringValue ?? ""), newDocument: true, records: records)
        case "Page.navigatedWithinDocument":
            guard params["frameId"]?.stringValue == target, let url = params["url"]?.stringValue else { return }
            mainFrameNavigated(to: url, newDocument: false, records: records)
        case "Network.responseReceived":
            guard Self.countsAsPageFile(params["type"]?.stringValue), let status = params["response"]?["status"]?.intValue, status >= 400,
                let url = params["response"]?["url"]?.stringValue
            else { return }
            let script = params["type"]?.stringValue == "Script"
            records.withLock { $0.failedLoads.append(FailedLoad(url: url, status: status, reason: nil, script: script)) }
        case "Network.loadingFailed":
            // Our own refusals are told apart (`refusedRequests`); a load the page cancelled
            // itself is no failure.
            guard Self.countsAsPageFile(params["type"]?.stringValue), params["canceled"]?.boolValue != true else { return }
            let errorText = params["errorText"]?.stringValue ?? ""
            // Chromium 156 says "net::ERR_BLOCKED_BY_CLIENT.Inspector" of a request refused
            // through DevTools: a refused script was counted twice, once as a file not loaded.
            guard !errorText.hasPrefix("net::ERR_BLOCKED_BY_CLIENT") else { return }
            // A file the browser would not load for this page (a `file:` stylesheet on an http
            // page) has no error text, only a reason it was blocked.
            let blocked = params["blockedReason"]?.stringValue.map { $0 == "other" ? "blocked by the browser" : "blocked: \($0)" }
            let reason = errorText.isEmpty ? blocked ?? "failed" : errorText
            let request = params["requestId"]?.stringValue ?? ""
            let script = params["type"]?.stringValue == "Script"
            records.withLock { records in
                let url = records.requestURLs.removeValue(forKey: request)
                // One held back while sealed is said as such (`heldBackRequests`).
                if let url, records.heldBack.contains(where: { $0.hasSuffix(" " + url) }) { return }
                records.failedLoads.append(FailedLoad(url: url ?? "a file", status: nil, reason: reason, script: script))
            }
        case "Network.loadingFinished":
            guard let request = params["requestId"]?.stringValue else { return }
            records.withLock { _ = $0.requestURLs.removeValue(forKey: request) }
        case "Network.requestWillBeSent":
            guard let request = params["requestId"]?.stringValue, let url = params["request"]?["url"]?.stringValue else { return }
            records.withLock { $0.requestURLs[request] = url }
        case "Page.loadEventFired":
            records.withLock { records in
                if case .opening(let requested, let committed) = records.phase { records.phase = .loaded(committed ?? requested) }
            }
        default:
            return
        }
    }

    /// What the page's look and behaviour are made of: a browser's own requests (a favicon,
    /// which full Chromium asks every server for) and the page's fetches are not.
    private static func countsAsPageFile(_ type: String?) -> Bool {
        ["Stylesheet", "Script", "Image", "Font", "Media"].contains(type ?? "")
    }

    private static func mainFrameNavigated(to url: String, newDocument: Bool, records: Locked<Records>) {
        records.withLock { records in
            switch records.phase {
            case .opening(let requested, _): records.phase = .opening(requested: requested, committed: url)
            case .loaded where newDocument: records.navigationsAway.append(url)
            default: return
            }
        }
    }
}

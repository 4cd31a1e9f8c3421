import PagerCore
import PagerSystem

/// A site's service worker runs beside its pages, not in any of them, so no tab's own
/// interception sees what it sends: a page posts it a message and the worker posts the form.
/// The browser attaches to each worker as it starts, before its first line runs, and holds its
/// requests to the tabs' seal (`BrowserPage.Seal`): while any tab of the browser is sealed, a
/// worker sends nothing either, since a worker serves every tab of its site at once.
package final class ServiceWorkerSeal: Sendable {
    private struct State {
        /// Each open tab's seal, by target id.
        var seals: [String: BrowserPage.Seal] = [:]
        /// The sessions of the workers attached to.
        var workers: Set<String> = []
        /// What the workers were kept from sending: "POST URL".
        var held: [String] = []
    }

    private let state = Locked(State())

    /// Attaches to every service worker the browser starts from now on.
    init(connection: DevToolsConnection) throws(DevToolsError) {
        let state = self.state
        _ = connection.addEventHandler { [weak connection] event in
            guard let connection else { return }
            Self.handle(event, state: state, connection: connection)
        }
        // Workers only (pages are attached to one by one, as they are made); each waits for us
        // before it runs, so its interception is on before its first request.
        _ = try connection.call(
            "Target.setAutoAttach",
            .object([
                ("autoAttach", .bool(true)), ("waitForDebuggerOnStart", .bool(true)), ("flatten", .bool(true)),
                ("filter", .array([.object([("type", .string("service_worker"))])])),
            ]))
    }

    /// Requests the service workers were kept from sending, in order ("POST URL").
    package var held: [String] { state.withLock { $0.held } }

    func set(_ seal: BrowserPage.Seal, for target: String) {
        state.withLock { $0.seals[target] = seal }
    }

    func forget(_ target: String) {
        state.withLock { _ = $0.seals.removeValue(forKey: target) }
    }

    /// On the connection's reader thread, so it only ever `send`s.
    private static func handle(_ event: DevToolsEvent, state: Locked<State>, connection: DevToolsConnection) {
        switch event.method {
        case "Target.attachedToTarget" where event.session == nil:
            guard event.params["targetInfo"]?["type"]?.stringValue == "service_worker",
                let session = event.params["sessionId"]?.stringValue
            else { return }
            state.withLock { _ = $0.workers.insert(session) }
            // In this order in one session: interception is on before the worker runs.
            connection.send("Fetch.enable", .object([("patterns", .array([.object([("urlPattern", .string("*"))])]))]), session: session)
            connection.send("Runtime.runIfWaitingForDebugger", session: session)
        case "Target.detachedFromTarget" where event.session == nil:
            guard let session = event.params["sessionId"]?.stringValue else { return }
            state.withLock { _ = $0.workers.remove(session) }
        case "Fetch.requestPaused":
            guard let session = event.session, let request = event.params["requestId"]?.stringValue else { return }
            let url = event.params["request"]?["url"]?.stringValue ?? ""
            let method = event.params["request"]?["method"]?.stringValue ?? "GET"
            let held: Bool? = state.withLock { state in
                guard state.workers.contains(session) else { return nil }
                guard BrowserPage.Seal.holds(method: method), state.seals.values.contains(where: { $0 != .open }) else { return false }
                state.held.append("\(method) \(url)")
                return true
            }
            guard let held else { return }
            RequestPolicy.answer(request, RequestPolicy.decide(url, held: held), on: connection, session: session)
        default: return
        }
    }
}

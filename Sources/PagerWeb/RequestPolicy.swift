/// Which addresses a page may fetch: its own files, and servers on this machine. Everything else
/// is refused, so auditing a page never reaches the network (no tracking, no waiting on a slow
/// remote host, the same result offline).
enum RequestPolicy {
    /// Host names that mean this machine, as a URL spells them (the ones the browser's resolver
    /// rules let through, see BrowserFlags).
    private static let localHosts: Set<String> = ["localhost", "127.0.0.1"]

    /// Whether `url` may be fetched: `file:`, data and blob URLs, and http(s) to a local host.
    static func allows(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon].lowercased()
        switch scheme {
        case "file", "data", "blob", "about": return true
        case "http", "https": return host(of: url[url.index(after: colon)...]).map(localHosts.contains) ?? false
        default: return false
        }
    }

    /// What becomes of a request the browser paused for us.
    enum Decision {
        /// Held back by a seal: dropped as aborted, as a navigation the page itself cancelled, so
        /// no error page replaces the document.
        case hold
        case send
        /// Not to this machine: refused as blocked.
        case refuse
    }

    /// The decision on a request to `url`, `held` back by a seal or not.
    static func decide(_ url: String, held: Bool) -> Decision {
        held ? .hold : allows(url) ? .send : .refuse
    }

    /// Tells the browser `decision` on the paused `request` (on the reader thread: it only sends).
    static func answer(_ request: String, _ decision: Decision, on connection: DevToolsConnection, session: String?) {
        switch decision {
        case .send: connection.send("Fetch.continueRequest", .object([("requestId", .string(request))]), session: session)
        case .hold, .refuse:
            let reason = decision == .hold ? "Aborted" : "BlockedByClient"
            connection.send(
                "Fetch.failRequest", .object([("requestId", .string(request)), ("errorReason", .string(reason))]), session: session)
        }
    }

    /// The host of "//user@host:port/path" in lower case, without user or port; nil if there is
    /// no authority.
    private static func host(of rest: Substring) -> String? {
        guard rest.hasPrefix("//") else { return nil }
        var authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            return authority[...close].lowercased()
        }
        return authority.prefix { $0 != ":" }.lowercased()
    }
}

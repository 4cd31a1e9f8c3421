import PagerCore

/// Something the browser reported without being asked: a page finished loading, a dialog opened,
/// a request is waiting for our decision.
package struct DevToolsEvent: Sendable {
    /// The protocol's name for it, "Page.loadEventFired".
    package var method: String
    package var params: JSON
    /// The session (page) it came from; nil for the browser itself.
    package var session: String?
    /// Its place among all events of the connection, counting from 1 (see `DevToolsConnection.eventMark`).
    package var sequence: Int
}

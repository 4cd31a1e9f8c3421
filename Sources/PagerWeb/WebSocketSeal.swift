/// A WebSocket is opened with one request and then sends as often as the page likes, out of
/// sight of the interception that holds a sealed page's requests (`BrowserPage.Seal`), and
/// Chromium's request blocking does not reach it either (tried: `Network.setBlockedURLs`). So
/// its `send` is held in the page itself: every document gets, before its own scripts, a `send`
/// that goes through while the page is open (a socket's handshake and greetings as the page
/// loads, so a page that draws from its socket is drawn) and, once it is sealed, sends nothing
/// and tells us instead. The socket itself stays open: a development server's live-reload
/// client, which reloads the page when its socket drops, keeps it.
///
/// What this does not reach, said in docs/AUDIT.md: a worker's sockets, `WebSocketStream`, and
/// a page that kept the original `send` before ours (none could: ours runs first).
enum WebSocketSeal {
    /// The function a held message is reported through (`Runtime.addBinding`), with the
    /// socket's address.
    static let binding = "__pagervoiceHeldMessage"

    /// Set on the top window while the page is sealed; a frame of another origin, which cannot
    /// read it, counts as sealed throughout.
    static let flag = "__pagervoiceSealed"

    /// Runs first in every document.
    static let source = """
        (() => {
          const held = globalThis.\(binding);
          const original = WebSocket.prototype.send;
          const sealed = () => { try { return top.\(flag) === true; } catch (e) { return true; } };
          Object.defineProperty(WebSocket.prototype, 'send', {
            configurable: true, writable: true,
            value: function send(data) {
              // Not open (connecting, closing, closed): the browser's own send throws or drops it,
              // and sends nothing either way.
              if (!sealed() || this.readyState !== WebSocket.OPEN) return original.call(this, data);
              try { if (typeof held === 'function') held(String(this.url)); } catch (e) {}
            },
          });
        })();
        """

    /// Sets the flag in every document the page opens from now on, before its own scripts.
    static let sealNewDocuments = "globalThis.\(flag) = true;"
}

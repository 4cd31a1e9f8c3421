#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The command line a browser is started with: quiet, private, reproducible and cut off from the
/// network.
enum BrowserFlags {
    static func arguments(for executable: String, profile: String) -> [String] {
        var arguments: [String] = []
        // The headless shell is headless by nature; a full Chromium must be told.
        if BrowserLocator.needsHeadlessFlag(executable) { arguments.append("--headless") }
        arguments += [
            // DevTools on descriptors 3 and 4 (no port another program could reach).
            "--remote-debugging-pipe",
            "--user-data-dir=\(profile)",
            // Nothing that runs by itself: no first-run pages, no updates, no sync, no extensions.
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--mute-audio",
            // Screenshots that measure the page alone, one CSS pixel to one image pixel.
            "--hide-scrollbars", "--force-device-scale-factor=1",
            // Animation frames as fast as the page can draw them, not 60 a second: the audit
            // waits for a widget to be at rest frame by frame.
            "--disable-frame-rate-limit", "--disable-gpu-vsync",
            // No host resolves but the local machine (the rules apply to numeric addresses too),
            // and WebRTC sends no UDP. BrowserPage also refuses requests one by one; these catch
            // what it cannot see, such as WebSockets.
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
            "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
            // No window the page asks for is opened (`window.open`, a link or a form with a
            // target): a new window is a tab of its own, whose requests no seal of ours holds (a
            // review's server received a form's POST and a new page's own). BrowserPage records
            // each one asked for.
            "--block-new-web-contents",
        ]
        // Chromium's sandbox cannot start as root (containers, CI); as anyone else it stays on.
        if getuid() == 0 { arguments.append("--no-sandbox") }
        arguments.append("about:blank")
        return arguments
    }

    /// The browser's environment: ours, with its home and caches inside the profile, so it writes
    /// nothing into the user's home (fontconfig, NSS, crash reports) and leaves nothing behind.
    static func environment(profile: String, base: [String: String]) -> [String: String] {
        var environment = base
        environment["HOME"] = profile
        environment["XDG_CONFIG_HOME"] = profile + "/.config"
        environment["XDG_CACHE_HOME"] = profile + "/.cache"
        return environment
    }
}

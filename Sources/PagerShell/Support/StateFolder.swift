import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Where PagerVoice keeps what it remembers between runs (line history, the recogniser's log):
/// `$XDG_STATE_HOME/pagervoice`, else `~/.local/state/pagervoice`, created with mode 0700 (its
/// parents too) when missing. Nil when neither variable names a home.
enum StateFolder {
    static func path() -> String? {
        let environment = Environment.current
        let base: String
        // The XDG base directory specification: a relative path is invalid and ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let directory = base + "/pagervoice"
        var path = directory.hasPrefix("/") ? "" : "."
        for part in directory.split(separator: "/") {
            path += "/" + part
            mkdir(path, 0o700)
        }
        return directory
    }
}

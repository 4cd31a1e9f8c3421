import PagerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Which browser program to run: the one named (`--browser PATH`), else the first of
/// `chromium-headless-shell` and `chromium` on PATH.
///
/// The headless shell comes first: it starts faster and has no window code to go wrong on a
/// machine without a display. A named path is taken as it is, even if it is missing, so that the
/// error names what the user typed rather than what we found instead; a bare name with no slash
/// (`--browser chromium`) is looked up on PATH as a shell would, since that is what a person who
/// types it means (it was run as a file of the working directory: "No such file or directory").
package enum BrowserLocator {
    /// The program names looked for on PATH, in order.
    package static let names = ["chromium-headless-shell", "chromium"]

    /// The path to run; throws `.notFound` when nothing was named and PATH has neither program.
    package static func locate(named path: String? = nil, searchPath: String? = Environment.value("PATH")) throws(BrowserError) -> String {
        let folders = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map { $0.isEmpty ? "." : String($0) }
        if let path {
            guard !path.contains("/") else { return path }
            return executable(named: path, in: folders) ?? path
        }
        guard let found = names.lazy.compactMap({ executable(named: $0, in: folders) }).first else { throw .notFound }
        return found
    }

    /// The first `folder/name` that is a regular file we may run, as a shell's PATH lookup.
    private static func executable(named name: String, in folders: [String]) -> String? {
        folders.lazy.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 && isRegularFile($0) }
    }

    /// Whether the name is a full Chromium (which needs `--headless`) rather than the headless shell.
    static func needsHeadlessFlag(_ path: String) -> Bool {
        !(path.split(separator: "/").last ?? "").contains("headless")
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

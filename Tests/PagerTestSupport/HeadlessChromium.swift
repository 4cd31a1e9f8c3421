import Foundation
import Glibc

/// Debian's `chromium-headless-shell`, run once per page: a screenshot to PNG, or the DOM after
/// parsing, for tests that check what a real browser makes of our HTML and SVG.
///
/// Every run gets its own profile (`--user-data-dir`) and home in a private temporary folder,
/// so runs in parallel never share state and nothing is left in the user's home, and a deadline
/// after which the browser is killed. No sandbox: tests run as root in containers, where
/// Chromium's sandbox cannot start.
public final class HeadlessChromium {
    public enum Failure: Error, CustomStringConvertible {
        case notInstalled
        case timedOut(String, Duration)
        case failed(String, Int32, String)
        case noOutput(String)

        public var description: String {
            switch self {
            case .notInstalled:
                "chromium-headless-shell is not installed (apt-get install chromium-headless-shell)"
            case .timedOut(let what, let limit): "chromium did not finish \(what) within \(limit)"
            case .failed(let what, let status, let log): "chromium failed \(what) with status \(status): \(log)"
            case .noOutput(let what): "chromium exited without \(what)"
            }
        }
    }

    /// The browser binary: `$CHROMIUM_HEADLESS_SHELL`, else `chromium-headless-shell` on the
    /// PATH, else where Debian's package puts it.
    public static func findExecutable() -> String? {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let chosen = environment["CHROMIUM_HEADLESS_SHELL"], !chosen.isEmpty { candidates.append(chosen) }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/chromium-headless-shell")
        }
        candidates += [
            "/usr/bin/chromium-headless-shell", "/usr/lib/chromium-headless-shell/chromium-headless-shell",
            "/usr/lib/chromium/headless_shell",
        ]
        return candidates.first { access($0, X_OK) == 0 }
    }

    public let executable: String
    public let timeout: Duration

    public init(timeout: Duration = .seconds(90)) throws {
        guard let executable = Self.findExecutable() else { throw Failure.notInstalled }
        self.executable = executable
        self.timeout = timeout
    }

    /// Renders the file at `path` (HTML or SVG) in a window `width` × `height` CSS pixels wide at
    /// `scale` device pixels per CSS pixel, and writes the PNG to `output`.
    public func screenshot(of path: String, width: Int, height: Int, scale: Double = 1, to output: String) throws -> PNGImage {
        let run = try launch(
            [
                "--screenshot=\(output)", "--window-size=\(width),\(height)", "--force-device-scale-factor=\(scale)",
                "--hide-scrollbars", "--default-background-color=ffffffff",
            ], path: path, what: "a screenshot")
        guard let bytes = FileContents.bytes(output), !bytes.isEmpty else { throw Failure.noOutput("writing \(output)\n\(run.log)") }
        return try PNGImage(bytes: bytes)
    }

    /// The DOM of the file at `path` once parsed, serialised as HTML (`--dump-dom`).
    public func dom(of path: String) throws -> String {
        let run = try launch(["--dump-dom"], path: path, what: "dumping the DOM")
        guard !run.output.isEmpty else { throw Failure.noOutput("printing the DOM\n\(run.log)") }
        return run.output
    }

    private func launch(_ arguments: [String], path: String, what: String) throws -> (output: String, log: String) {
        let scratch = try TemporaryDirectory(prefix: "pv-chromium")
        let home = scratch.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let url = URL(fileURLWithPath: path).absoluteString
        let child = try LoggedChildProcess(
            executable: executable,
            arguments: [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                "--disable-extensions", "--disable-background-networking", "--mute-audio",
                "--user-data-dir=\(scratch.path)/profile",
            ] + arguments + [url],
            environment: [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": home,
                "XDG_CONFIG_HOME": home + "/.config", "XDG_CACHE_HOME": home + "/.cache", "LANG": "C.UTF-8",
            ])
        // The profile goes only once the browser is gone.
        defer { withExtendedLifetime(scratch) {} }
        guard let status = child.waitForExit(timeout: timeout) else { throw Failure.timedOut(what, timeout) }
        let log = child.standardError.split(separator: "\n").suffix(5).joined(separator: "\n")
        guard status == 0 else { throw Failure.failed(what, status, log) }
        return (child.standardOutput, log)
    }
}

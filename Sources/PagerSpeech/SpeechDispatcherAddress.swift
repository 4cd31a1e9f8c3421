import Glibc

/// Where a speech-dispatcher listens, in the syntax of `SPEECHD_ADDRESS` (the variable libspeechd
/// and `spd-say` read): `unix_socket:PATH` or `inet_socket:HOST:PORT`.
///
/// We resolve it ourselves, the way libspeechd would, because we talk to the address twice: once
/// with our own bounded handshake (`SpeechDispatcherProbe`), then through libspeechd; both must
/// mean the same socket.
public enum SpeechDispatcherAddress: Hashable, Sendable, CustomStringConvertible {
    case unixSocket(path: String)
    case inetSocket(host: String, port: Int)

    /// This process's environment, as libspeechd reads it.
    public static var processEnvironment: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// speech-dispatcher's TCP port when `inet_socket` names none (`SPEECHD_DEFAULT_PORT`).
    public static let defaultPort = 6560

    /// `SPEECHD_ADDRESS` when set and not empty, else the per-user socket every desktop client
    /// (Orca included) uses: `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`.
    public static func fromEnvironment(
        _ environment: [String: String] = SpeechDispatcherAddress.processEnvironment
    ) throws(SpeechDispatcherError) -> SpeechDispatcherAddress {
        if let text = environment["SPEECHD_ADDRESS"], !text.isEmpty {
            return try SpeechDispatcherAddress(parsing: text, environment: environment)
        }
        return .unixSocket(path: defaultSocketPath(environment))
    }

    /// Parses `unix_socket`, `unix_socket:PATH`, `inet_socket`, `inet_socket:HOST` or
    /// `inet_socket:HOST:PORT`. A bare path starting with `/` is taken as a unix socket too.
    public init(parsing text: String, environment: [String: String] = SpeechDispatcherAddress.processEnvironment)
        throws(SpeechDispatcherError)
    {
        if text.hasPrefix("/") {
            self = .unixSocket(path: text)
            return
        }
        let method: Substring
        let rest: Substring?
        if let colon = text.firstIndex(of: ":") {
            method = text[..<colon]
            rest = text[text.index(after: colon)...]
        } else {
            method = text[...]
            rest = nil
        }
        switch method {
        case "unix_socket", "":
            // Everything after the first colon: a path may itself contain colons.
            guard let rest, !rest.isEmpty else {
                self = .unixSocket(path: Self.defaultSocketPath(environment))
                return
            }
            self = .unixSocket(path: String(rest))
        case "inet_socket":
            guard let rest, !rest.isEmpty else {
                self = .inetSocket(host: "127.0.0.1", port: Self.defaultPort)
                return
            }
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2, !parts[0].isEmpty else { throw .invalidAddress(text) }
            var port = Self.defaultPort
            if parts.count == 2 {
                guard let given = Int(parts[1]), (1...65535).contains(given) else { throw .invalidAddress(text) }
                port = given
            }
            self = .inetSocket(host: String(parts[0]), port: port)
        default:
            throw .invalidAddress(text)
        }
    }

    /// glib's `g_get_user_runtime_dir()`, which libspeechd and the daemon use: `XDG_RUNTIME_DIR`,
    /// falling back to the user's cache folder.
    static func defaultSocketPath(_ environment: [String: String]) -> String {
        let runtime: String
        if let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty {
            runtime = directory
        } else if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            runtime = cache
        } else {
            runtime = (environment["HOME"] ?? getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) } ?? "") + "/.cache"
        }
        return runtime + "/speech-dispatcher/speechd.sock"
    }

    /// The address in `SPEECHD_ADDRESS` syntax, with control characters escaped.
    public var description: String {
        switch self {
        case .unixSocket(let path): "unix_socket:" + Self.escaped(path)
        case .inetSocket(let host, let port): "inet_socket:" + Self.escaped(host) + ":\(port)"
        }
    }

    private static func escaped(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && $0 != "\"" }
        return plain ? text : SpeechDispatcherError.quoted(text)
    }
}

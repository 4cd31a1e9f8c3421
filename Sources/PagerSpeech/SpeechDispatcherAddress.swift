import Glibc
import PagerSystem
import SystemPackage

/// Where a speech-dispatcher listens, in the syntax of `SPEECHD_ADDRESS` (the variable libspeechd
/// and `spd-say` read): `unix_socket:PATH` or `inet_socket:HOST:PORT`.
///
/// We resolve it ourselves, the way libspeechd would, because we talk to the address twice: once
/// with our own bounded handshake (`handshake(until:timeout:)`, below), then through libspeechd;
/// both must mean the same socket.
public enum SpeechDispatcherAddress: Hashable, Sendable, CustomStringConvertible {
    case unixSocket(path: String)
    case inetSocket(host: String, port: Int)

    /// speech-dispatcher's TCP port when `inet_socket` names none (`SPEECHD_DEFAULT_PORT`).
    public static let defaultPort = 6560

    /// `SPEECHD_ADDRESS` when set and not empty, else the per-user socket every desktop client
    /// (Orca included) uses: `$XDG_RUNTIME_DIR/speech-dispatcher/speechd.sock`.
    public static func fromEnvironment(
        _ environment: [String: String] = Environment.current
    ) throws(SpeechError) -> SpeechDispatcherAddress {
        if let text = environment["SPEECHD_ADDRESS"], !text.isEmpty {
            return try SpeechDispatcherAddress(parsing: text, environment: environment)
        }
        return .unixSocket(path: defaultSocketPath(environment))
    }

    /// Parses `unix_socket`, `unix_socket:PATH`, `inet_socket`, `inet_socket:HOST` or
    /// `inet_socket:HOST:PORT`. A bare path starting with `/` is taken as a unix socket too.
    public init(parsing text: String, environment: [String: String] = Environment.current)
        throws(SpeechError)
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
            guard parts.count <= 2, !parts[0].isEmpty else { throw .invalidSpeechDispatcherAddress(text) }
            var port = Self.defaultPort
            if parts.count == 2 {
                guard let given = Int(parts[1]), (1...65535).contains(given) else { throw .invalidSpeechDispatcherAddress(text) }
                port = given
            }
            self = .inetSocket(host: String(parts[0]), port: port)
        default:
            throw .invalidSpeechDispatcherAddress(text)
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
        return plain ? text : SpeechError.quoted(text)
    }
}

// MARK: - Does a daemon answer there?

/// A speech-dispatcher handshake of our own at the address, bounded by a deadline, made before
/// libspeechd is given it.
///
/// libspeechd has no timeouts: `spd_open2` connects and then waits for the reply to its first
/// command for as long as it takes, so a socket that accepts and never answers would hang us for
/// good. It also calls `exit()` from inside the library when a reply does not start with a status
/// number, so a socket that answers in some other protocol would end the whole process. Sending
/// the same first command ourselves (`SET SELF CLIENT_NAME`) and reading the reply with `poll`
/// turns all of that into one `SpeechError.Unreachable` within the time we choose.
extension SpeechDispatcherAddress {
    /// nil when an SSIP server answered a greeting here before `deadline`.
    func handshake(until deadline: ContinuousClock.Instant, timeout: Duration) -> SpeechError.Unreachable? {
        let socket: FileDescriptor
        switch Self.connect(self, until: deadline, timeout: timeout) {
        case .failure(let reason): return reason
        case .success(let connected): socket = connected
        }
        defer { try? socket.close() }
        let greeting = Array("SET SELF CLIENT_NAME \"pagervoice:pagervoice:probe\"\r\nQUIT\r\n".utf8)
        if let failure = Self.send(greeting, to: socket, until: deadline, timeout: timeout) { return failure }
        switch Self.readLine(from: socket, until: deadline, timeout: timeout) {
        case .failure(let reason): return reason
        case .success(let line): return Self.judge(line)
        }
    }

    /// Whether `line` is an SSIP reply (three digits, then a space or a dash) that accepts us.
    static func judge(_ line: String) -> SpeechError.Unreachable? {
        let scalars = Array(line.unicodeScalars.prefix(4))
        let isStatus =
            scalars.count == 4 && scalars[0..<3].allSatisfy { ("0"..."9").contains($0) }
            && (scalars[3] == " " || scalars[3] == "-")
        guard isStatus else { return .notSSIP(firstLine: String(line.prefix(80))) }
        // 1xx and 2xx are success in SSIP; anything else refuses the greeting.
        guard scalars[0] == "1" || scalars[0] == "2" else { return .refused("it answered \(SpeechError.quoted(line))") }
        return nil
    }

    // MARK: Socket steps

    private static func connect(
        _ address: SpeechDispatcherAddress, until deadline: ContinuousClock.Instant, timeout: Duration
    ) -> Result<FileDescriptor, SpeechError.Unreachable> {
        switch address {
        case .unixSocket(let path):
            var socketAddress = sockaddr_un()
            socketAddress.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: socketAddress.sun_path)
            guard !bytes.isEmpty, bytes.count < capacity, !bytes.contains(0) else {
                return .failure(.cannotConnect(.fileNameTooLong))
            }
            withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
                raw.copyBytes(from: bytes)
                raw[bytes.count] = 0
            }
            return withUnsafePointer(to: &socketAddress) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(family: AF_UNIX, $0, socklen_t(MemoryLayout<sockaddr_un>.size), until: deadline, timeout: timeout)
                }
            }
        case .inetSocket(let host, let port):
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
                return .failure(.unknownHost(host))
            }
            defer { freeaddrinfo(list) }
            var lastFailure = SpeechError.Unreachable.unknownHost(host)
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                let result = connect(
                    family: current.pointee.ai_family, current.pointee.ai_addr, current.pointee.ai_addrlen,
                    until: deadline, timeout: timeout)
                if case .success = result { return result }
                if case .failure(let reason) = result { lastFailure = reason }
                entry = current.pointee.ai_next
            }
            return .failure(lastFailure)
        }
    }

    private static func connect(
        family: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t,
        until deadline: ContinuousClock.Instant, timeout: Duration
    ) -> Result<FileDescriptor, SpeechError.Unreachable> {
        let raw = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard raw >= 0 else { return .failure(.cannotConnect(Errno(rawValue: errno))) }
        let descriptor = FileDescriptor(rawValue: raw)
        let result = Interrupted.retry { Glibc.connect(raw, address, length) }
        if result == 0 { return .success(descriptor) }
        let code = errno
        guard code == EINPROGRESS else {
            try? descriptor.close()
            return .failure(.cannotConnect(Errno(rawValue: code)))
        }
        // A TCP connection still being set up: wait until it is writable, then read its outcome.
        guard wait(for: Int16(POLLOUT), on: descriptor, until: deadline) else {
            try? descriptor.close()
            return .failure(.noReply(after: timeout))
        }
        var failure: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(raw, SOL_SOCKET, SO_ERROR, &failure, &size)
        guard failure == 0 else {
            try? descriptor.close()
            return .failure(.cannotConnect(Errno(rawValue: failure)))
        }
        return .success(descriptor)
    }

    private static func send(
        _ bytes: [UInt8], to socket: FileDescriptor, until deadline: ContinuousClock.Instant, timeout: Duration
    ) -> SpeechError.Unreachable? {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a peer that has gone is an error here, not a SIGPIPE for the process.
            let sent = Interrupted.retry {
                bytes.withUnsafeBytes { raw in
                    Glibc.send(socket.rawValue, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                }
            }
            if sent > 0 {
                offset += sent
                continue
            }
            let code = errno
            guard code == EAGAIN || code == EWOULDBLOCK else { return .cannotConnect(Errno(rawValue: code)) }
            guard wait(for: Int16(POLLOUT), on: socket, until: deadline) else { return .noReply(after: timeout) }
        }
        return nil
    }

    /// The first line of the reply, without its line ending.
    private static func readLine(
        from socket: FileDescriptor, until deadline: ContinuousClock.Instant, timeout: Duration
    ) -> Result<String, SpeechError.Unreachable> {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while !received.contains(UInt8(ascii: "\n")) && received.count < 4096 {
            guard wait(for: Int16(POLLIN), on: socket, until: deadline) else { return .failure(.noReply(after: timeout)) }
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try socket.read(into: $0) }
            } catch let error as Errno where error == .resourceTemporarilyUnavailable {
                continue
            } catch let error as Errno {
                return .failure(.cannotConnect(error))
            } catch {
                return .failure(.closedWithoutReply)
            }
            if count == 0 {
                return received.isEmpty ? .failure(.closedWithoutReply) : .success(line(received))
            }
            received += buffer[0..<count]
        }
        return .success(line(received))
    }

    private static func line(_ bytes: [UInt8]) -> String {
        let end = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
        var text = String(decoding: bytes[..<end], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }

    /// Polls for `events` until the deadline; false when time ran out (or the socket failed in a
    /// way the next call will report).
    private static func wait(for events: Int16, on socket: FileDescriptor, until deadline: ContinuousClock.Instant) -> Bool {
        guard deadline > ContinuousClock.now else { return false }
        var entry = [pollfd(fd: socket.rawValue, events: events, revents: 0)]
        // A failed poll (-1) is reported by the next call on the socket.
        return Interrupted.poll(&entry, until: deadline) != 0
    }
}

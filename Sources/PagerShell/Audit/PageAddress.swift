import PagerCore
import PagerSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What `--url` names: a file of this machine (a bare path or `file://`), or a page served on it
/// (`http://127.0.0.1…`, `http://localhost…`). Nothing is fetched from the network, so any other
/// host is refused before a browser starts, and so is any other scheme.
struct PageAddress: Equatable {
    /// The URL the browser opens.
    var url: String
    /// The address as the person gave it, for messages and reports, with any password in it
    /// shown as "…" (a report is shared; `http://user:secret@localhost/` was printed whole).
    var given: String
    /// The file's path, for a local file (checked before the browser starts).
    var file: String?
    /// What a code-scanning tool shows as the result's place: a relative path (see
    /// `AuditedPage.artifact`).
    var artifact: String

    /// Parses `text`; a mistake is one sentence, for a usage error.
    init(_ text: String, workingDirectory: String) throws(UsageError) {
        given = Self.withoutPassword(text)
        let trimmed = text.trimmingSpaces()
        guard !trimmed.isEmpty else { throw UsageError("--url needs an address or a file") }
        if let colon = trimmed.firstIndex(of: ":"), Self.isScheme(trimmed[..<colon]) {
            let scheme = trimmed[..<colon].lowercased()
            let rest = String(trimmed[trimmed.index(after: colon)...])
            switch scheme {
            case "file":
                guard rest.hasPrefix("//") else { throw UsageError("--url: a file address starts file:// (file:///path/to/page.html)") }
                let afterSlashes = rest.dropFirst(2)
                let host = afterSlashes.prefix { $0 != "/" }
                guard host.isEmpty || host == "localhost" else {
                    throw UsageError(
                        "--url: a file address names a file of this machine (file:///path), not one on \(String(host).clipped())")
                }
                let path = Self.percentDecoded(String(afterSlashes.dropFirst(host.count).prefix { $0 != "?" && $0 != "#" }))
                guard !path.isEmpty else { throw UsageError("--url: the file address names no file") }
                url = "file://" + afterSlashes.dropFirst(host.count)
                file = path
                artifact = Self.relative(path, to: workingDirectory)
            case "http", "https":
                guard rest.hasPrefix("//") else { throw UsageError("--url: a web address starts \(scheme)://") }
                let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                let host = Self.host(of: String(authority)).lowercased()
                guard host == "127.0.0.1" || host == "localhost" else {
                    // Loopback by another name ([::1], 127.0.0.2) is this machine too, but the
                    // browser is let reach these two names only: say which, rather than "serve it
                    // on this machine" to someone who already does.
                    throw UsageError(
                        "--url: PagerVoice fetches nothing from the network and opens this machine's pages at 127.0.0.1 or localhost only; serve the page there (http://127.0.0.1:PORT/…) or give its file, not \(String(authority).clipped())"
                    )
                }
                url = scheme + ":" + rest
                let path = rest.dropFirst(2 + authority.count).prefix { $0 != "?" && $0 != "#" }
                let trimmedPath = path.drop { $0 == "/" }
                artifact = trimmedPath.isEmpty ? "index.html" : Self.percentDecoded(String(trimmedPath))
                file = nil
            default:
                throw UsageError(
                    "--url: only file: and http(s): addresses of this machine can be audited, not '\(String(scheme).clipped())'")
            }
        } else {
            // A path may carry a query or a fragment, as a URL would (`page.html?defect=x`), when
            // the file is the part before it; a file whose name holds "?" is still itself.
            var path = trimmed
            var suffix = ""
            if let cut = trimmed.firstIndex(where: { $0 == "?" || $0 == "#" }), !Self.exists(Self.absolute(trimmed, in: workingDirectory)),
                Self.exists(Self.absolute(String(trimmed[..<cut]), in: workingDirectory))
            {
                path = String(trimmed[..<cut])
                suffix = String(trimmed[cut...])
            }
            let normal = Self.normalised(Self.absolute(path, in: workingDirectory))
            file = normal
            url = "file://" + Self.percentEncoded(normal) + suffix
            artifact = Self.relative(normal, to: workingDirectory)
        }
    }

    /// `message` with the address the browser opened (which holds any password) shown as the
    /// person gave it, password hidden: an error names the address it failed on.
    func shown(_ message: String) -> String {
        url == given ? message : message.replacing(url, with: given)
    }

    /// `scheme://user:password@host…` as `scheme://user:…@host…`; anything else as it is.
    static func withoutPassword(_ text: String) -> String {
        guard let slashes = text.firstIndex(of: "/"), text[slashes...].hasPrefix("//"),
            text[..<slashes].last == ":"
        else { return text }
        let authorityStart = text.index(slashes, offsetBy: 2)
        let authority = text[authorityStart...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + "…" + String(text[at...])
    }

    static func absolute(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") ? path : folder + "/" + path
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Letters, then letters, digits, `+`, `-` or `.`: RFC 3986's scheme. One letter alone is not
    /// taken for one (a Windows drive, `C:`).
    static func isScheme(_ text: Substring) -> Bool {
        guard text.count > 1, let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
        }
    }

    /// The host of `user@host:port` or `[v6]:port`.
    static func host(of authority: String) -> String {
        let afterUser = authority.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? authority
        if afterUser.hasPrefix("[") { return String(afterUser.prefix { $0 != "]" }) + "]" }
        return String(afterUser.prefix { $0 != ":" })
    }

    /// `path` without `.` and `..` components and doubled slashes.
    static func normalised(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `path` relative to `folder` when it lies inside it, else without its leading slash, so a
    /// code-scanning tool always receives a relative path.
    static func relative(_ path: String, to folder: String) -> String {
        let base = normalised(folder)
        let full = normalised(path)
        if base != "/", full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) }
        return String(full.drop { $0 == "/" })
    }

    /// Every byte but the unreserved ones and `/` as `%XX`: a path as a file URL.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// `%XX` sequences as the bytes they stand for; a malformed one is kept as written.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Why the local file cannot be audited (it is missing, a folder, unreadable), or nil.
    func fileProblem() -> String? {
        guard let file else { return nil }
        var info = stat()
        guard stat(file, &info) == 0 else {
            return "cannot open \(file.clipped(120)): \(String(cString: strerror(errno)))"
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { return "cannot audit \(file.clipped(120)): it is a folder, not a page" }
        // A named pipe or a device: the browser would wait for it to finish loading (10 s, then
        // "did not finish loading"), or read a device without end.
        if (info.st_mode & S_IFMT) != S_IFREG {
            return "cannot audit \(file.clipped(120)): it is not a regular file (a named pipe or a device)"
        }
        guard access(file, R_OK) == 0 else { return "cannot open \(file.clipped(120)): \(String(cString: strerror(errno)))" }
        return nil
    }
}

import PagerSystem
import PagerWeb
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// One browser for the tests that only need a page (each opens its own tab): starting one per
/// test would cost a second each on two shared cores. Never closed by a test; ExitCleanup kills
/// it when the test process exits, which is itself part of what these tests rely on.
enum SharedBrowser {
    private static let started = Result { () throws(BrowserError) in try Browser() }

    static func browser() throws -> Browser { try started.get() }

    static func page() throws -> BrowserPage { try browser().newPage() }
}

/// Small HTML files written into a private folder, opened by their file: URL.
final class Fixtures {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "pv-web-test")
    }

    /// Writes `text` to `name` in the folder and returns its file: URL.
    @discardableResult
    func write(_ name: String, _ text: String, mode: FilePermissions = [.ownerReadWrite]) throws -> String {
        let path = folder.path + "/" + name
        let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate], permissions: mode)
        defer { try? file.close() }
        _ = try file.writeAll(text.utf8)
        return "file://" + path
    }

    /// A page whose body is `body`, in plain HTML with no margins.
    func page(_ body: String, named name: String = "page.html") throws -> String {
        try write(name, "<!doctype html><html><head><meta charset=utf-8><style>body{margin:0}</style></head><body>\(body)</body></html>")
    }

    func read(_ name: String) -> String? {
        guard let file = try? FileDescriptor.open(folder.path + "/" + name, .readOnly) else { return nil }
        defer { try? file.close() }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = (try? buffer.withUnsafeMutableBytes { try file.read(into: $0) }) ?? 0
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}

/// A TCP port on 127.0.0.1 that accepts connections (the kernel completes them) and never answers
/// a byte: a local server that hangs, without a thread.
final class SilentServer {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Errno(rawValue: errno) }
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 && listen(descriptor, 64) == 0 && getsockname(descriptor, raw, &length) == 0
            }
        }
        guard bound else {
            let error = Errno(rawValue: errno)
            close(descriptor)
            throw error
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

/// Whether anything is in the folder at `path`.
func folderIsEmpty(_ path: String) -> Bool {
    guard let stream = opendir(path) else { return false }
    defer { closedir(stream) }
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { return false }
    }
    return true
}

/// Whether anything exists at `path` (a link is not followed).
func exists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh private folder under /tmp, removed when the value goes away. The one way tests,
/// fixtures and the benchmarks make scratch folders.
public final class TemporaryDirectory {
    public let path: String
    public var url: URL { URL(fileURLWithPath: path) }

    public init(prefix: String = "pagervoice") throws {
        path = try Self.create(prefix: prefix)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Creates a folder that the caller removes itself (a fixture that owns its own lifetime).
    /// `mkdtemp` makes it atomically with mode 0700, so parallel tests never share one.
    public static func create(prefix: String) throws -> String {
        // mkdtemp replaces exactly six trailing X characters with a unique suffix.
        let uniqueSuffix = String(repeating: "X", count: 6)
        var template = Array("/tmp/\(prefix)-\(uniqueSuffix)".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return String(cString: created)
    }
}

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A private folder of our own under `$TMPDIR` (else /tmp), removed with everything in it when
/// we are done: a browser's profile, a test's fixtures.
///
/// `mkdtemp` makes it atomically with mode 0700 and a name no one else has, so two runs never
/// share one and no other user can look in. It is registered with `ExitCleanup` while it exists,
/// so an interrupted run leaves nothing behind either.
package final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    package let path: String
    private let registration: Locked<ExitCleanup.Registration?>

    /// Creates `<parent>/<prefix>-` followed by six random characters, in `parentFolder` unless
    /// another folder is named.
    package init(prefix: String, in parent: String? = nil) throws(TemporaryFolderError) {
        let parent = parent ?? Self.parentFolder
        var template = Array("\(parent)/\(prefix)-\(Self.randomPart)".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard created != nil else { throw TemporaryFolderError(parent: parent, errno: Errno(rawValue: errno)) }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        registration = Locked(ExitCleanup.register(folder: path))
    }

    deinit { remove() }

    /// The end of the name `mkdtemp(3)` requires: six X's, which it replaces with random
    /// characters as it creates the folder, so two runs never share one.
    static let randomPart = String(repeating: "X", count: 6)

    /// Where temporary folders go: `$TMPDIR` when it is set and absolute, else /tmp.
    package static var parentFolder: String {
        guard let chosen = Environment.nonEmptyValue("TMPDIR"), chosen.hasPrefix("/") else { return "/tmp" }
        var trimmed = chosen
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    /// Deletes the folder and its contents, following no symbolic link; idempotent. Returns why
    /// something could not be removed, or nil when the folder is gone.
    @discardableResult
    package func remove() -> Errno? {
        let failure = FolderRemoval.remove(path)
        if failure == nil, let registration = self.registration.withLock({ $0.take() }) {
            ExitCleanup.unregister(registration)
        }
        return failure
    }
}

/// Why a temporary folder could not be made: the folder it was to go in, and the system's reason.
package struct TemporaryFolderError: Error, Sendable, Equatable, CustomStringConvertible {
    package var parent: String
    package var errno: Errno

    package var description: String { "cannot create a temporary folder in \(parent): \(errno.description)" }
}

import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The raw calls for writing files into a directory without ever replacing what is there
/// (`WAVSink`), or replacing only what `OutputFile` decided may go.
///
/// swift-system covers plain `open`, `write` and `close` (`FileDescriptor`), but not the calls
/// made relative to an open directory (`openat`, `linkat`, `unlinkat`) nor `O_TMPFILE`, which is
/// what lets a file be written in full before it has a name. Those few calls live here, each
/// retried when interrupted (PagerSystem.Interrupted) and failing with swift-system's `Errno`.
package enum DirectoryRaw {
    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's Swift module does not
    /// export because it hides behind `_GNU_SOURCE`. The value is the generic one, used by x86-64
    /// and ARM64 alike.
    private static let openTemporaryFile: Int32 = 0o20_000_000 | O_DIRECTORY
    /// `AT_EMPTY_PATH`, hidden for the same reason.
    private static let atEmptyPath: Int32 = 0x1000

    /// Opens `path` as a directory (never a file, following a symlink only if `path` itself is
    /// one, as the user named it).
    package static func openDirectory(_ path: String) -> Result<FileDescriptor, Errno> {
        retrying { Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }.map(FileDescriptor.init(rawValue:))
    }

    /// A file in `directory` that has no name yet, so no one can see it half written and it
    /// vanishes by itself if the process dies. Fails with `EOPNOTSUPP` (or `EISDIR` on kernels
    /// that predate it) where the file system cannot do this.
    package static func createUnnamed(in directory: FileDescriptor, permissions: FilePermissions) -> Result<FileDescriptor, Errno> {
        retrying {
            openat(directory.rawValue, ".", openTemporaryFile | O_WRONLY | O_CLOEXEC, permissions.rawValue)
        }.map(FileDescriptor.init(rawValue:))
    }

    /// Creates `name` in `directory`, failing with `EEXIST` if anything at all is there
    /// (a symlink included: it is never followed).
    package static func createExclusive(
        _ name: String, in directory: FileDescriptor, permissions: FilePermissions
    ) -> Result<FileDescriptor, Errno> {
        retrying {
            openat(
                directory.rawValue, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                permissions.rawValue)
        }.map(FileDescriptor.init(rawValue:))
    }

    /// Gives the unnamed `file` the name `name`; `EEXIST` if the name is taken (by anything,
    /// including a dangling symlink), which is never replaced.
    package static func name(_ file: FileDescriptor, _ name: String, in directory: FileDescriptor) -> Result<Void, Errno> {
        // Through /proc, which needs no privilege; where /proc is not mounted, AT_EMPTY_PATH,
        // which needs CAP_DAC_READ_SEARCH.
        if procIsMounted {
            return retrying { linkat(AT_FDCWD, "/proc/self/fd/\(file.rawValue)", directory.rawValue, name, AT_SYMLINK_FOLLOW) }
                .map { _ in () }
        }
        return retrying { linkat(file.rawValue, "", directory.rawValue, name, atEmptyPath) }.map { _ in () }
    }

    private static let procIsMounted = access("/proc/self/fd", F_OK) == 0

    /// Adds the name `newName` for the file called `name` (a hard link); `EEXIST` if `newName`
    /// is taken, which is never replaced.
    package static func link(_ name: String, to newName: String, in directory: FileDescriptor) -> Result<Void, Errno> {
        retrying { linkat(directory.rawValue, name, directory.rawValue, newName, 0) }.map { _ in () }
    }

    /// Renames `name` to `newName` in `directory`, replacing whatever `newName` is (the name
    /// only: a symbolic link or a device there is unlinked, never written through). Callers
    /// decide first that what is there may go (`OutputFile`).
    package static func rename(_ name: String, to newName: String, in directory: FileDescriptor) -> Result<Void, Errno> {
        retrying { renameat(directory.rawValue, name, directory.rawValue, newName) }.map { _ in () }
    }

    /// What `name` in `directory` is, not following a symbolic link (`fstatat` with
    /// `AT_SYMLINK_NOFOLLOW`).
    package static func status(of name: String, in directory: FileDescriptor) -> Result<stat, Errno> {
        var info = stat()
        return retrying { fstatat(directory.rawValue, name, &info, AT_SYMLINK_NOFOLLOW) }.map { _ in info }
    }

    package static func remove(_ name: String, in directory: FileDescriptor) -> Result<Void, Errno> {
        retrying { unlinkat(directory.rawValue, name, 0) }.map { _ in () }
    }

    /// Whether `directory` was removed since it was opened (it has no links left).
    package static func wasRemoved(_ directory: FileDescriptor) -> Bool {
        var info = stat()
        return fstat(directory.rawValue, &info) == 0 && info.st_nlink == 0
    }

    /// The names in `directory` (without "." and ".."), read through a duplicate of the descriptor
    /// so the caller's stays open and positioned.
    package static func names(in directory: FileDescriptor) -> Result<[String], Errno> {
        let copy = retrying { fcntl(directory.rawValue, F_DUPFD_CLOEXEC, 0) }
        guard case .success(let fd) = copy else { return copy.map { _ in [] } }
        guard let stream = fdopendir(fd) else {
            let error = Errno(rawValue: errno)
            _ = Glibc.close(fd)
            return .failure(error)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// Runs a call that returns -1 and sets `errno` on failure (retried while interrupted).
    private static func retrying(_ call: () -> Int32) -> Result<Int32, Errno> {
        Result { () throws(Errno) in try Interrupted.check(call) }
    }
}

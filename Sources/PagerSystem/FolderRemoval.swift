import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Deletes a folder and everything in it without ever following a symbolic link, so a link a
/// page or a browser left in its profile can never make us delete something outside it.
///
/// Every step goes through an open folder (`openat` with `O_NOFOLLOW | O_DIRECTORY`, `unlinkat`):
/// a link is removed as a link, and a folder renamed or swapped for a link halfway is never
/// entered by name. A process still writing into the tree (a browser being killed) can add a file
/// after a folder was emptied, so emptying is repeated a few times before giving up.
enum FolderRemoval {
    /// How many times a folder is emptied again when something reappeared in it.
    private static let passes = 8
    /// Deeper than this, the rest is left: no real profile nests so far, and each level holds a
    /// descriptor open.
    private static let deepest = 64

    /// Removes the folder at `path` and its contents; nil when it is gone (or was never there),
    /// else why not.
    static func remove(_ path: String) -> Errno? {
        for _ in 0..<passes {
            let opened = Interrupted.retry { open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            if opened < 0 {
                switch errno {
                case ENOENT: return nil
                // Not a folder any more (a link or a file put in its place): remove the name alone.
                case ENOTDIR, ELOOP: return Interrupted.retry { unlink(path) } == 0 || errno == ENOENT ? nil : Errno(rawValue: errno)
                default: return Errno(rawValue: errno)
                }
            }
            let folder = FileDescriptor(rawValue: opened)
            empty(folder, depth: 0)
            try? folder.close()
            if Interrupted.retry({ rmdir(path) }) == 0 || errno == ENOENT { return nil }
            guard errno == ENOTEMPTY || errno == EEXIST else { return Errno(rawValue: errno) }
        }
        return .directoryNotEmpty
    }

    /// Removes everything inside the open folder `folder`, as far as it can.
    private static func empty(_ folder: FileDescriptor, depth: Int) {
        for _ in 0..<passes {
            guard let names = try? ProcessRaw.rawNames(in: folder), !names.isEmpty else { return }
            for name in names {
                name.withUnsafeBufferPointer { buffer in removeEntry(buffer.baseAddress!, in: folder, depth: depth) }
            }
        }
    }

    private static func removeEntry(_ name: UnsafePointer<CChar>, in folder: FileDescriptor, depth: Int) {
        // Anything but a folder goes with one unlinkat; a folder answers EISDIR.
        if Interrupted.retry({ unlinkat(folder.rawValue, name, 0) }) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM, depth < deepest else { return }
        let opened = Interrupted.retry { openat(folder.rawValue, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard opened >= 0 else { return }
        let inner = FileDescriptor(rawValue: opened)
        empty(inner, depth: depth + 1)
        try? inner.close()
        _ = Interrupted.retry { unlinkat(folder.rawValue, name, AT_REMOVEDIR) }
    }
}

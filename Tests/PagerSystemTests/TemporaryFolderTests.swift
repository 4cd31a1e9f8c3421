import PagerSystem
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Private folders, and their removal that never follows a link out of them.
@Suite struct TemporaryFolderTests {
    @Test func isPrivateAndUnderTheTemporaryFolder() throws {
        let folder = try TemporaryFolder(prefix: "pv-test")
        var info = stat()
        #expect(lstat(folder.path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(folder.path.hasPrefix(TemporaryFolder.parentFolder + "/pv-test-"))
        #expect(try TemporaryFolder(prefix: "pv-test").path != folder.path)
    }

    @Test func removalDeletesATreeAndFollowsNoLink() throws {
        let outside = try TemporaryFolder(prefix: "pv-outside")
        try write(outside.path + "/precious", "keep me")

        let folder = try TemporaryFolder(prefix: "pv-test")
        try mkdir(folder.path + "/a")
        try mkdir(folder.path + "/a/b")
        try mkdir(folder.path + "/a/b/c")
        try write(folder.path + "/a/b/c/deep", "x")
        try write(folder.path + "/top", "y")
        // Links to a folder and to a file outside, and one dangling: each removed as a link.
        #expect(symlink(outside.path, folder.path + "/a/to-outside") == 0)
        #expect(symlink(outside.path + "/precious", folder.path + "/a/b/to-file") == 0)
        #expect(symlink("/nowhere", folder.path + "/dangling") == 0)
        // A name that is not UTF-8.
        let odd: [CChar] = Array((folder.path + "/").utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0x41, 0]
        let oddFile = odd.withUnsafeBufferPointer { open($0.baseAddress!, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) }
        #expect(oddFile >= 0)
        close(oddFile)
        // A folder with no permissions at all.
        try mkdir(folder.path + "/locked")
        try write(folder.path + "/locked/inside", "z")
        #expect(chmod(folder.path + "/locked", 0) == 0)

        #expect(folder.remove() == nil)
        #expect(!ProcessTable.exists(folder.path))
        #expect(ProcessTable.read(outside.path + "/precious") == "keep me")
        #expect(folder.remove() == nil)  // idempotent
    }

    @Test func theFolderGoesWithItsOwner() throws {
        var path = ""
        do {
            let folder = try TemporaryFolder(prefix: "pv-test")
            path = folder.path
            try write(path + "/file", "x")
        }
        #expect(!path.isEmpty && !ProcessTable.exists(path))
    }

    @Test func aFolderReplacedByALinkIsRemovedAsALink() throws {
        let outside = try TemporaryFolder(prefix: "pv-outside")
        try write(outside.path + "/precious", "keep me")
        let folder = try TemporaryFolder(prefix: "pv-test")
        #expect(rmdir(folder.path) == 0)
        #expect(symlink(outside.path, folder.path) == 0)
        #expect(folder.remove() == nil)
        #expect(!ProcessTable.exists(folder.path))
        #expect(ProcessTable.read(outside.path + "/precious") == "keep me")
    }

    private func mkdir(_ path: String) throws {
        guard Glibc.mkdir(path, 0o700) == 0 else { throw Errno(rawValue: errno) }
    }

    private func write(_ path: String, _ text: String) throws {
        let file = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        defer { try? file.close() }
        _ = try file.writeAll(text.utf8)
    }
}

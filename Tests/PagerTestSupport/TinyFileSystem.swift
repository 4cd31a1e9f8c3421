import Foundation
import Glibc

/// A tmpfs of a few KiB mounted on a fresh folder, so a test can fill a disk for real.
///
/// Mounting needs root (CAP_SYS_ADMIN). Tests that use it are enabled only where
/// `TinyFileSystem.canMount` is true, and say why they did not run otherwise.
public final class TinyFileSystem {
    public let path: String
    private var mounted = true

    /// Why the disk-full tests cannot run here, or nil when they can.
    public static let whyNotMountable: String? = getuid() == 0 ? nil : "mounting a 64 KiB tmpfs to fill it needs root"
    public static var canMount: Bool { whyNotMountable == nil }

    public init(kibibytes: Int) throws {
        path = try TemporaryDirectory.create(prefix: "pv-tinyfs")
        if mount("tmpfs", path, "tmpfs", 0, "size=\(kibibytes)k,mode=0755") != 0 {
            let code = errno
            try? FileManager.default.removeItem(atPath: path)
            throw SystemCallError(call: "mount tmpfs on \(path)", code: code)
        }
    }

    deinit {
        unmount()
    }

    public func unmount() {
        guard mounted else { return }
        mounted = false
        umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Temporary folders a run left behind because it was killed outright (SIGKILL, the
/// out-of-memory killer, a machine that lost power), where no cleanup of its own could run: a
/// browser profile of a megabyte and more each time, for good.
///
/// A run marks its folder with its process's identity: its pid and the tick it started at, so a
/// pid the system has since given to another process is not taken for it, with the boot and the
/// pid namespace those are counted in. A later run removes the folders of the same prefix whose
/// mark names a process of its own boot and namespace that is gone. A folder marked from another
/// machine or container sharing the folder (its pids mean nothing here), one without a mark (made
/// by something else, or by an older PagerVoice), and one that cannot be read (another user's)
/// are never touched.
package enum AbandonedFolders {
    /// The mark's file name inside a folder.
    static let markName = ".pagervoice-owner"

    /// Marks `folder` as this process's.
    package static func mark(_ folder: String) {
        guard let identity = identity(of: getpid()), let place = place() else { return }
        let descriptor = Interrupted.retry { open(folder + "/" + markName, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array((identity + " " + place + "\n").utf8)
        _ = bytes.withUnsafeBytes { buffer in Interrupted.retry { write(descriptor, buffer.baseAddress, buffer.count) } }
    }

    /// Removes the folders in `parent` whose names begin with `prefix` and whose mark names a
    /// process that is no longer running; returns how many.
    @discardableResult
    package static func removeAbandoned(prefix: String, in parent: String) -> Int {
        var removed = 0
        guard let here = place() else { return 0 }
        for name in ProcessRaw.names(inFolder: parent) where name.hasPrefix(prefix) {
            let folder = parent + "/" + name
            guard let bytes = ProcessRaw.readSmallFile(folder + "/" + markName, limit: 256),
                let owner = String(validating: bytes, as: UTF8.self)?.split(separator: "\n").first
            else { continue }
            let fields = owner.split(separator: " ")
            guard fields.count == 4, let pid = pid_t(fields[0]), fields[2...].joined(separator: " ") == here else { continue }
            // Still running as the process that made it.
            if identity(of: pid) == fields[0..<2].joined(separator: " ") { continue }
            if FolderRemoval.remove(folder) == nil { removed += 1 }
        }
        return removed
    }

    /// "BOOT-ID PID-NAMESPACE": where a pid and a start tick mean a process, or nil when that
    /// cannot be told (no /proc).
    static func place() -> String? {
        guard let boot = ProcessRaw.readSmallFile("/proc/sys/kernel/random/boot_id", limit: 64),
            let id = String(validating: boot, as: UTF8.self)?.split(separator: "\n").first
        else { return nil }
        var link = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/self/ns/pid", &link, link.count - 1)
        guard count > 0 else { return nil }
        let namespace = String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(id) + " " + namespace.filter { $0 != " " }
    }

    /// "PID STARTTIME": the pid and the clock tick the process started at (field 22 of
    /// /proc/PID/stat, counted after the command name, which may hold spaces and parentheses).
    static func identity(of pid: pid_t) -> String? {
        guard let stat = ProcessRaw.readSmallFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: UInt8(ascii: ")")) else {
            return nil
        }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        // The fields after the name begin with the state (field 3): the start time is field 22.
        guard fields.count > 19 else { return nil }
        return "\(pid) " + String(decoding: fields[19], as: UTF8.self)
    }
}

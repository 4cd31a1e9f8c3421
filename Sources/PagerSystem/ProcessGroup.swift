import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A process group: a child started by `ChildProcess` and everything it forked, which one signal
/// reaches at once.
///
/// A browser forks helpers (zygote, renderers, a GPU process) that outlive their parent if only
/// the parent is killed; they all stay in the group it was started in. Killing is asynchronous, so
/// `kill(until:)` also waits for every member to be gone, reading /proc: a member that has exited
/// but was never reaped (a zombie, when no init process collects orphans) counts as gone.
package struct ProcessGroup: Sendable, Hashable {
    /// The group's id: the pid of the process that leads it.
    package let id: pid_t

    package init(id: pid_t) {
        self.id = id
    }

    /// The pids of the group's processes that are still running (zombies excluded).
    package var livingMembers: [pid_t] {
        ProcessRaw.names(inFolder: "/proc").compactMap { name in
            guard let pid = pid_t(name), let stat = ProcessRaw.readSmallFile("/proc/\(name)/stat") else { return nil }
            return Self.isLivingMember(stat: stat, of: id) ? pid : nil
        }
    }

    /// Sends SIGKILL to every member and waits until none is running, at most until `deadline`.
    /// Returns whether the group is gone.
    @discardableResult
    package func kill(until deadline: ContinuousClock.Instant) -> Bool {
        ProcessRaw.signalGroup(id, SIGKILL)
        return waitUntilGone(until: deadline)
    }

    /// Waits until no member of the group is running, at most until `deadline`.
    package func waitUntilGone(until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let members = livingMembers
            if members.isEmpty { return true }
            if ContinuousClock.now >= deadline { return false }
            // A pidfd per member becomes readable when it exits; where there are none, a short nap.
            let exits = members.compactMap(ProcessRaw.openExitDescriptor)
            defer { for exit in exits { try? exit.close() } }
            if exits.count == members.count {
                var descriptors = exits.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
                _ = Interrupted.poll(&descriptors, until: deadline)
            } else {
                ProcessRaw.pause(milliseconds: 2)
            }
        }
    }

    /// Whether a /proc/PID/stat line ("pid (name) S ppid pgrp …") is a running member of `group`.
    /// The name may hold spaces and parentheses, so fields are counted after the last ')'.
    static func isLivingMember(stat: [UInt8], of group: pid_t) -> Bool {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return false }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count > 3, let state = fields[0].first, let groupID = pid_t(String(decoding: fields[2], as: UTF8.self)) else {
            return false
        }
        return groupID == group && state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }
}

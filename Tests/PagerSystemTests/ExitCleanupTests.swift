import PagerSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The probe program (Tests/PagerCleanupProbe) ends by a signal or by `exit`; each time its
/// child's whole group must be gone and its temporary folder deleted, and a signal must still
/// be what ended it.
@Suite struct ExitCleanupTests {
    /// The probe, built beside the test bundle.
    static let probe: String = {
        var target = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &target, target.count - 1)
        let executable = String(decoding: target[..<max(count, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/PagerCleanupProbe"
    }()

    /// Starts the probe with a private TMPDIR and returns it with its child's group and its folder.
    private func startProbe(_ mode: String, in parent: TemporaryFolder) throws -> (ChildProcess, ProcessGroup, String) {
        var environment = Environment.current
        environment["TMPDIR"] = parent.path
        let probe = try ChildProcess(
            executable: Self.probe, arguments: [mode], environment: environment, standardOutput: .capture, standardError: .capture)
        #expect(probe.waitForOutput(containing: "\n", until: .now + .seconds(30)), "\(probe.capturedErrors)")
        let fields = probe.capturedOutput.split(whereSeparator: { $0 == " " || $0 == "\n" })
        try #require(fields.count == 2, "\(probe.capturedOutput)")
        return (probe, ProcessGroup(id: try #require(pid_t(fields[0]))), String(fields[1]))
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalCleansUpAndStillEndsTheProcess(signal: Int32) throws {
        let parent = try TemporaryFolder(prefix: "pv-test")
        let (probe, group, folder) = try startProbe("wait", in: parent)
        #expect(folder.hasPrefix(parent.path + "/pv-probe-"))
        #expect(ProcessTable.exists(folder + "/inside"))
        #expect(!group.livingMembers.isEmpty)

        probe.signal(signal)
        #expect(probe.wait(timeout: .seconds(30)) == .signalled(signal))
        #expect(group.livingMembers.isEmpty)
        #expect(!ProcessTable.exists(folder))
    }

    @Test func exitCleansUp() throws {
        let parent = try TemporaryFolder(prefix: "pv-test")
        let (probe, group, folder) = try startProbe("exit", in: parent)
        #expect(probe.wait(timeout: .seconds(30)) == .exited(0))
        #expect(group.livingMembers.isEmpty)
        #expect(!ProcessTable.exists(folder))
    }
}

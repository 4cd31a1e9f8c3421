import PagerSystem
import SystemPackage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real children: group kill, bounded waits, captured output, inherited descriptors, start errors.
@Suite struct ChildProcessTests {
    private func shell(
        _ script: String, output: ChildProcess.Output = .capture, errors: ChildProcess.Output = .capture, limit: Int = 16_384
    ) throws -> ChildProcess {
        try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], standardOutput: output, standardError: errors, captureLimit: limit)
    }

    @Test func killingTheGroupTakesTheGrandchildren() throws {
        // Two grandchildren in the background; the shell prints their pids and waits for them.
        let child = try shell("sleep 1000 & a=$!; sleep 1000 & echo \"$a $!\"; wait")
        #expect(child.waitForOutput(containing: "\n", until: .now + .seconds(10)))
        let pids = child.capturedOutput.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { pid_t($0) }
        try #require(pids.count == 2)
        #expect(pids.allSatisfy(ProcessTable.isAlive))
        #expect(Set(child.group.livingMembers) == Set(pids + [child.pid]))

        child.terminate()
        #expect(!pids.contains(where: ProcessTable.isAlive))
        #expect(!ProcessTable.isAlive(child.pid))
        #expect(child.group.livingMembers.isEmpty)
        #expect(child.exitStatus == .signalled(SIGKILL))
        child.terminate()  // idempotent
        #expect(child.exitStatus == .signalled(SIGKILL))
    }

    @Test func waitIsBoundedAndReportsHowTheChildEnded() throws {
        let sleeper = try shell("exec sleep 1000")
        let start = ContinuousClock.now
        #expect(sleeper.wait(timeout: .milliseconds(200)) == nil)
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(200) && waited < .seconds(5), "\(waited)")
        #expect(sleeper.isRunning)
        sleeper.terminate()
        #expect(!sleeper.isRunning)

        #expect(try shell("exit 3").wait(timeout: .seconds(30)) == .exited(3))
        #expect(try shell("kill -TERM $$").wait(timeout: .seconds(30)) == .signalled(SIGTERM))
    }

    @Test func standardErrorIsCapturedAndOnlyItsTailKept() throws {
        // Far more than a pipe holds (64 KiB): the child finishes only if the pipe is drained.
        let child = try shell(
            "i=0; while [ $i -lt 3000 ]; do echo \"line $i of a chatty child\" >&2; i=$((i+1)); done; echo last >&2",
            limit: 1024)
        #expect(child.wait(timeout: .seconds(60)) == .exited(0))
        #expect(child.waitForOutputEnd(until: .now + .seconds(10)))
        let errors = child.capturedErrors
        #expect(errors.utf8.count <= 1024)
        #expect(errors.hasSuffix("line 2999 of a chatty child\nlast\n"))
        #expect(errors.hasPrefix("line "), "the tail starts at a whole line: \(errors.prefix(40))")
        #expect(child.capturedOutput.isEmpty)
    }

    @Test func aLargeOutputNeverBlocksTheChild() throws {
        let child = try shell("yes 'a line of output' | head -n 200000; echo done", errors: .discard)
        #expect(child.wait(timeout: .seconds(60)) == .exited(0))
        #expect(child.waitForOutputEnd(until: .now + .seconds(10)))
        #expect(child.capturedOutput.hasPrefix("a line of output\n"))
        #expect(child.capturedOutput.hasSuffix("a line of output\ndone\n"))
        #expect(child.capturedOutput.utf8.count <= 16_384)
    }

    @Test func discardedOutputIsNotKept() throws {
        let child = try shell("echo out; echo err >&2", output: .discard, errors: .discard)
        #expect(child.wait(timeout: .seconds(30)) == .exited(0))
        #expect(child.capturedOutput.isEmpty && child.capturedErrors.isEmpty)
    }

    @Test func namedDescriptorsAreInheritedAndNoOthers() throws {
        let three = try FileDescriptor.pipe()
        let four = try FileDescriptor.pipe()
        defer { for descriptor in [three.readEnd, four.readEnd] { try? descriptor.close() } }
        // A descriptor of ours without close-on-exec must not reach the child either.
        let stray = try FileDescriptor.open("/dev/null", .readOnly)
        defer { try? stray.close() }
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "echo three >&3; echo four >&4; ls /proc/$$/fd"],
            standardOutput: .capture, inherited: [.init(four.writeEnd, as: 3), .init(three.writeEnd, as: 4)])
        try three.writeEnd.close()
        try four.writeEnd.close()
        #expect(child.wait(timeout: .seconds(30)) == .exited(0))
        #expect(child.waitForOutputEnd(until: .now + .seconds(10)))
        #expect(try readAll(four.readEnd) == "three\n")
        #expect(try readAll(three.readEnd) == "four\n")
        let descriptors = child.capturedOutput.split(separator: "\n").map(String.init)
        #expect(descriptors == ["0", "1", "2", "3", "4"])
    }

    @Test func aMissingProgramIsATypedError() {
        #expect(throws: ChildProcessError(path: "/no/such/program", errno: .noSuchFileOrDirectory)) {
            try ChildProcess(executable: "/no/such/program", arguments: [])
        }
        let error = ChildProcessError(path: "/no/such/program", errno: .noSuchFileOrDirectory)
        #expect(error.description == "cannot start /no/such/program: No such file or directory")
    }

    @Test func aFileThatIsNotExecutableIsATypedError() throws {
        let folder = try TemporaryFolder(prefix: "pv-test")
        let path = folder.path + "/not-a-program"
        let file = try FileDescriptor.open(path, .writeOnly, options: [.create], permissions: [.ownerReadWrite])
        try file.close()
        #expect(throws: ChildProcessError(path: path, errno: .permissionDenied)) {
            try ChildProcess(executable: path, arguments: [])
        }
        #expect(throws: ChildProcessError(path: folder.path, errno: .permissionDenied)) {
            try ChildProcess(executable: folder.path, arguments: [])
        }
    }

    private func readAll(_ descriptor: FileDescriptor) throws -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[..<count]
        }
    }
}

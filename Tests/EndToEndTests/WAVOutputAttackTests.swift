import Foundation
import PagerTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 11's attacks on `--wav-dir`, run against the built executable: nothing in the folder is
/// ever destroyed, no file is left half written, and a failed write says so.
@Suite struct WAVOutputAttackTests {
    func names(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Every `NNNN.wav` is a complete WAV file with speech in it, and nothing else (no hidden
    /// temporary file, no empty file) is in the folder apart from `allowed`. With `lastCutShort`,
    /// the highest-numbered file may hold only the start of its utterance (which can be eSpeak's
    /// leading silence), as an interrupted one does.
    func expectOnlyCompleteWAVs(
        in directory: String, allowing allowed: Set<String> = [], lastCutShort: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let last = names(directory).last
        for name in names(directory) where !allowed.contains(name) {
            guard name.hasSuffix(".wav"), !name.hasPrefix(".") else {
                Issue.record("unexpected file \(name) in \(directory)", sourceLocation: sourceLocation)
                continue
            }
            do {
                let wav = try WAVFile(contentsOf: directory + "/" + name)
                #expect(wav.sampleRate == 22050 && wav.frameCount > 0, "\(name)", sourceLocation: sourceLocation)
                if !(lastCutShort && name == last) {
                    #expect(PCMAnalysis.peakRMS(wav.samples) > 500, "\(name) holds speech", sourceLocation: sourceLocation)
                }
            } catch {
                Issue.record("\(name) is not a complete WAV file: \(error)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aPlantedSymlinkIsNeverFollowed() throws {
        // mkdir ow; echo keep > victim; ln -s $PWD/victim ow/0003.wav; printf 'next\nnext\nprev\n' | P --audio null --wav-dir ow
        let root = try TemporaryDirectory()
        let folder = root.path + "/ow"
        let victim = root.path + "/victim"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try "keep\n".write(toFile: victim, atomically: false, encoding: .utf8)
        #expect(symlink(victim, folder + "/0003.wav") == 0)
        let run = try Pagervoice.run(["--audio", "null", "--wav-dir", folder], input: "next\nnext\nprev\n")
        #expect(run.status == 0)
        #expect(FileContents.text(victim) == "keep\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/0003.wav")) == victim)
        // Numbering continues after the highest name there, the planted one.
        #expect(names(folder) == ["0003.wav", "0004.wav", "0005.wav", "0006.wav"])
        expectOnlyCompleteWAVs(in: folder, allowing: ["0003.wav"])
    }

    @Test func aSecondRunAddsFilesAndKeepsTheFirstRunsFiles() throws {
        let folder = try TemporaryDirectory()
        let first = try Pagervoice.run(["--audio", "null", "--wav-dir", folder.path], input: "next\nnext\n")
        #expect(first.status == 0)
        let before = ["0001.wav", "0002.wav"].map { FileContents.bytes(folder.path + "/" + $0) }
        let second = try Pagervoice.run(["--audio", "null", "--wav-dir", folder.path], input: "next\n")
        #expect(second.status == 0)
        #expect(names(folder.path) == ["0001.wav", "0002.wav", "0003.wav"])
        #expect(["0001.wav", "0002.wav"].map { FileContents.bytes(folder.path + "/" + $0) } == before)
        // `say` too: each run adds a file instead of rewriting 0001.wav.
        for text in ["Hello", "Goodbye"] {
            let say = try Pagervoice.run(["say", "--audio", "null", "--wav-dir", folder.path, text])
            #expect(say.status == 0)
        }
        #expect(names(folder.path) == ["0001.wav", "0002.wav", "0003.wav", "0004.wav", "0005.wav"])
        #expect(["0001.wav", "0002.wav"].map { FileContents.bytes(folder.path + "/" + $0) } == before)
        expectOnlyCompleteWAVs(in: folder.path)
    }

    @Test func twoProcessesWritingToOneFolderLoseNothing() throws {
        let folder = try TemporaryDirectory()
        let script = (1...10).map { "say Process line \($0)" }.joined(separator: "\n") + "\n"
        let children = try (0..<2).map { _ in
            try PipedChild(
                executable: Pagervoice.path, arguments: ["--audio", "null", "--wav-dir", folder.path],
                environment: ProcessInfo.processInfo.environment, onLine: { _ in })
        }
        for child in children { #expect(child.send(Array(script.utf8))) }
        for child in children { child.closeInput() }
        let statuses = children.map { $0.finish(timeout: .seconds(120)) }
        #expect(statuses == [0, 0])
        #expect(names(folder.path) == (1...20).map { String(format: "%04d.wav", $0) })
        expectOnlyCompleteWAVs(in: folder.path)
    }

    /// `mount -t tmpfs -o size=64k`, 16 × next/prev: the files that fit are complete, the rest
    /// leave nothing behind, each is an error event of its line, and the run's status is 1.
    @Test(.enabled(if: TinyFileSystem.canMount, "\(TinyFileSystem.whyNotMountable ?? "")"))
    func aFullDiskLeavesNoTruncatedOrEmptyFile() throws {
        let disk = try TinyFileSystem(kibibytes: 64)
        defer { disk.unmount() }
        let script = String(repeating: "next\nprev\n", count: 8)
        let run = try Pagervoice.run(["--audio", "null", "--wav-dir", disk.path, "--json"], input: script)
        let files = names(disk.path)
        #expect((1...2).contains(files.count), "\(files)")
        expectOnlyCompleteWAVs(in: disk.path)
        let failures = run.events.filter { $0["type"] as? String == "error" }
        #expect(failures.count == 16 - files.count, "\(run.stdout)")
        #expect(failures.allSatisfy { ($0["message"] as? String)?.contains("No space left on device") == true })
        #expect(failures.allSatisfy { $0["line"] is Int })
        #expect(run.status == 1)
        #expect(run.stderr == "")
    }

    /// SIGINT in the middle of a piped script with `--wav-dir` used to leave a 0-byte `NNNN.wav`
    /// in most runs. Interrupted at different points, no run may leave anything but complete files.
    @Test func interruptingAScriptLeavesOnlyCompleteFiles() throws {
        // Different sentences, so every line is synthesised and written afresh.
        let script = (1...300).map { "say Sentence number \($0) of a long script." }
        for round in 1...8 {
            let folder = try TemporaryDirectory()
            let child = try PipedChild(
                executable: Pagervoice.path, arguments: ["--audio", "null", "--wav-dir", folder.path],
                environment: ProcessInfo.processInfo.environment, onLine: { _ in })
            // Less than a pipe holds, so sending never waits, and far more than it speaks
            // before the signal: it is busy speaking whenever the signal comes.
            #expect(child.send(lines: script))
            let wanted = round * 3
            let deadline = ContinuousClock.now + .seconds(60)
            while names(folder.path).count < wanted && ContinuousClock.now < deadline { usleep(1_000) }
            child.process.signal(SIGINT)
            #expect(child.process.wait(timeout: .seconds(10)) == 130, "round \(round)")
            child.closeInput()
            _ = child.finish(timeout: .seconds(10))
            #expect(names(folder.path).count >= wanted, "round \(round) got going")
            expectOnlyCompleteWAVs(in: folder.path, lastCutShort: true)
        }
    }
}

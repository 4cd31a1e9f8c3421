import Foundation
import PagerSystem
import PagerTestSupport
import SystemPackage
import Testing

@testable import PagerShell

/// `frames --svg FILE` and saved reports never overwrite a file and never leave half of one.
@Suite struct AtomicFileTests {
    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func writesAWholeAtomicFile() throws {
        let folder = try TemporaryDirectory(prefix: "pv-newfile")
        let path = folder.path + "/plot.svg"
        let text = "<svg>é</svg>\n" + String(repeating: "x", count: 200_000)
        try AtomicFile.write(text, to: path)
        #expect(FileContents.text(path) == text)
        #expect(try Self.names(in: folder.path) == ["plot.svg"], "no scratch file left behind")
    }

    @Test func refusesAnExistingFileAndLeavesItAlone() throws {
        let folder = try TemporaryDirectory(prefix: "pv-newfile")
        let path = folder.path + "/mine.svg"
        try AtomicFile.write("precious", to: path)
        let taken = AtomicFile.Failure(path: path, reason: .exists(.regularFile))
        #expect(throws: taken) { try AtomicFile.write("new", to: path) }
        #expect(FileContents.text(path) == "precious")
        #expect(try Self.names(in: folder.path) == ["mine.svg"])
        #expect(taken.description == "\(path) already exists; choose another name or remove it first")
    }

    @Test func missingFolderIsOneClearError() throws {
        let folder = try TemporaryDirectory(prefix: "pv-newfile")
        let path = folder.path + "/no/such/plot.svg"
        let missing = AtomicFile.Failure(path: path, reason: .failed(.noSuchFileOrDirectory))
        #expect(throws: missing) { try AtomicFile.write("x", to: path) }
        #expect(missing.description == "cannot write \(path): No such file or directory")
    }

    /// A path is quoted clipped and escaped: a control character in a file name never reaches
    /// the terminal raw, and a path of thousands of characters is one readable line.
    @Test func thePathInAMessageIsEscapedAndClipped() {
        let failure = AtomicFile.Failure(path: "/tmp/\u{1B}]0;owned\u{07}" + String(repeating: "x", count: 5000), reason: .refused(.folder))
        #expect(failure.description.hasPrefix("cannot write /tmp/\\u{1B}]0;owned\\u{7}xxx"))
        #expect(failure.description.hasSuffix("…: it is a folder"))
        #expect(!failure.description.unicodeScalars.contains { $0.value < 0x20 })
        #expect(failure.description.count < 260)
    }

    /// The history file is written by PagerVoice, not libedit (whose writer follows links and
    /// truncates in place), in the format libedit reads back: every line comes back as it was.
    @Test func theHistoryFileReadsBackInLibedit() throws {
        EditLineReader.preferUTF8()
        let folder = try TemporaryDirectory(prefix: "pv-history")
        let path = folder.path + "/history"
        let lines = ["go 2", "say  two  spaces\tand a tab", "say back\\slash \\040", "say Café 日本 ✓ \u{85}", "frames --svg a b.svg"]
        try OutputFile.write(EditLineReader.historyFile(lines), to: path, rule: .stateFile)
        #expect(FileContents.text(path)?.contains("say\\040Caf\u{E9}\\040日本\\040✓\\040\\302\\205\n") == true)
        #expect(FileContents.text(path)?.contains("say\\040back\\134slash\\040\\134040\n") == true)
        let reader = EditLineReader(prompt: "", historyPath: path, commands: [], arguments: [:])
        #expect(reader.historyLines == lines)
    }
}

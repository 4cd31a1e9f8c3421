import Foundation
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
        #expect(throws: AtomicFile.Failure.exists(path)) { try AtomicFile.write("new", to: path) }
        #expect(FileContents.text(path) == "precious")
        #expect(try Self.names(in: folder.path) == ["mine.svg"])
        #expect(AtomicFile.Failure.exists(path).description == "\(path) already exists; choose another name or remove it first")
    }

    @Test func missingFolderIsOneClearError() throws {
        let folder = try TemporaryDirectory(prefix: "pv-newfile")
        let path = folder.path + "/no/such/plot.svg"
        #expect(throws: AtomicFile.Failure.failed(path, .noSuchFileOrDirectory)) { try AtomicFile.write("x", to: path) }
        #expect(AtomicFile.Failure.failed(path, .noSuchFileOrDirectory).description.hasPrefix("cannot write \(path): "))
    }
}

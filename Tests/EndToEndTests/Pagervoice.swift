import Foundation
import Testing

/// Runs the real built `pagervoice` executable, as a user or a CI job would, with piped input.
struct Pagervoice {
    struct Run {
        var stdout: String
        var stderr: String
        var status: Int32
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
        /// stdout parsed as JSON lines.
        var events: [[String: Any]] {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    /// The executable next to the test bundle in `.build/<config>/`.
    static let path: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("pagervoice")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url.path }
        }
        return Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent("pagervoice").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "pagervoice"
    }()

    /// Runs with `input` on stdin (a pipe, so non-interactive) and returns everything it printed.
    static func run(_ arguments: [String], input: String = "", inputData: Data? = nil,
                    environment: [String: String] = [:]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Read both pipes concurrently so a chatty child never blocks on a full pipe.
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (pipe, box) in [(stdout, outBox), (stderr, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = pipe.fileHandleForReading.readDataToEndOfFile()
                group.leave()
            }
        }
        let data = inputData ?? Data(input.utf8)
        try? stdin.fileHandleForWriting.write(contentsOf: data)
        try? stdin.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Run(stdout: String(decoding: outBox.data, as: UTF8.self),
                   stderr: String(decoding: errBox.data, as: UTF8.self),
                   status: process.terminationStatus)
    }
}

final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// A fresh temporary directory, removed at the end of the test.
final class TemporaryDirectory {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pagervoice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

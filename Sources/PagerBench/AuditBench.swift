import Dispatch
import Foundation
import PagerTestSupport

/// `pagervoice audit --url` measured as a CI job meets it: one page audited cold, the browser
/// started and stopped in every run, wall time from spawn to exit.
enum AuditBench {
    struct Figures {
        /// Cold audits of Bootstrap's carousel and of the APG carousel, p50 and p90 in ms.
        var bootstrap = (p50: Double.nan, p90: Double.nan)
        var apg = (p50: Double.nan, p90: Double.nan)
        /// `verify --url`: one scripted step on a real carousel, settling included, p50 in ms.
        var verifyStep = Double.nan
    }

    static let runs = 11

    /// The fixtures, found from this file's place in the repository.
    static let carousels = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Carousels")

    static func run() -> Figures {
        var figures = Figures()
        print("audit --url: one page audited cold (browser started and stopped each time), \(runs) runs")
        guard access(ProcessBench.pagervoice, X_OK) == 0 else {
            print("  pagervoice not found next to the benchmark: build it first (swift build -c release)")
            return figures
        }
        figures.bootstrap = measure("bootstrap.html")
        figures.apg = measure("apg-tabs.html")
        figures.verifyStep = verifyStep()
        return figures
    }

    /// The time one scripted step adds: a script of 41 steps against one of 1 on Bootstrap's
    /// carousel with captions, each run cold, the difference over 40 steps; the median of 5.
    static func verifyStep() -> Double {
        let folder = (try? TemporaryDirectory.create(prefix: "pv-bench-verify")) ?? "/tmp"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let steps = 40
        let long = folder + "/long.pv"
        let short = folder + "/short.pv"
        let body = (0..<steps).map { $0 % 2 == 0 ? "next" : "previous" }.joined(separator: "\n")
        try? "next\n\(body)\nexpect-page 2\n".write(toFile: long, atomically: true, encoding: .utf8)
        try? "next\nexpect-page 2\n".write(toFile: short, atomically: true, encoding: .utf8)
        let url = carousels.appendingPathComponent("bootstrap-captions.html").path
        func time(_ script: String) -> Double? {
            let start = DispatchTime.now().uptimeNanoseconds
            guard
                let process = try? SpawnedProcess(
                    executable: ProcessBench.pagervoice, arguments: ["verify", "--url", url, script],
                    environment: ProcessBench.environment, standardOutput: "/dev/null", standardError: "/dev/null"),
                process.wait(timeout: .seconds(120)) == 0
            else { return nil }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        var samples: [Double] = []
        for _ in 0..<5 {
            guard let longTime = time(long), let shortTime = time(short) else {
                print("  verify --url: a script did not pass")
                return .nan
            }
            samples.append((longTime - shortTime) / Double(steps))
        }
        let step = Measure.percentile(samples, 0.5)
        print(Measure.row("verify --url: one scripted step, settling included, p50", step, "ms", decimals: 0))
        return step
    }

    static func measure(_ page: String) -> (p50: Double, p90: Double) {
        let path = carousels.appendingPathComponent(page).path
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            guard
                let process = try? SpawnedProcess(
                    executable: ProcessBench.pagervoice, arguments: ["audit", "--url", path, "--format", "json"],
                    environment: ProcessBench.environment, standardOutput: "/dev/null", standardError: "/dev/null"),
                let status = process.wait(timeout: .seconds(120)), status == 0 || status == 1
            else {
                print("  \(page): the audit did not finish")
                return (.nan, .nan)
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let result = (Measure.percentile(samples, 0.5), Measure.percentile(samples, 0.9))
        print(Measure.row("\(page), p50", result.0, "ms", decimals: 0))
        print(Measure.row("\(page), p90", result.1, "ms", decimals: 0))
        return result
    }
}

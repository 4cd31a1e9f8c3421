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
        return figures
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

/// The one table `make bench` ends with: every figure the issue asks for, measured on this
/// machine, beside its target and PASS or MISS. Figures without a target say so ("—"); a figure
/// that could not be measured is "n/a" and counts as a MISS where it has a target. Sections left
/// out on the command line (`pagervoice-bench core`) show "not run" and count neither way.
struct Summary {
    struct Row {
        var figure: String
        var value: String
        var target: String
        var verdict: String
    }

    private(set) var rows: [Row] = []
    /// Whether the rows being added belong to a section that was left out of this run.
    private var skipping = false
    /// Targets in sections left out of this run.
    private var targetsNotRun = 0

    /// A figure with no target: reported for the record.
    mutating func report(_ figure: String, _ value: Double, _ unit: String, decimals: Int = 1) {
        rows.append(
            Row(
                figure: figure, value: skipping ? "not run" : Self.text(value, unit, decimals), target: "—",
                verdict: ""))
    }

    /// A figure with a target; `pass` decides PASS or MISS (never PASS for a value not measured).
    mutating func check(
        _ figure: String, _ value: Double, _ unit: String, decimals: Int = 1,
        target: String, pass: Bool
    ) {
        if skipping {
            targetsNotRun += 1
            rows.append(Row(figure: figure, value: "not run", target: target, verdict: ""))
            return
        }
        rows.append(
            Row(
                figure: figure, value: Self.text(value, unit, decimals), target: target,
                verdict: value.isFinite && pass ? "PASS" : "MISS"))
    }

    /// Our cost per announcement, then how many times cheaper it is than `espeak-ng`'s (measured
    /// around the same moment, see `ComparisonBench`), checked against `atLeast`.
    mutating func compare(_ figure: String, _ side: ComparisonBench.Side, atLeast ratio: Double, note: String = "") {
        report(figure, side.milliseconds, "ms", decimals: 3)
        check(
            "  cheaper than espeak-ng -w" + note, side.cheaper, "x", decimals: side.cheaper < 100 ? 1 : 0,
            target: "≥ \(Int(ratio))x", pass: side.cheaper >= ratio)
    }

    /// A line of text inside the table (what the next rows measure); `ran: false` marks the
    /// rows up to the next heading as not run.
    mutating func heading(_ text: String, ran: Bool = true) {
        skipping = !ran
        rows.append(Row(figure: text, value: "", target: "", verdict: "heading"))
    }

    var misses: Int { rows.filter { $0.verdict == "MISS" }.count }

    func print() {
        let figureWidth = (rows.filter { $0.verdict != "heading" }.map(\.figure.count).max() ?? 0) + 2
        let valueWidth = max(rows.map(\.value.count).max() ?? 0, 12)
        let targetWidth = max(rows.map(\.target.count).max() ?? 0, 6)
        func line(_ a: String, _ b: String, _ c: String, _ d: String) -> String {
            "  " + pad(a, figureWidth) + "  " + String(repeating: " ", count: max(0, valueWidth - b.count)) + b
                + "  " + pad(c, targetWidth) + "  " + d
        }
        let rule = "  " + String(repeating: "─", count: figureWidth + valueWidth + targetWidth + 12)
        Swift.print("")
        Swift.print("SUMMARY (release build, medians over repeated runs; this machine)")
        Swift.print(rule)
        Swift.print(line("figure", "this machine", "target", "verdict"))
        Swift.print(rule)
        for row in rows {
            if row.verdict == "heading" {
                Swift.print("  " + row.figure)
            } else {
                Swift.print(line("  " + row.figure, row.value, row.target, row.verdict).replacingTrailingSpaces())
            }
        }
        Swift.print(rule)
        let checked = rows.filter { $0.verdict == "PASS" || $0.verdict == "MISS" }.count
        Swift.print(
            "  \(checked - misses) of \(checked) targets met" + (misses > 0 ? ", \(misses) MISSED" : "")
                + (targetsNotRun > 0 ? "; \(targetsNotRun) not run (name no section to run them all)" : ""))
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    private static func text(_ value: Double, _ unit: String, _ decimals: Int) -> String {
        guard value.isFinite else { return "n/a" }
        return Measure.format(value, decimals: decimals) + (unit.isEmpty ? "" : " " + unit)
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

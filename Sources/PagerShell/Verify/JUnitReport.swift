import PagerCore

/// JUnit XML, the format every CI system shows as a test report: one testcase per script, with
/// each failed check in its failure element.
enum JUnitReport {
    static func xml(_ results: [ScriptRunner.Result]) -> String {
        let failures = results.filter { !$0.failed.isEmpty }.count
        let seconds = Double(results.reduce(0) { $0 + $1.nanoseconds }) / 1e9
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="pagervoice verify" tests="\#(results.count)" failures="\#(failures)" time="\#(seconds)">"#,
            #"  <testsuite name="pagervoice verify" tests="\#(results.count)" failures="\#(failures)" errors="0" time="\#(seconds)">"#,
        ]
        for result in results {
            let name = escape(result.file)
            let time = Double(result.nanoseconds) / 1e9
            let open = #"    <testcase classname="pagervoice.verify" name="\#(name)" time="\#(time)""#
            // The real page a script ran on (verify --url), as a property of its test case.
            let properties = result.url.map { [#"      <properties><property name="url" value="\#(escape($0))"/></properties>"#] } ?? []
            if result.failed.isEmpty && properties.isEmpty {
                lines.append(open + "/>")
            } else if result.failed.isEmpty {
                lines.append(open + ">")
                lines += properties
                lines.append("    </testcase>")
            } else {
                lines.append(open + ">")
                lines += properties
                let message = "\(result.failed.count) of \(result.checks.count) checks failed"
                let body = result.failed.map(\.failureLine).joined(separator: "\n")
                lines.append(#"      <failure message="\#(escape(message))" type="expectation">\#(escape(body))</failure>"#)
                lines.append("    </testcase>")
            }
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// XML-escapes text; characters XML 1.0 cannot carry at all become U+FFFD.
    static func escape(_ text: String) -> String { Markup.escape(text) }
}

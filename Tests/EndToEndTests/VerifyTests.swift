import Foundation
import FoundationXML
import PagerTestSupport
import Testing

/// `pagervoice verify` as CI runs it: the shipped scenarios pass, broken ones fail with FILE:LINE,
/// and the JUnit XML is well-formed and says the same.
@Suite struct VerifyTests {
    static let scenarios: [String] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scenarios")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".pv") }.sorted().map { folder.appendingPathComponent($0).path }
    }()

    @Test func shippedScenariosPass() throws {
        #expect(Self.scenarios.count >= 5)
        let run = try Pagervoice.run(["verify"] + Self.scenarios)
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        let summary = run.lines.last ?? ""
        #expect(summary.hasSuffix(" passed, 0 failed"))
        #expect((Int(summary.split(separator: " ")[0]) ?? 0) >= 25)
    }

    @Test func failingScriptReportsEachFailureWithItsLine() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/broken.pv"
        try """
        # a comment, then a blank line

        next
        expect "Page 3 of 3"
        expect-page 2
        jump
        # nothing was spoken since the last check: the failed command said nothing
        expect-silence
        drag -100
        expect-silence
        next
        next
        expect-boundary
        expect-page nine
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let junit = dir.path + "/report.xml"
        let run = try Pagervoice.run(["verify", "--junit", junit, script, Self.scenarios[0]])
        #expect(run.status == 1)
        #expect(
            run.lines == [
                "\(script):4: expected \"Page 3 of 3\", got \"Page 2 of 3\"",
                "\(script):6: expected 'jump' to run, got error: unknown command 'jump'; type help for the list",
                "\(script):14: expected a valid check, got error: expect-page must be a whole number, not 'nine'",
                "\(Self.passed(run)) passed, 3 failed",
            ])

        // JUnit: one testcase per script, the broken one failing with the same lines.
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == [script, Self.scenarios[0]])
        let failure = try #require(cases[0].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "3 of 7 checks failed")
        #expect(failure.stringValue?.contains("\(script):4: expected \"Page 3 of 3\"") == true)
        #expect(cases[1].elements(forName: "failure").isEmpty)
    }

    static func passed(_ run: Pagervoice.Run) -> Int {
        Int(run.lines.last?.split(separator: " ").first ?? "") ?? -1
    }

    @Test func jsonResults() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/s.pv"
        try "next\nexpect \"Page 2 of 3\"\nexpect-page 3\n".write(toFile: script, atomically: true, encoding: .utf8)
        let run = try Pagervoice.run(["verify", "--json", script])
        #expect(run.status == 1)
        #expect(run.events.map { $0["status"] as? String } == ["pass", "fail", nil])
        #expect(run.events[1]["line"] as? Int == 3)
        #expect(run.events[1]["expected"] as? String == "page 3")
        #expect(run.events[1]["got"] as? String == "page 2 of 3")
        #expect(run.events[2]["type"] as? String == "summary")
        #expect(run.events[2]["passed"] as? Int == 1)
        #expect(run.events[2]["failed"] as? Int == 1)
    }

    @Test func startingOptionsAndUsageErrors() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/rtl.pv"
        try "swipe left\nexpect-boundary\nexpect \"الصفحة 1 من 3\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        let rtl = try Pagervoice.run(["verify", "--rtl", "--lang", "ar", script])
        #expect(rtl.status == 0)
        #expect(rtl.lines == ["2 passed, 0 failed"])
        let none = try Pagervoice.run(["verify"])
        #expect(none.status == 2)
        #expect(none.errorLines.first == "Error: verify needs at least one script FILE")
        #expect(none.errorLines.last == "  See 'pagervoice verify --help' for more information.")
        let missing = try Pagervoice.run(["verify", dir.path + "/nope.pv"])
        #expect(missing.status == 1)
        #expect(missing.errorLines == ["\(dir.path)/nope.pv: cannot read: No such file or directory"])
        #expect(missing.lines == ["0 passed, 1 failed"])
    }
}

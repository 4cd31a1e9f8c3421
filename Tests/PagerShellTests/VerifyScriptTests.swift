import PagerCore
import Testing

@testable import PagerShell

@Suite struct VerifyScriptTests {
    @Test func expectationParsing() throws {
        #expect(try Expectation.parse(#"expect "Page 2 of 3""#) == .spoken("Page 2 of 3"))
        #expect(try Expectation.parse(#"expect "say \"hi\" \\ there""#) == .spoken(#"say "hi" \ there"#))
        #expect(try Expectation.parse("expect Page 2 of 3") == .spoken("Page 2 of 3"))
        #expect(try Expectation.parse("expect-page 0") == .page(0))
        #expect(try Expectation.parse("EXPECT-BOUNDARY") == .boundary)
        #expect(try Expectation.parse("expect-silence") == .silence)
        #expect(try Expectation.parse("next") == nil)
        #expect(throws: UsageError("missing closing quote")) { try Expectation.parse(#"expect "open"#) }
        #expect(throws: UsageError("unexpected text after the closing quote")) { try Expectation.parse(#"expect "a" b"#) }
        #expect(throws: UsageError("expect-boundary takes no arguments")) { try Expectation.parse("expect-boundary now") }
        #expect(throws: UsageError("expect needs the text, e.g. expect \"Page 2 of 3\"")) { try Expectation.parse("expect") }
    }

    @Test func runnerChecksAgainstTheModel() {
        let runner = ScriptRunner(initial: Session())
        let result = runner.run(
            file: "t.pv",
            text: """
                next
                expect "Page 2 of 3"
                focus
                expect "Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value."
                next
                next
                expect-boundary
                drag 50
                expect-silence
                expect-page 3
                lang es
                repeat
                expect "Página 3 de 3"
                """)
        #expect(result.checks.map(\.passed) == [true, true, true, true, true, false])
        #expect(result.failed.first?.failureLine == "t.pv:13: expected \"Página 3 de 3\", got \"Page 3 of 3\"")
    }

    @Test func aHugeExpectationIsOneReadableFailureLine() {
        let huge = String(repeating: "x", count: 1_000_000)
        let check = ScriptRunner.Check(file: "h.pv", line: 2, passed: false, expected: "\"\(huge)\"", got: "\"Page 1 of 3\"")
        #expect(check.failureLine.count < 600)
        #expect(check.failureLine.hasPrefix("h.pv:2: expected \"xxx"))
        #expect(check.failureLine.hasSuffix("…, got \"Page 1 of 3\""))
        #expect(check.expected.count == 1_000_002, "kept whole for JSON")
    }

    @Test func junitEscapesEverything() {
        let xml = JUnitReport.xml([
            ScriptRunner.Result(
                file: "a&<b>.pv",
                checks: [
                    .init(file: "a&<b>.pv", line: 1, passed: false, expected: "\"x\"", got: "'y'\u{1}")
                ], nanoseconds: 1_500_000)
        ])
        #expect(xml.contains(#"name="a&amp;&lt;b&gt;.pv""#))
        // The control character is shown as the failure line shows it, visibly.
        #expect(xml.contains("expected &quot;x&quot;, got &apos;y&apos;\\u{1}"))
        #expect(!xml.contains("\u{1}"))
    }
}

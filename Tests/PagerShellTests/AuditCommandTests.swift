import Foundation
import PagerCore
import Testing

@testable import PagerAudit
@testable import PagerShell

/// `pagervoice audit` end to end through `AuditCommand.run`: output, formats, filters, exit codes.
@Suite struct AuditCommandTests {
    struct Run {
        var status: Int32
        var out: [String]
        var err: [String]
    }

    static func audit(_ arguments: String...) -> Run {
        audit(arguments)
    }

    /// Runs `pagervoice audit ARGUMENTS…` in-process, through the same entry point as the binary.
    static func audit(_ arguments: [String]) -> Run {
        let io = ShellIO(out: OutputStream(capturing: ()), err: OutputStream(capturing: ()))
        let status = PagerVoiceMain.run(["audit"] + arguments, io: io)
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n").map(String.init)
        }
        return Run(status: status, out: lines(io.out.captured), err: lines(io.err.captured))
    }

    static func object(_ line: String) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(parsed as? [String: Any])
    }

    @Test func seedDefaultsFailContrastAndScaling() {
        let run = Self.audit()
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        #expect(run.out.count == AuditRule.allCases.count + 1)
        #expect(run.out.last == "16 rules: 11 passed, 2 failed, 3 not applicable")
        #expect(run.out.contains { $0.hasPrefix("FAIL dot-contrast (WCAG 1.4.11): inactive dots") && $0.contains(":1, needs 3:1") })
        #expect(run.out.contains { $0.hasPrefix("FAIL dot-scaling (WCAG 1.4.4): ") })
        #expect(run.out.contains { $0.hasPrefix("N/A  auto-advance (WCAG 2.2.2): ") })
        // The model draws no focus of its own: the system draws VoiceOver's cursor.
        #expect(run.out.contains { $0.hasPrefix("N/A  focus-visible (WCAG 2.4.7): the component draws no focus of its own") })
        for (line, rule) in zip(run.out, AuditRule.allCases) {
            #expect(line.contains(" \(rule.id) (WCAG \(rule.wcag)): "), "\(line)")
        }
    }

    /// Seed 004's indicator with its own actions: adjustable does not apply, the rest as the
    /// pager's except dot-scaling, which the indicator passes (its dots follow Dynamic Type).
    @Test func seed004Indicator() {
        let run = Self.audit("--style", "indicator")
        #expect(run.status == 1)
        #expect(run.out.last == "16 rules: 11 passed, 1 failed, 4 not applicable")
        #expect(
            run.out.contains(
                "N/A  adjustable (WCAG 4.1.2): the indicator has no adjustable action (a page indicator only follows its paged view): VoiceOver reads it as Page, 2 of 3 and moves with the paged view"
            ))
        #expect(run.out.contains { $0.hasPrefix("PASS focus-order (WCAG 2.4.3): Explore → Page, 1 of 3 on page 1") })
        #expect(Self.audit("--style", "indicator", "--ignore", "dot-contrast").status == 0)
        // Claiming the action the indicator lacks is a usage error, in either order.
        for arguments in [
            ["--style", "indicator", "--actions", "adjustable,scroll"], ["--actions", "adjustable", "--style", "indicator"],
        ] {
            let claimed = Self.audit(arguments)
            #expect(claimed.status == 2, "\(arguments)")
            #expect(claimed.out.isEmpty)
            #expect(
                claimed.err.first
                    == "Error: --actions: the indicator has no adjustable action (a page indicator only follows its paged view): VoiceOver reads its label and value, and a swipe up or down does nothing; leave out adjustable, or audit adjustable dots with --style pager"
            )
        }
        // Explicit actions win: a drag is audited when asked for.
        let dragged = Self.audit("--style", "indicator", "--actions", "scroll,drag", "--rule", "hidden-pages")
        #expect(dragged.status == 0)
        #expect(dragged.out.first?.contains("at rest, mid-drag and on every frame") == true)
    }

    @Test func exitZeroWhenNothingFails() {
        let run = Self.audit("--background", "black", "--ignore", "dot-scaling")
        #expect(run.status == 0)
        #expect(run.out.last == "15 rules: 12 passed, 0 failed, 3 not applicable")
        #expect(
            Self.audit("--rule", "label").out == [
                "PASS label (WCAG 4.1.2): the page dots are labelled \"Page\" on every page and when empty",
                "1 rule: 1 passed, 0 failed, 0 not applicable",
            ])
    }

    @Test func ruleAndIgnoreFilter() {
        let only = Self.audit("--rule", "dot-contrast", "--rule", "label")
        #expect(only.out.count == 3)
        #expect(only.out[0].hasPrefix("PASS label"))  // report order, not argument order
        #expect(only.out[1].hasPrefix("FAIL dot-contrast"))
        #expect(only.status == 1)
        #expect(Self.audit("--rule", "dot-contrast,label").out == only.out)
        let ignored = Self.audit("--ignore", "dot-contrast", "--ignore", "dot-scaling")
        #expect(ignored.status == 0)
        #expect(!ignored.out.contains { $0.contains("dot-contrast") || $0.contains("dot-scaling") })
        #expect(ignored.out.count == 15)
        let none = Self.audit("--rule", "label", "--ignore", "label")
        #expect(none.status == 2)
        #expect(none.out.isEmpty)
    }

    @Test func jsonShape() throws {
        let run = Self.audit("--format", "json", "--style", "indicator")
        #expect(run.status == 1)
        #expect(run.out.count == 1)
        let root = try Self.object(run.out[0])
        #expect(Array(root.keys) == ["findings"])
        let findings = try #require(root["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == AuditRule.allCases.map(\.id))
        for finding in findings {
            #expect(Set(finding.keys).isSubset(of: ["rule", "status", "wcag", "message", "measured", "required", "required_max"]))
            #expect(["pass", "fail", "not-applicable"].contains(finding["status"] as? String ?? ""))
            #expect((finding["message"] as? String)?.isEmpty == false)
            #expect((finding["measured"] == nil) == (finding["required"] == nil && finding["required_max"] == nil))
        }
        let contrast = try #require(findings.first { $0["rule"] as? String == "dot-contrast" })
        #expect(contrast["status"] as? String == "fail")
        #expect(contrast["wcag"] as? String == "1.4.11")
        #expect(contrast["measured"] as? Double == 1.83)
        #expect(contrast["required"] as? Double == 3.0)
        #expect(run.out[0].contains("\"measured\":1.83,\"required\":3.0}"))
        let label = try #require(findings.first { $0["rule"] as? String == "label" })
        #expect(label["measured"] == nil)
    }

    @Test func sarifLog() throws {
        let run = Self.audit("--format", "sarif", "--ignore", "value")
        #expect(run.status == 1)
        #expect(run.out.count == 1)
        let log = try Self.object(run.out[0])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-schema-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "pagervoice")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 15)
        #expect(!rules.contains { $0["id"] as? String == "value" })
        for rule in rules {
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            #expect((rule["helpUri"] as? String)?.hasPrefix("https://www.w3.org/WAI/WCAG22/Understanding/") == true)
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == rules.count)
        for (index, result) in results.enumerated() {
            let ruleId = try #require(result["ruleId"] as? String)
            #expect(rules[try #require(result["ruleIndex"] as? Int)]["id"] as? String == ruleId)
            #expect(index == result["ruleIndex"] as? Int)
            #expect((result["message"] as? [String: Any])?["text"] is String)
            switch result["kind"] as? String {
            case "fail": #expect(result["level"] as? String == "error")
            case "pass", "notApplicable": #expect(result["level"] as? String == "none")
            default: Issue.record("unexpected kind in \(result)")
            }
        }
        let failing = results.filter { $0["level"] as? String == "error" }.compactMap { $0["ruleId"] as? String }
        #expect(failing == ["dot-contrast", "dot-scaling"])
    }

    @Test func usageErrors() {
        let cases: [([String], String)] = [
            (["--backgrund", "#000000"], "Unknown option '--backgrund'"),
            (["--background", "#12345"], "'--background <colour>': expected a colour like #1C1C1E"),
            (["--tint", "chartreuse"], "'--tint <colour>': expected a colour"),
            (["--text-size", "huge"], "The value 'huge' is invalid for '--text-size <size>'"),
            (["--text-size", "ax9"], "The value 'ax9' is invalid for '--text-size <size>'"),
            (["--rule", "contrast-dots"], "unknown rule"),
            (["--ignore", "dot-contrst"], "(did you mean dot-contrast?)"),
            (["--actions", "adjustible"], "(did you mean adjustable?)"),
            (["--format", "xml"], "The value 'xml' is invalid for '--format <format>'"),
            (["--style", "dots"], "The value 'dots' is invalid for '--style <style>'"),
            (["--auto-advance", "soon"], "'--auto-advance <seconds>': must be a number"),
            (["--auto-advance", "-1"], "'--auto-advance <seconds>': must be between 0 and 86400"),
            (["--pages", "A,,B"], "a page title cannot be empty"),
            (["--pages", ""], "--pages needs at least one page title"),
            (["--label"], "Missing value for '--label <text>'"),
            (["extra"], "Unexpected argument 'extra'"),
        ]
        for (arguments, message) in cases {
            let run = Self.audit(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.out.isEmpty, "\(arguments)")
            #expect(run.err.first?.hasPrefix("Error: ") == true, "\(arguments): \(run.err)")
            #expect(run.err.first?.contains(message) == true, "\(arguments): \(run.err)")
            #expect(run.err.contains("  See 'pagervoice audit --help' for more information."), "\(arguments): \(run.err)")
        }
    }

    @Test func acceptedSpellings() {
        #expect(Self.audit("--text-size", "ax5", "--rule", "dot-scaling", "--style", "indicator").status == 0)
        #expect(Self.audit("--text-size=accessibility2", "--rule=label").status == 0)
        #expect(Self.audit("--background", "1C1C1E", "--rule", "dot-contrast").out[0].contains("#1C1C1E"))
        #expect(Self.audit("--background", "white", "--tint", "blue", "--rule", "dot-contrast").out[0].contains("blue #007AFF"))
    }

    @Test func help() {
        let run = Self.audit("--help")
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.out.first == "OVERVIEW: \(AuditCommand.abstract)")
        for option in [
            "--pages", "--label", "--actions", "--style", "--background", "--tint", "--text-size", "--transition",
            "--auto-advance", "--pausable", "--advances-under-reduce-motion", "--reduce-motion", "--width", "--format",
            "--rule", "--ignore", "-h, --help",
        ] {
            #expect(run.out.contains { $0.hasPrefix("  \(option)") }, "\(option)")
        }
        for rule in AuditRule.allCases {
            #expect(run.out.contains { $0.hasPrefix("  \(rule.id) ") && $0.contains("WCAG \(rule.wcag)") }, "\(rule.id)")
        }
        #expect(!AuditCommand.abstract.isEmpty && !AuditCommand.abstract.contains("\n"))
        // --actions says what each style audits when it is absent (the help wraps its lines).
        let words = run.out.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("(default: adjustable,scroll,swipe,drag for --style pager; scroll,swipe for --style indicator,"))
    }
}

import PagerCore

/// Writes findings as text for people, JSON for scripts, SARIF 2.1.0 for code-scanning tools,
/// and one HTML page for people who would rather look.
package struct AuditReport: Sendable {
    package var findings: [AuditFinding]
    /// What was audited, for the HTML report's description of it (nil: findings only).
    package var configuration: AuditConfiguration?
    /// The real page audited, for every format's description of it (nil: a configuration).
    package var page: AuditedPage?
    /// Why a page could not be audited at all (the browser, the page, no carousel): JSON and
    /// SARIF still write a document, so a tool reading standard output (GitHub's SARIF upload,
    /// `jq`) is told the run failed rather than given nothing.
    package var failure: Failure?

    package struct Failure: Sendable, Equatable {
        /// The address as given (any password hidden).
        package var url: String
        package var message: String

        package init(url: String, message: String) {
            self.url = url
            self.message = message
        }
    }

    package init(findings: [AuditFinding], configuration: AuditConfiguration? = nil, page: AuditedPage? = nil) {
        self.findings = findings
        self.configuration = configuration
        self.page = page
    }

    package var hasFailure: Bool { findings.contains { $0.status == .fail } }

    package func lines(_ format: AuditFormat) -> [String] {
        switch format {
        case .text: textLines()
        case .json: [json().serialized()]
        case .sarif: [sarif().serialized()]
        case .html: AuditHTML(report: self).document().split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    // MARK: - Text

    /// The note naming a page's other carousels. Three at most are shown, each clipped to 60
    /// characters, so the line stays a line; a selector shown clipped or not shown at all
    /// cannot be pasted into `--carousel`, so then the note says where each is whole (JSON's
    /// `others`) rather than leave a person to rebuild it from the page.
    static func othersNote(_ others: [String]) -> String {
        let shown = others.prefix(3).map { $0.clippedSelector(60) }
        let unshown = others.count - shown.count
        let whole = zip(others, shown).allSatisfy { $0.terminalSafe == $1 } && unshown == 0
        return "note: the page has \(others.count) more \(others.count == 1 ? "carousel" : "carousels") ("
            + shown.joined(separator: ", ") + (unshown > 0 ? ", and \(unshown) more" : "")
            + "); choose one with --carousel" + (whole ? "" : " (--format json lists each whole, in \"others\")")
    }

    /// Every format shows outside text (titles, labels, names, messages that quote them) the way
    /// a terminal does: controls, bidi overrides and invisible characters as visible escapes
    /// (`TerminalText`), so the same finding reads the same in text, JSON, SARIF and HTML.
    ///
    /// `FAIL dot-contrast (WCAG 1.4.11): …`, one line per rule, then a summary line. A page's
    /// report starts with what was audited and any notes, and names the element of each finding
    /// that is not about the whole carousel.
    package func textLines() -> [String] {
        var lines: [String] = []
        if let page {
            lines.append("Auditing \(page.headline)")
            if !page.others.isEmpty {
                lines.append(Self.othersNote(page.others))
            }
            lines += page.notes.map { "note: \($0)" }
        }
        lines += findings.map { finding in
            let tag =
                switch finding.status {
                case .pass: "PASS"
                case .fail: "FAIL"
                case .notApplicable: "N/A "
                }
            var at = ""
            if let element = finding.element, element.selector != page?.carousel.selector {
                let name = AccessibleText.isSilent(element.name) ? "" : " \u{201C}\(element.name.clipped(40))\u{201D}"
                at = " at \(element.selector.clippedSelector(80))\(name)"
            }
            return "\(tag) \(finding.rule.id) (WCAG \(finding.rule.wcag))\(at): \(finding.message)"
        }
        lines.append(summary)
        return lines
    }

    /// "12 rules: 9 passed, 2 failed, 1 not applicable"
    package var summary: String {
        let passed = findings.filter { $0.status == .pass }.count
        let failed = findings.filter { $0.status == .fail }.count
        let skipped = findings.filter { $0.status == .notApplicable }.count
        let rules = findings.count == 1 ? "1 rule" : "\(findings.count) rules"
        return "\(rules): \(passed) passed, \(failed) failed, \(skipped) not applicable"
    }

    // MARK: - JSON

    /// `{"findings":[{"rule":…,"status":…,"wcag":…,"message":…,"measured":1.88,"required":3.0}]}`;
    /// `measured`/`required` only where a number applies.
    package func json() -> JSON {
        let findings: [(String, JSON)] = [
            (
                "findings",
                .array(
                    findings.map { finding in
                        var members: [(String, JSON)] = [
                            ("rule", .string(finding.rule.id)),
                            ("status", .string(finding.status.rawValue)),
                            ("wcag", .string(finding.rule.wcag)),
                            ("message", .string(finding.message.terminalSafe)),
                        ]
                        if let measured = finding.reportedMeasured { members.append(("measured", .double(measured))) }
                        if let required = finding.required {
                            members.append((finding.rule.requiresAtMost ? "required_max" : "required", .double(required)))
                        }
                        if let element = finding.element {
                            members.append(
                                (
                                    "element",
                                    .object([
                                        ("selector", .string(element.selector.terminalSafe)), ("name", .string(element.name.terminalSafe)),
                                    ])
                                ))
                        }
                        return .object(members)
                    })
            )
        ]
        if let failure {
            return .object(
                [("url", .string(failure.url.terminalSafe)), ("error", .string(failure.message.terminalSafe))] + findings)
        }
        guard let page else { return .object(findings) }
        return .object(
            [
                ("url", .string(page.url.terminalSafe)),
                (
                    "carousel",
                    .object([
                        ("selector", .string(page.carousel.selector.terminalSafe)), ("name", .string(page.carousel.name.terminalSafe)),
                        ("found_by", .string(page.detection)),
                    ])
                ),
                ("others", .array(page.others.map { JSON.string($0.terminalSafe) })),
                ("notes", .array(page.notes.map { JSON.string($0.terminalSafe) })),
            ] + findings)
    }

    // MARK: - SARIF 2.1.0

    /// "2.4.3 Focus Order (also 1.3.2 Meaningful Sequence)"
    package static func criteria(_ rule: AuditRule) -> String {
        let also = rule.alsoServes.map { "\($0.number) \($0.name)" }
        return "\(rule.wcag) \(rule.wcagName)" + (also.isEmpty ? "" : " (also \(also.joined(separator: ", ")))")
    }

    /// Where code scanning shows a result. GitHub requires every result to name an artifact by a
    /// relative path, with a line (its ingestion rules GH1001, GH1003 and GH1005); a page's is
    /// the audited file or the URL's path, a configuration's is a name of its own, since it has
    /// no file. The element is the logical location: its selector, as a person would find it.
    func location(_ finding: AuditFinding) -> JSON {
        let artifact = page?.artifact ?? Self.configurationArtifact
        var logical: [(String, JSON)]
        if let element = finding.element ?? page?.carousel {
            logical = [
                ("name", .string((AccessibleText.isSilent(element.name) ? element.selector : element.name).terminalSafe)),
                ("fullyQualifiedName", .string(element.selector.terminalSafe)), ("kind", .string("element")),
            ]
        } else {
            let style = configuration?.style.rawValue ?? "pager"
            logical = [
                ("name", .string("page dots")),
                ("fullyQualifiedName", .string("\(style) dots, \(configuration?.pages.count ?? 0) pages")),
                ("kind", .string("element")),
            ]
        }
        return .object(
            [
                (
                    "physicalLocation",
                    .object([
                        ("artifactLocation", .object([("uri", .string(artifact))])),
                        ("region", .object([("startLine", .int(1))])),
                    ])
                ),
                ("logicalLocations", .array([.object(logical)])),
            ] + (page.map { [("properties", JSON.object([("url", .string($0.url.terminalSafe))]))] } ?? []))
    }

    /// The artifact a configuration's results name: the audit has no file of its own.
    package static let configurationArtifact = "pagervoice-audit-configuration"

    package static let sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// A minimal SARIF 2.1.0 log: one run, the checked rules as the driver's rules, one result
    /// per rule. Failures are `level: error`. Passes and not-applicable rules are recorded with
    /// `kind: pass` / `kind: notApplicable`, whose level SARIF requires to be `none` (§3.27.10),
    /// so code-scanning services do not raise them as alerts.
    package func sarif() -> JSON {
        let rules = findings.map(\.rule)
        let driverRules: [JSON] = rules.map { rule in
            .object([
                ("id", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string("WCAG 2.2 \(Self.criteria(rule)): \(rule.summary)."))])),
                ("helpUri", .string(rule.helpURI)),
                (
                    "properties",
                    .object([
                        (
                            "tags",
                            .array([.string("accessibility")] + ([rule.wcag] + rule.alsoServes.map(\.number)).map { .string("WCAG \($0)") })
                        )
                    ])
                ),
            ])
        }
        let results: [JSON] = findings.enumerated().map { index, finding in
            var members: [(String, JSON)] = [
                ("ruleId", .string(finding.rule.id)),
                ("ruleIndex", .int(index)),
            ]
            switch finding.status {
            case .fail:
                members.append(("kind", .string("fail")))
                members.append(("level", .string("error")))
            case .pass:
                members.append(("kind", .string("pass")))
                members.append(("level", .string("none")))
            case .notApplicable:
                members.append(("kind", .string("notApplicable")))
                members.append(("level", .string("none")))
            }
            members.append(("message", .object([("text", .string(finding.message.terminalSafe))])))
            var properties: [(String, JSON)] = [("wcag", .string(finding.rule.wcag))]
            if let measured = finding.reportedMeasured { properties.append(("measured", .double(measured))) }
            if let required = finding.required {
                properties.append((finding.rule.requiresAtMost ? "requiredMax" : "required", .double(required)))
            }
            members.append(("locations", .array([location(finding)])))
            members.append(("properties", .object(properties)))
            return .object(members)
        }
        return .object([
            ("version", .string("2.1.0")),
            ("$schema", .string(Self.sarifSchema)),
            (
                "runs",
                .array([
                    .object([
                        (
                            "tool",
                            .object([
                                (
                                    "driver",
                                    .object([
                                        ("name", .string("pagervoice")),
                                        ("informationUri", .string("https://www.w3.org/TR/WCAG22/")),
                                        ("rules", .array(driverRules)),
                                    ])
                                )
                            ])
                        ),
                        ("results", .array(results)),
                        ("invocations", .array([invocation])),
                    ])
                ])
            ),
        ])
    }

    /// Whether the run did its work, and if not why, as SARIF says it: code scanning shows a
    /// failed run's notification instead of taking its empty results for a clean page.
    var invocation: JSON {
        guard let failure else { return .object([("executionSuccessful", .bool(true))]) }
        return .object([
            ("executionSuccessful", .bool(false)),
            (
                "toolExecutionNotifications",
                .array([
                    .object([
                        ("level", .string("error")),
                        ("message", .object([("text", .string(failure.message.terminalSafe))])),
                    ])
                ])
            ),
        ])
    }
}

import PagerCore

/// `pagervoice audit`: checks a pager configuration against the rules VoiceOver, TalkBack, the
/// APG carousel pattern and WCAG 2.2 imply, by driving the model through every action.
public enum AuditCommand {
    public static let abstract = "Audit a pager configuration against screen-reader and WCAG 2.2 rules."

    public static let parser = OptionParser(AuditConfiguration.optionSpecs)

    /// Runs `pagervoice audit ARGS…`; writes report lines with `out`, error lines with `err`;
    /// returns the exit status (0 all pass / not-applicable, 1 any fail, 2 usage error).
    public static func run(_ arguments: [String], out: (String) -> Void, err: (String) -> Void) -> Int32 {
        let configuration: AuditConfiguration
        do {
            let options = try parser.parse(arguments)
            if options.has("help") {
                helpLines().forEach(out)
                return 0
            }
            configuration = try AuditConfiguration(parsing: options)
        } catch {
            err("pagervoice audit: \(error.message)")
            return 2
        }
        let report = audit(configuration)
        report.lines(configuration.format).forEach(out)
        return report.hasFailure ? 1 : 0
    }

    /// The model, configured as the options say, audited.
    static func audit(_ configuration: AuditConfiguration) -> AuditReport {
        AuditReport(findings: Auditor(base: configuration.makeSubject(), configuration: configuration).run(), configuration: configuration)
    }

    static func helpLines() -> [String] {
        let width = (AuditRule.allCases.map(\.id.count).max() ?? 0) + 2
        return ["usage: pagervoice audit [options]", abstract, "", "options:"]
            + parser.helpLines()
            + ["", "rules:"]
            + AuditRule.allCases.map { rule in
                "  " + rule.id + String(repeating: " ", count: width - rule.id.count) + "WCAG \(rule.wcag): \(rule.summary)"
            }
            + ["", "exit status: 0 when every rule passes or does not apply, 1 when one fails, 2 on a usage error"]
    }
}

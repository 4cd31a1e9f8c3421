import PagerCore

/// The outcome of one rule.
package struct AuditFinding: Sendable, Equatable {
    package enum Status: String, Sendable, CaseIterable {
        case pass
        case fail
        case notApplicable = "not-applicable"
    }

    package var rule: AuditRule
    package var status: Status
    /// One sentence a team can act on: what was checked and, on failure, the worst case found.
    package var message: String
    /// The worst value measured (e.g. a contrast ratio), where a number applies.
    package var measured: Double?
    /// The value the rule requires, where a number applies: a minimum, or for rules that
    /// `requiresAtMost`, a maximum.
    package var required: Double?
    /// What a contrast finding measured, for reports that draw it.
    package var swatches: [AuditSwatch] = []
    /// The element of a real page the finding is about (the first one, where several are).
    package var element: Element?

    /// An element of an audited page: how to find it, and what a screen reader calls it.
    package struct Element: Sendable, Equatable {
        package var selector: String
        package var name: String

        package init(selector: String, name: String) {
            self.selector = selector
            self.name = name
        }
    }

    package static func pass(_ rule: AuditRule, _ message: String, measured: Double? = nil, required: Double? = nil) -> AuditFinding {
        AuditFinding(rule: rule, status: .pass, message: message, measured: measured, required: required)
    }

    package static func fail(_ rule: AuditRule, _ message: String, measured: Double? = nil, required: Double? = nil) -> AuditFinding {
        AuditFinding(rule: rule, status: .fail, message: message, measured: measured, required: required)
    }

    package static func notApplicable(_ rule: AuditRule, _ message: String) -> AuditFinding {
        AuditFinding(rule: rule, status: .notApplicable, message: message)
    }

    /// `measured` as reported: two decimals. Rounding must never make a failing value look like
    /// it met the requirement (WCAG: 2.996:1 does not meet 3:1), so a failure that would round
    /// up to the requirement is rounded down instead (and up, for a maximum).
    package var reportedMeasured: Double? {
        guard let measured else { return nil }
        return Self.reported(measured, status: status, required: required, atMost: rule.requiresAtMost)
    }

    package static func reported(_ value: Double, status: Status, required: Double?, atMost: Bool = false) -> Double {
        let rounded = (value * 100).rounded() / 100
        if status == .fail, let required {
            if !atMost, value < required, rounded >= required { return (value * 100).rounded(.down) / 100 }
            if atMost, value > required, rounded <= required { return (value * 100).rounded(.up) / 100 }
        }
        return rounded
    }
}

/// One kind of dot as a contrast rule saw it at its worst: what a report draws so a person sees
/// the finding instead of reading a ratio.
package struct AuditSwatch: Sendable, Equatable {
    /// "current" or "inactive".
    package var kind: String
    /// The dots' colour before opacity, and the opacity this kind is drawn at.
    package var dot: SRGBColor
    package var opacity: Double
    /// The colour behind it where contrast is lowest, and where that is.
    package var background: SRGBColor
    package var place: String
    /// The dot as the eye sees it there (`dot` at `opacity` over `background`).
    package var seen: SRGBColor
    package var ratio: Double
    /// The ratio the rule asks for.
    package var required: Double
    /// The whole row as audited (current and inactive dots, at their sizes in points), to draw
    /// the kind in its context.
    package var row: [PageDots.Dot]
    package var spacing: Double
}

/// Numbers in messages: "21", "4.48", "1.5" → "1.50" (two decimals unless whole).
package enum AuditNumber {
    package static func text(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths % 100 == 0 { return String(hundredths / 100) }
        let fraction = abs(hundredths % 100)
        let sign = hundredths < 0 ? "-" : ""
        return "\(sign)\(abs(hundredths) / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// "1.41:1"
    package static func ratio(_ value: Double) -> String { text(value) + ":1" }

    /// Like `text`, without a trailing zero: "1.3" seconds, not "1.30".
    package static func short(_ value: Double) -> String {
        let full = text(value)
        guard full.contains("."), full.hasSuffix("0") else { return full }
        return String(full.dropLast())
    }
}

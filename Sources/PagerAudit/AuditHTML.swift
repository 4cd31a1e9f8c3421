import PagerCore

/// `audit --format html`: the findings as one self-contained page for people who would rather
/// look than read JSON.
///
/// No scripts, no fonts, images or style sheets from elsewhere: the file can be attached to a
/// ticket or archived as a CI artefact and still open as written. The report holds itself to
/// what it checks: a language, headings in order, a summary table with header cells, text at
/// 4.5:1 or more (`AuditHTMLColors`, measured by the tests with the audit's own contrast code),
/// status in words and not by colour alone. Everything from outside (page titles, the label,
/// messages quoting them) is escaped.
package struct AuditHTML {
    package var report: AuditReport

    /// Dots drawn in a swatch at most; a longer row is cut with a note.
    package static let maximumSwatchDots = 15
    /// How much larger the magnified swatch is drawn, at most.
    package static let magnification = 3.0

    package func document() -> String {
        let findings = report.findings
        let failed = findings.filter { $0.status == .fail }.count
        let title =
            failed == 0
            ? "Pager accessibility audit: no rule fails"
            : "Pager accessibility audit: \(failed) of \(findings.count) \(findings.count == 1 ? "rule fails" : "rules fail")"
        var out: [String] = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Markup.escape(title))</title>",
            "<style>",
            Self.styleSheet,
            "</style>",
            "</head>",
            "<body>",
            "<main>",
            "<h1>Pager accessibility audit</h1>",
            report.page == nil
                ? "<p>PagerVoice drove the pager model through every action it offers and checked each rule below against WCAG 2.2. "
                    + "<strong>\(Markup.escape(report.summary)).</strong></p>"
                : "<p>PagerVoice measured a carousel on a real page in headless Chromium, acted on it as a person would, and checked "
                    + "each rule below against WCAG 2.2, with the pager model as the reference. <strong>\(Markup.escape(report.summary)).</strong></p>",
        ]
        if let page = report.page { out += pictured(page) }
        out += summaryTable(findings)
        out.append("<h2 id=\"findings\">Findings</h2>")
        // What to fix comes first; within each status, the report's order.
        let order: [AuditFinding.Status] = [.fail, .pass, .notApplicable]
        let ordered = order.flatMap { status in findings.filter { $0.status == status } }
        if failed > 0 { out.append("<p>Failed rules first, then those that passed, then those that do not apply.</p>") }
        for finding in ordered { out += section(finding) }
        if let configuration = report.configuration { out += audited(configuration) }
        out += ["</main>", "</body>", "</html>"]
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: - Parts

    package static func statusWord(_ status: AuditFinding.Status) -> String {
        switch status {
        case .pass: "Pass"
        case .fail: "Fail"
        case .notApplicable: "Not applicable"
        }
    }

    package static func statusBadge(_ status: AuditFinding.Status) -> String {
        let kind =
            switch status {
            case .pass: "pass"
            case .fail: "fail"
            case .notApplicable: "na"
            }
        return "<span class=\"status \(kind)\">\(statusWord(status))</span>"
    }

    package static func anchor(_ rule: AuditRule) -> String { "rule-\(rule.id)" }

    /// The audited page: where, which widget, and the widget as drawn with its failing dots
    /// outlined (a dashed frame and a number beside each, so the mark does not rest on colour).
    package func pictured(_ page: AuditedPage) -> [String] {
        var out = [
            "<h2 id=\"audited\">What was audited</h2>",
            "<table class=\"settings\">",
            "<tbody>",
            "<tr><th scope=\"row\">Page</th><td>\(Markup.escape(page.url))</td></tr>",
            "<tr><th scope=\"row\">Carousel</th><td><code>\(Markup.escape(page.carousel.selector))</code>"
                + (AccessibleText.isSilent(page.carousel.name) ? "" : " \u{201C}\(Markup.escape(page.carousel.name))\u{201D}")
                + "</td></tr>",
            "<tr><th scope=\"row\">Found as</th><td>\(Markup.escape(page.detection))</td></tr>",
        ]
        for note in page.notes { out.append("<tr><th scope=\"row\">Note</th><td>\(Markup.escape(note))</td></tr>") }
        out += ["</tbody>", "</table>"]
        guard let picture = page.picture, picture.width > 0, picture.height > 0 else { return out }
        let failing = picture.dots.enumerated().filter { $0.element.failing }.map { $0.offset + 1 }
        // A carousel of Previous and Next alone has no pickers to outline or to clear.
        let caption =
            picture.dots.isEmpty
            ? "The carousel as it was measured."
            : failing.isEmpty
                ? "The carousel as it was measured; no \(page.pickerWord) failed a rule."
                : "The carousel as it was measured, with the \(page.pickerWord)\(failing.count == 1 ? "" : "s") that failed a rule outlined and numbered (\(failing.map(String.init).joined(separator: ", ")))."
        let width = Markup.number(picture.width)
        let height = Markup.number(picture.height)
        out.append("<figure class=\"widget\">")
        out.append(
            "<div class=\"shot\" style=\"position:relative;max-width:\(width)px\"><img src=\"data:image/png;base64,\(picture.pngBase64)\" width=\"\(width)\" height=\"\(height)\" alt=\"The carousel as drawn on the page\" style=\"display:block;width:100%;height:auto\">"
        )
        out.append(
            "<svg viewBox=\"0 0 \(width) \(height)\" aria-hidden=\"true\" style=\"position:absolute;left:0;top:0;width:100%;height:100%\">")
        for (index, dot) in picture.dots.enumerated() where dot.failing {
            let box = dot.box
            out.append(
                "<rect x=\"\(Markup.number(box.x - 3))\" y=\"\(Markup.number(box.y - 3))\" width=\"\(Markup.number(box.width + 6))\" height=\"\(Markup.number(box.height + 6))\" fill=\"none\" stroke=\"#B00020\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>"
            )
            out.append(
                "<text x=\"\(Markup.number(box.centreX))\" y=\"\(Markup.number(max(box.y - 6, 10)))\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\" fill=\"#B00020\" stroke=\"#FFFFFF\" stroke-width=\"3\" paint-order=\"stroke\">\(index + 1)</text>"
            )
        }
        out += ["</svg></div>", "<figcaption>\(Markup.escape(caption))</figcaption>", "</figure>"]
        return out
    }

    /// What was audited: the configuration, one row per setting.
    package func audited(_ configuration: AuditConfiguration) -> [String] {
        let pages = configuration.pages
        let shown = pages.prefix(10).joined(separator: ", ") + (pages.count > 10 ? ", … (\(pages.count - 10) more)" : "")
        let style =
            switch configuration.style {
            case .pager: "the interactive pager's own adjustable dots"
            case .indicator: "a stand-alone page indicator (like SwiftUI's page index view)"
            }
        let actions = AuditActionKind.allCases.filter(configuration.actions.contains).map(\.rawValue)
        let background =
            configuration.background.map(SystemColors.describe)
            ?? (configuration.style == .pager ? "the demo pages' gradients" : "the system background \(SystemColors.background.hex)")
        let tint =
            configuration.tint.map(SystemColors.describe)
            ?? "the style's own (\(PageDots(style: configuration.style, count: 1, current: 0).colorName))"
        let rows: [(String, String)] = [
            ("Pages", "\(pages.count): \(shown)"),
            ("Dots", style),
            ("Accessibility label", "\u{201C}\(configuration.label)\u{201D}"),
            ("Actions offered", actions.isEmpty ? "none" : actions.joined(separator: ", ")),
            ("Text size", configuration.textSize.rawValue),
            ("Page change", configuration.transition.rawValue),
            ("Reduce Motion", configuration.reduceMotion ? "on" : "off"),
            ("Behind the dots", background),
            ("Dot colour", tint),
            ("Pager width", "\(AuditNumber.text(configuration.width)) pt, \(AuditNumber.text(configuration.dotsMargin)) pt margins"),
            (
                "Auto-advance",
                configuration.autoAdvance.map { "every \(AuditNumber.short($0)) s" + (configuration.pausable ? ", pausable" : "") }
                    ?? "none"
            ),
        ]
        var out = ["<h2 id=\"audited\">What was audited</h2>", "<table class=\"settings\">", "<tbody>"]
        for (name, value) in rows {
            out.append("<tr><th scope=\"row\">\(Markup.escape(name))</th><td>\(Markup.escape(value))</td></tr>")
        }
        out += ["</tbody>", "</table>"]
        return out
    }

    package func summaryTable(_ findings: [AuditFinding]) -> [String] {
        var out = [
            "<h2 id=\"summary\">Summary</h2>",
            "<table class=\"summary\">",
            "<caption>\(Markup.escape(report.summary))</caption>",
            "<thead><tr><th scope=\"col\">Rule</th><th scope=\"col\">WCAG 2.2 success criterion</th><th scope=\"col\">Status</th></tr></thead>",
            "<tbody>",
        ]
        for finding in findings {
            let rule = finding.rule
            out.append(
                "<tr class=\"\(finding.status.rawValue)\"><th scope=\"row\"><a href=\"#\(Self.anchor(rule))\">\(rule.id)</a></th>"
                    + "<td>\(rule.wcag) \(Markup.escape(rule.wcagName))</td><td>\(Self.statusBadge(finding.status))</td></tr>")
        }
        out += ["</tbody>", "</table>"]
        return out
    }

    package func section(_ finding: AuditFinding) -> [String] {
        let rule = finding.rule
        var out = [
            "<section class=\"rule \(finding.status.rawValue)\" id=\"\(Self.anchor(rule))\" aria-labelledby=\"\(Self.anchor(rule))-heading\">",
            "<h3 id=\"\(Self.anchor(rule))-heading\">\(rule.id) \(Self.statusBadge(finding.status))</h3>",
            "<p class=\"demand\">WCAG 2.2 \(rule.wcag) \(Markup.escape(rule.wcagName)): \(Markup.escape(rule.summary)).</p>",
            "<p class=\"message\">\(Markup.escape(Self.sentence(finding.message)))</p>",
        ]
        if let element = finding.element {
            let name = AccessibleText.isSilent(element.name) ? "" : " \u{201C}\(Markup.escape(element.name))\u{201D}"
            out.append("<p class=\"element\">Element: <code>\(Markup.escape(element.selector))</code>\(name)</p>")
        }
        if let measured = finding.reportedMeasured, let required = finding.required {
            let unit = Self.unit(rule)
            let bound = rule.requiresAtMost ? "at most" : "at least"
            out.append(
                "<p class=\"numbers\">Measured <strong>\(AuditNumber.text(measured))\(unit)</strong>; required \(bound) \(AuditNumber.text(required))\(unit).</p>"
            )
        }
        if !finding.swatches.isEmpty {
            out.append("<div class=\"swatches\">")
            for swatch in finding.swatches { out += figure(swatch, id: "\(Self.anchor(rule))-\(swatch.kind)") }
            out.append("</div>")
        }
        out.append(
            "<p class=\"help\"><a href=\"\(Markup.escape(rule.helpURI))\">Understanding WCAG 2.2 success criterion \(rule.wcag), \(Markup.escape(rule.wcagName))</a></p>"
        )
        out.append("</section>")
        return out
    }

    /// The message as a sentence: capitalised, with a full stop.
    package static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let body = first.uppercased() + text.dropFirst()
        return body.hasSuffix(".") ? body : body + "."
    }

    package static func unit(_ rule: AuditRule) -> String {
        switch rule {
        case .dotContrast: ":1"
        case .dotScaling: "x"
        case .dotsFit, .targetSize: " pt"
        default: ""
        }
    }

    // MARK: - Swatches

    /// One kind of dot over the background where it is hardest to see, drawn twice: at its
    /// real size (1 pt = 1 CSS pixel, as iOS points are) and magnified, so the eye can judge
    /// both the impression and the detail.
    package func figure(_ swatch: AuditSwatch, id: String) -> [String] {
        let row = Array(swatch.row.prefix(Self.maximumSwatchDots))
        let padding = 12.0
        let rowWidth = row.map(\.width).reduce(0, +) + Double(max(row.count - 1, 0)) * swatch.spacing
        let rowHeight = row.map(\.height).max() ?? 0
        let width = rowWidth + 2 * padding
        let height = rowHeight + 2 * padding
        let scale = max(1, min(Self.magnification, 480 / width))
        let meets = swatch.ratio >= swatch.required
        let shown = AuditFinding.reported(swatch.ratio, status: meets ? .pass : .fail, required: swatch.required)
        let ratio = AuditNumber.ratio(shown) + (meets ? "" : ", needs \(AuditNumber.ratio(swatch.required))")
        let what =
            swatch.opacity < 1
            ? "\(swatch.kind.capitalisingFirstLetter()) dots: \(SystemColors.describe(swatch.dot)) at \(AuditNumber.text(swatch.opacity * 100))%, seen as \(swatch.seen.hex)"
            : "The \(swatch.kind) dot: \(SystemColors.describe(swatch.dot))"
        let caption = "\(what), over \(swatch.place): \(ratio)."
        let cut = swatch.row.count > row.count ? " The first \(row.count) of \(swatch.row.count) dots are drawn." : ""
        // Under the magnified row, a pointer at each dot of the kind this swatch is about.
        let pointerHeight = 5.0
        func svg(_ scale: Double, label: String, pointers: Bool) -> String {
            var shapes: [String] = [
                "<rect class=\"swatch-background\" x=\"0\" y=\"0\" width=\"\(Markup.number(width))\" height=\"\(Markup.number(height))\" fill=\"\(swatch.background.hex)\"/>"
            ]
            var x = padding
            for dot in row {
                let y = padding + (rowHeight - dot.height) / 2
                let kind = dot.isCurrent ? "current" : "inactive"
                shapes.append(
                    "<rect class=\"dot dot-\(kind)\" x=\"\(Markup.number(x))\" y=\"\(Markup.number(y))\" width=\"\(Markup.number(dot.width))\" height=\"\(Markup.number(dot.height))\" rx=\"\(Markup.number(dot.height / 2))\" fill=\"\(swatch.dot.hex)\" fill-opacity=\"\(Markup.number(dot.opacity))\"/>"
                )
                if pointers, kind == swatch.kind {
                    let tip = x + dot.width / 2
                    shapes.append(
                        "<path class=\"pointer\" d=\"M\(Markup.number(tip)) \(Markup.number(height + 1))l2.5 \(Markup.number(pointerHeight - 1))h-5z\" fill=\"\(AuditHTMLColors.text.hex)\"/>"
                    )
                }
                x += dot.width + swatch.spacing
            }
            let drawnHeight = height + (pointers ? pointerHeight : 0)
            return
                "<svg class=\"swatch\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Markup.number(width * scale))\" height=\"\(Markup.number(drawnHeight * scale))\" viewBox=\"0 0 \(Markup.number(width)) \(Markup.number(drawnHeight))\" role=\"img\" aria-label=\"\(Markup.escape(label))\">"
                + shapes.joined() + "</svg>"
        }
        return [
            "<figure class=\"swatch \(swatch.kind)\" id=\"\(id)\" data-background=\"\(swatch.background.hex)\" data-dot=\"\(swatch.dot.hex)\" data-opacity=\"\(Markup.number(swatch.opacity))\">",
            "<div class=\"samples\">",
            "<div class=\"sample\">\(svg(1, label: "\(caption) Actual size.", pointers: false))<span class=\"scale\">actual size</span></div>",
            "<div class=\"sample\">\(svg(scale, label: "\(caption) Magnified \(AuditNumber.short(scale)) times, the \(swatch.kind) \(swatch.kind == "current" ? "dot" : "dots") marked below.", pointers: true))<span class=\"scale\">\(AuditNumber.short(scale))x, \(swatch.kind) marked</span></div>",
            "</div>",
            "<figcaption>\(Markup.escape(caption + cut))</figcaption>",
            "</figure>",
        ]
    }

    // MARK: - Style

    package static let styleSheet: String = {
        let c = AuditHTMLColors.self
        return """
            :root { color-scheme: light; }
            body { margin: 0; background: \(c.page.hex); color: \(c.text.hex); font: 16px/1.5 system-ui, "DejaVu Sans", "Segoe UI", Roboto, sans-serif; }
            main { max-width: 56rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
            h1 { font-size: 1.9rem; line-height: 1.2; margin: 0.5rem 0 0.75rem; }
            h2 { font-size: 1.4rem; margin: 2.25rem 0 0.75rem; padding-bottom: 0.25rem; border-bottom: 2px solid \(c.rule.hex); }
            h3 { font-size: 1.15rem; margin: 0 0 0.5rem; display: flex; gap: 0.75rem; align-items: center; }
            a { color: \(c.link.hex); text-underline-offset: 0.15em; }
            table { border-collapse: collapse; width: 100%; }
            caption { text-align: left; color: \(c.muted.hex); padding-bottom: 0.4rem; }
            th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.75rem; border-bottom: 1px solid \(c.rule.hex); }
            thead th { background: \(c.header.hex); }
            table.settings th { width: 12rem; font-weight: 600; }
            .status { display: inline-block; padding: 0.05rem 0.6rem; border-radius: 0.3rem; font-size: 0.9rem; font-weight: 700; color: \(c.badgeText.hex); white-space: nowrap; }
            .status.pass { background: \(c.pass.hex); }
            .status.fail { background: \(c.fail.hex); }
            .status.na { background: \(c.notApplicable.hex); }
            section.rule { margin: 0 0 1.25rem; padding: 1rem 1.25rem; border: 1px solid \(c.rule.hex); border-left-width: 6px; border-radius: 0.3rem; }
            section.rule.pass { border-left-color: \(c.pass.hex); }
            section.rule.fail { border-left-color: \(c.fail.hex); }
            section.rule.not-applicable { border-left-color: \(c.notApplicable.hex); }
            section.rule p { margin: 0.4rem 0; }
            .demand, .help, figcaption, .scale { color: \(c.muted.hex); }
            .swatches { display: flex; flex-wrap: wrap; gap: 1rem; margin: 0.75rem 0; }
            figure.swatch { margin: 0; padding: 0.75rem; border: 1px solid \(c.rule.hex); border-radius: 0.3rem; flex: 1 1 20rem; max-width: 100%; }
            .samples { display: flex; align-items: flex-end; gap: 1.25rem; flex-wrap: wrap; }
            .sample { display: flex; flex-direction: column; align-items: flex-start; gap: 0.25rem; }
            .scale { font-size: 0.85rem; }
            svg.swatch { display: block; max-width: 100%; height: auto; }
            figcaption { margin-top: 0.5rem; font-size: 0.95rem; }
            """
    }()
}

/// The report's colours. Every text colour is held to 4.5:1 (WCAG 1.4.3) against each
/// background it is drawn on, `textPairs`, by the tests, with `SRGBColor.contrastRatio`.
package enum AuditHTMLColors {
    package static let page = SRGBColor.white
    package static let text = SRGBColor(red255: 0x1A, green255: 0x1A, blue255: 0x1A)
    package static let muted = SRGBColor(red255: 0x4D, green255: 0x4D, blue255: 0x4D)
    package static let link = SRGBColor(red255: 0x0B, green255: 0x57, blue255: 0xD0)
    /// Lines between rows and around sections: 3:1 as boundaries (WCAG 1.4.11) though not text.
    package static let rule = SRGBColor(red255: 0x8A, green255: 0x8A, blue255: 0x8A)
    package static let header = SRGBColor(red255: 0xF2, green255: 0xF2, blue255: 0xF2)
    package static let badgeText = SRGBColor.white
    package static let pass = SRGBColor(red255: 0x1E, green255: 0x6B, blue255: 0x34)
    package static let fail = SRGBColor(red255: 0xB3, green255: 0x26, blue255: 0x1E)
    package static let notApplicable = SRGBColor(red255: 0x5F, green255: 0x5F, blue255: 0x5F)

    package static let textPairs: [(name: String, text: SRGBColor, background: SRGBColor)] = [
        ("body text", text, page),
        ("secondary text", muted, page),
        ("links", link, page),
        ("table header", text, header),
        ("pass badge", badgeText, pass),
        ("fail badge", badgeText, fail),
        ("not-applicable badge", badgeText, notApplicable),
    ]
}

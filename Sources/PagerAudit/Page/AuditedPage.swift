import PagerCore

/// What a report says about the real page it audited: where it is, which widget, how it was
/// found, what happened on the page that an auditor should know, and a picture of the widget.
package struct AuditedPage: Sendable {
    /// The address as given to `--url` (or the file path, as typed).
    package var url: String
    /// The address a code-scanning tool can show: the audited file's path relative to where the
    /// audit ran, or the URL's path; never an absolute address (GitHub code scanning refuses them).
    package var artifact: String
    package var carousel: AuditFinding.Element
    /// How the carousel was found ("the APG carousel pattern (aria-roledescription=\"carousel\")").
    package var detection: String
    /// Other carousels on the page, by selector.
    package var others: [String] = []
    /// What the page did that the audit stepped around: dialogs dismissed, requests refused.
    package var notes: [String] = []
    /// The widget as drawn, for the HTML report.
    package var picture: Picture?
    /// What its pickers are called ("dot", "tab", "link"), as in the findings.
    package var pickerWord = "dot"

    /// A PNG of the widget and where its dots are in it.
    package struct Picture: Sendable {
        /// The PNG, base64-encoded as the browser gave it.
        package var pngBase64: String
        package var width: Double
        package var height: Double
        /// Each picker's box within the picture, and whether a rule found it failing.
        package var dots: [(box: PageBox, failing: Bool)]

        package init(pngBase64: String, width: Double, height: Double, dots: [(box: PageBox, failing: Bool)]) {
            self.pngBase64 = pngBase64
            self.width = width
            self.height = height
            self.dots = dots
        }
    }

    package init(url: String, artifact: String, carousel: AuditFinding.Element, detection: String) {
        self.url = url
        self.artifact = artifact
        self.carousel = carousel
        self.detection = detection
    }

    /// "the carousel #hero (“Highlights”) on Tests/Carousels/bootstrap.html, found as …"
    package var headline: String {
        let name = AccessibleText.isSilent(carousel.name) ? "" : " (\u{201C}\(carousel.name.clipped(60))\u{201D})"
        return "the carousel \(carousel.selector.clippedSelector(80))\(name) on \(url.clipped(120)), found as \(detection)"
    }
}

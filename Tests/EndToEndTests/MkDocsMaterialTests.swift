import Foundation
import PagerTestSupport
import Testing

/// Content tabs as MkDocs' Material theme 8.2.5 from Debian draws them (`mkdocs-material`,
/// `python3-pymdownx`), in a site built from `Tests/Carousels/mkdocs-material` at test time:
/// radio buttons with their labels in a row that scrolls sideways, the way thousands of
/// documentation sites offer "Debian / Fedora / macOS". The first two tab sets pass every rule;
/// the page's carousels are named so that they can be told apart (clipped at their end, the
/// three read alike); the set of eight tabs leaves five of them off a 320 px screen.
@Suite struct MkDocsMaterialTests {
    @Test func contentTabsOfMaterialForMkDocs() throws {
        let site = try TemporaryDirectory()
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/mkdocs")
        build.arguments = ["build", "-q", "-f", PageAuditTests.page("mkdocs-material/mkdocs.yml"), "-d", site.path]
        try build.run()
        build.waitUntilExit()
        try #require(build.terminationStatus == 0, "mkdocs build")
        let page = "file://" + site.path + "/index.html"

        let first = try PageAuditTests.audit(["--url", page])
        #expect(first.run.status == 0, "\(first.run.stdout)\(first.run.stderr)")
        #expect(
            first.run.lines.first?.hasSuffix("found as radio buttons that show panels (input type=\"radio\")") == true,
            "\(first.run.stdout)")
        #expect(first.failing.isEmpty, "\(first.run.stdout)")
        #expect(first.line("label")?.contains("its 3 radio buttons (“Debian” …)") == true, "\(first.run.stdout)")
        #expect(first.line("scroll")?.hasPrefix("PASS") == true, "\(first.run.stdout)")
        #expect(first.line("focus-visible")?.hasPrefix("PASS") == true, "\(first.run.stdout)")
        #expect(first.line("dot-contrast")?.hasPrefix("PASS") == true, "\(first.run.stdout)")
        // Each of the others by its last steps, which set it apart, and where each is whole.
        #expect(
            first.run.lines.contains(
                "note: the page has 2 more carousels (body > … > div:nth-of-type(3) > article > div:nth-of-type(2), body > … > div:nth-of-type(3) > article > div:nth-of-type(3)); choose one with --carousel (--format json lists each whole, in \"others\")"
            ), "\(first.run.stdout)")

        let json = try Pagervoice.run(["audit", "--url", page, "--format", "json"])
        let others = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["others"] as? [String], "\(json.stdout)")
        try #require(others.count == 2, "\(others)")
        let second = try PageAuditTests.audit(["--url", page, "--carousel", others[0]])
        #expect(second.run.status == 0 && second.failing.isEmpty, "\(second.run.stdout)\(second.run.stderr)")
        #expect(second.line("label")?.contains("its 3 radio buttons (“Debian” …)") == true, "\(second.run.stdout)")
        // Eight tabs: in a phone's width the row scrolls, its scroll bar hidden, and five of the
        // labels lie off the screen with nothing to show they are there; the verdict says so.
        let eight = try PageAuditTests.audit(["--url", page, "--carousel", others[1]])
        #expect(eight.failing == ["dots-fit"], "\(eight.run.stdout)\(eight.run.stderr)")
        #expect(
            eight.line("dots-fit")?.hasSuffix(
                ", in a row that scrolls sideways (body > … > article > div:nth-of-type(3) > div:nth-of-type(1)) whose scroll bar the page hides)"
            ) == true, "\(eight.run.stdout)")
        #expect(eight.line("label")?.contains("its 8 radio buttons (“Python” …)") == true, "\(eight.run.stdout)")
    }
}

import PagerCore
import PagerTestSupport
import Testing

/// The code of the getting-started article (Sources/PagerCore/PagerCore.docc/GettingStarted.md),
/// run as tests so the article cannot rot: a plain `import PagerCore` proves it needs nothing
/// beyond the public API, and `articleCodeIsInTheseTests` proves every Swift block of the article
/// is in this file, word for word.
@Suite struct GettingStartedTests {
    @Test func whatIsSaid() throws {
        var pager = Pager()  // Explore, Collect, Share: page 1 of 3
        let events = try pager.reduce(.increment)  // VoiceOver: swipe up on the page dots

        let said = events.compactMap { event in
            if case .announcement(let announcement) = event { announcement.text } else { nil }
        }
        #expect(said == ["Page 2 of 3"])
        #expect(pager.pageNumber == 2)
    }

    @Test func nothingFurther() throws {
        var pager = Pager(index: 2)  // the last page
        let events = try pager.reduce(.increment)

        guard case .announcement(let announcement) = events.last else {
            Issue.record("nothing was said")
            return
        }
        #expect(announcement.text == "Page 3 of 3")  // the same value, said again
        #expect(announcement.isBoundary)
        #expect(announcement.settleMilliseconds == 0)  // nothing moved
    }

    @Test func refusedActions() throws {
        var pager = Pager()
        #expect(throws: PagerError.pageOutOfRange(page: 8, count: 3)) {
            try pager.reduce(.goTo(7))
        }
        #expect(pager == Pager())  // a refused action changes nothing
    }

    @Test func focusOrder() throws {
        var pager = Pager(index: 1)  // VoiceOver's cursor starts on the page dots
        #expect(pager.focus == .dots)

        try pager.reduce(.moveFocus(.previous))  // one-finger swipe left: the page's content
        #expect(pager.focusedElement.focusDescription() == "Collect")

        try pager.reduce(.moveFocus(.next))  // one-finger swipe right: back to the dots
        let dots = pager.focusedElement.focusDescription()
        #expect(dots == "Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.")

        let events = try pager.reduce(.moveFocus(.next))  // there is nothing after the dots
        guard case .focus(let change) = events.first else {
            Issue.record("the cursor did not answer")
            return
        }
        #expect(change.isBoundary)  // the cursor stays, and nothing is said
        #expect(pager.focus == .dots)
    }

    @Test func framesOfASettle() throws {
        var pager = Pager()
        let events = try pager.reduce(.increment)
        guard case .settle(let settle) = events.first else {
            Issue.record("the pages did not move")
            return
        }

        let motion = pager.frames(for: settle)  // 60 frames a second
        #expect(motion.animationName == "smooth")
        #expect(motion.logicallyCompleteMilliseconds == 450)
        #expect(motion.settledMilliseconds == 700)
        #expect(motion.frames.first?.position == 0)
        #expect(motion.frames.count == 43)
        #expect(motion.rest.position == 1)
    }

    @Test func reduceMotion() throws {
        var pager = Pager(reduceMotion: true)
        let events = try pager.reduce(.increment)
        guard case .settle(let settle) = events.first else {
            Issue.record("the pages did not move")
            return
        }

        #expect(!settle.isAnimated)
        #expect(pager.frames(for: settle).frames.count == 1)  // one step, straight to page 2
    }

    /// Every ```swift block of the article appears in this file as a run of lines (indentation
    /// aside), so the article shows only code these tests compile and run.
    @Test func articleCodeIsInTheseTests() throws {
        let testFile = #filePath
        let root = testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
        let article = try #require(FileContents.text(root + "/Sources/PagerCore/PagerCore.docc/GettingStarted.md"))
        let tests = try #require(FileContents.text(testFile)).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingLeadingSpaces() }

        var blocks: [[Substring]] = []
        var block: [Substring]?
        for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let finished = block {
                    blocks.append(finished)
                    block = nil
                } else if line == "```swift" {
                    block = []
                }
            } else if block != nil {
                block?.append(line.trimmingLeadingSpaces())
            }
        }
        #expect(blocks.count >= 5, "the article's Swift blocks were not found")
        for code in blocks {
            let found = tests.indices.contains { start in
                start + code.count <= tests.count && Array(tests[start..<start + code.count]) == code
            }
            #expect(found, "not in GettingStartedTests.swift:\n\(code.joined(separator: "\n"))")
        }
    }
}

extension Substring {
    fileprivate func trimmingLeadingSpaces() -> Substring { drop { $0 == " " } }
}

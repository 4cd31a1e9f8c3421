import Foundation
import PagerCore
import Testing

@testable import PagerShell

/// Issue 12 at the shell: `focus next|previous|first|last`, `describe`, `style`, `text-size`,
/// 2-D `move`/`drag`, and `expect-focus` in verify scripts.
@Suite struct ElementCommandTests {
    func text(_ session: inout Session, _ line: String) -> [String] {
        session.handle(line).flatMap { output -> [String] in
            let lines = OutputRenderer(json: false).render(output)
            return lines.stdout + lines.stderr
        }
    }

    func json(_ session: inout Session, _ line: String) throws -> [String: Any] {
        let outputs = session.handle(line)
        let line = try #require(outputs.first.flatMap { OutputRenderer(json: true).render($0).stdout.first })
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func focusMovesSpeakAndStopSilentlyAtTheEnds() throws {
        var session = Session()
        #expect(session.handle("focus first").map(\.spokenText) == ["Explore"])
        let boundary = session.handle("focus previous")
        #expect(boundary.map(\.spokenText) == [nil])
        #expect(text(&session, "focus previous") == ["(no element before this one; focus stays on Explore)"])
        #expect(
            session.handle("focus next").map(\.spokenText) == [
                "Page, 1 of 3, adjustable. Swipe up or down with one finger to adjust the value."
            ])
        let end = try json(&session, "focus next")
        #expect(end["type"] as? String == "focus")
        #expect(end["move"] as? String == "next")
        #expect(end["boundary"] as? Bool == true)
        #expect(end["element"] as? String == "dots")
        #expect(end["text"] as? String == "")
        // `focus` alone says the focused element again.
        #expect(
            session.handle("focus").map(\.spokenText) == ["Page, 1 of 3, adjustable. Swipe up or down with one finger to adjust the value."]
        )
        #expect(session.handle("focus sideways").first == .error("focus takes next, previous, first or last, not 'sideways'"))
    }

    @Test func describeWritesAccessibilitySnapshotsText() throws {
        var session = Session()
        _ = session.handle("next")
        #expect(
            text(&session, "describe") == [
                "Collect", "Page: 2 of 3. Adjustable.", "  Swipe up or down with one finger to adjust the value.",
            ])
        _ = session.handle("style indicator")
        #expect(text(&session, "describe") == ["Collect", "Page: 2 of 3"])
        let described = try json(&session, "describe")
        let elements = try #require(described["elements"] as? [[String: Any]])
        #expect(elements.map { $0["element"] as? String } == ["page", "dots"])
        #expect(elements[1]["label"] as? String == "Page")
        #expect(elements[1]["value"] as? String == "2 of 3")
        #expect(elements[1]["traits"] as? [String] == [])
        #expect(elements[1]["description"] as? String == "Page: 2 of 3")
        #expect(elements[1]["snapshot_hint"] is NSNull)
        #expect(elements[1]["focused"] as? Bool == true)
    }

    @Test func styleAndTextSizeAreCommands() throws {
        var session = Session()
        _ = session.handle("style indicator")
        #expect(session.pager.dotsStyle == .indicator)
        #expect(
            session.handle("next").first
                == .error(
                    "the indicator has no adjustable action (a page indicator only follows its paged view); that view moves with scroll or swipe"
                ))
        #expect(session.handle("swipe left").map(\.spokenText) == ["Page 2 of 3"])
        _ = session.handle("text-size ax5")
        #expect(session.pager.textSize == .ax5)
        #expect(session.pager.dots.dotSize == 8 * 40 / 12.0)
        #expect(session.handle("text-size huge").first?.isError == true)
        let status = try json(&session, "status")
        #expect(status["style"] as? String == "indicator")
        #expect(status["text_size"] as? String == "AX5")
        #expect(status["focus"] as? String == "dots")
    }

    @Test func verticalMovementCountsTowardsTheDragDistance() throws {
        var session = Session()
        _ = session.handle("press")
        _ = session.handle("move 6 8")
        #expect(session.pager.drag?.isActive == true)
        _ = session.handle("release")
        #expect(try CommandParser.parse("drag 6 --dy 8") == .action(.drag(translation: 6, predicted: nil, vertical: 8)))
        #expect(try CommandParser.parse("drag --dy 8 -100 -300") == .action(.drag(translation: -100, predicted: -300, vertical: 8)))
        #expect(throws: UsageError.self) { try CommandParser.parse("drag 5 --dy") }
        #expect(throws: UsageError.self) { try CommandParser.parse("move 1 2 3") }
    }

    @Test func verifyChecksTheFocusedElement() {
        let runner = ScriptRunner(initial: Session())
        let result = runner.run(
            file: "focus.pv",
            text: """
                expect-focus "Page, 1 of 3, adjustable. Swipe up or down with one finger to adjust the value."
                focus first
                expect "Explore"
                expect-focus "Explore"
                focus previous
                expect-boundary
                expect-silence
                swipe left
                expect-focus "Collect"
                style indicator
                focus last
                expect-focus "Page, 2 of 3"
                expect-focus "Page, 3 of 3"
                """)
        #expect(result.checks.map(\.passed) == [true, true, true, true, true, true, true, false])
        #expect(result.failed.first?.failureLine == "focus.pv:13: expected focus on \"Page, 3 of 3\", got focus on \"Page, 2 of 3\"")
    }
}

extension SessionOutput {
    var isError: Bool {
        if case .error = self { true } else { false }
    }
}

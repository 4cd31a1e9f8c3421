import PagerCore

/// What the demo pager says right now; a stand-in until the REPL exists.
public enum DemoState {
    public static func describe() -> String {
        let pager = Pager()
        return [
            "Pages: \(pager.pages.joined(separator: ", "))",
            "Announcement: \(pager.announcementText)",
            "Focus: \(pager.accessibilityElement.focusDescription())",
        ].joined(separator: "\n")
    }
}

/// The keys a keyboard user moves through a page with, as `BrowserPage.press` sends them.
package enum Key: String, Sendable, CaseIterable {
    case tab = "Tab"
    case enter = "Enter"
    case space = " "
    case escape = "Escape"
    case arrowLeft = "ArrowLeft"
    case arrowRight = "ArrowRight"
    case arrowUp = "ArrowUp"
    case arrowDown = "ArrowDown"
    case home = "Home"
    case end = "End"

    /// The DOM `code` (the physical key), which pages read as well as `key`.
    var code: String {
        switch self {
        case .space: "Space"
        default: rawValue
        }
    }

    /// The Windows virtual key code, which Chromium uses to pick the default action (focus
    /// moves on 9, not on the name "Tab").
    var virtualKeyCode: Int {
        switch self {
        case .tab: 9
        case .enter: 13
        case .space: 32
        case .escape: 27
        case .arrowLeft: 37
        case .arrowUp: 38
        case .arrowRight: 39
        case .arrowDown: 40
        case .home: 36
        case .end: 35
        }
    }

    /// What the key types, when it types something (Enter's carriage return makes a button click
    /// and a form submit, as on a real keyboard).
    var text: String? {
        switch self {
        case .enter: "\r"
        case .space: " "
        default: nil
        }
    }
}

/// Keys held down with another, as DevTools numbers them.
package struct KeyModifiers: OptionSet, Sendable, Hashable {
    package let rawValue: Int

    package init(rawValue: Int) {
        self.rawValue = rawValue
    }

    package static let alt = KeyModifiers(rawValue: 1)
    package static let control = KeyModifiers(rawValue: 2)
    package static let meta = KeyModifiers(rawValue: 4)
    package static let shift = KeyModifiers(rawValue: 8)
}

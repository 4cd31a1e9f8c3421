/// What a screen reader knows about an element, and how it reads it on focus.
public struct AccessibilityElement: Sendable, Equatable {
    /// Accessibility traits PagerVoice models.
    public enum Trait: String, Sendable {
        /// Swipe up/down (VoiceOver) or volume keys (TalkBack) adjust the value.
        case adjustable
    }

    /// How much VoiceOver says on focus; terse drops hints, as VoiceOver's verbosity setting does.
    public enum Verbosity: String, Sendable, CaseIterable {
        case normal
        case terse
    }

    public var label: String
    public var value: String
    public var traits: [Trait]
    public var hint: String
    /// The traits as spoken in the element's language.
    public var traitNames: [String]
    var focusTemplate: Template
    var terseFocusTemplate: Template

    /// What VoiceOver reads when the element gains focus: label, value, trait, then hint.
    /// `Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.`
    public func focusDescription(verbosity: Verbosity = .normal) -> String {
        let template = verbosity == .terse ? terseFocusTemplate : focusTemplate
        return template.render([
            "label": label, "value": value,
            "trait": traitNames.joined(separator: ", "), "hint": hint,
        ])
    }
}

/// What a screen reader knows about one element, and how it reads it on focus.
///
/// The pager exposes two, in VoiceOver's reading order (`Pager.accessibilityElements`): the
/// current page's content (the SwiftUI pager's `Text(slide.id)`, the page indicator's page title;
/// the symbol is `accessibilityHidden`), then the page dots. Only the pager's own dots are
/// adjustable; the page indicator (SwiftUI's page index view) is a label and a value and nothing
/// else.
public struct AccessibilityElement: Sendable, Equatable {
    /// Which of the pager's elements this is.
    public enum Kind: String, Sendable, CaseIterable {
        /// The current page's content: its title as static text.
        case page
        /// The page dots: label "Page", value "2 of 3".
        case dots
    }

    /// Accessibility traits PagerVoice models.
    public enum Trait: String, Sendable {
        /// Swipe up/down (VoiceOver) or volume keys (TalkBack) adjust the value.
        case adjustable
        /// Plain text. VoiceOver does not speak this trait.
        case staticText = "static-text"
    }

    /// How much VoiceOver says on focus; terse drops hints, as VoiceOver's verbosity setting does.
    public enum Verbosity: String, Sendable, CaseIterable {
        case normal
        case terse
    }

    public var kind: Kind
    public var label: String
    /// Empty when the element has no value (the page's content).
    public var value: String
    public var traits: [Trait]
    /// VoiceOver's hint; empty when there is none.
    public var hint: String
    /// The spoken traits, in the element's language (static text is not spoken).
    public var traitNames: [String]
    /// The language the element speaks, for its focus templates.
    var strings: SpokenStrings

    public var isAdjustable: Bool { traits.contains(.adjustable) }

    /// What VoiceOver reads when the element gains focus: label, value, trait, then hint.
    /// `Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.`, the page
    /// indicator `Page, 2 of 3`, a page's content just its title.
    public func focusDescription(verbosity: Verbosity = .normal) -> String {
        let values = [
            "label": label, "value": value, "trait": traitNames.joined(separator: ", "), "hint": hint,
        ]
        if isAdjustable {
            return (verbosity == .terse ? strings.terseFocus : strings.focus).render(values)
        }
        return value.isEmpty ? label : strings.valueFocus.render(values)
    }

    /// The element as AccessibilitySnapshot (cashapp) writes it under an iOS snapshot, so teams
    /// can compare text with text: label and value joined as `Label: Value`, spoken traits after
    /// a period (`Page: 2 of 3. Adjustable.`), and the hint apart.
    public var snapshotDescription: (description: String, hint: String?) {
        var description = label
        if !value.isEmpty { description = description.isEmpty ? value : "\(description): \(value)" }
        let specifiers = traitNames.map(Self.snapshotTraitName)
        if !specifiers.isEmpty {
            let joined = specifiers.joined(separator: " ")
            description = description.isEmpty ? joined : description + (description.hasSuffix(".") ? " " : ". ") + joined
        }
        return (description, hint.isEmpty ? nil : hint)
    }

    /// "adjustable" → "Adjustable.", as AccessibilitySnapshot names traits.
    static func snapshotTraitName(_ name: String) -> String {
        guard let first = name.first else { return name }
        let capitalised = first.uppercased() + name.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}

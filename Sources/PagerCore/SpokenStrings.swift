/// Everything PagerVoice says, per language, in one table.
///
/// A translator adds a language by adding one entry to `SpokenStrings.table`
/// (SpokenStrings+Languages.swift); no logic changes.
/// Templates use `{page}`, `{count}`, `{label}`, `{value}`, `{trait}` and `{hint}` placeholders,
/// so word order can follow the language (Arabic puts the label first as English does, others
/// may not). Numbers are spoken with Western digits, which every eSpeak NG voice reads.
public struct SpokenStrings: Sendable, Equatable {
    /// BCP 47 tag naming the translation ("de", "pt-BR", "zh-Hant"); `forLanguage` maps any tag to one.
    public var code: String
    /// The language's own name, for `help` and error messages.
    public var name: String
    /// eSpeak NG voice to speak this language with.
    public var voice: String
    /// The dots' accessibility label ("Page").
    public var label: String
    /// The dots' accessibility value ("2 of 3").
    public var value: Template
    /// The value of an empty pager, where "1 of 0" would be a lie.
    public var none: String
    /// What is announced after a page change ("Page 2 of 3").
    public var announcement: Template
    /// The spoken name of the adjustable trait.
    public var adjustableTrait: String
    /// VoiceOver's hint for adjustable elements.
    public var adjustableHint: String
    /// Focus description, VoiceOver's order: label, value, trait, hint.
    public var focus: Template
    /// Focus description at terse verbosity, which drops the hint.
    public var terseFocus: Template
    /// Focus description of an element with a value but no trait and no hint: the page
    /// indicator (SwiftUI's page index view), which VoiceOver reads "Page, 2 of 3".
    public var valueFocus: Template
    /// Said when a search finds nothing (`/text` while reading a document).
    public var notFound: String

    public init(
        code: String, name: String, voice: String, label: String, value: Template, none: String,
        announcement: Template, adjustableTrait: String, adjustableHint: String,
        focus: Template, terseFocus: Template, valueFocus: Template, notFound: String
    ) {
        self.code = code
        self.name = name
        self.voice = voice
        self.label = label
        self.value = value
        self.none = none
        self.announcement = announcement
        self.adjustableTrait = adjustableTrait
        self.adjustableHint = adjustableHint
        self.focus = focus
        self.terseFocus = terseFocus
        self.valueFocus = valueFocus
        self.notFound = notFound
    }

    /// The strings for a BCP 47 tag or POSIX locale name ("de", "pt-BR", "zh-Hant", "es-419",
    /// "de_AT.UTF-8"), in any case, falling back from script and region to the language
    /// (`LanguageTag.translation` documents the special cases: `pt`, Chinese, Norwegian); nil when
    /// PagerVoice does not speak the language. `PagerAction.setLanguage` and `--lang` go through here.
    public static func forLanguage(_ tag: String) -> SpokenStrings? {
        // The reducer asks with a table code on every `lang`; that needs no parsing.
        if let exact = table.first(where: { $0.code == tag }) { return exact }
        return LanguageTag(tag)?.translation
    }

    /// English: the default, and always present.
    public static let english = table[0]

    /// "2 of 3", or "None" for an empty pager.
    public func valueText(page: Int, count: Int) -> String {
        count > 0 ? value.render(page: page, count: count) : none
    }

    /// "Page 2 of 3", or "None" for an empty pager.
    public func announcementText(page: Int, count: Int) -> String {
        count > 0 ? announcement.render(page: page, count: count) : none
    }
}

/// A string with `{name}` placeholders, parsed once so rendering is a plain concatenation.
public struct Template: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(String)
    }

    let segments: [Segment]
    public let description: String

    public init(_ text: String) {
        description = text
        var segments: [Segment] = []
        // Braces are ASCII, so the UTF-8 view finds them without breaking the text into
        // grapheme clusters: 36 languages' templates are parsed when the table is first touched,
        // which is during start-up.
        let utf8 = text.utf8
        var literalStart = utf8.startIndex
        var cursor = utf8.startIndex
        while let open = utf8[cursor...].firstIndex(of: UInt8(ascii: "{")),
            let close = utf8[open...].firstIndex(of: UInt8(ascii: "}"))
        {
            if literalStart < open { segments.append(.literal(String(text[literalStart..<open]))) }
            segments.append(.placeholder(String(text[utf8.index(after: open)..<close])))
            cursor = utf8.index(after: close)
            literalStart = cursor
        }
        if literalStart < utf8.endIndex { segments.append(.literal(String(text[literalStart...]))) }
        self.segments = segments
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// Placeholders this template uses, so tests can check every translation fills them all.
    public var placeholders: [String] {
        segments.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// Fills the placeholders; an unknown placeholder is kept visibly as `{name}` rather than
    /// silently dropped, so a translation mistake is heard and fixed.
    public func render(_ values: [String: String]) -> String {
        render { values[$0] }
    }

    /// The page/count case without building a dictionary: it runs on every announcement.
    public func render(page: Int, count: Int) -> String {
        render { name in
            switch name {
            case "page": String(page)
            case "count": String(count)
            default: nil
            }
        }
    }

    @inline(__always)
    func render(_ lookup: (String) -> String?) -> String {
        var out = ""
        out.reserveCapacity(description.utf8.count + 8)
        for segment in segments {
            switch segment {
            case .literal(let text): out += text
            case .placeholder(let name): out += lookup(name) ?? "{\(name)}"
            }
        }
        return out
    }
}

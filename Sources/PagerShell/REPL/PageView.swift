import PagerCore

/// A document's page as the session presents it when a person arrives on it: a one-line header
/// and the page's text on the terminal, `{"type":"page",…}` in JSON, and the page read aloud in
/// parts at low priority, so the next command interrupts the reading as a screen reader's
/// continuous reading is interrupted.
enum PageView {
    /// The page printed under its header, and its parts to read.
    static func arrival(_ document: Document, page: Int) -> [SessionOutput] {
        let info = document.pages[page]
        // Under the announcement ("Page 4 of 12"), which is printed and said first.
        let header = "── \(info.title) · \(document.name), line \(info.firstLine)"
        let shown: String
        let speech: PageSpeech
        do {
            shown = try document.displayText(ofPage: page)
            speech = try document.speech(ofPage: page)
        } catch {
            return [.error(error.description)]
        }
        let json: JSON = .object([
            ("type", .string("page")), ("page", .int(page + 1)), ("count", .int(document.count)),
            ("title", .string(info.title)), ("first_line", .int(info.firstLine)),
            ("text_length", .int(shown.count)), ("spoken_parts", .int(speech.parts.count)),
            ("file", .string(document.name)),
        ])
        return [.info(.init(text: [header, shown], json: json))] + reading(speech, page: page)
    }

    /// The page read from the top: its parts, each a low-priority utterance that is spoken but not
    /// printed again (the text is on the screen already).
    static func reading(_ speech: PageSpeech, page: Int) -> [SessionOutput] {
        speech.parts.enumerated().map { part, text in
            .speech(
                .init(
                    kind: "read", text: text, priority: .low,
                    json: .object([
                        ("type", .string("read")), ("page", .int(page + 1)), ("part", .int(part + 1)),
                        ("parts", .int(speech.parts.count)), ("length", .int(text.count)),
                    ]), isPrinted: false))
        }
    }
}

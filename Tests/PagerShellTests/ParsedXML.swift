import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document (an SVG picture) parsed into its elements in document order, so tests can
/// read a picture the way a person reads it: its headings, its curves, its tick labels.
final class ParsedXML: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        /// The text directly inside the element.
        var text = ""
        /// Index of the enclosing element; nil for the root.
        var parent: Int?
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw Malformed(description: parser.parserError.map { "\($0)" } ?? "not well-formed XML")
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: name, attributes: attributes, parent: open.last))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }

    /// The elements named `name`, optionally only those inside element `ancestor`.
    func all(_ name: String, inside ancestor: Int? = nil) -> [(index: Int, element: Element)] {
        elements.enumerated().filter { index, element in
            element.name == name && (ancestor.map { isInside(index, $0) } ?? true)
        }.map { ($0.offset, $0.element) }
    }

    func isInside(_ index: Int, _ ancestor: Int) -> Bool {
        var current = elements[index].parent
        while let parent = current {
            if parent == ancestor { return true }
            current = elements[parent].parent
        }
        return false
    }
}

import PagerAudit
import PagerCore

/// The accessibility tree's view of the widget's marked parts: what screen readers are given for
/// each (role, name, states), matched to the parts by the DOM node each tree node stands for.
struct AccessibilitySnapshot {
    /// One part as the tree gives it; nil fields where the tree has no node for the part (it is
    /// not rendered, `display: none`).
    struct Node {
        var role: String
        var name: String
        var roleDescription: String?
        var ignored: Bool
        /// Whether a screen reader reads the part's contents: its own node is in the tree, or,
        /// where Chromium leaves that node out as a container with nothing to say (a plain `div`
        /// slide: "uninteresting"), something under it is. A slide whose node is ignored for
        /// that reason alone still has its words read where it sits; one hidden by
        /// `aria-hidden`, `inert` or `visibility` has every node under it ignored too.
        var read = false
        /// The words a screen reader reads inside a part that has no name: its text, in order.
        /// A list item's words are no name (UI Bootstrap's dots, `li` with "slide 2 of 3,
        /// currently active" hidden from the eye), but a screen reader reading the page says
        /// them there.
        var words = ""
        var focusable: Bool
        var selected: Bool?
        var pressed: Bool?
        var disabled: Bool
        var focused: Bool
        var valueText: String?
        var value: Double?
        var minimum: Double?
        var maximum: Double?
        /// A radio button's or checkbox's state as Chromium gives it: "true", "false" or "mixed".
        var checked: String? = nil
    }

    /// Part mark ("slide-2", "next") to its node.
    var nodes: [String: Node] = [:]

    /// Reads the whole tree once and keeps the nodes of the parts in `marks` (mark → backend
    /// DOM node id).
    init(tree: [JSON], marks: [String: Int]) {
        var byBackend: [Int: JSON] = [:]
        var byId: [String: JSON] = [:]
        for node in tree {
            if let id = node["nodeId"]?.stringValue { byId[id] = node }
            guard let backend = node["backendDOMNodeId"]?.intValue else { continue }
            byBackend[backend] = node
        }
        for (mark, backend) in marks {
            guard let json = byBackend[backend] else { continue }
            var node = Self.node(json)
            node.read = !node.ignored || Self.readBelow(json, byId)
            // Only a picker's words are ever said for it; a slide may hold an article.
            if mark.hasPrefix("picker-"), node.name.isEmpty, !node.ignored { node.words = Self.wordsBelow(json, byId) }
            nodes[mark] = node
        }
    }

    /// Whether any node under an ignored one is in the tree (not ignored), following `childIds`
    /// through the nodes read. Bounded, since a slide may hold a whole article: the first node
    /// found decides.
    static func readBelow(_ node: JSON, _ byId: [String: JSON], limit: Int = 5_000) -> Bool {
        var stack = node["childIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
        var visited = 0
        while let id = stack.popLast(), visited < limit {
            visited += 1
            guard let child = byId[id] else { continue }
            if child["ignored"]?.boolValue != true { return true }
            stack += child["childIds"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
        return false
    }

    /// The text of the static text nodes under `node` that the tree keeps, in order, joined
    /// by spaces. Bounded as `readBelow` is, and to 200 characters: it names a dot, not an
    /// article.
    static func wordsBelow(_ node: JSON, _ byId: [String: JSON], limit: Int = 5_000) -> String {
        var stack = Array((node["childIds"]?.arrayValue?.compactMap(\.stringValue) ?? []).reversed())
        var visited = 0
        var words = ""
        while let id = stack.popLast(), visited < limit, words.count < 200 {
            visited += 1
            guard let child = byId[id] else { continue }
            if child["ignored"]?.boolValue != true, child["role"]?["value"]?.stringValue == "StaticText" {
                let text = (child["name"]?["value"]?.stringValue ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !text.isEmpty {
                    // Text split around a part ("slide 1 of 3" and ", currently active") is
                    // one sentence: no space before its punctuation.
                    let glued = words.isEmpty || text.first.map { ",.;:!?)".contains($0) } == true
                    words += (glued ? "" : " ") + text
                }
                continue
            }
            stack += (child["childIds"]?.arrayValue?.compactMap(\.stringValue) ?? []).reversed()
        }
        return words.count > 200 ? String(words.prefix(200)) : words
    }

    static func node(_ json: JSON) -> Node {
        var properties: [String: JSON] = [:]
        for property in json["properties"]?.arrayValue ?? [] {
            if let name = property["name"]?.stringValue { properties[name] = property["value"]?["value"] ?? .null }
        }
        func bool(_ key: String) -> Bool? {
            guard let value = properties[key] else { return nil }
            if let flag = value.boolValue { return flag }
            if let text = value.stringValue { return text == "true" }
            return nil
        }
        return Node(
            role: json["role"]?["value"]?.stringValue ?? "",
            name: json["name"]?["value"]?.stringValue ?? "",
            roleDescription: properties["roledescription"]?.stringValue,
            ignored: json["ignored"]?.boolValue ?? false,
            focusable: bool("focusable") ?? false,
            selected: bool("selected"),
            pressed: bool("pressed"),
            disabled: bool("disabled") ?? false,
            focused: bool("focused") ?? false,
            valueText: properties["valuetext"]?.stringValue,
            value: json["value"]?["value"]?.doubleValue ?? Double(json["value"]?["value"]?.stringValue ?? ""),
            minimum: properties["valuemin"]?.doubleValue,
            maximum: properties["valuemax"]?.doubleValue,
            checked: properties["checked"].flatMap { $0.stringValue ?? $0.boolValue.map { $0 ? "true" : "false" } })
    }

    /// Mark → backend DOM node id, for every element the carousel script marked.
    static func marks(in document: JSON) -> [String: Int] {
        var found: [String: Int] = [:]
        var stack: [JSON] = [document]
        while let node = stack.popLast() {
            if let attributes = node["attributes"]?.arrayValue, let backend = node["backendNodeId"]?.intValue {
                var index = 0
                while index + 1 < attributes.count {
                    if attributes[index].stringValue == "data-pagervoice", let mark = attributes[index + 1].stringValue {
                        found[mark] = backend
                    }
                    index += 2
                }
            }
            stack += node["children"]?.arrayValue ?? []
        }
        return found
    }

    /// A CSS carousel's parts that are pseudo-elements, by the marks of the elements they
    /// belong to: each marked slide's `::scroll-marker` is that slide's picker ("picker-2"), and
    /// the root's `::scroll-button(…)`s are Previous (left, up, or the start of a line or
    /// block) and Next; its `::scroll-marker-group` is "marker-group". DevTools lists them as nodes of their own, with backend ids the tree uses.
    static func pseudoMarks(in document: JSON) -> [String: (backend: Int, name: String)] {
        var found: [String: (backend: Int, name: String)] = [:]
        var stack: [JSON] = [document]
        while let node = stack.popLast() {
            stack += node["children"]?.arrayValue ?? []
            guard let pseudo = node["pseudoElements"]?.arrayValue, let attributes = node["attributes"]?.arrayValue else { continue }
            var mark: String?
            var index = 0
            while index + 1 < attributes.count {
                if attributes[index].stringValue == "data-pagervoice" { mark = attributes[index + 1].stringValue }
                index += 2
            }
            guard let mark else { continue }
            for part in pseudo {
                guard let backend = part["backendNodeId"]?.intValue else { continue }
                let type = part["pseudoType"]?.stringValue
                let name = part["nodeName"]?.stringValue ?? ""
                if type == "scroll-marker", mark.hasPrefix("slide-") {
                    found["picker-" + mark.dropFirst(6)] = (backend, name)
                } else if type == "scroll-marker-group", mark == "root" {
                    // Not a part: where the tree keeps the markers, read with the widget's own
                    // subtree on a big page (they are not in it).
                    found["marker-group"] = (backend, name)
                } else if type == "scroll-button", mark == "root" {
                    let back = ["left", "up", "inline-start", "block-start"].contains { name.contains("(\($0))") }
                    found[back ? "previous" : "next"] = found[back ? "previous" : "next"] ?? (backend, name)
                }
            }
        }
        return found
    }

    /// The part as a `PageElement`: selector and box from the script, the rest from the tree.
    func element(_ mark: String, selector: String, box: PageBox?) -> PageElement {
        var element = PageElement(selector: selector)
        element.box = box
        guard let node = nodes[mark] else { return element }
        element.role = node.ignored ? "" : node.role
        element.name = node.name
        element.words = node.words
        element.roleDescription = node.roleDescription
        element.focusable = node.focusable
        element.exposed = node.read
        element.disabled = node.disabled
        return element
    }
}

import Testing

@testable import PagerCore

/// Reading JSON: what the writer writes reads back the same, escapes and broken text are decoded
/// as browsers expect, every malformed input is an error, and depth is bounded.
@Suite struct JSONParsingTests {
    private func parse(_ text: String) throws -> JSON { try JSON(parsing: text) }

    @Test func readsBackWhatTheWriterWrites() throws {
        let value: JSON = .object([
            ("type", .string("page")), ("index", .int(3)), ("position", .double(1.0)), ("ratio", .double(0.92)),
            ("tiny", .double(1e-05)), ("big", .double(1.5e300)), ("negative", .int(-42)), ("min", .int(Int.min)), ("max", .int(Int.max)),
            ("flag", .bool(true)), ("off", .bool(false)), ("nothing", .null), ("empty", .array([])), ("none", .object([])),
            ("text", .string("Tab\t\"quoted\" back\\slash\nnew line \u{1} \u{7F} \u{9B} \u{2028} é 日本 😀")),
            ("nested", .array([.array([.object([("z", .int(1)), ("a", .int(2))])])])),
        ])
        let text = value.serialized()
        let read = try JSON(parsing: text)
        #expect(read == value)
        #expect(read.serialized() == text)
        // Key order is kept, not sorted.
        #expect(read["nested"]?[0]?[0]?.objectValue?.map(\.0) == ["z", "a"])
    }

    @Test func accessors() throws {
        let value = try parse(#"{"a": [1, 2.5, "three", true, null, {"b": 2.0}], "a2": {}, "dup": 1, "dup": 2}"#)
        let list = try #require(value["a"])
        #expect(list.arrayValue?.count == 6)
        #expect(list[0]?.intValue == 1)
        #expect(list[0]?.doubleValue == 1)
        #expect(list[1]?.doubleValue == 2.5)
        #expect(list[1]?.intValue == nil)
        #expect(list[2]?.stringValue == "three")
        #expect(list[3]?.boolValue == true)
        #expect(list[4]?.isNull == true)
        #expect(list[5]?["b"]?.intValue == 2)
        #expect(list[6] == nil && list[-1] == nil)
        #expect(value["a2"]?.objectValue?.isEmpty == true)
        #expect(value["missing"] == nil)
        #expect(value["dup"]?.intValue == 2)
        #expect(value[0] == nil && list["a"] == nil)
        #expect(list[2]?.intValue == nil && list[0]?.stringValue == nil && list[0]?.boolValue == nil)
    }

    @Test func numbers() throws {
        #expect(try parse("0") == .int(0))
        #expect(try parse("-0").intValue == 0)
        #expect(try parse("9223372036854775807") == .int(Int.max))
        #expect(try parse("-9223372036854775808") == .int(Int.min))
        #expect(try parse("9223372036854775808").doubleValue == 9_223_372_036_854_775_808.0)
        #expect(try parse("-9223372036854775809") == .double(-9_223_372_036_854_775_809.0))
        #expect(try parse("1.0") == .double(1.0))
        #expect(try parse("1e2") == .double(100))
        #expect(try parse("-2.5E-3") == .double(-0.0025))
        #expect(try parse("1E+2") == .double(100))
        #expect(try parse(" \t\r\n 7 \n") == .int(7))
    }

    @Test func escapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#).stringValue == "\"\\/\u{8}\u{C}\n\r\t")
        #expect(try parse(#""\u0041\u00e9\u65E5""#).stringValue == "Aé日")
        // A surrogate pair is one scalar.
        #expect(try parse(#""\ud83d\ude00""#).stringValue == "😀")
        #expect(try parse(#""x\uD834\uDD1Ey""#).stringValue == "x𝄞y")
        // Lone surrogates cannot be in a Swift string: each becomes U+FFFD.
        #expect(try parse(#""\ud83d""#).stringValue == "\u{FFFD}")
        #expect(try parse(#""\ude00x""#).stringValue == "\u{FFFD}x")
        #expect(try parse(#""\ud83d\u0041""#).stringValue == "\u{FFFD}A")
        #expect(try parse(#""\ud83d\ud83d\ude00""#).stringValue == "\u{FFFD}😀")
        #expect(try parse(#""\u0000""#).stringValue == "\u{0}")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0xC3, 0x22]  // "a<FF>b<C3 cut off>"
        #expect(try JSON(parsing: bytes).stringValue == "a\u{FFFD}b\u{FFFD}")
        let escaped: [UInt8] = [0x22, 0x5C, 0x6E, 0xED, 0xA0, 0x80, 0x22]  // "\n" then an encoded surrogate
        #expect(try JSON(parsing: escaped).stringValue?.hasPrefix("\n\u{FFFD}") == true)
    }

    @Test(arguments: [
        "", " ", "{", "}", "[", "]", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{\"a\":}", "[1 2]", "01", "-", "1.", ".5",
        "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "tru", "nul", "True", "\"unterminated", "\"bad \\x escape\"", "\"\\u12\"",
        "\"\\u12G4\"", "\"tab\tinside\"", "\"line\nbreak\"", "1 2", "[] []", "{\"a\":1}}", "// comment\n1", "'single'", "[1]x",
        "\u{FEFF}1",
    ])
    func malformedInputIsAnError(text: String) {
        #expect(throws: JSONParseError.self, "\(text.debugDescription)") { try JSON(parsing: text) }
    }

    @Test func errorsSayWhereAndWhy() {
        #expect(throws: JSONParseError(reason: "expected ',' or ']'", offset: 3)) { try JSON(parsing: "[1 2]") }
        let error = JSONParseError(reason: "unexpected end of input", offset: 0)
        #expect(error.description == "not JSON: unexpected end of input at byte 0")
    }

    @Test func nestingIsBounded() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try parse(deepest).serialized() == deepest)
        let objects = String(repeating: "{\"a\":", count: 512) + "1" + String(repeating: "}", count: 512)
        #expect(try parse(objects)["a"]?["a"]?["a"] != nil)
        #expect(throws: JSONParseError.self) {
            try JSON(parsing: String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
        }
        // Far deeper than any stack would take: refused at once, no crash.
        #expect(throws: JSONParseError(reason: "nested deeper than 512", offset: 512)) {
            try JSON(parsing: String(repeating: "[", count: 1_000_000))
        }
    }

    /// A document the size of a large accessibility tree; timed for the log, never asserted.
    @Test func readsALargeDocument() throws {
        var text = "["
        let node =
            #"{"nodeId":"1234","ignored":false,"role":{"type":"role","value":"button"},"name":{"type":"computedString","#
            + #""value":"Next page \u00e9\u2192 🙂","sources":[]},"properties":[{"name":"focusable","value":{"type":"#
            + #""booleanOrUndefined","value":true}}],"childIds":["1235","1236"],"backendDOMNodeId":987,"bounds":[1.5,-20.25,390,844e0]}"#
        let count = 70_000
        for index in 0..<count { text += (index == 0 ? "" : ",") + node }
        text += "]"
        let bytes = Array(text.utf8)
        let start = ContinuousClock.now
        let value = try JSON(parsing: bytes)
        let elapsed = ContinuousClock.now - start
        #expect(value.arrayValue?.count == count)
        #expect(value[count - 1]?["name"]?["value"]?.stringValue == "Next page é→ 🙂")
        #expect(value[0]?["bounds"]?[3] == .double(844))
        let megabytes = Double(bytes.count) / 1_000_000
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("JSON parse: \(Int(megabytes)) MB in \(elapsed) (\(Int(megabytes / seconds)) MB/s)")
    }
}

import PagerSpeech
import Testing

@Suite struct TextSanitizerTests {
    @Test func embeddedCommandAndNulAreRemoved() {
        let result = TextSanitizer.sanitize("A\u{0}B\u{1}50S C")
        #expect(result.text == "AB50S C")
        #expect(!result.wasTruncated)
        #expect(result.truncationNotice == nil)
    }

    @Test func otherControlCharactersSeparateWords() {
        #expect(
            TextSanitizer.sanitize("one\ttwo\nthree\u{7}four\u{1B}[31m\u{85}five").text
                == "one two three four [31m five")
        #expect(TextSanitizer.sanitize("  \n padded \r\n").text == "padded")
    }

    @Test func markupIsKeptAsText() {
        let tag = #"<speak><audio src="/etc/passwd"/></speak> &amp;"#
        #expect(TextSanitizer.sanitize(tag).text == tag)
    }

    @Test func longTextIsCutAtAClauseBoundaryWithANotice() {
        let sentence = "This sentence is exactly fifty characters long ok. "
        let text = String(repeating: sentence, count: 100)  // 5100 scalars
        let result = TextSanitizer.sanitize(text)
        #expect(result.wasTruncated)
        #expect(result.originalLength == 5100)
        #expect(result.text.unicodeScalars.count <= TextSanitizer.maximumLength)
        #expect(result.text.unicodeScalars.count > TextSanitizer.maximumLength - 60)
        #expect(result.text.hasSuffix("ok."))
        let notice = try! #require(result.truncationNotice)
        #expect(notice.contains("5100"))
        #expect(notice.contains("\(TextSanitizer.maximumLength)"))
    }

    @Test func arabicClauseBoundaryIsRecognised() {
        let clause = "الصفحة 2 من 3، "
        let result = TextSanitizer.sanitize(String(repeating: clause, count: 20), limit: 100)
        #expect(result.wasTruncated)
        #expect(result.text.hasSuffix("،"))
    }

    @Test func oneEnormousWordIsCutHard() {
        let result = TextSanitizer.sanitize(String(repeating: "x", count: 50), limit: 10)
        #expect(result.text == String(repeating: "x", count: 10))
        #expect(result.wasTruncated)
    }
}

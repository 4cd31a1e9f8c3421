import PagerSpeech
import PagerSystem
import PagerTestSupport
import Testing

@testable import PagerShell

/// Pages spoken by the real eSpeak NG engine, as the session will speak them: every part of a
/// page queued at low priority. What the engine was given has the words and not the markup, and
/// a longer page makes longer audio.
@Suite struct DocumentSpeechTests {
    final class Events: Sendable {
        let list = Locked<[UtteranceEvent]>([])
        let notices = Locked<[String]>([])
    }

    static let text = """
        # Short

        A *brief* page with `code`.

        # Longer

        This page has **more** to say, with a [link](https://example.com/x) and a list:

        - one _item_
        - another item

        > A quoted line, and a table:

        | Name | Value |
        |------|-------|
        | size | large |

        """

    @Test func theEngineIsGivenTheWordsWithoutTheMarkup() throws {
        let folder = try TemporaryDirectory()
        let document = try Document(path: try writeFile(folder, "spoken.md", Self.text))
        #expect(document.titles == ["Short", "Longer"])
        let events = Events()
        let memory = MemorySink()
        let announcer = Announcer(
            engine: try SpeechEngine.shared(), sinks: [memory],
            onNotice: { line in events.notices.withLock { $0.append(line) } },
            onEvent: { event in events.list.withLock { $0.append(event) } })
        var samples: [Int] = []
        for index in 0..<document.count {
            let speech = try document.speech(ofPage: index)
            #expect(speech.unspokenBytes == 0)
            let ids = speech.parts.map { announcer.speak($0, priority: .low) }
            #expect(announcer.drain(timeout: .seconds(60)))
            let spoken = events.list.withLock { list in list.filter { ids.contains($0.id) } }
            #expect(spoken.count == ids.count)
            #expect(spoken.allSatisfy { $0.outcome == .finished })
            let given = spoken.map(\.spokenText).joined(separator: " ").split(separator: " ").joined(separator: " ")
            for markup in ["#", "*", "`", "_", "[", "](", "https://", "|", ">", "---"] {
                #expect(!given.contains(markup), "page \(index + 1) gave the engine \(markup): \(given)")
            }
            samples.append(spoken.map(\.sampleCount).reduce(0, +))
            if index == 0 {
                #expect(given == "Short. A brief page with code.")
            } else {
                for words in [
                    "Longer.", "This page has more to say, with a link and a list:", "one item.", "another item.",
                    "A quoted line, and a table:", "Name, Value.", "size, large.",
                ] {
                    #expect(given.contains(words), "missing \(words): \(given)")
                }
            }
        }
        #expect(events.notices.withLock { $0 }.isEmpty)
        // Both were heard, and the longer page for longer (22050 samples a second).
        #expect(samples[0] > 22_050 / 2)
        #expect(samples[1] > 3 * samples[0])
    }

    /// A page longer than one utterance may be is spoken in parts, every word of it, none cut.
    @Test func aLongPageIsSpokenInPartsWithEveryWord() {
        let text = (1...400).map { "Sentence number \($0) has a few words in it. " }.joined()
        let speech = PageSpeech(text)
        #expect(speech.parts.count > 1)
        for part in speech.parts {
            #expect(part.unicodeScalars.count <= TextSanitizer.maximumLength)
            #expect(!TextSanitizer.sanitize(part).wasTruncated)
            #expect(part.hasSuffix("in it."))
        }
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        #expect(words(speech.parts.joined(separator: " ")) == words(text))

        // One "word" longer than the limit is cut, and nothing is lost.
        let blob = String(repeating: "x", count: 9_000)
        #expect(PageSpeech(blob).parts.map(\.count) == [4_000, 4_000, 1_000])
        #expect(PageSpeech("").parts.isEmpty)
    }
}

import Foundation
import PagerListen
import PagerTestSupport
import Testing

/// The phrase table behind the grammar: which words mean which command line, what is left out.
@Suite struct GrammarTests {
    private let dictionary: Set<String> = [
        "next", "page", "previous", "first", "last", "repeat", "stop", "where", "am", "i", "quit", "listening", "read",
        "go", "to", "one", "two", "three", "four", "twenty", "explore", "collect", "share", "the", "garden",
    ]

    @Test func phrasesMapToTheCommandLinesTheyMean() {
        let commands = VoiceCommands(titles: ["Explore", "Collect", "Share"], count: 3, canPronounce: dictionary.contains)
        #expect(commands.action(for: ["next", "page"]) == .command("next"))
        #expect(commands.action(for: ["previous"]) == .command("previous"))
        #expect(commands.action(for: ["first", "page"]) == .command("go 1"))
        #expect(commands.action(for: ["last", "page"]) == .command("go 3"))
        #expect(commands.action(for: ["page", "two"]) == .command("go 2"))
        #expect(commands.action(for: ["go", "to", "page", "three"]) == .command("go 3"))
        #expect(commands.action(for: ["go", "to", "collect"]) == .command("go 2"))
        #expect(commands.action(for: ["where", "am", "i"]) == .command("focus"))
        #expect(commands.action(for: ["quit", "listening"]) == .quitListening)
        #expect(commands.action(for: ["read"]) == .command("read"))
        #expect(commands.report.notices.isEmpty)
    }

    /// A number past the last page, up to `numbersOffered`, is heard as itself and runs nothing
    /// (left out, "go to page five" was taken for page 1 of 3); a title says more than a number
    /// there is no page for.
    @Test func numbersPastTheLastPageAreHeardAsThemselves() {
        let commands = VoiceCommands(titles: ["Explore", "Collect", "Share"], count: 3, canPronounce: dictionary.contains)
        #expect(commands.action(for: ["page", "four"]) == .noSuchPage(4))
        #expect(commands.action(for: ["go", "to", "page", "four"]) == .noSuchPage(4))
        #expect(commands.action(for: ["page", "four"])?.description == "go 4", "the command as typed")
        #expect(commands.action(for: ["page", "twenty"]) == nil, "numbers stop at \(VoiceCommands.numbersOffered)")
        let titled = VoiceCommands(titles: ["Page 4", "Explore"], count: 2, canPronounce: dictionary.contains)
        #expect(titled.action(for: ["go", "to", "page", "four"]) == .command("go 1"))
        #expect(titled.action(for: ["page", "four"]) == .noSuchPage(4))
        #expect(titled.report.notices.isEmpty)
        let twenty = VoiceCommands(titles: [], count: 20, canPronounce: dictionary.contains)
        #expect(twenty.action(for: ["page", "twenty"]) == .command("go 20"))
        #expect(!twenty.phrases.contains { if case .noSuchPage = $0.action { true } else { false } })
    }

    /// A title said like a phrase that leads elsewhere is reported once, saying where it leads;
    /// a title that leads to its own page ("Page 3" on page 3, every default title) is no clash.
    @Test func titleClashesSayWhereThePhraseGoes() {
        let commands = VoiceCommands(titles: ["Page 3", "Explore", "Page 3", "Explore"], count: 4, canPronounce: dictionary.contains)
        #expect(commands.report.titleClashes.map(\.page) == [1, 4])
        #expect(
            commands.report.notices == [
                #"voice: "go to page three" goes to page 3, not to page 1 (its title says the same)"#,
                #"voice: "go to explore" goes to page 2, not to page 4 (its title says the same)"#,
            ])
        let defaults = VoiceCommands(titles: (1...4).map { "Page \($0)" }, count: 4, canPronounce: dictionary.contains)
        #expect(defaults.report.notices.isEmpty)
    }

    @Test func unpronounceableTitleWordsAreLeftOutAndReported() {
        let commands = VoiceCommands(
            titles: ["The Xyzzy Garden", "Qwfp", "Collect", "collect!"], count: 4, canPronounce: dictionary.contains)
        #expect(commands.action(for: ["go", "to", "the", "garden"]) == .command("go 1"))
        #expect(commands.report.leftOut.map(\.page) == [1, 2])
        #expect(commands.report.leftOut[0].words == ["xyzzy"])
        #expect(commands.report.leftOut[0].unreachableByTitle == false)
        #expect(commands.report.leftOut[1].unreachableByTitle)
        #expect(commands.report.titleClashes.map(\.page) == [4])
        #expect(commands.action(for: ["go", "to", "collect"]) == .command("go 3"))
        #expect(commands.report.notices.count == 3)
        #expect(commands.report.notices.allSatisfy { !$0.contains("\n") })
    }

    @Test func emptyAndHugePagers() {
        let empty = VoiceCommands(titles: [], count: 0, canPronounce: dictionary.contains)
        #expect(empty.action(for: ["last", "page"]) == nil)
        #expect(empty.action(for: ["next"]) == .command("next"))
        let huge = VoiceCommands(titles: [], count: 1200, canPronounce: { _ in true })
        #expect(huge.report.pagesWithoutNumber == 1000...1200)
        #expect(huge.report.notices == [#"voice: pages 1000…1200 have no "page <number>" phrase (numbers stop at 999)"#])
        #expect(huge.action(for: ["page", "nine", "hundred", "and", "ninety", "nine"]) == .command("go 999"))
        #expect(huge.action(for: ["last", "page"]) == .command("go 1200"))
    }

    @Test func spokenWordsAndNumbers() {
        #expect(SpokenWords.words(in: "Page 2 of 10") == ["page", "two", "of", "ten"])
        #expect(SpokenWords.words(in: "Don't stop — it's 'Chapter 21'") == ["don't", "stop", "it's", "chapter", "twenty", "one"])
        #expect(NumberWords.words(105) == ["one", "hundred", "and", "five"])
        #expect(NumberWords.words(2040) == ["two", "thousand", "and", "forty"])
        #expect(NumberWords.words(-1) == nil)
    }

    @Test func theListenerReportsLeftOutWordsFromTheRealDictionary() throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let path = folder.path + "/silence.wav"
        try WAVWriter.write(WAVWriter.bytes(samples: [Float](repeating: 0, count: 1600), sampleRate: 16_000), to: path)
        let listener = try Listener(
            source: .wavFile(path), titles: ["Explore", "Zqxvrt Collect"], count: 2, configuration: ListenFixtures.configuration
        ) { _ in }
        #expect(listener.initialReport.leftOut.map(\.words) == [["zqxvrt"]])
        #expect(listener.waitUntilFinished(timeout: .seconds(30)))
        // The grammar can be rebuilt after the recording ended, too.
        let report = listener.updatePages(titles: ["Share", "Blorptastic"], count: 2)
        #expect(report.leftOut.map(\.page) == [2])
        #expect(report.leftOut[0].unreachableByTitle)
    }
}

import PagerListen
import Testing

/// The wake word and sleep in the grammar.
@Suite struct WakeWordTests {
    @Test func theDictionaryIsAskedWithoutARecogniser() {
        let model = SpeechModel.englishUS
        #expect(model.canPronounce("computer"))
        #expect(model.canPronounce("page"))
        #expect(!model.canPronounce("pagervoicey"))
        #expect(!model.canPronounce(""))
        #expect(!model.canPronounce("comput"), "a prefix of a word is no word")
        #expect(!model.canPronounce("hey computer"))
        var missing = model
        missing.dictionary = "/nonexistent.dict"
        #expect(!missing.canPronounce("computer"))
    }

    @Test func everyPhraseBeginsWithTheWakeWord() {
        let plain = VoiceCommands(titles: ["Explore"], count: 1, canPronounce: { _ in true })
        let woken = VoiceCommands(titles: ["Explore"], count: 1, canPronounce: { _ in true }, wakeWord: "computer")
        #expect(woken.phrases.count == plain.phrases.count)
        #expect(woken.phrases.allSatisfy { $0.words.first == "computer" })
        #expect(woken.action(for: ["computer", "next", "page"]) == .command("next"))
        #expect(woken.action(for: ["next", "page"]) == nil)
        #expect(plain.action(for: ["go", "to", "sleep"]) == .sleep)
        #expect(plain.action(for: ["wake", "up"]) == .wake)
        #expect(VoiceCommands.asleep().map(\.words) == [["wake", "up"]])
        #expect(VoiceCommands.asleep(wakeWord: "computer").map(\.words) == [["computer", "wake", "up"]])
    }

    /// A page titled "Sleep" cannot take "go to sleep" away from sleeping: the notice says so.
    @Test func aTitleSaidLikeGoToSleepKeepsSleeping() {
        let commands = VoiceCommands(titles: ["Explore", "Sleep"], count: 2, canPronounce: { _ in true })
        #expect(commands.action(for: ["go", "to", "sleep"]) == .sleep)
        #expect(commands.report.notices.contains { $0.contains("\"go to sleep\" goes to sleep") }, "\(commands.report.notices)")
    }
}

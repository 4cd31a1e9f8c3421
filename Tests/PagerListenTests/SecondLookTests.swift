import PagerListen
import PagerTestSupport
import Testing

/// The second look at utterances the stream rejected (`Recogniser.secondLook`): it runs commands
/// in a voice the model fits poorly, and it never changes how the stream hears what comes next.
@Suite struct SecondLookTests {
    /// eSpeak NG's formant speech, which the stream's decodes often reject: the same recording
    /// heard with the second look and without it (no warps: nothing to look at).
    @Test func eSpeakCommandsTheStreamRejectsAreRunByTheSecondLook() throws {
        let folder = try TemporaryDirectory(prefix: "pv-second-look")
        let count = 20
        let phrases = ListenFixtures.commandPhrases(count: count)
        let path = try ListenFixtures.recording(phrases.map(\.text), by: .espeak("en-us"), in: folder.path)
        func heard(_ tuning: RejectionTuning) throws -> (correct: Int, wrong: Int) {
            let events = try ListenFixtures.events(
                file: path, titles: ListenFixtures.pageTitles(count: count), count: count,
                configuration: ListenConfiguration(rejection: tuning))
            #expect(events.last == .finished(.endOfFile))
            // The commands run right are the longest run of them in the order said, not
            // necessarily adjacent (the ones between were missed); anything else ran a wrong
            // command. (Matching each to the next phrase it could be let one wrong "go 1" skip
            // to "go to Explore" at the end and count everything after it wrong: 17 wrong for
            // one, in a trial with other phrases.)
            let expected = phrases.map(\.action)
            let ran = events.actions
            var longest = [[Int]](repeating: [Int](repeating: 0, count: expected.count + 1), count: ran.count + 1)
            for i in 0..<ran.count {
                for j in 0..<expected.count {
                    longest[i + 1][j + 1] = ran[i] == expected[j] ? longest[i][j] + 1 : max(longest[i][j + 1], longest[i + 1][j])
                }
            }
            let correct = longest[ran.count][expected.count]
            return (correct, ran.count - correct)
        }
        let without = try heard(RejectionTuning(closedSetWarps: []))
        let with = try heard(RejectionTuning())
        // Measured here (2026-12-03): 33 of 33 with it, 25 without, nothing wrong.
        #expect(with.correct >= without.correct + 5, "with the second look \(with), without \(without) of \(phrases.count)")
        #expect(with.correct * 100 >= phrases.count * 90, "with the second look \(with) of \(phrases.count)")
        #expect(with.wrong <= 1, "with the second look \(with)")
    }

    /// An out-of-grammar sentence reaches the second look, then a command the stream accepts: the
    /// command's score is the same whether the look heard the sentence at one warp or at three,
    /// because the looks have a decoder of their own. On the stream's decoder they would not be
    /// (checked too, so the comparison is known to be able to tell).
    @Test func secondLooksLeaveTheStreamAsItWas() throws {
        let folder = try TemporaryDirectory(prefix: "pv-second-look")
        let sentence = try ListenFixtures.samples("the weather is nice today", by: .flite("slt"), in: folder.path)
        let command = try ListenFixtures.samples("next page", by: .flite("slt"), in: folder.path)
        func commandScore(warps: [Double], ownDecoder: Bool) throws -> Double? {
            let recogniser = try Recogniser(configuration: ListenConfiguration(rejection: RejectionTuning(closedSetWarps: warps)))
            let commands = VoiceCommands(titles: ListenFixtures.titles, count: 3, canPronounce: recogniser.canPronounce)
            try recogniser.load(phrases: commands.phrases.map(\.words))
            if ownDecoder { recogniser.prepareSecondLook() }
            // Rejected by both stream decodes and by the second look, so every look was taken.
            let rejected = recogniser.hear(sentence)
            #expect(!rejected.isEmpty && rejected.allSatisfy { if case .rejected = $0 { true } else { false } })
            let outcomes = recogniser.hear(command)
            guard outcomes.count == 1, case .phrase(let index, let score) = outcomes[0] else { return nil }
            #expect(commands.phrases[index].action == .command("next"))
            return score
        }
        let oneWarp = try #require(try commandScore(warps: [1], ownDecoder: true))
        let threeWarps = try #require(try commandScore(warps: [0.9, 1, 1.1], ownDecoder: true))
        #expect(oneWarp == threeWarps)
        let sharedOne = try #require(try commandScore(warps: [1], ownDecoder: false))
        let sharedThree = try #require(try commandScore(warps: [0.9, 1, 1.1], ownDecoder: false))
        #expect(sharedOne != sharedThree)
    }
}

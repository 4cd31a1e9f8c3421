import Foundation
import PagerListen
import PagerTestSupport
import Testing

/// `verify --listen`'s check, on recordings eSpeak NG makes at test time (22050 Hz, as PagerVoice's
/// own voice writes them): an announcement is heard as itself among a pager's announcements, a
/// wrong expectation fails and names what was heard, and texts it cannot check are refused.
@Suite struct AnnouncementCheckTests {
    static let nine = (1...9).map { "Page \($0) of 9" }

    private static func spoken(_ text: String, by talker: Talker = .espeak("en-us"), in folder: TemporaryDirectory) throws -> WAVFile {
        let path = folder.path + "/spoken.wav"
        try talker.say(text, to: path)
        return try WAVFile(contentsOf: path)
    }

    @Test func anAnnouncementIsHeardAsItselfAndAWrongOneFails() throws {
        let folder = try TemporaryDirectory(prefix: "pv-check")
        let check = try AnnouncementCheck(phrases: Self.nine, configuration: ListenFixtures.configuration)
        #expect(check.unpronounceable.isEmpty)
        let wav = try Self.spoken("Page 3 of 9", in: folder)
        #expect(wav.sampleRate == 22_050)
        let right = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: "Page 3 of 9")
        #expect(right.matches, "heard '\(right.heard)'")
        #expect(right.expected == "page three of nine")
        let runnerUp = try #require(right.runnerUp)
        #expect(runnerUp != right.heard && runnerUp.hasPrefix("page ") && runnerUp.hasSuffix(" of nine"))
        #expect((right.margin ?? -1) >= 0)

        // The same recording expected as another announcement: the check fails, naming what it heard.
        let wrong = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: "Page 8 of 9")
        #expect(!wrong.matches)
        #expect(wrong.heard == "page three of nine")
        #expect(wrong.expected == "page eight of nine")
    }

    @Test func textsThatAreNotAnnouncementsAreToldApartWhenBothAreGiven() throws {
        let folder = try TemporaryDirectory(prefix: "pv-check")
        let check = try AnnouncementCheck(
            phrases: (1...3).map { "Page \($0) of 3" } + ["Explore", "Collect"], configuration: ListenFixtures.configuration)
        let wav = try Self.spoken("Collect", in: folder)
        #expect(try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: "Collect").matches)
        let wrong = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: "Explore")
        #expect(!wrong.matches && wrong.heard == "collect")
        // An expected text not given at the start joins the phrases (and is heard as itself).
        let share = try Self.spoken("Share", in: folder)
        let added = try check.check(samples: share.samples, sampleRate: share.sampleRate, expected: "Share")
        #expect(added.matches, "heard '\(added.heard)'")
    }

    @Test func theRecordingsRateIsConverted() throws {
        let folder = try TemporaryDirectory(prefix: "pv-check")
        let check = try AnnouncementCheck(phrases: Self.nine, configuration: ListenFixtures.configuration)
        let wav = try Self.spoken("Page 3 of 9", in: folder)
        let mono = wav.samples.map { Float($0) / 32768 }
        for rate in [16_000, 48_000] {
            let samples = WAVWriter.resample(mono, from: wav.sampleRate, to: rate).map {
                Int16(max(-32768, min(32767, ($0 * 32768).rounded())))
            }
            let result = try check.check(samples: samples, sampleRate: rate, expected: "Page 3 of 9")
            #expect(result.matches, "\(rate) Hz: heard \(result)")
        }
    }

    @Test func whatCannotBeCheckedIsRefused() throws {
        let check = try AnnouncementCheck(phrases: Self.nine + ["Qwzxv page"], configuration: ListenFixtures.configuration)
        #expect(check.unpronounceable == ["qwzxv"])
        let tone = (0..<16_000).map { Int16(sin(Double($0) * 0.1) * 8000) }
        #expect(throws: ListenError.self) { try check.check(samples: tone, sampleRate: 16_000, expected: "Qwzxv page") }
        #expect(throws: ListenError.self) { try check.check(samples: tone, sampleRate: 16_000, expected: "…!") }
        #expect(throws: ListenError.self) { try check.check(samples: [], sampleRate: 16_000, expected: "Page 1 of 9") }
        #expect(throws: ListenError.self) { try check.check(samples: tone, sampleRate: 0, expected: "Page 1 of 9") }
        do {
            _ = try check.check(samples: tone, sampleRate: 16_000, expected: "Qwzxv page")
        } catch {
            #expect(error.description.contains("'qwzxv'"))
        }
        // A text far longer than any announcement is refused at once, not searched for minutes;
        // as a phrase it is left out.
        let long = Array(repeating: "page", count: AnnouncementCheck.maximumWords + 1).joined(separator: " ")
        #expect(throws: ListenError.self) { try check.check(samples: tone, sampleRate: 16_000, expected: long) }
        try check.include([long, "Page 1 of 9"])
        // Still usable after the refusals.
        let result = try check.check(samples: tone, sampleRate: 16_000, expected: "Page 1 of 9")
        #expect(result.expected == "page one of nine")
    }

    /// Moved from the retired `PhraseRecogniser`: an announcement said by flite's voices is heard
    /// as itself among all nine of a pager's, through the same check `verify --listen` makes.
    @Test func anAnnouncementSaidByAnotherVoiceIsHeardAsItself() throws {
        let announcements = (1...9).map { "Page \($0) of 9" }
        let check = try AnnouncementCheck(phrases: announcements, configuration: ListenFixtures.configuration)
        #expect(check.unpronounceable.isEmpty)
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        for (index, voice) in [(7, "slt"), (2, "rms")] {
            let path = folder.path + "/announcement-\(index).wav"
            try Talker.flite(voice).say(announcements[index], to: path)
            let wav = try WAVFile(contentsOf: path)
            let result = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: announcements[index])
            #expect(result.matches, "\(voice): \(result)")
            #expect(result.heard == "page \(NumberWords.words(index + 1)!.joined(separator: " ")) of nine")
            let wrong = try check.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: announcements[(index + 4) % 9])
            #expect(!wrong.matches, "\(voice): another announcement expected fails")
        }
    }
}

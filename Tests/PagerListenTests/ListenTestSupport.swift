import Foundation
import PagerListen
import PagerTestSupport

/// Shared pieces of the listening tests: phrases with the command each must produce, recordings
/// made at test time by another TTS, and a listener run to its end.
enum ListenFixtures {
    /// No state folder: sphinxbase's log is process-wide and the first recogniser decides, so
    /// the tests log nowhere (`ListenQuietTests` checks the log file in a process of its own).
    static var configuration: ListenConfiguration { ListenConfiguration() }

    static let titles = ["Explore", "Collect", "Share"]

    /// Every kind of command phrase, numbers up to `count`, the demo titles; with the command
    /// line each means on a pager of `count` pages titled `titles` (then "Page N").
    static func commandPhrases(count: Int) -> [(text: String, action: VoiceAction)] {
        var phrases: [(String, VoiceAction)] = [
            ("next", .command("next")), ("next page", .command("next")),
            ("previous", .command("previous")), ("previous page", .command("previous")),
            ("first page", .command("go 1")), ("last page", .command("go \(count)")),
            ("repeat", .command("repeat")), ("stop", .command("stop")),
            ("where am I", .command("focus")), ("read", .command("read")),
        ]
        let numbers = [
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
        ]
        for (index, word) in numbers.prefix(count).enumerated() {
            phrases.append((index % 2 == 0 ? "page \(word)" : "go to page \(word)", .command("go \(index + 1)")))
        }
        phrases += [("go to Explore", .command("go 1")), ("go to Collect", .command("go 2")), ("go to Share", .command("go 3"))]
        return phrases
    }

    /// A streaming recogniser with a 20-page pager's commands and its second look ready, as
    /// `Listener` hears: for tests that feed it one recording after another.
    static func twentyPageRecogniser(_ tuning: RejectionTuning) throws -> (recogniser: Recogniser, commands: VoiceCommands) {
        let recogniser = try Recogniser(configuration: ListenConfiguration(rejection: tuning))
        let commands = VoiceCommands(titles: pageTitles(count: 20), count: 20, canPronounce: recogniser.canPronounce)
        try recogniser.load(phrases: commands.phrases.map(\.words))
        recogniser.prepareSecondLook()
        return (recogniser, commands)
    }

    /// What `samples` ran, heard by `recogniser` after whatever it heard before.
    static func actions(hearing samples: [Int16], by recogniser: Recogniser, with commands: VoiceCommands) -> [VoiceAction] {
        recogniser.hear(samples).compactMap { if case .phrase(let index, _) = $0 { commands.phrases[index].action } else { nil } }
    }

    static func pageTitles(count: Int) -> [String] {
        titles + (titles.count..<max(count, titles.count)).map { "Page \($0 + 1)" }
    }

    /// `texts` said by `talker`, one after another with `gap` seconds of silence before, between
    /// and after them, as one 16 kHz WAV in `folder`.
    static func recording(
        _ texts: [String], by talker: Talker, in folder: String, gap: Double = 0.8, name: String = "sequence"
    ) throws -> String {
        let samples = try spoken(texts, by: talker, in: folder, gap: gap, name: name)
        let path = "\(folder)/\(name).wav"
        try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: 16_000), to: path)
        return path
    }

    /// `text` said by `talker` as 16 kHz samples, half a second of silence on each side: what a
    /// `Recogniser` is fed directly.
    static func samples(_ text: String, by talker: Talker, in folder: String) throws -> [Int16] {
        let name = text.replacingOccurrences(of: " ", with: "-")
        return try spoken([text], by: talker, in: folder, gap: 0.5, name: name).map {
            Int16(max(-32768, min(32767, ($0 * 32768).rounded())))
        }
    }

    /// The samples of `recording(_:by:in:gap:name:)`, at 16 kHz.
    private static func spoken(_ texts: [String], by talker: Talker, in folder: String, gap: Double, name: String) throws -> [Float] {
        var samples: [Float] = Array(repeating: 0, count: Int(gap * 16_000))
        for (index, text) in texts.enumerated() {
            let path = "\(folder)/\(name)-\(index).wav"
            try talker.say(text, to: path)
            let wav = try WAVFile(contentsOf: path)
            let mono = wav.samples.map { Float($0) / 32768 }
            samples += WAVWriter.resample(mono, from: wav.sampleRate, to: 16_000)
            samples += Array(repeating: 0, count: Int(gap * 16_000))
        }
        return samples
    }

    /// Listens to a whole WAV file; returns every event, the last being `.finished`.
    static func events(
        file path: String, titles: [String] = titles, count: Int = 3, configuration: ListenConfiguration = configuration
    ) throws -> [ListenEvent] {
        let events = EventLog()
        let listener = try Listener(source: .wavFile(path), titles: titles, count: count, configuration: configuration) {
            events.append($0)
        }
        guard listener.waitUntilFinished(timeout: .seconds(300)) else { return events.all + [.finished(.stopped)] }
        return events.all
    }
}

/// Events as a listener delivers them, readable from the test's thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [ListenEvent] = []

    func append(_ event: ListenEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [ListenEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    var heard: [HeardPhrase] {
        all.compactMap { if case .heard(let phrase) = $0 { phrase } else { nil } }
    }

    /// Polls until `condition` holds for the events so far, or the deadline passes.
    func wait(timeout: Duration, until condition: ([ListenEvent]) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition(all) { return true }
            usleep(5_000)
        }
        return condition(all)
    }
}

extension [ListenEvent] {
    var actions: [VoiceAction] {
        compactMap { if case .heard(let phrase) = $0 { phrase.action } else { nil } }
    }

    var notUnderstoodCount: Int {
        filter { if case .notUnderstood = $0 { true } else { false } }.count
    }
}

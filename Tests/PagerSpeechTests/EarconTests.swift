import Foundation
import PagerSpeech
import PagerTestSupport
import Testing

/// Earcons: synthesised, short, quiet, told apart, and never in the way of an announcement.
@Suite struct EarconTests {
    @Test func eachToneIsShortQuietAndItsOwn() {
        let rate = 22_050
        var seen: Set<[Int]> = []
        for earcon in Earcon.allCases {
            let samples = earcon.samples(sampleRate: rate)
            #expect(samples.count == rate * earcon.milliseconds / 1000)
            #expect(earcon.milliseconds < 150)
            #expect(samples.map { abs(Int($0)) }.max()! <= Int(Earcon.peak * 32767) + 1)
            #expect(abs(Int(samples.first!)) < 200 && abs(Int(samples.last!)) < 200, "faded in and out: no click")
            let pitch = PCMAnalysis.zeroCrossingFrequency(samples, sampleRate: rate)
            let (start, end) = earcon.frequencies
            #expect(abs(pitch - (start + end) / 2) < 25, "\(earcon): \(pitch) Hz")
            seen.insert([Int(start), Int(end), earcon.milliseconds])
        }
        #expect(Set(Earcon.allCases.map(\.milliseconds)).count == Earcon.allCases.count, "every length differs")
        #expect(seen.count == Earcon.allCases.count, "every pitch contour differs")
    }

    /// An earcon goes to the sinks as an utterance of its own; an announcement made while it
    /// plays cuts it off rather than waiting for it.
    @Test func anEarconReachesTheSinksAndNeverDelaysAnAnnouncement() throws {
        let engine = try SpeechEngine.shared()
        let memory = MemorySink()
        let announcer = Announcer(engine: engine, sinks: [memory])
        let tone = announcer.play(.done)
        announcer.drain()
        let played = try #require(memory.recording(for: tone))
        #expect(played.samples == Earcon.done.samples(sampleRate: engine.sampleRate))
        #expect(played.text == "earcon: done")

        // Queued behind speech, it waits; an announcement after it goes before it. The speech
        // it waits behind is long (seconds of synthesis), so it is still being said when the
        // announcement comes, however the threads are scheduled.
        let first = announcer.speak(longText, voice: nil)
        #expect(memory.waitForSamples(atLeast: played.samples.count + 1))
        let queued = announcer.play(.notUnderstood)
        let second = announcer.speak("Page 3 of 3", voice: nil)
        announcer.drain()
        let order = memory.recordings.map(\.id)
        #expect(memory.recording(for: first)?.interrupted == true)
        #expect(order.contains(second))
        #expect(!order.contains(queued) || order.firstIndex(of: queued)! > order.firstIndex(of: second)!, "\(order)")
    }
}

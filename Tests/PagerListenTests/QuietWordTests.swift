import Foundation
import PagerTestSupport
import Testing

@testable import PagerListen

/// `RejectionTuning.mostQuietWord`: a word of a phrase that a decode laid over silence was made
/// up, as "page" was before a lone "seven", which ran "page seven".
@Suite struct QuietWordTests {
    /// 20 frames of digital silence, then 40 frames of a tone.
    private let silenceThenTone: [Int16] =
        [Int16](repeating: 0, count: 20 * 160) + (0..<(40 * 160)).map { Int16(8000 * sin(Double($0) * 0.2)) }

    private func quietestWord(_ words: [ClosedRange<Int>], in audio: [Int16], firstFrames: ClosedRange<Int>, quietUnderLoudest: Double)
        -> Double
    {
        let levels = audio.withUnsafeBufferPointer { Recogniser.frameLevels($0) }
        return RejectionTuning.quietestWord(words, levels: levels, firstFrames: firstFrames, quietUnderLoudest: quietUnderLoudest)
    }

    @Test func aWordOverSilenceIsQuietAndOneOverSoundIsNot() {
        let madeUp = quietestWord([0...15, 16...59], in: silenceThenTone, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(madeUp == 1)
        let said = quietestWord([20...35, 36...59], in: silenceThenTone, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(said == 0)
        // Half of a word over the silence: half quiet.
        let straddling = quietestWord([16...23], in: silenceThenTone, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(straddling == 0.5)
    }

    /// Where the decode starts in the audio is known to a few frames: the placement that makes
    /// the words least quiet counts, so a command is never turned away for it. Frames past the
    /// end of the audio are quiet.
    @Test func theLeastQuietPlacementCounts() {
        let straddling = quietestWord([16...23], in: silenceThenTone, firstFrames: 0...4, quietUnderLoudest: 30)
        #expect(straddling == 0)
        let pastTheEnd = quietestWord([50...69], in: silenceThenTone, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(pastTheEnd == 0.5)
    }

    /// A second look adds faint noise under the speech (`WholeRecording.prepared`, 25 dB under
    /// it): noise alone is quiet there, though it is not 30 dB under the loudest.
    @Test func theNoiseASecondLookAddsIsQuiet() {
        let prepared = WholeRecording.prepared(silenceThenTone)
        // The margin `prepared` keeps before the tone (100 ms), as noise.
        let noise = quietestWord([0...8], in: prepared, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(noise == 1)
        let tone = quietestWord([12...40], in: prepared, firstFrames: 0...0, quietUnderLoudest: 30)
        #expect(tone == 0)
    }

    /// The real thing: flite voices saying a lone number, no command, one after another against
    /// a 20-page pager, as a room's talk would come. Without the check, "page" was laid over the
    /// silence before them and they ran "page <number>" (all seven, measured); with it nothing
    /// runs. The same voices
    /// saying "page seven" and "go to page twelve" still run them.
    @Test func aLoneNumberIsNoPageNumber() throws {
        let folder = try TemporaryDirectory(prefix: "pv-quiet-word")
        let lone: [(String, Talker)] = [
            ("eleven", .flite("awb")), ("seven", .flite("awb")), ("seven", .flite("rms")), ("twelve", .flite("rms")),
            ("fifteen", .flite("slt")), ("three", .flite("rms")), ("seven", .flite("kal16")),
        ]
        let recordings = try lone.map { try ListenFixtures.samples($0.0, by: $0.1, in: folder.path) }
        func commandsRun(_ tuning: RejectionTuning) throws -> [VoiceAction] {
            let (recogniser, commands) = try ListenFixtures.twentyPageRecogniser(tuning)
            var run: [VoiceAction] = []
            for samples in recordings { run += ListenFixtures.actions(hearing: samples, by: recogniser, with: commands) }
            for (text, talker) in [("page seven", Talker.flite("awb")), ("go to page twelve", .flite("rms"))] {
                let samples = try ListenFixtures.samples(text, by: talker, in: folder.path)
                let ran = ListenFixtures.actions(hearing: samples, by: recogniser, with: commands)
                #expect(ran == [.command(text == "page seven" ? "go 7" : "go 12")], "\(talker) '\(text)' under \(tuning.mostQuietWord)")
            }
            return run
        }
        let without = try commandsRun(RejectionTuning(mostQuietWord: 1))
        #expect(without.count >= 3, "the check is needed: \(without)")
        let with = try commandsRun(RejectionTuning())
        #expect(with == [], "\(with)")
    }
}

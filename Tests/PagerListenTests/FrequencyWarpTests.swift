import Foundation
import Testing

@testable import PagerListen

/// The closed-set look hears an utterance at a few frequency scales (`WholeRecording.warped`):
/// each must move every frequency by its factor and the length by its inverse, and leave the
/// recording alone at 1.
@Suite struct FrequencyWarpTests {
    /// A tone at `frequency` Hz, `seconds` long, at the recogniser's 16 kHz.
    private static func tone(_ frequency: Double, seconds: Double = 1) -> [Int16] {
        let count = Int(seconds * Double(Recogniser.sampleRate))
        return (0..<count).map { index in
            Int16((sin(2 * Double.pi * frequency * Double(index) / Double(Recogniser.sampleRate)) * 16_000).rounded())
        }
    }

    /// The tone's frequency from its upward zero crossings, away from the resampler's edges.
    private static func frequency(of samples: [Int16]) -> Double {
        let middle = samples[(samples.count / 10)..<(samples.count * 9 / 10)]
        var crossings: [Int] = []
        var previous = middle.first!
        for (index, sample) in zip(middle.indices, middle) {
            if previous < 0 && sample >= 0 { crossings.append(index) }
            previous = sample
        }
        let periods = Double(crossings.count - 1)
        return periods * Double(Recogniser.sampleRate) / Double(crossings.last! - crossings.first!)
    }

    @Test(arguments: [0.9, 1.1])
    func everyFrequencyMovesByTheFactorAndTheLengthByItsInverse(factor: Double) {
        for pitch in [300.0, 1_000.0, 3_000.0] {
            let warped = WholeRecording.warped(Self.tone(pitch), by: factor)
            #expect(abs(Self.frequency(of: warped) - pitch * factor) < 1, "\(pitch) Hz at \(factor)")
            #expect(abs(Double(warped.count) - Double(Recogniser.sampleRate) / factor) <= 2, "\(warped.count) samples")
        }
    }

    @Test func theRecordingItselfIsUntouched() {
        let samples = Self.tone(440, seconds: 0.25)
        #expect(WholeRecording.warped(samples, by: 1) == samples)
        #expect(RejectionTuning().closedSetWarps.contains(1))
    }
}

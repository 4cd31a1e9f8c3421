import Foundation

/// Energy measurements for deciding whether audio is speech or silence.
///
/// Full-scale 16-bit audio has an RMS of up to 32767; eSpeak NG's speech sits in the low
/// thousands, digital silence at 0, and a quiet room recording well under 100.
public enum PCMAnalysis {
    public static func rms<C: Collection>(_ samples: C) -> Double where C.Element == Int16 {
        guard !samples.isEmpty else { return 0 }
        var sum = 0.0
        for sample in samples {
            let value = Double(sample)
            sum += value * value
        }
        return (sum / Double(samples.count)).squareRoot()
    }

    /// RMS of consecutive windows (the last partial window included).
    public static func windowedRMS(_ samples: [Int16], window: Int) -> [Double] {
        guard window > 0 else { return [] }
        return stride(from: 0, to: samples.count, by: window).map {
            rms(samples[$0..<min($0 + window, samples.count)])
        }
    }

    /// The loudest window's RMS.
    public static func peakRMS(_ samples: [Int16], window: Int = 1024) -> Double {
        windowedRMS(samples, window: window).max() ?? 0
    }

    /// Seconds of audio whose windows are louder than `threshold` (speech, not pauses).
    public static func voicedDuration(
        _ samples: [Int16], sampleRate: Int, threshold: Double = 300,
        window: Int = 512
    ) -> Double {
        let loud = windowedRMS(samples, window: window).filter { $0 > threshold }.count
        return Double(loud * window) / Double(sampleRate)
    }

    /// Index of the first sample of the first window louder than `threshold`, if any.
    public static func firstLoudSample(_ samples: [Int16], threshold: Double, window: Int = 512) -> Int? {
        windowedRMS(samples, window: window).firstIndex { $0 > threshold }.map { $0 * window }
    }
}

extension PCMAnalysis {
    /// The pitch of a tone from its zero crossings (a glide gives its mean pitch).
    public static func zeroCrossingFrequency(_ samples: [Int16], sampleRate: Int) -> Double {
        guard samples.count > 1 else { return 0 }
        var crossings = 0
        for index in 1..<samples.count where (samples[index - 1] < 0) != (samples[index] < 0) { crossings += 1 }
        return Double(crossings) * Double(sampleRate) / (2 * Double(samples.count))
    }

    /// The share of the energy of `samples` at `frequency` (Goertzel), 0 to 1: near 1 for a pure
    /// tone at that pitch, small for speech or another pitch.
    public static func share(of frequency: Double, in samples: ArraySlice<Int16>, sampleRate: Int) -> Double {
        guard !samples.isEmpty else { return 0 }
        let coefficient = 2 * cos(2 * Double.pi * frequency / Double(sampleRate))
        var previous = 0.0
        var beforePrevious = 0.0
        var energy = 0.0
        for sample in samples {
            let value = Double(sample)
            energy += value * value
            let current = value + coefficient * previous - beforePrevious
            beforePrevious = previous
            previous = current
        }
        let power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious
        guard energy > 0 else { return 0 }
        return min(1, 2 * power / (Double(samples.count) * energy))
    }
}

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

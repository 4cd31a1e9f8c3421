import Glibc

/// A complete recording made ready for the closed-set searches (`Recogniser.score`): the silence
/// around the speech cut down to a little, and faint noise added under it.
///
/// Both answer what synthetic speech does to the front end, whatever the voice: the cepstral
/// mean of a whole recording is taken over every frame, so half a second of digital silence on
/// each side pulls the mean of the energy coefficient far from where the model's training speech
/// put it; and a formant synthesiser's spectrum is a comb of harmonics with empty valleys that
/// no microphone ever records, which the noise fills as room noise would. The noise sits low
/// enough that voices the model already hears well lose nothing.
///
/// Why these numbers: docs/VOICE.md, Tuning history.
enum WholeRecording {
    /// Silence kept on each side of the speech, in samples (100 ms at 16 kHz).
    static let margin = 1600
    /// 10 ms windows quieter than this far below the loudest window count as silence.
    static let silenceBelowPeak = 50.0
    /// The added noise sits this far below the speech's own level.
    static let noiseBelowSpeech = 25.0

    /// The recording with every frequency scaled by `factor` (and its length by 1 / `factor`):
    /// the samples are taken as if recorded at `factor` × 16 kHz and resampled to 16 kHz.
    ///
    /// Voices differ in vocal tract length, which moves every formant by about the same factor;
    /// a voice far from the model's training speakers (a child, a high-pitched synthetic voice,
    /// eSpeak NG's formant voices) is explained better once its formants are moved back. This is
    /// vocal tract length normalisation done on the samples, because PocketSphinx 5prealpha can
    /// only set its own warp when the decoder is made; which factor fits is decided per utterance
    /// by the searches themselves, never per voice.
    static func warped(_ samples: [Int16], by factor: Double) -> [Int16] {
        guard factor != 1 else { return samples }
        var resampler = Resampler(from: Int((Double(Recogniser.sampleRate) * factor).rounded()), to: Recogniser.sampleRate)
        return resampler.process(samples.map { Float($0) / 32768 }, final: true)
    }

    static func prepared(_ samples: [Int16]) -> [Int16] {
        let window = 160
        let count = samples.count / window
        guard count > 0 else { return samples }
        var energies = [Double](repeating: 0, count: count)
        for index in 0..<count {
            var sum = 0.0
            for sample in samples[(index * window)..<((index + 1) * window)] { sum += Double(sample) * Double(sample) }
            energies[index] = sum / Double(window)
        }
        guard let peak = energies.max(), peak > 0 else { return samples }
        let floor = peak * pow(10, -silenceBelowPeak / 10)
        guard let first = energies.firstIndex(where: { $0 > floor }), let last = energies.lastIndex(where: { $0 > floor }) else {
            return samples
        }
        let start = max(0, first * window - margin)
        let end = min(samples.count, (last + 1) * window + margin)
        let speech = samples[start..<end]
        var power = 0.0
        for sample in speech { power += Double(sample) * Double(sample) }
        let level = (power / Double(speech.count)).squareRoot() * pow(10, -noiseBelowSpeech / 20)
        // Seeded: the same recording always gets the same noise, so a check repeats exactly.
        var generator = NoiseGenerator(seed: 0x5EED)
        return speech.map { sample in
            let value = Double(sample) + generator.nextGaussian() * level
            return Int16(max(-32768, min(32767, value.rounded())))
        }
    }
}

/// SplitMix64 with the Box–Muller transform: reproducible Gaussian noise.
struct NoiseGenerator {
    private var state: UInt64
    private var spare: Double?

    init(seed: UInt64) { state = seed }

    mutating func nextUniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Double(z >> 11) + 0.5) / Double(1 << 53)
    }

    mutating func nextGaussian() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        let radius = (-2 * log(nextUniform())).squareRoot()
        let angle = 2 * Double.pi * nextUniform()
        spare = radius * sin(angle)
        return radius * cos(angle)
    }
}

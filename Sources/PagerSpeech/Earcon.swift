import Glibc

/// Short tones that tell a listening person what happened to what they said, without words:
/// synthesised (no sound files), each distinct from the others in pitch and in length, under
/// 150 ms, and quieter than speech, so they never mask or outlast an announcement.
public enum Earcon: String, Hashable, Sendable, CaseIterable {
    /// A command was heard and run: high and short.
    case done
    /// Speech that is no command: low and the longest.
    case notUnderstood = "not understood"
    /// Listening went to sleep: a falling middle tone.
    case asleep
    /// Listening woke up: a rising middle tone.
    case awake

    /// The pitch at the start and at the end, in hertz.
    public var frequencies: (start: Double, end: Double) {
        switch self {
        case .done: (1320, 1320)
        case .notUnderstood: (220, 220)
        case .asleep: (660, 440)
        case .awake: (440, 660)
        }
    }

    public var milliseconds: Int {
        switch self {
        case .done: 60
        case .notUnderstood: 140
        case .asleep: 120
        case .awake: 90
        }
    }

    /// Peak amplitude, of full scale (-20 dBFS): well under the loudest parts of eSpeak NG's
    /// speech, which come near full scale.
    public static let peak = 0.1
    /// Fade in and out, so the tone starts and stops without a click.
    static let fadeMilliseconds = 8.0

    /// The tone as 16-bit mono samples at `sampleRate`.
    public func samples(sampleRate: Int) -> [Int16] {
        let count = sampleRate * milliseconds / 1000
        let fade = Double(sampleRate) * Self.fadeMilliseconds / 1000
        let (start, end) = frequencies
        var phase = 0.0
        var samples: [Int16] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            let progress = Double(index) / Double(max(count - 1, 1))
            phase += 2 * Double.pi * (start + (end - start) * progress) / Double(sampleRate)
            let edge = min(Double(index), Double(count - 1 - index))
            let envelope = edge < fade ? 0.5 - 0.5 * cos(Double.pi * edge / fade) : 1
            samples.append(Int16((sin(phase) * envelope * Self.peak * 32767).rounded()))
        }
        return samples
    }
}

/// Names one `Announcer.speak` call, so its event can be matched to it. Unique within the
/// process (across announcers), increasing in the order `speak` was called.
public struct UtteranceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { "#\(rawValue)" }

    public static func < (lhs: UtteranceID, rhs: UtteranceID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What became of one announcement. Exactly one is delivered per `speak` call, so nothing
/// queued is ever lost without a word.
public struct UtteranceEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        /// Spoken to the end (with playback: heard to the end).
        case finished
        /// Cut short or never started, by a more urgent announcement or `stop()`.
        case interrupted
        /// Could not be spoken (unknown voice, eSpeak refused, WAV file unwritable…).
        case failed(SpeechError)
    }

    public let id: UtteranceID
    /// The text as given to `speak`.
    public let text: String
    /// The text as spoken (sanitised, possibly cut).
    public let spokenText: String
    public let priority: SpeechPriority
    public let outcome: Outcome
    /// Samples delivered to the sinks (0 when audio is off or the utterance never started).
    public let sampleCount: Int
    public let sampleRate: Int
    /// The WAV file written for this utterance, when a WAV sink is attached.
    public let wavPath: String?
    /// Whether the PCM came from the cache of earlier identical announcements.
    public let fromCache: Bool
    /// Samples of eSpeak's leading silence removed before the first one delivered
    /// (`sampleCount` does not include them; see `LeadingSilenceTrimmer`).
    public let trimmedLeadingSamples: Int
    /// Failures the utterance survived, e.g. the audio server went away (also sent as a notice).
    public let problems: [SpeechError]
    /// The sound device that came back after a loss and played this utterance (e.g. "PulseAudio"):
    /// the loss reported in an earlier event's `problems` is over.
    public let restoredAudio: String?

    public init(
        id: UtteranceID, text: String, spokenText: String, priority: SpeechPriority,
        outcome: Outcome, sampleCount: Int, sampleRate: Int, wavPath: String?,
        fromCache: Bool, trimmedLeadingSamples: Int = 0, problems: [SpeechError], restoredAudio: String? = nil
    ) {
        self.id = id
        self.text = text
        self.spokenText = spokenText
        self.priority = priority
        self.outcome = outcome
        self.sampleCount = sampleCount
        self.sampleRate = sampleRate
        self.wavPath = wavPath
        self.fromCache = fromCache
        self.trimmedLeadingSamples = trimmedLeadingSamples
        self.problems = problems
        self.restoredAudio = restoredAudio
    }

    /// Seconds of audio delivered.
    public var duration: Double { sampleRate > 0 ? Double(sampleCount) / Double(sampleRate) : 0 }

    public var description: String {
        let state: String
        switch outcome {
        case .finished: state = "finished"
        case .interrupted: state = "interrupted"
        case .failed(let error): state = "failed: \(error)"
        }
        return "\(id) \(state) \"\(text)\" (\(sampleCount) samples\(wavPath.map { ", \($0)" } ?? ""))"
    }
}

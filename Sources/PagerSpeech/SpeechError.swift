/// A status code returned by eSpeak NG, with the text eSpeak itself gives for it.
///
/// Like swift-system's `Errno`, the raw value is kept so callers can match on it; the message is
/// captured on the engine thread when the status is produced, because every eSpeak call — even
/// `espeak_ng_GetStatusCodeMessage` — belongs to that thread.
public struct EspeakStatus: Hashable, Sendable, CustomStringConvertible {
    /// The `espeak_ng_STATUS` value (values below 256 are `errno` codes).
    public let rawValue: UInt32
    /// eSpeak NG's own wording, e.g. "Voice not found" or
    /// "Error processing file '/x/phontab': No such file or directory.".
    public let message: String

    public init(rawValue: UInt32, message: String) {
        self.rawValue = rawValue
        self.message = message
    }

    public var description: String { message }

    /// `ENS_VOICE_NOT_FOUND`.
    public static let voiceNotFoundCode: UInt32 = 0x1000_06FF
    /// `ENS_SPEECH_STOPPED`: our synth callback asked eSpeak to stop.
    public static let speechStoppedCode: UInt32 = 0x1000_0EFF
}

/// Everything that can go wrong in speech, typed so the shell can print one precise line and
/// keep going: the library never exits the process and never fails silently.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// eSpeak NG could not start (usually missing voice data; see `ESPEAK_DATA_PATH`).
    /// Sticky: eSpeak keeps global state, so the engine is initialised at most once per process.
    case engineUnavailable(EspeakStatus, dataPath: String?)
    /// No installed voice has this name, identifier or variant, or speaks this language.
    case unknownVoice(String)
    /// A rate, pitch or volume outside what eSpeak NG accepts.
    case invalidSetting(name: String, value: Int, allowed: ClosedRange<Int>)
    /// eSpeak NG refused a call (voice change, parameter, synthesis).
    case espeak(operation: String, EspeakStatus)
    /// The requested audio output cannot be opened.
    case audioUnavailable(mode: String, reason: String)
    /// The audio output failed while playing (server gone, device unplugged).
    case audioLost(reason: String)
    /// The WAV directory cannot be created or written to.
    case wavDirectoryUnwritable(path: String, reason: String)
    /// Writing one utterance's WAV file failed.
    case wavWriteFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .engineUnavailable(let status, let dataPath):
            let location = dataPath.map { " (voice data looked up in \($0))" } ?? ""
            return "eSpeak NG could not start\(location): \(status.message)"
        case .unknownVoice(let name):
            return "unknown voice '\(name)' (list them with `voices`)"
        case .invalidSetting(let name, let value, let allowed):
            return "\(name) \(value) is out of range \(allowed.lowerBound)...\(allowed.upperBound)"
        case .espeak(let operation, let status):
            return "eSpeak NG \(operation) failed: \(status.message)"
        case .audioUnavailable(let mode, let reason):
            return "audio output '\(mode)' is unavailable: \(reason)"
        case .audioLost(let reason):
            return "audio output stopped: \(reason)"
        case .wavDirectoryUnwritable(let path, let reason):
            return "cannot write WAV files to \(path): \(reason)"
        case .wavWriteFailed(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}

extension SpeechError {
    /// The reason part alone, for composing one notice line out of several failures.
    var reason: String {
        switch self {
        case .audioUnavailable(_, let reason), .audioLost(let reason): reason
        default: description
        }
    }
}

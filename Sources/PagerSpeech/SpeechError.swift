import SystemPackage

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
    /// No usable speech-dispatcher at `address`. `--audio speechd` stops here with this line.
    case speechDispatcherNotRunning(address: SpeechDispatcherAddress, Unreachable)
    /// `SPEECHD_ADDRESS` (or the address given) is not `unix_socket[:PATH]` or `inet_socket[:HOST[:PORT]]`.
    case invalidSpeechDispatcherAddress(String)
    /// No voice of speech-dispatcher's output module has this name, and no voice speaks it as a
    /// language.
    case speechDispatcherHasNoVoice(String)
    /// speech-dispatcher answered a command with an error.
    case speechDispatcherRefused(command: String)
    /// speech-dispatcher did not answer a command in time: it is stopped or hung, and the
    /// connection is given up (nothing more is sent on it).
    case speechDispatcherNoReply(command: String, after: Duration)
    /// speech-dispatcher went away, or `SpeechDispatcherClient.close()` was called.
    case speechDispatcherClosed
    /// libspeechd's callbacks carry no context pointer, so each open connection holds one of a
    /// fixed set of C entry points; all of them are in use.
    case tooManySpeechDispatcherConnections(limit: Int)

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
        case .speechDispatcherNotRunning(let address, let reason):
            // A socket that accepts and stays silent has a daemon behind it: one that is stopped
            // (SIGSTOP, a debugger) or hung, which "not running" would misdescribe.
            if case .noReply(let timeout) = reason {
                return "speech-dispatcher at \(address) is not answering: it accepted the connection but said nothing within "
                    + "\(Self.seconds(timeout)) (stopped or hung); restart it or use --audio auto"
            }
            return "speech-dispatcher is not running (\(address): \(reason)); start it or use --audio auto"
        case .invalidSpeechDispatcherAddress(let text):
            return "speech-dispatcher address \(Self.quoted(text)) is not unix_socket:PATH or inet_socket:HOST:PORT"
        case .speechDispatcherHasNoVoice(let name):
            return "speech-dispatcher has no voice or language \(Self.quoted(name)) (list them with `voices`)"
        case .speechDispatcherRefused(let command):
            return "speech-dispatcher refused \(command)"
        case .speechDispatcherNoReply(let command, let timeout):
            return "speech-dispatcher stopped answering: no reply to \(command) within \(Self.seconds(timeout))"
        case .speechDispatcherClosed:
            return "the connection to speech-dispatcher is closed"
        case .tooManySpeechDispatcherConnections(let limit):
            return "at most \(limit) speech-dispatcher connections can be open in one process"
        }
    }
}

extension SpeechError {
    /// Why no speech-dispatcher could be reached at an address.
    public enum Unreachable: Error, Hashable, Sendable, CustomStringConvertible {
        /// Nothing accepts connections there (no socket file, connection refused, host unknown…).
        case cannotConnect(Errno)
        /// The host name of an `inet_socket` address does not resolve.
        case unknownHost(String)
        /// Something accepted the connection but sent no reply before the deadline.
        case noReply(after: Duration)
        /// Something answered, but not in SSIP (speech-dispatcher's protocol).
        case notSSIP(firstLine: String)
        /// The daemon closed the connection before answering.
        case closedWithoutReply
        /// libspeechd could not open the connection, or the daemon refused a setup command.
        case refused(String)

        public var description: String {
            switch self {
            case .cannotConnect(let errno): "\(errno)"
            case .unknownHost(let host): "cannot resolve host \(SpeechError.quoted(host))"
            case .noReply(let timeout): "it accepted the connection but did not answer within \(SpeechError.seconds(timeout))"
            case .notSSIP(let line): "what answered does not speak SSIP: it said \(SpeechError.quoted(line))"
            case .closedWithoutReply: "it closed the connection without answering"
            case .refused(let what): what
            }
        }
    }

    /// Outside text in double quotes, with control characters and quotes escaped, so a hostile
    /// address or voice name cannot move the cursor or fake a second line.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// "2 s", "0.5 s": how long we waited, as a person reads it.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(Double(milliseconds) / 1000) s"
    }

    /// The reason part alone, for composing one notice line out of several failures.
    var reason: String {
        switch self {
        case .audioUnavailable(_, let reason), .audioLost(let reason): reason
        default: description
        }
    }
}

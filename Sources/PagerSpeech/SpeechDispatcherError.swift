import SystemPackage

/// What can go wrong between us and speech-dispatcher, typed so the shell prints one line and the
/// tests can match the cause. Every case's description is a single line without control characters
/// from outside (addresses and voice names are shown with `debugDescription`-style quoting).
public enum SpeechDispatcherError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why no daemon could be reached at an address.
    public enum Reason: Error, Hashable, Sendable, CustomStringConvertible {
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
            case .unknownHost(let host): "cannot resolve host \(SpeechDispatcherError.quoted(host))"
            case .noReply(let timeout): "it accepted the connection but did not answer within \(SpeechDispatcherError.seconds(timeout))"
            case .notSSIP(let line): "what answered does not speak SSIP: it said \(SpeechDispatcherError.quoted(line))"
            case .closedWithoutReply: "it closed the connection without answering"
            case .refused(let what): what
            }
        }
    }

    /// No usable speech-dispatcher at `address`. `--audio speechd` stops here with this line.
    case notRunning(address: SpeechDispatcherAddress, Reason)
    /// `SPEECHD_ADDRESS` (or the address given) is not `unix_socket[:PATH]` or `inet_socket[:HOST[:PORT]]`.
    case invalidAddress(String)
    /// No voice of the daemon's output module has this name, and no voice speaks it as a language.
    case unknownVoice(String)
    /// A words-per-minute rate outside what the command line accepts.
    case rateOutOfRange(Int, allowed: ClosedRange<Int>)
    /// The daemon answered a command with an error.
    case refused(command: String)
    /// The daemon did not answer a command in time (it is alive but stuck).
    case noReply(command: String, after: Duration)
    /// The daemon went away, or `close()` was called.
    case connectionClosed
    /// libspeechd's callbacks carry no context pointer, so each open connection holds one of a fixed
    /// set of C entry points; all of them are in use.
    case tooManyConnections(limit: Int)

    public var description: String {
        switch self {
        case .notRunning(let address, let reason):
            return "speech-dispatcher is not running (\(address): \(reason)); start it or use --audio auto"
        case .invalidAddress(let text):
            return "speech-dispatcher address \(Self.quoted(text)) is not unix_socket:PATH or inet_socket:HOST:PORT"
        case .unknownVoice(let name):
            return "speech-dispatcher has no voice or language \(Self.quoted(name)) (list them with `voices`)"
        case .rateOutOfRange(let rate, let allowed):
            return "rate \(rate) is out of range \(allowed.lowerBound)...\(allowed.upperBound)"
        case .refused(let command):
            return "speech-dispatcher refused \(command)"
        case .noReply(let command, let timeout):
            return "speech-dispatcher did not answer \(command) within \(Self.seconds(timeout))"
        case .connectionClosed:
            return "the connection to speech-dispatcher is closed"
        case .tooManyConnections(let limit):
            return "at most \(limit) speech-dispatcher connections can be open in one process"
        }
    }
}

extension SpeechDispatcherError {
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
}

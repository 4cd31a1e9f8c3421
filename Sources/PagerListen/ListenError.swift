/// Everything that can stop voice commands, typed so the shell prints one line and goes on with
/// the keyboard: the library never exits the process and never prints anything itself.
public enum ListenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The acoustic model or dictionary is missing or incomplete (`pocketsphinx-en-us`).
    case modelMissing(path: String, reason: String)
    /// The PocketSphinx library cannot be opened (not installed, or not the version we know).
    case libraryMissing(name: String, reason: String)
    /// PocketSphinx refused the model or a grammar (its own log, if any, has the detail).
    case recogniserFailed(operation: String, logPath: String?)
    /// No PulseAudio server answered within the deadline, or it refused us.
    case audioUnavailable(reason: String)
    /// The server has no source of this name (`--listen-device`).
    case deviceNotFound(String)
    /// The record stream failed while listening (the server went away).
    case audioLost(reason: String)
    /// The recording cannot be read as audio.
    case unreadableFile(path: String, reason: String)
    /// `AnnouncementCheck` cannot check this text or audio (no words, a word the dictionary
    /// cannot say, no usable audio).
    case uncheckable(text: String, reason: String)

    public var description: String {
        switch self {
        case .modelMissing(let path, let reason):
            return "speech recognition model not usable at \(path): \(reason) (apt-get install pocketsphinx-en-us)"
        case .libraryMissing(let name, let reason):
            return "speech recognition is not installed: cannot open \(name): \(reason) (apt-get install libpocketsphinx3)"
        case .recogniserFailed(let operation, let logPath):
            return "PocketSphinx could not \(operation)" + (logPath.map { " (details in \($0))" } ?? "")
        case .audioUnavailable(let reason):
            return "cannot listen: \(reason)"
        case .deviceNotFound(let name):
            return "cannot listen: PulseAudio has no source named '\(name)' (list them with `pactl list short sources`)"
        case .audioLost(let reason):
            return "the audio source was lost: \(reason)"
        case .unreadableFile(let path, let reason):
            return "cannot listen to \(path): \(reason)"
        case .uncheckable(let text, let reason):
            return "cannot check '\(text)' by ear: \(reason)"
        }
    }
}

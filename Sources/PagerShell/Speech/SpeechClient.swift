import PagerCore
import PagerSpeech
import PagerThreads

/// The shell's one client for speech, in the shape of a Composable Architecture dependency: a
/// struct of closures, made for eSpeak NG (`Announcer`: PulseAudio, ALSA, null, WAV files), for
/// the user's own speech-dispatcher, or silent (`--audio off`). The REPL, `read` and `say` talk to
/// this and never to a backend, so each gets exactly the same rules.
struct SpeechClient: Sendable {
    /// Queue or interrupt by `priority` (iOS 17's rules), in `voice`, the eSpeak NG voice of the
    /// pager's language, unless `--voice` chose one.
    var speak: @Sendable (_ text: String, _ priority: AnnouncementPriority, _ voice: String) -> Void
    /// Silence everything now (Ctrl-C on a terminal, `stop`).
    var stop: @Sendable () -> Void
    /// Silence everything for good, before the process ends mid-script (Ctrl-C in a script): no
    /// sound plays and no file appears once it returns.
    var shutDown: @Sendable () -> Void
    /// Return once everything queued has been spoken (or written).
    var drain: @Sendable () -> Void
    /// Why each utterance failed since the last call (a WAV file not written, a device lost
    /// mid-word): the caller reports each as an error, and the run's status is 1.
    var takeFailures: @Sendable () -> [String]
    /// The voices there are, one line each, for `voices`.
    var voiceLines: @Sendable () -> [String]
    /// One line for `status`.
    var summary: String
    /// Whether speech reaches a loudspeaker (a microphone could hear it: half duplex matters).
    var isAudible: Bool

    /// `--audio off`: nothing is synthesised at all.
    static let silent = SpeechClient(
        speak: { _, _, _ in }, stop: {}, shutDown: {}, drain: {}, takeFailures: { [] }, voiceLines: { [] },
        summary: "off (--audio off: nothing is synthesised)", isAudible: false)

    /// The client `--audio` asks for. Throws what the user must fix (a voice that does not
    /// exist, a WAV folder that cannot be written, the device asked for missing).
    static func make(_ options: SpeechOptions, noticesTo err: OutputStream) throws -> SpeechClient {
        // From the engine's thread too: the stream is locked, so a notice never tears a line
        // the main thread is writing.
        let notice: @Sendable (String) -> Void = { line in
            err.writeLine("pagervoice: \(line)")
            err.flush()
        }
        return switch options.audio {
        case .off: .silent
        case .speechd: try speechDispatcher(options, notice: notice)
        case .auto, .pulse, .alsa, .null: try espeak(options, notice: notice)
        }
    }

    /// 2 when the command line asked for something that does not exist (a voice, an unwritable
    /// WAV folder), 1 when the machine cannot speak (no eSpeak data, the audio asked for absent).
    static func exitStatus(for error: any Error) -> Int32 {
        switch error {
        case SpeechError.unknownVoice, SpeechError.speechDispatcherHasNoVoice, SpeechError.invalidSetting,
            SpeechError.wavDirectoryUnwritable:
            2
        default: 1
        }
    }

    static func priority(_ priority: AnnouncementPriority) -> SpeechPriority {
        switch priority {
        case .low: .low
        case .default: .default
        case .high: .high
        }
    }
}

/// Utterances that failed, recorded on whichever thread speech reports on and taken by the
/// shell, which reports each as an error and sets the exit status.
final class SpeechFailures: Sendable {
    private let messages = Locked<[String]>([])

    /// Records a failed utterance; interruptions are what the user asked for and are not failures.
    func record(_ event: UtteranceEvent) {
        guard case .failed(let error) = event.outcome else { return }
        messages.withLock { $0.append("could not speak \"\(event.text.clipped())\": \(error)") }
    }

    func take() -> [String] {
        messages.withLock { messages in
            defer { messages.removeAll() }
            return messages
        }
    }
}

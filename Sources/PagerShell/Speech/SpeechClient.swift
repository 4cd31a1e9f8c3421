import PagerCore
import PagerSpeech
import PagerSystem
import Synchronization

/// The shell's one client for speech, in the shape of a Composable Architecture dependency: a
/// struct of closures, made for eSpeak NG (`Announcer`: PulseAudio, ALSA, null, WAV files), for
/// the user's own speech-dispatcher, or silent (`--audio off`). The REPL, `read` and `say` talk to
/// this and never to a backend, so each gets exactly the same rules.
struct SpeechClient: Sendable {
    /// Queue or interrupt by `priority` (iOS 17's rules), in `voice`, the eSpeak NG voice of the
    /// pager's language, unless `--voice` chose one.
    var speak: @Sendable (_ text: String, _ priority: AnnouncementPriority, _ voice: String) -> Void
    /// Plays a short tone at low priority, after what is being said and cut by the next
    /// announcement (`Announcer.play`); nothing where tones cannot be played (speech-dispatcher).
    var earcon: @Sendable (_ earcon: Earcon) -> Void = { _ in }
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

    /// eSpeak NG in this process (`Announcer`): sound through PulseAudio or ALSA, or nowhere
    /// (`--audio null`), and WAV files with `--wav-dir`. A voice that does not exist is refused
    /// here, before the session starts, rather than on the first announcement.
    static func espeak(_ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void) throws(SpeechError) -> SpeechClient {
        var settings = VoiceSettings(voice: options.voice)
        if let rate = options.rate { settings.rate = rate }
        let failures = SpeechFailures()
        let playback: Announcer.Playback =
            switch options.audio {
            case .pulse: .pulse
            case .alsa: .alsa
            case .null: .null
            default: .auto
            }
        let announcer = try Announcer(
            configuration: .init(
                playback: playback, wavDirectory: options.wavDir, settings: settings, onNotice: notice,
                onEvent: { failures.record($0) }))
        if let engine = announcer.engine, options.voice != nil { try engine.validate(settings) }
        let chosen = options.voice
        let output = announcer.output
        return SpeechClient(
            speak: { text, priority, voice in announcer.speak(text, priority: Self.priority(priority), voice: chosen ?? voice) },
            earcon: { announcer.play($0) },
            stop: { announcer.stop() },
            shutDown: { announcer.shutDown() },
            drain: { announcer.drain() },
            takeFailures: { failures.take() },
            voiceLines: { announcer.engine.map(VoiceList.lines) ?? [] },
            summary: "voice \(chosen ?? "by language"), rate \(settings.rate) wpm, audio \(output)",
            isAudible: output == PlaybackSink.Backend.pulse.rawValue || output == PlaybackSink.Backend.alsa.rawValue)
    }

    /// The user's own speech-dispatcher (`--audio speechd`), as Orca uses it: their synthesiser,
    /// voice and rate, unless `--voice` or `--rate` were given; the pager's language is passed on
    /// as the language to speak. Never fights Orca for the audio device. Priorities map onto
    /// speech-dispatcher's as `SpeechDispatcherClient` documents (IMPORTANT, TEXT, and a low
    /// announcement held until ours are done).
    static func speechDispatcher(
        _ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void
    ) throws(SpeechError) -> SpeechClient {
        let failures = SpeechFailures()
        let client = try SpeechDispatcherClient(
            configuration: .init(
                address: nil, voice: options.voice, rate: options.rate, onEvent: { failures.record($0) }, onNotice: notice))
        // The language last asked for, so it is only sent when it changes.
        let language = Mutex<String?>(nil)
        let chosen = options.voice
        return SpeechClient(
            speak: { text, priority, voice in
                if chosen == nil, language.withLock({ $0 }) != voice {
                    language.withLock { $0 = voice }
                    do {
                        try client.setVoice(voice)
                    } catch {
                        notice("speech-dispatcher: \(error)")
                    }
                }
                client.speak(text, priority: Self.priority(priority))
            },
            stop: { client.stop() },
            shutDown: { client.close() },
            drain: { client.drain() },
            takeFailures: { failures.take() },
            voiceLines: {
                ((try? client.voices()) ?? []).map { voice in
                    [voice.name, voice.language, voice.variant].compactMap { $0 }.joined(separator: "  ")
                }
            },
            summary:
                "speech-dispatcher at \(client.address), voice \(chosen ?? "the user's"), rate \(options.rate.map { "\($0) wpm" } ?? "the user's")",
            isAudible: true)
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

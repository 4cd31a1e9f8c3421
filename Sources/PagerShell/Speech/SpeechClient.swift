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
    /// Why the audio device was lost mid-run, while it is: meanwhile nothing is heard (WAV files
    /// are still written), and `status` says so. Nil again once the device is back.
    var soundLost: @Sendable () -> String? = { nil }
    /// Notices since the last call (sound back after a loss), which the caller prints between
    /// lines as notices: they fail nothing.
    var takeNotices: @Sendable () -> [String] = { [] }

    /// `status`'s speech: the summary, and while the sound is lost, why ("; sound lost (…)").
    var description: String { summary + (soundLost().map { "; sound lost (\($0))" } ?? "") }

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
        // A device lost mid-run is an error that fails the run (`SpeechFailures`), printed by
        // the session between lines, not a notice from the speech thread across the prompt.
        var configuration = Announcer.Configuration(
            playback: playback, wavDirectory: options.wavDir, settings: settings, onNotice: notice,
            onEvent: { failures.record($0) })
        configuration.noticesLostAudio = false
        configuration.onAudioBack = { failures.soundIsBack($0) }
        let announcer = try Announcer(configuration: configuration)
        if let engine = announcer.engine, options.voice != nil { try engine.validate(settings) }
        let chosen = options.voice
        let output = announcer.output
        failures.soundReturns.store(output == PlaybackSink.Backend.pulse.rawValue, ordering: .releasing)
        // `--audio auto` with no device at all waits for a PulseAudio server: `status` says the
        // sound is lost until one answers, then "sound is back" is told as after a loss.
        if announcer.silentAtStart { failures.startsSilent("no sound server or card at start") }
        return SpeechClient(
            speak: { text, priority, voice in announcer.speak(text, priority: Self.priority(priority), voice: chosen ?? voice) },
            earcon: { announcer.play($0) },
            stop: { announcer.stop() },
            shutDown: { announcer.shutDown() },
            drain: { announcer.drain() },
            takeFailures: { failures.take() },
            voiceLines: { announcer.engine.map(VoiceList.lines) ?? [] },
            summary: "voice \(chosen ?? "by language"), rate \(settings.rate) wpm, audio \(output)",
            isAudible: output == PlaybackSink.Backend.pulse.rawValue || output == PlaybackSink.Backend.alsa.rawValue,
            soundLost: { failures.soundLost },
            takeNotices: { failures.takeNotices() })
    }

    /// The user's own speech-dispatcher (`--audio speechd`), as Orca uses it: their synthesiser,
    /// voice and rate, unless `--voice` or `--rate` were given; the pager's language is passed on
    /// as the language to speak. Never fights Orca for the audio device. Priorities map onto
    /// speech-dispatcher's as `SpeechDispatcherClient` documents (IMPORTANT, TEXT, and a low
    /// announcement held until ours are done).
    static func speechDispatcher(
        _ options: SpeechOptions, notice: @escaping @Sendable (String) -> Void
    ) throws(SpeechError) -> SpeechClient {
        // A daemon gone or given up fails every announcement until it answers again (the client
        // reconnects by itself): that is told once, and its return once.
        let failures = SpeechFailures(endsSpeech: Self.endsSpeechDispatcher)
        let client = try SpeechDispatcherClient(
            configuration: .init(
                address: nil, voice: options.voice, rate: options.rate, onEvent: { failures.record($0) }, onNotice: notice,
                onReconnected: { failures.soundIsBack("speech-dispatcher") }))
        // The language last asked for, so it is only sent when it changes.
        let language = Mutex<String?>(nil)
        let chosen = options.voice
        return SpeechClient(
            speak: { text, priority, voice in
                if chosen == nil, language.withLock({ $0 }) != voice {
                    language.withLock { $0 = voice }
                    do throws(SpeechError) {
                        try client.setVoice(voice)
                    } catch {
                        // A daemon gone is told by the announcement's own failure.
                        if !Self.endsSpeechDispatcher(error) && error != .speechDispatcherClosed { notice("speech-dispatcher: \(error)") }
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
            isAudible: true,
            soundLost: { failures.soundLost },
            takeNotices: { failures.takeNotices() })
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

    /// What `say` speaks of `text`: all of it, or the part that fits (`TextSanitizer`) and the
    /// error that says the rest is not spoken, so a cut is a failure, not a notice.
    static func sayable(_ text: String) -> (text: String, error: String?) {
        let result = TextSanitizer.sanitize(text)
        guard result.wasTruncated else { return (text, nil) }
        return (
            result.text,
            "the text has \(result.originalLength) characters, more than the \(TextSanitizer.maximumLength) that can be spoken: "
                + "only the first \(result.text.unicodeScalars.count) were"
        )
    }

    /// The failures after which speech-dispatcher says nothing until it answers again: it closed
    /// the connection, or stopped answering and was given up.
    static func endsSpeechDispatcher(_ error: SpeechError) -> Bool {
        switch error {
        case .audioLost, .speechDispatcherNoReply: true
        default: false
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
///
/// A failure that ends speech (`endsSpeech`: speech-dispatcher gone or given up) is one error,
/// however many announcements it fails: the first says speech is silent until the daemon
/// answers again (the client reconnects by itself), the rest say nothing new. Its return is a
/// notice (`soundIsBack`), and a later loss an error again.
///
/// A sound device lost mid-run (an utterance's `problems`) is one error too, whatever the
/// utterance's own outcome: the one that met it was often cut short by the next, and the ones
/// after it play nowhere without failing. A PulseAudio server that answers again is taken up by
/// the sink (`PlaybackSink`), which says so at once (`soundIsBack`, so `status` is right before
/// anything is said) and again in the first utterance through it (`restoredAudio`): one notice,
/// and a later loss is an error again.
final class SpeechFailures: Sendable {
    private let messages = Locked<(lines: [String], notices: [String], ended: Bool, soundLost: String?)>(([], [], false, nil))
    private let endsSpeech: @Sendable (SpeechError) -> Bool
    /// Whether a lost sound device is asked for again (PulseAudio, by `PlaybackSink`), which
    /// decides what the loss's error promises. Set once the device is open, before anything is
    /// said: the events are recorded from the announcer this object is made for.
    let soundReturns = Atomic<Bool>(false)

    init(endsSpeech: @escaping @Sendable (SpeechError) -> Bool = { _ in false }) {
        self.endsSpeech = endsSpeech
    }

    /// Records a failed utterance; interruptions are what the user asked for and are not failures.
    func record(_ event: UtteranceEvent) {
        if let device = event.restoredAudio { soundIsBack(device) }
        for case .audioLost(let reason) in event.problems {
            messages.withLock { messages in
                guard messages.soundLost == nil else { return }
                messages.soundLost = reason
                messages.lines.append(
                    soundReturns.load(ordering: .acquiring)
                        ? "sound stopped, silent until the sound server answers again: \(reason)"
                        : "sound stopped, the rest of the run is silent: \(reason)")
            }
        }
        guard case .failed(let error) = event.outcome else { return }
        let line = "could not speak \"\(event.text.clipped())\": \(error)"
        messages.withLock { messages in
            guard endsSpeech(error) else { return messages.lines.append(line) }
            guard !messages.ended else { return }
            messages.ended = true
            messages.soundLost = "\(error)"
            messages.lines.append(line + "; silent until speech-dispatcher answers again")
        }
    }

    /// No device when the run started (already told in a notice): silent, with no error, until
    /// a server answers.
    func startsSilent(_ reason: String) {
        messages.withLock { $0.soundLost = reason }
    }

    /// The sound device or speech-dispatcher answers again: a notice, and `soundLost` is nil.
    func soundIsBack(_ device: String) {
        messages.withLock { messages in
            guard messages.soundLost != nil else { return }
            messages.soundLost = nil
            messages.ended = false
            messages.notices.append("sound is back (\(device))")
        }
    }

    /// Why the sound device was lost, while it is.
    var soundLost: String? { messages.withLock { $0.soundLost } }

    func takeNotices() -> [String] {
        messages.withLock { messages in
            defer { messages.notices.removeAll() }
            return messages.notices
        }
    }

    func take() -> [String] {
        messages.withLock { messages in
            defer { messages.lines.removeAll() }
            return messages.lines
        }
    }
}

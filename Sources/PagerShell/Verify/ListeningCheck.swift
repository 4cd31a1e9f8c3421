import PagerCore
import PagerListen
import PagerSpeech

/// `verify --listen`: every `expect "TEXT"` is also spoken by eSpeak NG (in `--voice`, else the
/// voice the model hears best) and heard back by PocketSphinx among every announcement the pager can make. A
/// string can be right and still be heard as another ("Page 8 of 9" heard as "page three of
/// nine" by a listener): this checks the ear, not the string.
///
/// The phrases are the announcements of the pager as it is at each check (every page of its
/// count, "None" when empty), its page titles, everything the script has said so far, and the
/// expected text itself: a recording is only ever heard as one of them, so two texts are told
/// apart only when both are there. English only, like the recogniser's model; a check in
/// another language fails and says so rather than passing unheard.
///
/// Not Sendable (PocketSphinx is not thread-safe): one per verify run, used on its thread.
final class ListeningCheck {
    struct Outcome: Equatable {
        var passed: Bool
        var expected: String
        var got: String
    }

    private let engine: SpeechEngine
    private let voice: String?
    private let rate: Int
    private let check: AnnouncementCheck
    /// Texts already handed to `check`, so a long script does not split them into words again.
    private var included: Set<String> = []

    /// The voice a check speaks in when none was chosen: eSpeak NG's `en-us`, the one the
    /// model hears best (docs/VOICE.md has the figures). The checks are English only.
    static let defaultVoice = "en-us"

    /// `voice` nil: `defaultVoice`.
    init(voice: String?, rate: Int, stateFolder: String?) throws(ListeningCheckError) {
        do {
            engine = try SpeechEngine.shared()
            if let voice { try engine.validate(VoiceSettings(voice: voice, rate: rate)) }
        } catch {
            throw .speech(error)
        }
        do {
            check = try AnnouncementCheck(phrases: [], configuration: ListenConfiguration(stateFolder: stateFolder))
        } catch {
            throw .listening(error)
        }
        self.voice = voice
        self.rate = rate
    }

    /// Speaks `text`, hears it back and says whether it was heard as itself. `said` is every
    /// text the script has spoken so far.
    func hear(_ text: String, session: Session, said: [String]) -> Outcome {
        let strings = session.pager.strings
        let spokenVoice = voice ?? Self.defaultVoice
        let expected = "to hear \"\(text)\" in \(spokenVoice)"
        guard strings.code.lowercased().hasPrefix("en") else {
            return Outcome(
                passed: false, expected: "to hear \"\(text)\"",
                got: "not heard: verify --listen hears English only, and the script speaks \(strings.name) (\(strings.code)) here")
        }
        let pager = session.pager
        var texts = pager.count == 0 ? [strings.none] : (1...pager.count).map { strings.announcementText(page: $0, count: pager.count) }
        texts += pager.pages + said
        let fresh = texts.filter { included.insert($0).inserted }
        do {
            try check.include(fresh)
        } catch {
            return Outcome(passed: false, expected: expected, got: "not heard: \(error)")
        }
        let synthesis: SpeechEngine.Synthesis
        do {
            synthesis = try engine.synthesize(text, settings: VoiceSettings(voice: spokenVoice, rate: rate))
        } catch {
            return Outcome(passed: false, expected: expected, got: "not heard: eSpeak NG could not say it: \(error)")
        }
        let result: AnnouncementCheck.Result
        do {
            result = try check.check(samples: synthesis.samples, sampleRate: synthesis.sampleRate, expected: text)
        } catch {
            return Outcome(passed: false, expected: expected, got: "not heard: \(error)")
        }
        var got = result.heard.isEmpty ? "heard nothing" : "heard '\(result.heard)'"
        if let runnerUp = result.runnerUp, let margin = result.margin {
            got += " (next best '\(runnerUp)', by \(NumberText.fixed(margin, 2)) per frame)"
        }
        return Outcome(passed: result.matches, expected: "\(expected) as '\(result.expected)'", got: got)
    }
}

/// Why `verify --listen` cannot check anything: no speech engine, or no recogniser.
enum ListeningCheckError: Error, CustomStringConvertible {
    case speech(SpeechError)
    case listening(ListenError)

    /// 2 for a voice or rate eSpeak NG refuses (a mistake on the command line, as elsewhere).
    var exitStatus: Int32 {
        switch self {
        case .speech(let error): SpeechClient.exitStatus(for: error)
        case .listening: 1
        }
    }

    var description: String {
        switch self {
        case .speech(let error): exitStatus == 2 ? "--listen: \(error)" : "--listen needs eSpeak NG: \(error)"
        case .listening(let error): "--listen needs PocketSphinx: \(error)"
        }
    }
}

import PagerCore

/// Where spoken text goes. The REPL talks to this, not to eSpeak NG directly, so the same loop can
/// run with real speech (`EspeakSpeaker`), with no speech (`--audio off`), or under tests.
public protocol Speaker: AnyObject, Sendable {
    /// Queue or interrupt according to `priority` (iOS 17 rules), in `voice` (the eSpeak NG voice
    /// of the pager's language) unless `--voice` chose one.
    func speak(_ text: String, priority: AnnouncementPriority, voice: String)
    /// Silence everything now (Ctrl-C, `stop`).
    func stop()
    /// Return once everything queued has been spoken.
    func drain()
    /// Voices available, one line each, for `voices`.
    func voiceLines() -> [String]
    /// One line for `status`.
    var summary: String { get }
    /// Whether speech reaches a loudspeaker (a microphone could hear it: half duplex matters).
    var isAudible: Bool { get }
    /// Why each utterance failed since the last call (a WAV file that could not be written, a
    /// synthesis error). The caller reports each as an error; a run that had any exits with 1.
    func takeFailures() -> [String]
    /// Runs a script's whole loop, where speech can be done fastest when every line waits for
    /// its announcement anyway (`EspeakSpeaker`: on eSpeak NG's own thread).
    func runScript<T>(_ body: @escaping () -> T) -> T
}

/// `--audio off`: nothing is synthesised at all.
public final class SilentSpeaker: Speaker {
    public init() {}
    public func speak(_ text: String, priority: AnnouncementPriority, voice: String) {}
    public func stop() {}
    public func drain() {}
    public func voiceLines() -> [String] { [] }
    public var summary: String { "off (--audio off: nothing is synthesised)" }
    public var isAudible: Bool { false }
    public func takeFailures() -> [String] { [] }
    public func runScript<T>(_ body: @escaping () -> T) -> T { body() }
}

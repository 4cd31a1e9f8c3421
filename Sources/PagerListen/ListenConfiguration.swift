/// Settings of the recogniser and of listening; the defaults are what PagerVoice uses.
public struct ListenConfiguration: Hashable, Sendable {
    public var model: SpeechModel
    /// A folder for PocketSphinx's own log (`pocketsphinx.log`, appended); nil sends it nowhere.
    /// The log is process-wide in sphinxbase: the first recogniser made in a process decides.
    public var stateFolder: String?
    public var rejection: RejectionTuning
    /// Silence that ends an utterance, in 10 ms frames: the largest part of the delay between the
    /// end of a command and its result. 20 frames (200 ms) is longer than the pauses between the
    /// words of a command and keeps that delay under the 300 ms target.
    public var endOfSpeechFrames: Int
    /// How long after PagerVoice stops speaking the microphone stays ignored: room echo of an
    /// ordinary room (reverberation time 0.3–0.5 s falls below the detector's threshold well
    /// within this) plus one capture fragment (50 ms) still in flight.
    public var echoTail: Duration
    /// The longest wait for PulseAudio to answer (connection and record stream each).
    public var connectTimeout: Duration
    /// A word every phrase must begin with ("computer next page"), lower case and in the
    /// dictionary (`SpeechModel.canPronounce`); nil: none.
    public var wakeWord: String?
    /// Listening starts asleep: only "wake up" is understood until it is said or `setAsleep(false)`.
    public var startsAsleep: Bool

    public init(
        model: SpeechModel = .englishUS, stateFolder: String? = nil, rejection: RejectionTuning = .init(),
        endOfSpeechFrames: Int = 20, echoTail: Duration = .milliseconds(350), connectTimeout: Duration = .seconds(2),
        wakeWord: String? = nil, startsAsleep: Bool = false
    ) {
        self.wakeWord = wakeWord
        self.startsAsleep = startsAsleep
        self.model = model
        self.stateFolder = stateFolder
        self.rejection = rejection
        self.endOfSpeechFrames = endOfSpeechFrames
        self.echoTail = echoTail
        self.connectTimeout = connectTimeout
    }

    var logPath: String? { stateFolder.map { $0 + "/pocketsphinx.log" } }
}

import PagerSystem

/// The process-wide owner of eSpeak NG.
///
/// eSpeak NG is initialised once per process (it keeps global state and cannot be restarted),
/// on a dedicated thread that then performs every eSpeak call. A failed start is remembered and
/// reported as the same typed error to every caller; the process keeps running.
public final class SpeechEngine: Sendable {
    /// Samples per second of everything eSpeak produces (22050 for eSpeak NG's own voices).
    public let sampleRate: Int
    /// Installed voices, read once at start (MBROLA voices and variants excluded).
    public let voices: [Voice]
    /// Variant names usable as `voice+variant` ("f3", "klatt", "whisper", …).
    public let variants: [String]
    /// eSpeak NG's version string, e.g. "1.51".
    public let version: String
    /// The espeak-ng-data directory in use.
    public let dataPath: String?

    /// The one thread on which eSpeak NG ever runs.
    let thread: JobThread

    private struct State {
        var applied: VoiceSettings.Resolved?
        var cache = PCMCache()
    }

    /// Used on the engine thread (and briefly for statistics); the lock is all but uncontended
    /// and keeps the type honestly `Sendable` rather than `@unchecked`.
    private let state = Locked(State())
    private let resolutions = Locked<[VoiceSettings: VoiceSettings.Resolved]>([:])

    /// Samples handed to sinks per call when replaying cached PCM: small enough that an
    /// interruption is noticed within ~46 ms of audio even on a blocking device.
    static let replayChunk = 1024

    private init(thread: JobThread, startup: Startup) {
        self.thread = thread
        sampleRate = startup.sampleRate
        voices = startup.voices
        variants = startup.variants
        version = startup.version
        dataPath = startup.dataPath
    }

    /// The engine, started on first use. Throws the start-up failure (e.g. `ESPEAK_DATA_PATH`
    /// pointing at a folder without voice data) on this and every later call.
    public static func shared() throws(SpeechError) -> SpeechEngine {
        try instance.get()
    }

    private static let instance: Result<SpeechEngine, SpeechError> = start()

    private struct Startup: Sendable {
        let sampleRate: Int
        let voices: [Voice]
        let variants: [String]
        let version: String
        let dataPath: String?
    }

    private static func start() -> Result<SpeechEngine, SpeechError> {
        // eSpeak keeps a few large arrays on the stack while translating a clause.
        let thread = JobThread(name: "eSpeak NG", stackSize: 8 << 20)
        let result = thread.perform { () -> Result<Startup, SpeechError> in
            EspeakRaw.initialize().map { rate in
                let (voices, variants) = EspeakRaw.listVoices()
                return Startup(
                    sampleRate: rate, voices: voices, variants: variants,
                    version: EspeakRaw.version(), dataPath: EspeakRaw.dataPath())
            }
        }
        return result.map { SpeechEngine(thread: thread, startup: $0) }
    }

    // MARK: Voices

    /// The voice `settings` selects, or the typed error the shell should print for it.
    public func voice(for settings: VoiceSettings) throws(SpeechError) -> Voice {
        try resolveVoice(settings).voice
    }

    /// Checks ranges and the voice without speaking.
    public func validate(_ settings: VoiceSettings) throws(SpeechError) {
        _ = try resolve(settings)
    }

    /// Memoised: announcements reuse a handful of settings, and resolving scans every voice.
    func resolve(_ settings: VoiceSettings) throws(SpeechError) -> VoiceSettings.Resolved {
        if let known = resolutions.withLock({ $0[settings] }) { return known }
        try settings.validateRanges()
        let (_, selector) = try resolveVoice(settings)
        let resolved = VoiceSettings.Resolved(
            selector: selector, rate: settings.rate, pitch: settings.pitch,
            volume: settings.volume)
        resolutions.withLock { table in
            if table.count >= 64 { table.removeAll() }
            table[settings] = resolved
        }
        return resolved
    }

    private func resolveVoice(_ settings: VoiceSettings) throws(SpeechError) -> (voice: Voice, selector: String) {
        let trimmed =
            settings.voice.map { String($0.drop(while: \.isHorizontalSpace).reversed().drop(while: \.isHorizontalSpace).reversed()) } ?? ""
        let requested = trimmed.isEmpty ? "en" : trimmed
        let parts = requested.split(separator: "+", maxSplits: 1).map(String.init)
        let base = parts.first ?? requested
        guard let voice = voiceNamed(base) ?? voiceSpeaking(base) else { throw .unknownVoice(requested) }
        if parts.count == 2 {
            let wanted = parts[1].lowercased()
            guard let variant = variants.first(where: { $0.lowercased() == wanted }) else {
                throw .unknownVoice(requested)
            }
            return (voice, voice.identifier + "+" + variant)
        }
        return (voice, voice.identifier)
    }

    /// Accepts what people type: the name ("Spanish (Spain)", or with `_` as `espeak-ng --voices`
    /// prints it), the identifier ("roa/es") or its last part ("es"), ignoring case.
    private func voiceNamed(_ name: String) -> Voice? {
        let wanted = name.lowercased()
        let spaced = wanted.replacing("_", with: " ")
        return voices.first { $0.identifier.lowercased() == wanted }
            ?? voices.first { $0.name.lowercased() == wanted || $0.name.lowercased() == spaced }
            ?? voices.first { $0.identifier.split(separator: "/").last?.lowercased() == wanted }
    }

    /// The voice eSpeak prefers for a language: exact matches before regional ones, then by
    /// eSpeak's priority, then list order.
    private func voiceSpeaking(_ language: String) -> Voice? {
        var best: (voice: Voice, exact: Bool, priority: Int)?
        for voice in voices {
            guard let match = voice.priority(forLanguage: language) else { continue }
            if let current = best {
                if (match.exact && !current.exact)
                    || (match.exact == current.exact && match.priority < current.priority)
                {
                    best = (voice, match.exact, match.priority)
                }
            } else {
                best = (voice, match.exact, match.priority)
            }
        }
        return best?.voice
    }

    // MARK: Synthesis

    /// A finished synthesis, for callers that want the PCM itself (benchmarks, `say` to a file).
    public struct Synthesis: Sendable {
        public let samples: [Int16]
        public let sampleRate: Int
        /// The text eSpeak spoke, after sanitising.
        public let spokenText: String
        public let wasTruncated: Bool
        public let fromCache: Bool
        /// Samples of eSpeak's leading silence removed before `samples` (see `LeadingSilenceTrimmer`).
        public let trimmedLeadingSamples: Int

        public var duration: Double { Double(samples.count) / Double(sampleRate) }
    }

    /// Synthesises `text` and waits for all of it. Safe from any thread: the work runs on the
    /// engine thread, after whatever it is doing now (such as an announcement being played).
    /// `useCache: false` forces real synthesis, as a benchmark of eSpeak needs;
    /// `trimLeadingSilence: false` gives eSpeak's output exactly as it comes (never cached).
    public func synthesize(
        _ text: String, settings: VoiceSettings = .standard,
        useCache: Bool = true, trimLeadingSilence: Bool = true
    ) throws(SpeechError) -> Synthesis {
        let voice = try resolve(settings)
        let sanitized = TextSanitizer.sanitize(text)
        let rate = sampleRate
        let result = thread.perform { () -> Result<Synthesis, SpeechError> in
            var samples: [Int16] = []
            let outcome = self.render(
                sanitized.text, voice: voice, useCache: useCache, trimLeadingSilence: trimLeadingSilence
            ) { buffer in
                samples.append(contentsOf: buffer)
                return true
            }
            if case .failed(let error) = outcome.ending { return .failure(error) }
            return .success(
                Synthesis(
                    samples: samples, sampleRate: rate, spokenText: sanitized.text,
                    wasTruncated: sanitized.wasTruncated, fromCache: outcome.fromCache,
                    trimmedLeadingSamples: outcome.trimmedLeadingSamples))
        }
        return try result.get()
    }

    struct RenderOutcome {
        enum Ending {
            case completed
            /// `deliver` returned false.
            case stopped
            case failed(SpeechError)
        }

        var ending: Ending
        var fromCache = false
        /// Leading silence removed before the first sample delivered.
        var trimmedLeadingSamples = 0
    }

    /// Produces the PCM for `text` into `deliver` (cache first, eSpeak otherwise), without its
    /// leading silence unless told otherwise, until done or until `deliver` returns false.
    /// Engine thread only.
    func render(
        _ text: String, voice: VoiceSettings.Resolved, useCache: Bool = true, trimLeadingSilence: Bool = true,
        deliver: (UnsafeBufferPointer<Int16>) -> Bool
    ) -> RenderOutcome {
        precondition(thread.isCurrent, "eSpeak NG may only be used on the engine thread")
        if text.isEmpty { return RenderOutcome(ending: .completed) }
        // The cache holds trimmed PCM only: untrimmed output is for tests comparing the two.
        let caching = useCache && trimLeadingSilence
        let key = PCMCache.Key(text: text, voice: voice)
        if caching, let cached = state.withLock({ $0.cache.lookup(key) }) {
            let finished = cached.samples.withUnsafeBufferPointer { all -> Bool in
                var start = 0
                while start < all.count {
                    let end = min(start + Self.replayChunk, all.count)
                    if !deliver(UnsafeBufferPointer(rebasing: all[start..<end])) { return false }
                    start = end
                }
                return true
            }
            return RenderOutcome(
                ending: finished ? .completed : .stopped, fromCache: true, trimmedLeadingSamples: cached.trimmedLeadingSamples)
        }
        if let error = apply(voice) { return RenderOutcome(ending: .failed(error)) }
        let limit = state.withLock { $0.cache.maximumEntrySamples }
        var collected: [Int16] = []
        var collecting = caching
        var trimmer = LeadingSilenceTrimmer(sampleRate: sampleRate)
        func passOn(_ piece: UnsafeBufferPointer<Int16>) -> Bool {
            // Deliver first: the first buffer's latency is what a listener notices.
            guard deliver(piece) else { return false }
            if collecting {
                if collected.count + piece.count > limit {
                    collecting = false
                    collected = []
                } else {
                    collected.append(contentsOf: piece)
                }
            }
            return true
        }
        let status = EspeakRaw.synthesize(text) { buffer in
            trimLeadingSilence ? trimmer.process(buffer, deliver: passOn) : passOn(buffer)
        }
        trimmer.finish()
        var outcome = RenderOutcome(ending: .completed, trimmedLeadingSamples: trimmer.trimmed)
        switch status {
        case .completed:
            if collecting {
                let rendering = PCMCache.Rendering(samples: collected, trimmedLeadingSamples: trimmer.trimmed)
                state.withLock { $0.cache.insert(rendering, for: key) }
            }
        case .stopped:
            outcome.ending = .stopped
        case .failed(let status):
            outcome.ending = .failed(.espeak(operation: "synthesis", status))
        }
        return outcome
    }

    /// Switches eSpeak to `voice` if it is not already there. Engine thread only.
    private func apply(_ voice: VoiceSettings.Resolved) -> SpeechError? {
        let applied = state.withLock { $0.applied }
        if applied == voice { return nil }
        if applied?.selector != voice.selector {
            // Forget what was applied until the change fully succeeds.
            state.withLock { $0.applied = nil }
            if let status = EspeakRaw.setVoice(voice.selector) {
                return .espeak(operation: "voice change to '\(voice.selector)'", status)
            }
        }
        // A voice change resets eSpeak's parameters, so set all three every time.
        for (parameter, value) in [
            (EspeakRaw.Parameter.rate, voice.rate), (.pitch, voice.pitch),
            (.volume, voice.volume),
        ] {
            if let status = EspeakRaw.set(parameter, value) {
                state.withLock { $0.applied = nil }
                return .espeak(operation: "setting \(parameter)", status)
            }
        }
        state.withLock { $0.applied = voice }
        return nil
    }

    // MARK: Cache

    public struct CacheStatistics: Hashable, Sendable {
        public let hits: Int
        public let misses: Int
        public let entries: Int
        public let samples: Int
    }

    /// Read under the state lock, without waiting for the engine thread to be free.
    public var cacheStatistics: CacheStatistics {
        state.withLock { state in
            let s = state.cache.statistics
            return CacheStatistics(hits: s.hits, misses: s.misses, entries: s.entries, samples: s.samples)
        }
    }

    /// Empties the PCM cache (benchmarks use it to measure cold synthesis).
    public func clearCache() {
        state.withLock { $0.cache.removeAll() }
    }

    /// Variant names as `espeak_ListVoices` gives them (tests compare them with `variants`, which
    /// is read from the variants' folder at start-up because that is faster).
    package var variantsListedByEspeak: [String] {
        thread.perform { EspeakRaw.listVariants() }
    }

    /// How often eSpeak asked to open an `<audio>` URI; our callback refuses each. Tests expect 0.
    package static var uriRequestCount: Int { EspeakRaw.uriRequestCount }
}

extension Character {
    /// A space or tab, not a line break (what Foundation's `.whitespaces` trims).
    fileprivate var isHorizontalSpace: Bool { isWhitespace && !isNewline }
}

import Dispatch
import Glibc
import PagerSpeech
import PagerTestSupport
import Synchronization

/// Speech speed: how soon the first sound is ready, how fast eSpeak NG synthesises, and how
/// quickly speech stops when interrupted (the per-announcement cost against `espeak-ng -w` is
/// `ComparisonBench`). Everything goes through the real `Announcer`
/// and eSpeak NG; only the sound card is replaced by a sink that timestamps what reaches it.
enum SpeechBench {
    struct Figures {
        var firstBufferFresh = Percentiles()
        var firstBufferRepeated = Percentiles()
        /// From `stop()` until it returns: no further sample can reach a sink.
        var interruptReturned = Percentiles()
        /// From `stop()` until eSpeak NG has stopped and the interrupted event arrived.
        var interruptStopped = Percentiles()
        /// With live playback through a PulseAudio server: from `stop()` until the device's buffer
        /// was flushed (the sound has stopped), and until `stop()` returns (which also waits for
        /// the write in flight to come back and flushes what it left).
        var playbackInterruptFlushed = Percentiles()
        var playbackInterruptReturned = Percentiles()
    }

    struct Percentiles {
        var p50 = Double.nan
        var p99 = Double.nan

        init() {}

        init(_ samples: [Double]) {
            p50 = Measure.percentile(samples, 0.5)
            p99 = Measure.percentile(samples, 0.99)
        }

        /// Two rows: "`what` p50, `detail`" and the same for p99, in milliseconds.
        func print(_ what: String, _ detail: String) {
            Swift.print(Measure.row("\(what) p50, \(detail)", p50, "ms", decimals: 3))
            Swift.print(Measure.row("\(what) p99, \(detail)", p99, "ms", decimals: 3))
        }
    }

    static func run() -> Figures {
        var figures = Figures()
        print("PagerSpeech (release build, real eSpeak NG synthesis, no sound card)")
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine.shared()
        } catch {
            print("  speech unavailable: \(error)")
            return figures
        }
        let voice = (try? engine.voice(for: VoiceSettings()).identifier) ?? "?"
        print("  eSpeak NG \(engine.version), voice \(voice), \(engine.sampleRate) Hz 16-bit mono")
        // Fresh texts read like real announcements ("Page 12 of 4711") but are new to the cache.
        let salt = Int.random(in: 1000...9999)
        let sink = TimingSink()
        let announcer = Announcer(engine: engine, sinks: [sink], onNotice: { _ in })

        // Warm up: load the voice, fault in eSpeak's dictionaries, start the engine thread.
        for i in 0..<20 {
            announcer.speak("Page \(i + 1) of \(salt + 2)", priority: .low)
        }
        announcer.drain()

        // 1. Time from `speak` to the first PCM buffer reaching the sink.
        let rounds = 300
        var cold: [Double] = []
        var warm: [Double] = []
        for i in 0..<rounds {
            cold.append(firstBufferMilliseconds(announcer, sink, "Page \(i + 1) of \(salt)"))
            warm.append(firstBufferMilliseconds(announcer, sink, "Page 2 of 3"))
        }
        figures.firstBufferFresh = Percentiles(cold)
        figures.firstBufferRepeated = Percentiles(warm)
        figures.firstBufferFresh.print("first audio buffer", "fresh text")
        figures.firstBufferRepeated.print("first audio buffer", "repeated text")

        // 2. Real-time factor: synthesis time over audio duration, for a paragraph.
        let paragraph =
            "Use the dots below the page to see where you are. Swipe left or right with "
            + "three fingers to move between pages, or swipe up and down with one finger on the "
            + "dots to adjust the page. Each change is announced, and the last page says so."
        var factors: [Double] = []
        var audioSeconds = 0.0
        for _ in 0..<7 {
            let start = DispatchTime.now().uptimeNanoseconds
            guard let spoken = try? engine.synthesize(paragraph, useCache: false) else { continue }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            audioSeconds = spoken.duration
            factors.append(elapsed / spoken.duration)
        }
        let factor = Measure.percentile(factors, 0.5)
        print(
            Measure.row(
                "synthesis real-time factor (\(Measure.format(audioSeconds, decimals: 1)) s paragraph)",
                factor, "(\(Int((1 / factor).rounded()))x faster than real time)", decimals: 4))

        // 3. Interrupt latency: from `stop()` (Ctrl-C) with a long text mid-synthesis, to
        // `stop()` returning (no further sample can reach a sink) and to eSpeak having stopped
        // (the interrupted event).
        let long = String(repeating: "The quick brown fox jumps over the lazy dog, then runs across the field. ", count: 50)
        var returned: [Double] = []
        var stopped: [Double] = []
        let events = EventClock()
        let interruptible = Announcer(engine: engine, sinks: [sink], onNotice: { _ in }, onEvent: events.record)
        for i in 0..<100 {
            sink.expectFirstBuffer()
            interruptible.speak(long + " \(salt + i)")
            sink.waitForFirstBuffer()
            let start = DispatchTime.now().uptimeNanoseconds
            interruptible.stop()
            let back = DispatchTime.now().uptimeNanoseconds
            interruptible.drain()
            returned.append(Double(back - start) / 1e6)
            stopped.append(Double(events.lastTime - start) / 1e6)
        }
        figures.interruptReturned = Percentiles(returned)
        figures.interruptStopped = Percentiles(stopped)
        figures.interruptReturned.print("interrupt latency", "stop() returns")
        figures.interruptStopped.print("interrupt latency", "eSpeak stopped")
        if let (flushed, returned) = playbackInterrupt(engine: engine, text: long) {
            figures.playbackInterruptFlushed = flushed
            figures.playbackInterruptReturned = returned
            flushed.print("interrupt, live PulseAudio", "device flushed")
            returned.print("interrupt, live PulseAudio", "stop() returns")
        }
        let cache = engine.cacheStatistics
        print("  cache: \(cache.entries) utterances, \(cache.samples * 2 / 1024) KiB, \(cache.hits) hits, \(cache.misses) misses")
        return figures
    }

    /// Interrupt latency while sound is really playing: a private PulseAudio server with a null
    /// sink (the test fixture), the playback sink writing into it at the pace of real time, and
    /// `stop()` half a second into each utterance, so the device's buffer flush is part of it.
    /// Returns (device flushed, stop() returned).
    private static func playbackInterrupt(engine: SpeechEngine, text: String) -> (Percentiles, Percentiles)? {
        guard let server = try? PulseAudioServer() else {
            print("  (no PulseAudio server could be started: no live-playback figure)")
            return nil
        }
        defer { server.stop() }
        setenv("PULSE_SERVER", server.serverAddress, 1)
        defer { unsetenv("PULSE_SERVER") }
        guard let playback = try? PlaybackSink.open(.pulse, sampleRate: engine.sampleRate, onNotice: { _ in }) else {
            print("  (the PulseAudio server refused the connection: no live-playback figure)")
            return nil
        }
        let memory = MemorySink()
        // Sinks are flushed in order: when this one hears of it, the device flush has returned.
        let flushClock = FlushClock()
        let announcer = Announcer(engine: engine, sinks: [playback, flushClock, memory], onNotice: { _ in })
        var flushed: [Double] = []
        var returned: [Double] = []
        for i in 0..<20 {
            let before = memory.totalSamples
            announcer.speak(text + " \(i)")
            // Synthesis fills the device buffer at once, then waits on it: half a second in, the
            // device is playing at its own pace.
            guard memory.waitForSamples(atLeast: before + engine.sampleRate / 2, timeout: .seconds(30)) else { return nil }
            flushClock.arm()
            let start = DispatchTime.now().uptimeNanoseconds
            announcer.stop()
            let back = DispatchTime.now().uptimeNanoseconds
            announcer.drain()
            flushed.append(Double(flushClock.firstFlush - start) / 1e6)
            returned.append(Double(back - start) / 1e6)
        }
        return (Percentiles(flushed), Percentiles(returned))
    }

    private static func firstBufferMilliseconds(_ announcer: Announcer, _ sink: TimingSink, _ text: String) -> Double {
        sink.expectFirstBuffer()
        let start = DispatchTime.now().uptimeNanoseconds
        announcer.speak(text)
        announcer.drain()
        return Double(sink.firstBufferTime - start) / 1e6
    }

    /// Wall time of `body`, in milliseconds.
    static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }
}

/// A sink that keeps nothing but the time the first buffer of the current utterance arrived.
private final class TimingSink: AudioSink {
    private let first = Atomic<UInt64>(0)
    private let armed = Atomic<Bool>(false)
    private let arrived = DispatchSemaphore(value: 0)

    /// Next buffer to arrive is "the first".
    func expectFirstBuffer() {
        while arrived.wait(timeout: .now()) == .success {}
        first.store(0, ordering: .relaxed)
        armed.store(true, ordering: .releasing)
    }

    var firstBufferTime: UInt64 { first.load(ordering: .acquiring) }

    func waitForFirstBuffer() {
        arrived.wait()
    }

    func begin(_ utterance: UtteranceInfo) {}

    func write(_ samples: UnsafeBufferPointer<Int16>) {
        guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
        first.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing)
        arrived.signal()
    }

    func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport { .ok }

    func flush() {}
}

/// A sink that keeps only the time of the first flush after `arm()`.
private final class FlushClock: AudioSink {
    private let time = Atomic<UInt64>(0)

    func arm() { time.store(0, ordering: .releasing) }

    var firstFlush: UInt64 { time.load(ordering: .acquiring) }

    func begin(_ utterance: UtteranceInfo) {}
    func write(_ samples: UnsafeBufferPointer<Int16>) {}
    func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport { .ok }

    func flush() {
        _ = time.compareExchange(expected: 0, desired: DispatchTime.now().uptimeNanoseconds, ordering: .acquiringAndReleasing)
    }
}

/// When the last event arrived.
private final class EventClock: Sendable {
    private let time = Atomic<UInt64>(0)

    var lastTime: UInt64 { time.load(ordering: .acquiring) }

    var record: @Sendable (UtteranceEvent) -> Void {
        { [self] _ in time.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing) }
    }
}

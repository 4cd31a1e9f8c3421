import Dispatch
import Foundation
import PagerSpeech
import Synchronization

/// Speech speed: how soon the first sound is ready, how fast eSpeak NG synthesises, what one
/// announcement costs (fresh, and repeated through the PCM cache) against spawning `espeak-ng -w`,
/// and how quickly speech stops when interrupted. Everything goes through the real `Announcer`
/// and eSpeak NG; only the sound card is replaced by a sink that timestamps what reaches it.
enum SpeechBench {
    static func run() {
        print("PagerSpeech (release build, real eSpeak NG synthesis, no sound card)")
        let engine: SpeechEngine
        do {
            engine = try SpeechEngine.shared()
        } catch {
            print("  speech unavailable: \(error)")
            return
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
        print(Measure.row("first audio buffer p50, fresh text", Measure.percentile(cold, 0.5), "ms", decimals: 3))
        print(Measure.row("first audio buffer p99, fresh text", Measure.percentile(cold, 0.99), "ms", decimals: 3))
        print(Measure.row("first audio buffer p50, repeated text", Measure.percentile(warm, 0.5), "ms", decimals: 3))
        print(Measure.row("first audio buffer p99, repeated text", Measure.percentile(warm, 0.99), "ms", decimals: 3))

        // 2. Real-time factor: synthesis time over audio duration, for a paragraph.
        let paragraph = "Use the dots below the page to see where you are. Swipe left or right with "
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
        print(Measure.row("synthesis real-time factor (\(Measure.format(audioSeconds, decimals: 1)) s paragraph)",
                          factor, "(\(Int((1 / factor).rounded()))x faster than real time)", decimals: 4))

        // 3. Cost per announcement, as the REPL on a pipe pays it (speak, then drain), against
        // spawning `espeak-ng -w` for the same short texts.
        // Fresh texts are every "Page i of n" with n up to 9: the shape of the reference
        // ("Page 2 of 3"), none of them spoken before in this process.
        let fresh = (1...9).flatMap { n in (1...n).map { "Page \($0) of \(n)" } }.filter { $0 != "Page 2 of 3" }
        let count = 500
        let floorMs = Measure.percentile(fresh.map { text in
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try? engine.synthesize(text, useCache: false)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }, 0.5)
        let freshMs = perAnnouncementMilliseconds(announcer, fresh)
        print(Measure.row("eSpeak NG synthesis alone, uncached (floor)", floorMs, "ms", decimals: 3))
        let repeatedMs = perAnnouncementMilliseconds(announcer, Array(repeating: "Page 2 of 3", count: count * 4))
        print(Measure.row("per announcement, fresh text (synthesis)", freshMs, "ms", decimals: 3))
        print(Measure.row("per announcement, repeated text (cache)", repeatedMs, "ms", decimals: 3))
        if let spawnMs = espeakSpawnMilliseconds(Array(fresh.prefix(40))) {
            print(Measure.row("per announcement, spawning espeak-ng -w", spawnMs, "ms", decimals: 2))
            print(Measure.row("  fresh text: cheaper than espeak-ng -w", spawnMs / freshMs, "x", decimals: 1))
            print(Measure.row("  repeated text: cheaper than espeak-ng -w", spawnMs / repeatedMs, "x", decimals: 0))
        } else {
            print("  (espeak-ng not found: no spawn comparison)")
        }

        // 4. Interrupt latency: from `stop()` (Ctrl-C) with a long text mid-synthesis, to
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
        print(Measure.row("interrupt latency p50 (stop() returns)", Measure.percentile(returned, 0.5), "ms", decimals: 3))
        print(Measure.row("interrupt latency p99 (stop() returns)", Measure.percentile(returned, 0.99), "ms", decimals: 3))
        print(Measure.row("interrupt latency p50 (eSpeak stopped)", Measure.percentile(stopped, 0.5), "ms", decimals: 3))
        print(Measure.row("interrupt latency p99 (eSpeak stopped)", Measure.percentile(stopped, 0.99), "ms", decimals: 3))
        let cache = engine.cacheStatistics
        print("  cache: \(cache.entries) utterances, \(cache.samples * 2 / 1024) KiB, \(cache.hits) hits, \(cache.misses) misses")
    }

    private static func firstBufferMilliseconds(_ announcer: Announcer, _ sink: TimingSink, _ text: String) -> Double {
        sink.expectFirstBuffer()
        let start = DispatchTime.now().uptimeNanoseconds
        announcer.speak(text)
        announcer.drain()
        return Double(sink.firstBufferTime - start) / 1e6
    }

    /// Median cost of `speak` + `drain` over `texts`.
    private static func perAnnouncementMilliseconds(_ announcer: Announcer, _ texts: [String]) -> Double {
        Measure.percentile(texts.map { text in
            let start = DispatchTime.now().uptimeNanoseconds
            announcer.speak(text)
            announcer.drain()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }, 0.5)
    }

    /// Median wall time of `espeak-ng -w FILE TEXT`, the shell-loop alternative. Spawned with
    /// posix_spawn and reaped with waitpid, so Foundation's process monitoring adds nothing.
    private static func espeakSpawnMilliseconds(_ texts: [String]) -> Double? {
        let path = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let path else { return nil }
        let output = NSTemporaryDirectory() + "pagervoice-bench-\(getpid()).wav"
        defer { try? FileManager.default.removeItem(atPath: output) }
        var times: [Double] = []
        for text in texts {
            let arguments = ([path, "-w", output, text] as [String]).map { strdup($0) }
            defer { arguments.forEach { free($0) } }
            var pid: pid_t = 0
            let start = DispatchTime.now().uptimeNanoseconds
            let spawned = (arguments + [nil]).withUnsafeBufferPointer { argv in
                posix_spawn(&pid, path, nil, nil, UnsafeMutablePointer(mutating: argv.baseAddress!), environ)
            }
            guard spawned == 0 else { return nil }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard status == 0 else { return nil }
        }
        return Measure.percentile(times, 0.5)
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

/// When the last event arrived.
private final class EventClock: Sendable {
    private let time = Atomic<UInt64>(0)

    var lastTime: UInt64 { time.load(ordering: .acquiring) }

    var record: @Sendable (UtteranceEvent) -> Void {
        { [self] _ in time.store(DispatchTime.now().uptimeNanoseconds, ordering: .releasing) }
    }
}

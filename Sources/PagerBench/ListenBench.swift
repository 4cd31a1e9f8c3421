import Foundation
import Glibc
import PagerListen
import PagerTestSupport

/// Voice commands: how often a spoken command runs the right command line (in voices used for
/// tuning and in voices that were not), that out-of-grammar speech runs nothing, how soon a
/// command is reported after it was said, and what listening to silence costs.
///
/// The talkers are other TTS engines (flite, eSpeak NG), recorded at run time. Each recording
/// goes through the same code the file and live sources use (`Recogniser.feed`, voice activity
/// detection, the second look at rejected utterances), with half a second of silence around it.
enum ListenBench {
    struct Group {
        var name: String
        var correct = 0
        var total = 0
        /// Recordings that ran a command other than the one said.
        var wrong = 0
        var percent: Double { total > 0 ? Double(correct) * 100 / Double(total) : .nan }

        mutating func count(_ ok: Bool, _ ranWrong: Bool) {
            total += 1
            if ok { correct += 1 }
            if ranWrong { wrong += 1 }
        }
    }

    struct Figures {
        var tuned = Group(name: "tuned")
        var unseenFlite = Group(name: "unseen flite")
        var espeak = Group(name: "espeak")
        var outOfGrammarSentences = 0
        var outOfGrammarCommands = Double.nan
        var latencyP50 = Double.nan
        var latencyP90 = Double.nan
        var silenceCPUPercent = Double.nan
        var liveLatencyP50 = Double.nan
        /// eSpeak NG announcements heard back as themselves (what `verify --listen` relies on).
        var verifyEspeakPercent = Double.nan
    }

    static let tunedVoices: [Talker] = [.flite("slt"), .flite("awb"), .flite("rms")]
    static let unseenFliteVoices: [Talker] = [
        .flite("kal16"), .flite("slt", stretch: 0.8), .flite("awb", stretch: 1.25), .flite("rms", stretch: 1.15),
    ]
    static let espeakVoices: [Talker] = [.espeak("en-us"), .espeak("en"), .espeak("en+f3")]

    static let outOfGrammar = [
        "I would like a cup of coffee please", "the weather is nice today", "can you tell me the time",
        "my favourite colour is blue", "turn left at the next corner", "we should stop for lunch soon",
        "please read me a story", "the last train leaves at seven", "where is the nearest station",
        "I think the page is torn", "let us go to the beach tomorrow", "the meeting starts in ten minutes",
        "she sells sea shells by the sea shore", "how much does this cost", "open the window it is warm",
        "the quick brown fox jumps over the lazy dog", "he went to the market yesterday", "do you have any questions",
        "this is a test of the system", "thank you very much", "the children are playing outside",
        "put the book on the table", "I cannot find my keys", "the dog is sleeping on the couch",
        "what a beautiful morning", "shall we start the movie now", "it is raining again", "my phone battery is low",
        "send me the report by friday", "good night and sleep well",
    ]

    /// Every phrase of a 20-page pager titled Explore, Collect, Share, Page 4 … Page 20.
    static func labelledPhrases() -> [(text: String, action: VoiceAction)] {
        var phrases: [(String, VoiceAction)] = [
            ("next", .command("next")), ("next page", .command("next")), ("previous", .command("previous")),
            ("previous page", .command("previous")), ("first page", .command("go 1")), ("last page", .command("go 20")),
            ("repeat", .command("repeat")), ("stop", .command("stop")), ("where am I", .command("focus")),
            ("quit listening", .quitListening), ("read", .command("read")),
        ]
        for page in 1...20 {
            let words = NumberWords.words(page)!.joined(separator: " ")
            phrases.append(("page \(words)", .command("go \(page)")))
            phrases.append(("go to page \(words)", .command("go \(page)")))
        }
        phrases += [("go to Explore", .command("go 1")), ("go to Collect", .command("go 2")), ("go to Share", .command("go 3"))]
        return phrases
    }

    static let titles = ["Explore", "Collect", "Share"] + (4...20).map { "Page \($0)" }

    static func run() -> Figures {
        var figures = Figures()
        print("PagerListen (release build, PocketSphinx 5prealpha, US English model; talkers: flite, eSpeak NG)")
        guard let folder = try? TemporaryDirectory(prefix: "pv-listen-bench") else {
            print("  cannot make a scratch folder")
            return figures
        }
        let configuration = ListenConfiguration(stateFolder: folder.path)
        let recogniser: Recogniser
        let commands: VoiceCommands
        do {
            recogniser = try Recogniser(configuration: configuration)
            commands = VoiceCommands(titles: titles, count: 20, canPronounce: recogniser.canPronounce)
            try recogniser.load(phrases: commands.phrases.map(\.words))
        } catch {
            print("  listening unavailable: \(error)")
            return figures
        }

        // 1. Accuracy, and 2. out-of-grammar sentences (in tuned and unseen voices): every
        // recording is made once, then heard with the default tuning and two looser ones, to show
        // what rejection costs in each group.
        let phrases = labelledPhrases()
        var recordings: [(group: Int, talker: Talker, text: String, action: VoiceAction?, samples: [Int16])] = []
        for (group, voices) in [tunedVoices, unseenFliteVoices, espeakVoices].enumerated() {
            for talker in voices {
                for phrase in phrases {
                    guard let samples = synthesise(phrase.text, talker, folder.path) else { continue }
                    recordings.append((group, talker, phrase.text, phrase.action, samples))
                }
            }
        }
        for talker in [Talker.flite("slt"), .flite("awb"), .flite("kal16"), .espeak("en-us")] {
            for sentence in outOfGrammar {
                guard let samples = synthesise(sentence, talker, folder.path) else { continue }
                recordings.append((3, talker, sentence, nil, samples))
            }
        }
        let tunings = [
            RejectionTuning(), RejectionTuning(garbageEntry: 1e-4), RejectionTuning(garbageEntry: 1e-5, edgePhones: 3),
        ]
        for (round, tuning) in tunings.enumerated() {
            var tuned = Group(name: "tuned voices")
            var unseen = Group(name: "unseen flite voices and rates")
            var espeak = Group(name: "eSpeak NG")
            var outOfGrammarRun = 0
            var outOfGrammarTotal = 0
            var confusions: [String: Int] = [:]
            var perTalker: [Talker: (correct: Int, total: Int)] = [:]
            let hearing: Recogniser
            do {
                hearing =
                    round == 0
                    ? recogniser : try Recogniser(configuration: ListenConfiguration(stateFolder: folder.path, rejection: tuning))
                if round > 0 { try hearing.load(phrases: commands.phrases.map(\.words)) }
            } catch {
                print("  \(error)")
                continue
            }
            for recording in recordings {
                let ran = actions(of: hearing.hear(recording.samples), in: commands)
                guard let action = recording.action else {
                    outOfGrammarTotal += 1
                    outOfGrammarRun += ran.count
                    if round == 0 && !ran.isEmpty {
                        print(
                            "    out of grammar, \(recording.talker): '\(recording.text)' → ran \(ran.map(\.description).joined(separator: ", "))"
                        )
                    }
                    continue
                }
                let ok = ran == [action]
                let wrong = ran.contains { $0 != action }
                switch recording.group {
                case 0: tuned.count(ok, wrong)
                case 1: unseen.count(ok, wrong)
                default: espeak.count(ok, wrong)
                }
                perTalker[recording.talker, default: (0, 0)].total += 1
                if ok {
                    perTalker[recording.talker, default: (0, 0)].correct += 1
                } else {
                    let heard = ran.isEmpty ? "not understood" : ran.map(\.description).joined(separator: ", ")
                    confusions["\(recording.talker): '\(recording.text)' → \(heard)", default: 0] += 1
                }
            }
            let label = "garbage entry \(tuning.garbageEntry), loop \(tuning.garbageLoop), edge phones \(tuning.edgePhones)"
            print("  \(round == 0 ? "default tuning" : "looser tuning"): \(label)")
            if round == 0 {
                for talker in tunedVoices + unseenFliteVoices + espeakVoices {
                    let counts = perTalker[talker] ?? (0, 0)
                    print(Measure.row("  \(talker): run correctly (of \(counts.total))", Double(counts.correct), "", decimals: 0))
                }
            }
            for group in [tuned, unseen, espeak] {
                print(Measure.row("  \(group.name): run correctly", group.percent, "%"))
                print(Measure.row("  \(group.name): ran a wrong command", Double(group.wrong), "", decimals: 0))
            }
            print(
                Measure.row("  out-of-grammar recordings: commands run (of \(outOfGrammarTotal))", Double(outOfGrammarRun), "", decimals: 0)
            )
            if round == 0 {
                figures.tuned = tuned
                figures.unseenFlite = unseen
                figures.espeak = espeak
                figures.outOfGrammarSentences = outOfGrammarTotal
                figures.outOfGrammarCommands = Double(outOfGrammarRun)
                if !confusions.isEmpty {
                    print("  confusions with the default tuning (said → ran):")
                    for (line, times) in confusions.sorted(by: { $0.key < $1.key }) {
                        print("    \(line)" + (times > 1 ? " ×\(times)" : ""))
                    }
                }
            }
        }

        // `verify --listen`: every announcement of a 20-page pager, said by a voice, recognised
        // back among all 20 (whole recordings, no voice activity detection), with the default
        // rejection and a loose one.
        let announcements = (1...20).map { "Page \($0) of 20" }
        for tuning in [RejectionTuning(), RejectionTuning(garbageEntry: 1e-6, edgePhones: 4)] {
            guard
                let verifier = try? PhraseRecogniser(
                    phrases: announcements, configuration: ListenConfiguration(stateFolder: folder.path, rejection: tuning))
            else { continue }
            var line: [String] = []
            var espeakRight = 0
            var espeakTotal = 0
            for talker in [Talker.flite("slt"), .flite("kal16")] + espeakVoices {
                var right = 0
                for (index, text) in announcements.enumerated() {
                    let path = folder.path + "/announcement.wav"
                    guard (try? talker.say(text, to: path)) != nil, let match = try? verifier.recognise(wavFile: path) else { continue }
                    if case .phrase(index, _, _) = match { right += 1 }
                }
                line.append("\(talker) \(right)/20")
                if talker.engine == .espeakNG {
                    espeakRight += right
                    espeakTotal += announcements.count
                }
            }
            if tuning == RejectionTuning() {
                figures.verifyEspeakPercent = Double(espeakRight) * 100 / Double(max(espeakTotal, 1))
            }
            print("  verify: announcements heard back, garbage entry \(tuning.garbageEntry): " + line.joined(separator: ", "))
        }

        // 3. Latency: recordings fed at real-time pace in 50 ms fragments, as a live capture hands
        // them over; from the moment the last sound of the command was captured to the phrase.
        var latencies: [Double] = []
        for talker in tunedVoices {
            for text in ["next page", "previous", "go to page seven", "go to Collect", "where am I", "page twelve"] {
                let path = "\(folder.path)/latency.wav"
                guard (try? talker.say(text, to: path)) != nil, let samples = load(path) else { continue }
                if let latency = pacedLatency(samples, recogniser: recogniser) { latencies.append(latency) }
            }
        }
        figures.latencyP50 = Measure.percentile(latencies, 0.5)
        figures.latencyP90 = Measure.percentile(latencies, 0.9)
        print(Measure.row("end of speech → phrase p50 (\(latencies.count) commands)", figures.latencyP50, "ms"))
        print(Measure.row("end of speech → phrase p90", figures.latencyP90, "ms"))

        // The same through a live PulseAudio record stream: `paplay` plays each command into a
        // null sink, the listener hears its monitor. The end of the sound is when paplay finished
        // draining, less the silence at the end of the recording.
        let live = liveLatencies(configuration: configuration, folder: folder.path)
        figures.liveLatencyP50 = Measure.percentile(live, 0.5)
        print(Measure.row("live PulseAudio: end of sound → phrase p50 (\(live.count) commands)", figures.liveLatencyP50, "ms"))

        // 4. CPU while listening to an idle null sink's monitor (a live record stream).
        figures.silenceCPUPercent = silenceCPU(configuration: configuration)
        print(Measure.row("CPU listening to silence (live PulseAudio stream)", figures.silenceCPUPercent, "% of a core", decimals: 2))
        return figures
    }

    private static func synthesise(_ text: String, _ talker: Talker, _ folder: String) -> [Int16]? {
        let path = folder + "/recording.wav"
        guard (try? talker.say(text, to: path)) != nil, let samples = load(path) else {
            print("  \(talker): cannot synthesise '\(text)'")
            return nil
        }
        return samples
    }

    /// A recording as 16 kHz samples with half a second of silence before and after.
    private static func load(_ path: String) -> [Int16]? {
        guard let reader = try? WAVReader(path: path) else { return nil }
        var resampler = Resampler(from: reader.sampleRate, to: Recogniser.sampleRate)
        var samples = [Int16](repeating: 0, count: 8000)
        while let piece = try? reader.read(frames: 65_536) {
            samples += resampler.process(piece, final: piece.isEmpty)
            if piece.isEmpty { break }
        }
        return samples + [Int16](repeating: 0, count: 8000)
    }

    private static func actions(of outcomes: [Recogniser.Outcome], in commands: VoiceCommands) -> [VoiceAction] {
        outcomes.compactMap { outcome in
            if case .phrase(let index, _) = outcome { commands.phrases[index].action } else { nil }
        }
    }

    /// The index just after the last sample louder than -40 dBFS (in 10 ms windows).
    private static func endOfSound(_ samples: [Int16]) -> Int {
        let window = 160
        var end = 0
        var start = 0
        while start + window <= samples.count {
            var energy = 0.0
            for sample in samples[start..<(start + window)] { energy += Double(sample) * Double(sample) }
            if (energy / Double(window)).squareRoot() > 328 { end = start + window }
            start += window
        }
        return end
    }

    private static func pacedLatency(_ samples: [Int16], recogniser: Recogniser) -> Double? {
        let fragment = 800
        let soundEnd = endOfSound(samples)
        let padded = samples + [Int16](repeating: 0, count: 16_000)
        let started = ContinuousClock.now
        var offset = 0
        while offset < padded.count {
            let end = min(offset + fragment, padded.count)
            // The fragment is complete (and handed over) once its last sample has been captured.
            let due = started + .microseconds(Int64(end) * 1_000_000 / 16_000)
            let wait = due - ContinuousClock.now
            if wait > .zero { usleep(UInt32(wait.components.attoseconds / 1_000_000_000_000 + wait.components.seconds * 1_000_000)) }
            let outcomes = padded[offset..<end].withUnsafeBufferPointer { recogniser.feed($0) }
            if outcomes.contains(where: { if case .phrase = $0 { true } else { false } }) {
                let soundEndTime = started + .microseconds(Int64(soundEnd) * 1_000_000 / 16_000)
                let latency = ContinuousClock.now - soundEndTime
                return Double(latency.components.seconds) * 1000 + Double(latency.components.attoseconds) / 1e15
            }
            offset = end
        }
        _ = recogniser.finish()
        return nil
    }

    private static func liveLatencies(configuration: ListenConfiguration, folder: String) -> [Double] {
        guard let server = try? PulseAudioServer(sinkName: "bench_latency"), let paplay = PulseAudioServer.findExecutable("paplay") else {
            print("  no PulseAudio server or paplay for the live latency")
            return []
        }
        defer { server.stop() }
        let heardAt = HeardTimes()
        let listener: Listener
        do {
            listener = try Listener(
                source: .pulseAudio(device: server.sinkName + ".monitor", server: server.serverAddress),
                titles: titles, count: 20, configuration: configuration
            ) { event in
                if case .heard = event { heardAt.append(ContinuousClock.now) }
            }
        } catch {
            print("  cannot listen: \(error)")
            return []
        }
        defer { listener.stop() }
        var latencies: [Double] = []
        for talker in tunedVoices {
            for text in ["next page", "go to page seven", "where am I"] {
                let path = folder + "/live.wav"
                guard (try? talker.say(text, to: path)) != nil, let samples = load(path) else { continue }
                // `load` added half a second of silence at each end; the file itself has its own tail.
                let fileSamples = Array(samples.dropFirst(8000).dropLast(8000))
                let tail = Double(fileSamples.count - endOfSound(fileSamples)) / 16_000
                let before = heardAt.count
                guard
                    let process = try? SpawnedProcess(
                        executable: paplay, arguments: ["--device=\(server.sinkName)", path], environment: server.clientEnvironment()),
                    process.wait(timeout: .seconds(30)) == 0
                else { continue }
                let soundEnded = ContinuousClock.now - .milliseconds(Int64(tail * 1000))
                let deadline = ContinuousClock.now + .seconds(5)
                while heardAt.count == before && ContinuousClock.now < deadline { usleep(2_000) }
                guard let heard = heardAt.last, heardAt.count > before else { continue }
                let latency = heard - soundEnded
                latencies.append(Double(latency.components.seconds) * 1000 + Double(latency.components.attoseconds) / 1e15)
                // Let the detector see the silence after it before the next command.
                usleep(300_000)
            }
        }
        return latencies
    }

    private static func silenceCPU(configuration: ListenConfiguration) -> Double {
        guard let server = try? PulseAudioServer(sinkName: "bench_listen") else {
            print("  no PulseAudio server for the CPU figure")
            return .nan
        }
        defer { server.stop() }
        let listener: Listener
        do {
            listener = try Listener(
                source: .pulseAudio(device: server.sinkName + ".monitor", server: server.serverAddress),
                titles: titles, count: 20, configuration: configuration
            ) { _ in }
        } catch {
            print("  cannot listen: \(error)")
            return .nan
        }
        defer { listener.stop() }
        // Let the stream settle, then measure the whole process over ten seconds of silence.
        usleep(1_000_000)
        let before = cpuSeconds()
        let wallStart = ContinuousClock.now
        usleep(10_000_000)
        let wall = ContinuousClock.now - wallStart
        let used = cpuSeconds() - before
        let wallSeconds = Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18
        return used / wallSeconds * 100
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }
}

/// When phrases were heard, written on the listener's thread and read by the bench.
private final class HeardTimes: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [ContinuousClock.Instant] = []

    func append(_ time: ContinuousClock.Instant) {
        lock.lock()
        times.append(time)
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return times.count
    }

    var last: ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        return times.last
    }
}

extension Recogniser {
    /// One recording through the streaming path, then the end of input.
    fileprivate func hear(_ samples: [Int16]) -> [Outcome] {
        var outcomes = samples.withUnsafeBufferPointer { feed($0) }
        if let last = finish() { outcomes.append(last) }
        return outcomes
    }
}

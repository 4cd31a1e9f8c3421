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

        // 1. Accuracy.
        let phrases = labelledPhrases()
        var confusions: [String: Int] = [:]
        func measure(_ voices: [Talker], _ group: inout Group) {
            for talker in voices {
                var correct = 0
                for (index, phrase) in phrases.enumerated() {
                    let path = "\(folder.path)/\(index).wav"
                    guard (try? talker.say(phrase.text, to: path)) != nil, let samples = load(path) else {
                        print("  \(talker): cannot synthesise '\(phrase.text)'")
                        group.total += 1
                        continue
                    }
                    let ran = actions(of: recogniser.hear(samples), in: commands)
                    group.total += 1
                    if ran == [phrase.action] {
                        correct += 1
                        group.correct += 1
                    } else {
                        if ran.contains(where: { $0 != phrase.action }) { group.wrong += 1 }
                        let heard = ran.isEmpty ? "not understood" : ran.map(\.description).joined(separator: ", ")
                        confusions["\(talker): '\(phrase.text)' → \(heard)", default: 0] += 1
                    }
                }
                print(Measure.row("\(talker): commands run correctly (of \(phrases.count))", Double(correct), "", decimals: 0))
            }
        }
        measure(tunedVoices, &figures.tuned)
        measure(unseenFliteVoices, &figures.unseenFlite)
        measure(espeakVoices, &figures.espeak)
        for group in [figures.tuned, figures.unseenFlite, figures.espeak] {
            print(Measure.row("\(group.name): run correctly", group.percent, "%"))
            print(Measure.row("\(group.name): ran a wrong command", Double(group.wrong), "", decimals: 0))
        }
        if !confusions.isEmpty {
            print("  confusions (said → ran):")
            for (line, times) in confusions.sorted(by: { $0.key < $1.key }) {
                print("    \(line)" + (times > 1 ? " ×\(times)" : ""))
            }
        }

        // 2. Out-of-grammar sentences, in tuned and unseen voices.
        var commandsRun = 0
        for talker in [Talker.flite("slt"), .flite("awb"), .flite("kal16"), .espeak("en-us")] {
            for (index, sentence) in outOfGrammar.enumerated() {
                let path = "\(folder.path)/oog-\(index).wav"
                guard (try? talker.say(sentence, to: path)) != nil, let samples = load(path) else { continue }
                figures.outOfGrammarSentences += 1
                let ran = actions(of: recogniser.hear(samples), in: commands)
                if !ran.isEmpty {
                    commandsRun += ran.count
                    print("    out of grammar, \(talker): '\(sentence)' → ran \(ran.map(\.description).joined(separator: ", "))")
                }
            }
        }
        figures.outOfGrammarCommands = Double(commandsRun)
        print(Measure.row("out-of-grammar recordings (30 sentences × 4 voices)", Double(figures.outOfGrammarSentences), "", decimals: 0))
        print(Measure.row("commands run for them", figures.outOfGrammarCommands, "", decimals: 0))

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

        // 4. CPU while listening to an idle null sink's monitor (a live record stream).
        figures.silenceCPUPercent = silenceCPU(configuration: configuration)
        print(Measure.row("CPU listening to silence (live PulseAudio stream)", figures.silenceCPUPercent, "% of a core", decimals: 2))
        return figures
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

extension Recogniser {
    /// One recording through the streaming path, then the end of input.
    fileprivate func hear(_ samples: [Int16]) -> [Outcome] {
        var outcomes = samples.withUnsafeBufferPointer { feed($0) }
        if let last = finish() { outcomes.append(last) }
        return outcomes
    }
}

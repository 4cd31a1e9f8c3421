import Foundation
import PagerListen
import PagerTestSupport

/// Real human speech that is no command (`HumanSpeech`, from Debian packages) heard against the
/// grammars of 1-, 3-, 20- and 80-page pagers: how many commands it runs, per hour of speech. The
/// tuning, held-out and unseen parts are reported apart; docs/VOICE.md says which was heard when.
enum HumanSpeechBench {
    struct Figures {
        var seconds = [HumanSpeech.Part: Double]()
        var commands = [HumanSpeech.Part: Int]()
        var hearings = [HumanSpeech.Part: Int]()
        /// How many grammars each part was heard against (four, unless HUMAN_SIZES chose).
        var grammarCounts = [HumanSpeech.Part: Int]()

        func perHour(_ part: HumanSpeech.Part) -> Double {
            guard let seconds = seconds[part], seconds > 0, let commands = commands[part], let grammars = grammarCounts[part] else {
                return .nan
            }
            return Double(commands) / (seconds * Double(grammars) / 3600)
        }
    }

    static let sizes = [1, 3, 20, 80]

    static func run(parts: [HumanSpeech.Part]) -> Figures {
        var figures = Figures()
        guard let folder = try? TemporaryDirectory(prefix: "pv-human-bench") else { return figures }
        let configuration = ListenConfiguration(stateFolder: folder.path)
        // HUMAN_SIZES=80,20: those grammars alone, in that order (a long part heard in two
        // processes at once); the per-hour figure then counts only them.
        // Sizes it cannot read (not a number, under 1, over 999) are left out; none left: all four.
        let asked = (ProcessInfo.processInfo.environment["HUMAN_SIZES"] ?? "").split(separator: ",").compactMap { Int($0) }
            .filter { (1...999).contains($0) }
        let chosen = asked.isEmpty ? sizes : asked
        let grammarsHeard = chosen.count == 1 ? "1 grammar" : "\(chosen.count) grammars"
        let pagers = chosen.map { "\($0)-page" }.joined(separator: ", ")
        for part in parts {
            var recordings = HumanSpeech.recordings(part)
            if ProcessInfo.processInfo.environment["HUMAN_QUICK"] != nil {
                recordings = recordings.filter { !$0.name.hasPrefix("asterisk/") }
            }
            if let extra = ProcessInfo.processInfo.environment["HUMAN_EXTRA"] {
                recordings = ((try? FileManager.default.contentsOfDirectory(atPath: extra)) ?? []).sorted().filter { $0.hasSuffix(".wav") }
                    .map {
                        HumanSpeech(name: $0, path: extra + "/" + $0, part: .tuning)
                    }
            }
            guard !recordings.isEmpty else {
                print(
                    "  human speech, \(part.rawValue) part: not installed (`make deps` installs every package it comes from)"
                )
                continue
            }
            var loaded: [(HumanSpeech, [Int16])] = []
            var narrowband: Set<String> = []
            for recording in recordings {
                guard let (samples, rate) = try? recording.samplesAndRate() else {
                    print("  cannot read \(recording.path)")
                    continue
                }
                if rate < 16_000 { narrowband.insert(recording.name) }
                // Half a second of silence around each, as a person pauses between sentences.
                loaded.append((recording, [Int16](repeating: 0, count: 8000) + samples + [Int16](repeating: 0, count: 8000)))
            }
            let seconds = loaded.reduce(0.0) { $0 + Double($1.1.count - 16_000) / 16_000 }
            figures.seconds[part] = seconds
            print(
                "  human speech that is no command, \(part.rawValue) part: \(loaded.count) recordings, "
                    + String(format: "%.1f min", seconds / 60) + ", against the grammars of \(pagers) pagers")
            var total = 0
            let started = ContinuousClock.now
            for pages in chosen {
                do {
                    let recogniser = try Recogniser(configuration: configuration)
                    let titles = ListenBench.titles(pages: pages)
                    let commands = VoiceCommands(titles: titles, count: pages, canPronounce: recogniser.canPronounce)
                    try recogniser.load(phrases: commands.phrases.map(\.words))
                    recogniser.keepsDetail = true
                    recogniser.prepareSecondLook()
                    var run = 0
                    for (recording, samples) in loaded {
                        // As `Listener` hears a recording under 16 kHz.
                        recogniser.narrowband = narrowband.contains(recording.name)
                        var outcomes: [(Recogniser.Outcome, [String], String?, Double?)] = []
                        var offset = 0
                        while offset < samples.count {
                            let end = min(offset + 1600, samples.count)
                            for outcome in samples[offset..<end].withUnsafeBufferPointer({ recogniser.feed($0) }) {
                                outcomes.append((outcome, recogniser.lastDetail, recogniser.lastStage?.rawValue, recogniser.lastConfidence))
                            }
                            offset = end
                        }
                        if let outcome = recogniser.finish() {
                            outcomes.append((outcome, recogniser.lastDetail, recogniser.lastStage?.rawValue, recogniser.lastConfidence))
                        }
                        for (outcome, detail, stage, confidence) in outcomes {
                            if ProcessInfo.processInfo.environment["HUMAN_VERBOSE"] != nil {
                                print("    \(pages)-page pager: \(recording.name): \(outcome)")
                                for line in detail { print("        \(line)") }
                            }
                            guard case .phrase(let index, let score) = outcome else { continue }
                            guard commands.phrases[index].action.acts else {
                                print("    \(pages)-page pager: \(recording.name) → heard a page past the last, runs nothing")
                                continue
                            }
                            run += 1
                            let stage = stage ?? "?"
                            let confidence = confidence.map { String(format: ", confidence %.1f", $0) } ?? ""
                            for line in detail { print("        \(line)") }
                            print(
                                "    \(pages)-page pager: \(recording.name) → ran \(commands.phrases[index].action) "
                                    + "('\(commands.phrases[index].words.joined(separator: " "))', \(stage), score \(Int(score))\(confidence))"
                            )
                        }
                    }
                    total += run
                    print(
                        Measure.row("    \(pages)-page pager: commands run (of \(loaded.count) recordings)", Double(run), "", decimals: 0))
                } catch {
                    print("    \(pages)-page pager: \(error)")
                }
            }
            let elapsed = ContinuousClock.now - started
            figures.commands[part] = total
            figures.hearings[part] = loaded.count * chosen.count
            figures.grammarCounts[part] = chosen.count
            print(
                Measure.row(
                    "    \(part.rawValue) part: commands run per hour of speech (\(grammarsHeard))", figures.perHour(part), "",
                    decimals: 1
                ))
            print(
                Measure.row(
                    "    time to hear it (\(grammarsHeard))",
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, "s", decimals: 0))
        }
        return figures
    }
}

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
/// Real people talking, none of it a command, are `HumanSpeechBench`'s. LISTEN_QUICK=1 measures
/// the default tuning's accuracy and out-of-grammar figures alone; LISTEN_ONLY=0, 1 or 2 one
/// group of talkers (tuned flite, unseen flite, eSpeak NG).
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
        /// The same recordings against the grammars of a 1-, a 3- and an 80-page pager, together.
        var outOfGrammarOtherSizesCommands = Double.nan
        /// Lone words and numbers (`loneWords`, said by the same voices): commands run against the
        /// 20-page grammar, and against the 1-, 3- and 80-page ones together.
        var loneWords = 0
        var loneWordCommands = Double.nan
        var loneWordOtherSizesCommands = Double.nan
        var latencyP50 = Double.nan
        var latencyP90 = Double.nan
        var silenceCPUPercent = Double.nan
        var liveLatencyP50 = Double.nan
        /// Commands that only the second look ran (most of eSpeak NG's): end of speech to phrase.
        var secondLookLatencyP50 = Double.nan
        /// eSpeak NG announcements heard back as themselves (what `verify --listen` relies on).
        var verifyEspeakPercent = Double.nan
        /// Wrong expectations (another announcement of the same pager) that the check failed.
        var verifyWrongCaughtPercent = Double.nan
        var verifyCheckMilliseconds = Double.nan
        /// People talking, none of it a command (`HumanSpeechBench`).
        var human = HumanSpeechBench.Figures()
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

    /// What each group of recordings is called in the diagnostics, by its number: the three
    /// groups of talkers saying commands, then the sentences (`outOfGrammar`) and `loneWords`.
    static let groupNames = ["tuned", "unseen flite", "eSpeak NG", "out of grammar", "lone word"]

    /// Single words and numbers said alone, none a command: what people in a room say most
    /// (issue 32's human speech ran commands mostly from these), which no sentence above is. A lone
    /// number is a "page <number>" without its "page"; some sound like a one-word phrase
    /// ("reader", "paper"). Chosen when the set was added (2026-12-03), after people's single
    /// words had been heard, so it is a regression set, not an unseen one.
    static let loneWords = [
        "seven", "eleven", "fifteen", "three", "forty", "hello", "yes", "no", "okay", "thanks", "sorry", "left", "right",
        "bridge", "road", "star", "rocket", "paper", "reader", "station",
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

    static let titles = titles(pages: 20)

    /// The titles of a pager of `pages` pages: Explore, Collect, Share, then Page 4, Page 5 …
    static func titles(pages: Int) -> [String] {
        (1...pages).map { $0 <= 3 ? ["Explore", "Collect", "Share"][$0 - 1] : "Page \($0)" }
    }

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
            recogniser.prepareSecondLook()
        } catch {
            print("  listening unavailable: \(error)")
            return figures
        }

        // 1. Accuracy, and 2. out-of-grammar sentences (in tuned and unseen voices): every
        // recording is made once, then heard with the default tuning and two looser ones, to show
        // what rejection costs in each group.
        let phrases = labelledPhrases()
        var recordings: [(group: Int, talker: Talker, text: String, action: VoiceAction?, samples: [Int16])] = []
        let only = ProcessInfo.processInfo.environment["LISTEN_ONLY"]
        for (group, voices) in [tunedVoices, unseenFliteVoices, espeakVoices].enumerated() where only == nil || only == String(group) {
            for talker in voices {
                for phrase in phrases {
                    guard let samples = synthesise(phrase.text, talker, folder.path) else { continue }
                    recordings.append((group, talker, phrase.text, phrase.action, samples))
                }
            }
        }
        // Every talker of the accuracy groups says them: eSpeak NG's `en` took "the weather is
        // nice today" for "read" against 1-, 3- and 20-page pagers, which a set without it never
        // showed (until `RejectionTuning.leastCoverage`; the "no coverage" line shows it again).
        for talker in tunedVoices + [.flite("kal16")] + espeakVoices where only == nil {
            for sentence in outOfGrammar {
                guard let samples = synthesise(sentence, talker, folder.path) else { continue }
                recordings.append((3, talker, sentence, nil, samples))
            }
            for word in loneWords {
                guard let samples = synthesise(word, talker, folder.path) else { continue }
                recordings.append((4, talker, word, nil, samples))
            }
        }
        // Beside the default: no coverage check, no second look (the stream's two decodes
        // alone), the second look without its closed set (the command grammar at three warps),
        // the second look at the recording's own frequencies only, and two looser phone-loop
        // entries.
        let quick = ProcessInfo.processInfo.environment["LISTEN_QUICK"] != nil
        let tunings =
            quick
            ? [RejectionTuning()]
            : [
                RejectionTuning(), RejectionTuning(leastCoverage: 0), RejectionTuning(closedSetWarps: []),
                RejectionTuning(closedSetConfidence: .infinity),
                RejectionTuning(closedSetWarps: [1]), RejectionTuning(garbageEntry: 1e-4),
                RejectionTuning(garbageEntry: 1e-5, edgePhones: 3),
            ]
        for (round, tuning) in tunings.enumerated() {
            var tuned = Group(name: "tuned voices")
            var unseen = Group(name: "unseen flite voices and rates")
            var espeak = Group(name: "eSpeak NG")
            var outOfGrammarRun = 0
            var outOfGrammarTotal = 0
            var loneWordsRun = 0
            var loneWordsTotal = 0
            var confusions: [String: Int] = [:]
            var perTalker: [Talker: (correct: Int, total: Int)] = [:]
            let hearing: Recogniser
            do {
                hearing =
                    round == 0
                    ? recogniser : try Recogniser(configuration: ListenConfiguration(stateFolder: folder.path, rejection: tuning))
                if round > 0 {
                    try hearing.load(phrases: commands.phrases.map(\.words))
                    hearing.prepareSecondLook()
                }
            } catch {
                print("  \(error)")
                continue
            }
            var confidences: [String: [Double]] = [:]
            var ratios: [String: [Double]] = [:]
            var loopFits: [String: [Double]] = [:]
            var coverages: [String: [Double]] = [:]
            var quietShares: [String: [Double]] = [:]
            for recording in recordings {
                hearing.lastConfidence = nil
                let ran = actions(of: hearing.hear(recording.samples), in: commands)
                if round == 0 && !ran.isEmpty && hearing.lastStage != .closedSet {
                    let group = groupNames[recording.group]
                    coverages[group + " (\(hearing.lastStage?.rawValue ?? "?"))", default: []].append(hearing.lastPhraseCoverage)
                    quietShares[group + " (\(hearing.lastStage?.rawValue ?? "?"))", default: []].append(hearing.lastQuietShare)
                }
                if round == 0 && hearing.lastStage == .closedSet && !hearing.lastPhoneRatios.isEmpty {
                    let group = groupNames[recording.group]
                    let ok = recording.action.map { ran == [$0] } ?? false
                    let key = group + (recording.group == 3 ? "" : (ok ? " (ran right)" : " (did not)"))
                    ratios[key, default: []] += hearing.lastPhoneRatios
                    loopFits[key, default: []].append(hearing.lastLoopPerFrame.reduce(0, +) / Double(hearing.lastLoopPerFrame.count))
                }
                if round == 0, let confidence = hearing.lastConfidence {
                    let group = groupNames[recording.group]
                    let voices = recording.group == 3 ? (tunedVoices.contains(recording.talker) ? " (tuned voice)" : " (unseen voice)") : ""
                    confidences[group + voices, default: []].append(confidence)
                }
                guard let action = recording.action else {
                    if recording.group == 4 {
                        loneWordsTotal += 1
                        loneWordsRun += ran.count
                    } else {
                        outOfGrammarTotal += 1
                        outOfGrammarRun += ran.count
                    }
                    if round == 0 && !ran.isEmpty {
                        let kind = groupNames[recording.group]
                        print(
                            "    \(kind), \(recording.talker): '\(recording.text)' → ran \(ran.map(\.description).joined(separator: ", "))"
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
            let label =
                "garbage entry \(tuning.garbageEntry), loop \(tuning.garbageLoop), edge phones \(tuning.edgePhones), "
                + (tuning.leastCoverage > 0 ? "phrase spans ≥ \(tuning.leastCoverage) of the speech, " : "no coverage check, ")
                + (tuning.closedSetWarps.isEmpty
                    ? "no second look"
                    : "second look at warps \(tuning.closedSetWarps), closed set ≥ \(tuning.closedSetConfidence) when every warp agrees")
            print("  \(round == 0 ? "default tuning" : "other tuning"): \(label)")
            if round == 0 {
                // The threshold was chosen on the tuned voices' out-of-grammar sentences (their
                // highest confidence, with a margin); the other lines show how it holds elsewhere.
                printSpread("closed-set look (where every warp named one phrase): mean confidence per frame", confidences, "%.1f")
            }
            if round == 0 {
                printSpread("closed-set looks: loop phones per phrase phone", ratios, "%.2f")
                printSpread("commands run by a grammar decode: share of the speech the phrase's words span", coverages, "%.2f")
                printSpread("commands run by a grammar decode: the largest share of quiet frames under a word", quietShares, "%.2f")
                printSpread("closed-set looks: the phone loop's mean score per frame", loopFits, "%.1f")
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
            print(Measure.row("  lone words and numbers: commands run (of \(loneWordsTotal))", Double(loneWordsRun), "", decimals: 0))
            if round == 0 {
                figures.tuned = tuned
                figures.unseenFlite = unseen
                figures.espeak = espeak
                figures.outOfGrammarSentences = outOfGrammarTotal
                figures.outOfGrammarCommands = Double(outOfGrammarRun)
                figures.loneWords = loneWordsTotal
                figures.loneWordCommands = Double(loneWordsRun)
                if !confusions.isEmpty {
                    print("  confusions with the default tuning (said → ran):")
                    for (line, times) in confusions.sorted(by: { $0.key < $1.key }) {
                        print("    \(line)" + (times > 1 ? " ×\(times)" : ""))
                    }
                }
            }
        }

        // 2b. Real people talking, none of it a command, from Debian's packages: the part tuned on
        // and the part held out, apart.
        if !quick { figures.human = HumanSpeechBench.run(parts: HumanSpeech.Part.allCases) }

        // The same out-of-grammar recordings against the grammars of a 1-, a 3- and an 80-page
        // pager (titled as the 20-page one is). With few phrases a sentence is taken for the same
        // phrase at every warp more often. Against a long document's many phrases the tuned
        // voices' sentences score lower (-19.3 at 80 pages) but an unseen voice's did not (-13.4),
        // so one closed-set threshold must hold at every size.
        var otherSizesRun = 0
        var otherSizesLoneRun = 0
        var otherSizesFailed = false
        for pages in [1, 3, 80] {
            do {
                let sized = try Recogniser(configuration: configuration)
                let sizedCommands = VoiceCommands(titles: titles(pages: pages), count: pages, canPronounce: sized.canPronounce)
                try sized.load(phrases: sizedCommands.phrases.map(\.words))
                sized.prepareSecondLook()
                var run = 0
                var loneRun = 0
                var tunedHighest = -Double.infinity
                var highest = (confidence: -Double.infinity, said: "")
                for recording in recordings where recording.action == nil {
                    sized.lastConfidence = nil
                    // A number past the last page is heard but runs nothing.
                    let ran = actions(of: sized.hear(recording.samples), in: sizedCommands).filter(\.acts)
                    if recording.group == 4 { loneRun += ran.count } else { run += ran.count }
                    if !ran.isEmpty {
                        let commands = ran.map(\.description).joined(separator: ", ")
                        print("    \(pages)-page pager, \(recording.talker): '\(recording.text)' → ran \(commands)")
                    }
                    if let confidence = sized.lastConfidence {
                        if confidence > highest.confidence { highest = (confidence, "\(recording.talker): '\(recording.text)'") }
                        if tunedVoices.contains(recording.talker) { tunedHighest = max(tunedHighest, confidence) }
                    }
                }
                otherSizesRun += run
                otherSizesLoneRun += loneRun
                print(
                    String(
                        format:
                            "  %d-page pager: closed-set look confidence of out-of-grammar recordings, highest: tuned voices %.1f, all %.1f",
                        pages, tunedHighest, highest.confidence) + " (\(highest.said))")
                print(
                    Measure.row(
                        "  \(pages)-page pager: out-of-grammar recordings, commands run (of \(figures.outOfGrammarSentences))", Double(run),
                        "", decimals: 0))
                print(
                    Measure.row(
                        "  \(pages)-page pager: lone words and numbers, commands run (of \(figures.loneWords))", Double(loneRun), "",
                        decimals: 0))
            } catch {
                print("  \(pages)-page pager: \(error)")
                otherSizesFailed = true
            }
        }
        figures.outOfGrammarOtherSizesCommands = otherSizesFailed ? .nan : Double(otherSizesRun)
        figures.loneWordOtherSizesCommands = otherSizesFailed ? .nan : Double(otherSizesLoneRun)
        // LISTEN_QUICK: the default tuning's accuracy and out-of-grammar figures alone.
        if quick { return figures }

        verifyAnnouncements(folder: folder.path, figures: &figures)

        // 3. Latency: recordings fed at real-time pace in 50 ms fragments, as a live capture hands
        // them over; from the moment the last sound of the command was captured to the phrase.
        let latencyCommands = ["next page", "previous", "go to page seven", "go to Collect", "where am I", "page twelve"]
        var latencies: [Double] = []
        for talker in tunedVoices {
            for text in latencyCommands {
                guard let samples = synthesise(text, talker, folder.path) else { continue }
                if let latency = pacedLatency(samples, recogniser: recogniser) { latencies.append(latency) }
            }
        }
        figures.latencyP50 = Measure.percentile(latencies, 0.5)
        figures.latencyP90 = Measure.percentile(latencies, 0.9)
        print(Measure.row("end of speech → phrase p50 (\(latencies.count) commands)", figures.latencyP50, "ms"))
        print(Measure.row("end of speech → phrase p90", figures.latencyP90, "ms"))

        // The same for commands the stream's decodes rejected and the second look ran: the voices
        // the model fits poorly (eSpeak NG's) wait for the looks, taken after the utterance ended.
        // Which commands those are is decided by a recogniser without the second look.
        var lookLatencies: [Double] = []
        if let streamOnly = try? Recogniser(
            configuration: ListenConfiguration(stateFolder: folder.path, rejection: RejectionTuning(closedSetWarps: []))),
            (try? streamOnly.load(phrases: commands.phrases.map(\.words))) != nil
        {
            for talker in espeakVoices {
                for text in latencyCommands {
                    guard let samples = synthesise(text, talker, folder.path), actions(of: streamOnly.hear(samples), in: commands).isEmpty,
                        let latency = pacedLatency(samples, recogniser: recogniser)
                    else { continue }
                    lookLatencies.append(latency)
                }
            }
        }
        figures.secondLookLatencyP50 = Measure.percentile(lookLatencies, 0.5)
        print(
            Measure.row(
                "commands run by the second look (eSpeak NG): end of speech → phrase p50 (\(lookLatencies.count) commands)",
                figures.secondLookLatencyP50, "ms"))
        print(Measure.row("  the same, p90", Measure.percentile(lookLatencies, 0.9), "ms"))

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

    static let verifyVoices = ["en-us", "en", "en+f3", "en-gb"]
    static let verifyRates = [120, 175, 300]

    /// `verify --listen` as the shell runs it: one `AnnouncementCheck` per pager (M pages, M = 1…20)
    /// holding its M announcements, every announcement said by eSpeak NG in each voice and rate
    /// (the recording as eSpeak writes it, 22050 Hz) and checked against itself. A wrong
    /// expectation (another announcement of the same pager) passes only when the recording was
    /// heard as exactly that one, so every recording heard wrong lets one of its M - 1 wrong
    /// pairs through; pager 9's are also checked explicitly (said N, expected (N + 4) mod 9 + 1:
    /// "Page 3 of 9" expected as "Page 8 of 9"). Then texts that are not announcements.
    private static func verifyAnnouncements(folder: String, figures: inout Figures) {
        let talkers = verifyVoices.flatMap { voice in verifyRates.map { Talker.espeak(voice, rate: $0) } }
        var right: [Talker: Int] = [:]
        var total: [Talker: Int] = [:]
        var margins: [Double] = []
        var wrongPairs = 0
        var wrongPassed = 0
        var explicitWrong = 0
        var explicitWrongPassed = 0
        var checkTimes: [Double] = []
        var confusions: [String] = []
        let path = folder + "/announcement.wav"
        func spoken(_ talker: Talker, _ text: String) -> WAVFile? {
            guard (try? talker.say(text, to: path)) != nil else { return nil }
            return try? WAVFile(contentsOf: path)
        }
        func timed(_ body: () throws -> AnnouncementCheck.Result) rethrows -> AnnouncementCheck.Result {
            let start = ContinuousClock.now
            let result = try body()
            let elapsed = ContinuousClock.now - start
            checkTimes.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            return result
        }
        var unavailable: Set<Talker> = []
        for count in 1...20 {
            let announcements = (1...count).map { "Page \($0) of \(count)" }
            let checker: AnnouncementCheck
            do {
                checker = try AnnouncementCheck(phrases: announcements, configuration: ListenConfiguration(stateFolder: folder))
            } catch {
                print("  verify: \(error)")
                return
            }
            for talker in talkers where !unavailable.contains(talker) {
                for (index, text) in announcements.enumerated() {
                    guard let wav = spoken(talker, text) else {
                        print("  verify: \(talker) cannot say '\(text)'; left out")
                        unavailable.insert(talker)
                        break
                    }
                    guard let result = try? timed({ try checker.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: text) })
                    else { continue }
                    total[talker, default: 0] += 1
                    wrongPairs += count - 1
                    if result.matches {
                        right[talker, default: 0] += 1
                        if let margin = result.margin { margins.append(margin) }
                    } else {
                        if !result.heard.isEmpty { wrongPassed += 1 }
                        confusions.append("\(talker): '\(text)' → '\(result.heard)'")
                    }
                    if count == 9 {
                        let wrong = announcements[(index + 4) % 9]
                        if let result = try? checker.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: wrong) {
                            explicitWrong += 1
                            if result.matches { explicitWrongPassed += 1 }
                        }
                    }
                }
            }
        }
        print("  verify --listen: announcements 'Page N of M' (M = 1…20, every N) heard back as themselves, eSpeak NG")
        func cell(_ text: String) -> String { String(repeating: " ", count: max(0, 12 - text.count)) + text }
        print("    voice       " + verifyRates.map { cell("\($0) wpm") }.joined())
        var espeakRight = 0
        var espeakTotal = 0
        for voice in verifyVoices {
            var cells = ""
            for rate in verifyRates {
                let talker = Talker.espeak(voice, rate: rate)
                let ok = right[talker] ?? 0
                let all = total[talker] ?? 0
                espeakRight += ok
                espeakTotal += all
                cells += cell(all == 0 ? "n/a" : String(format: "%.1f%%", Double(ok) * 100 / Double(all)))
            }
            print("    " + voice.padding(toLength: 12, withPad: " ", startingAt: 0) + cells)
        }
        figures.verifyEspeakPercent = Double(espeakRight) * 100 / Double(max(espeakTotal, 1))
        figures.verifyWrongCaughtPercent = Double(wrongPairs - wrongPassed) * 100 / Double(max(wrongPairs, 1))
        figures.verifyCheckMilliseconds = Measure.percentile(checkTimes, 0.5)
        print(Measure.row("    all: heard as themselves (of \(espeakTotal))", figures.verifyEspeakPercent, "%"))
        print(
            Measure.row("    wrong expectations failed (of \(wrongPairs), every other announcement)", figures.verifyWrongCaughtPercent, "%")
        )
        print(
            Measure.row(
                "    explicit wrong pairs of pager 9 failed (of \(explicitWrong))", Double(explicitWrong - explicitWrongPassed), "",
                decimals: 0))
        print(Measure.row("    margin over the runner-up when right, median", Measure.percentile(margins, 0.5), "", decimals: 2))
        print(Measure.row("    margin over the runner-up when right, 5th percentile", Measure.percentile(margins, 0.05), "", decimals: 2))
        print(Measure.row("    one check (2 searches), p50", figures.verifyCheckMilliseconds, "ms"))
        print(Measure.row("    one check (2 searches), p90", Measure.percentile(checkTimes, 0.9), "ms"))
        if !confusions.isEmpty {
            print("    heard wrong (said → heard):")
            for line in confusions { print("      \(line)") }
        }
        verifyOtherTexts(folder: folder, talkers: talkers.filter { !unavailable.contains($0) })
    }

    /// Texts a script expects that are not announcements (a title, a focus description), in the
    /// grammar beside a 3-page pager's announcements and each other, as a script would give them.
    private static func verifyOtherTexts(folder: String, talkers: [Talker]) {
        let others = ["Explore", "Collect", "None", "Page, 1 of 3, adjustable. Swipe up or down with one finger to adjust the value."]
        let phrases = (1...3).map { "Page \($0) of 3" } + others
        guard let checker = try? AnnouncementCheck(phrases: phrases, configuration: ListenConfiguration(stateFolder: folder)) else {
            return
        }
        let path = folder + "/other.wav"
        var right = 0
        var total = 0
        var wrongCaught = 0
        var wrongTotal = 0
        var misses: [String] = []
        for talker in talkers {
            for (index, text) in others.enumerated() {
                guard (try? talker.say(text, to: path)) != nil, let wav = try? WAVFile(contentsOf: path),
                    let result = try? checker.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: text)
                else { continue }
                total += 1
                if result.matches { right += 1 } else { misses.append("\(talker): '\(text)' → '\(result.heard)'") }
                // The next text of the list, then the first announcement, expected instead.
                for wrong in [others[(index + 1) % others.count], "Page 1 of 3"] {
                    guard let result = try? checker.check(samples: wav.samples, sampleRate: wav.sampleRate, expected: wrong) else {
                        continue
                    }
                    wrongTotal += 1
                    if !result.matches { wrongCaught += 1 }
                }
            }
        }
        print(
            "  verify --listen: other texts (\(others.map { "'\($0.prefix(24))'" }.joined(separator: ", "))) among pager 3's announcements")
        print(Measure.row("    heard as themselves (of \(total))", Double(right), "", decimals: 0))
        print(Measure.row("    wrong expectations failed (of \(wrongTotal))", Double(wrongCaught), "", decimals: 0))
        for line in misses { print("      \(line)") }
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

/// Prints one figure's spread per group of talkers: min / median / max, in `format`.
private func printSpread(_ title: String, _ groups: [String: [Double]], _ format: String) {
    print("    \(title), min / median / max")
    for (group, values) in groups.sorted(by: { $0.key < $1.key }) {
        let sorted = values.sorted()
        let spread = [sorted.first!, sorted[sorted.count / 2], sorted.last!].map { String(format: format, $0) }
        print("      \(group) (\(values.count)): " + spread.joined(separator: " / "))
    }
}

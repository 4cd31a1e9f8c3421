import PagerTestSupport

// `make bench` / `.build/release/pagervoice-bench`: every speed figure PagerVoice promises,
// measured on this machine, then one summary table with the targets, PASS or MISS.
#if canImport(Glibc)
    import Glibc
#endif

// `read-probe FILE`: the child `ReadBench` measures resident memory in (not a section).
if CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "read-probe" {
    exit(ReadBench.probe(CommandLine.arguments[2]))
}

// `human [tuning] [held-out] [unseen] [fresh]`: only the human speech of ListenBench, the tuning part by
// default, for a look while tuning rejection (HUMAN_QUICK=1: PocketSphinx's recordings only;
// HUMAN_EXTRA=DIR: the WAV files in DIR instead; HUMAN_VERBOSE=1: every utterance with what each
// decode found; HUMAN_SIZES=80,20: those pagers' grammars alone).
if CommandLine.arguments.count >= 2 && CommandLine.arguments[1] == "human" {
    let named = HumanSpeech.Part.allCases.filter { CommandLine.arguments.contains($0.rawValue) }
    _ = HumanSpeechBench.run(parts: named.isEmpty ? [.tuning] : named)
    exit(0)
}

// Sections can be chosen for a quick look (`pagervoice-bench speech process`); figures of the
// others then show as n/a. `make bench` runs them all.
let sections = Set(CommandLine.arguments.dropFirst())
func wanted(_ name: String) -> Bool { sections.isEmpty || sections.contains(name) }
let core = wanted("core") ? CoreBench.run() : CoreBench.Figures(actionsPerSecond: .nan, nanosecondsPerLayout: .nan)
print("")
let motion = wanted("motion") ? MotionBench.run() : MotionBench.Figures()
print("")
let speech = wanted("speech") ? SpeechBench.run() : SpeechBench.Figures()
print("")
let comparison = wanted("comparison") ? ComparisonBench.run() : ComparisonBench.Figures()
print("")
let process = wanted("process") ? ProcessBench.run() : ProcessBench.Figures()
print("")
let read = wanted("read") ? ReadBench.run() : ReadBench.Figures()
print("")
let listen = wanted("listen") ? ListenBench.run() : ListenBench.Figures()
print("")
let ear = wanted("ear") ? EarBench.run() : EarBench.Figures()
print("")
let audit = wanted("audit") ? AuditBench.run() : AuditBench.Figures()

var summary = Summary()
let c = comparison
summary.heading(
    "Per announcement, \(c.count) texts: pagervoice (one process) against espeak-ng -w (one process each)",
    ran: wanted("comparison"))
summary.report("espeak-ng -w, distinct texts", c.espeakDistinct, "ms", decimals: 2)
summary.report("espeak-ng -w, paging phrases", c.espeakRepeated, "ms", decimals: 2)
summary.report("eSpeak NG synthesis alone (the floor for a new text)", c.synthesis.milliseconds, "ms", decimals: 3)
summary.compare("pagervoice engine, distinct texts (synthesised)", c.engineDistinct, atLeast: 6)
summary.compare("pagervoice engine, paging phrases (cache)", c.engineRepeated, atLeast: 20)
summary.compare("pagervoice executable, say lines (start-up included)", c.executableDistinct, atLeast: 6)
summary.compare("pagervoice executable, next/prev lines", c.executableRepeated, atLeast: 20)
summary.compare("pagervoice executable --wav-dir, say lines", c.wavDistinct, atLeast: 6, note: " (both write files)")
summary.compare(
    "pagervoice executable --wav-dir, next/prev lines", c.wavRepeated, atLeast: 20,
    note: " (both write files)")
summary.report("creating one 44 KB file on this disk (both pay it)", c.fileCreation, "ms", decimals: 3)

summary.heading("Latency", ran: wanted("speech"))
summary.check(
    "time to first audio buffer p50 (fresh text)", speech.firstBufferFresh.p50, "ms", decimals: 3,
    target: "< 0.5 ms", pass: speech.firstBufferFresh.p50 < 0.5)
summary.report("time to first audio buffer p99 (fresh text)", speech.firstBufferFresh.p99, "ms", decimals: 3)
summary.report("time to first audio buffer p50 (repeated text)", speech.firstBufferRepeated.p50, "ms", decimals: 3)
summary.report("time to first audio buffer p99 (repeated text)", speech.firstBufferRepeated.p99, "ms", decimals: 3)
summary.check(
    "interrupt latency p50 (stop to eSpeak stopped)", speech.interruptStopped.p50, "ms", decimals: 3,
    target: "< 2 ms", pass: speech.interruptStopped.p50 < 2)
summary.report("interrupt latency p99 (stop to eSpeak stopped)", speech.interruptStopped.p99, "ms", decimals: 3)
summary.report("interrupt: stop() returns, no more samples, p50", speech.interruptReturned.p50, "ms", decimals: 3)
summary.report("live PulseAudio: stop to device flushed, p50", speech.playbackInterruptFlushed.p50, "ms", decimals: 3)
summary.report("live PulseAudio: stop to device flushed, p99", speech.playbackInterruptFlushed.p99, "ms", decimals: 3)
summary.report("live PulseAudio: stop() returns, p50", speech.playbackInterruptReturned.p50, "ms", decimals: 3)
summary.report("live PulseAudio: stop() returns, p99", speech.playbackInterruptReturned.p99, "ms", decimals: 3)
summary.heading("To the ear: command to first audible sample at a PulseAudio null sink, \(EarBench.trials) trials", ran: wanted("ear"))
summary.check(
    "pagervoice REPL, next/prev, p50", ear.paging.p50, "ms", decimals: 1, target: "≤ 10 ms", pass: ear.paging.p50 <= 10)
summary.check(
    "pagervoice REPL, next/prev, p90", ear.paging.p90, "ms", decimals: 1, target: "≤ 20 ms", pass: ear.paging.p90 <= 20)
summary.check(
    "pagervoice REPL, say a new text, p50", ear.fresh.p50, "ms", decimals: 1, target: "≤ 10 ms", pass: ear.fresh.p50 <= 10)
summary.check(
    "pagervoice REPL, say a new text, p90", ear.fresh.p90, "ms", decimals: 1, target: "≤ 20 ms", pass: ear.fresh.p90 <= 20)
summary.report("espeak-ng, a process per phrase, p50", ear.espeak.p50, "ms", decimals: 1)
summary.report("espeak-ng, a process per phrase, p90", ear.espeak.p90, "ms", decimals: 1)
summary.report("spd-say through speech-dispatcher, p50", ear.speechDispatcher.p50, "ms", decimals: 1)
summary.report("spd-say through speech-dispatcher, p90", ear.speechDispatcher.p90, "ms", decimals: 1)
summary.heading("Start-up", ran: wanted("process"))
summary.report("start-up, piped, audio off, before swift-argument-parser (baseline)", process.startupBaseline, "ms", decimals: 2)
summary.check(
    "start-up, piped, audio off, this build: regression over the baseline", process.startupCurrent - process.startupBaseline,
    "ms", decimals: 2, target: "≤ 2 ms", pass: process.startupCurrent - process.startupBaseline <= 2)
summary.report("start-up to first announcement, piped, audio null", process.startupPipe, "ms", decimals: 1)
summary.report("start-up to first announcement, piped, audio off", process.startupPipeAudioOff, "ms", decimals: 1)
summary.report("start-up to the pager> prompt, pseudo-terminal", process.startupPrompt, "ms", decimals: 1)

summary.heading("Voice commands (PocketSphinx; flite and eSpeak NG talking; every phrase, numbers to 20)", ran: wanted("listen"))
summary.check(
    "run correctly, tuned voices (flite slt, awb, rms)", listen.tuned.percent, "%", decimals: 1, target: "100%",
    pass: listen.tuned.percent >= 100)
summary.check(
    "run correctly, unseen flite voices and rates", listen.unseenFlite.percent, "%", decimals: 1, target: "≥ 98%",
    pass: listen.unseenFlite.percent >= 98)
// eSpeak NG's old target is retired (issue 32); its figure must not fall below what it was then (docs/VOICE.md).
summary.check(
    "run correctly, unseen eSpeak NG en-us, en, en+f3", listen.espeak.percent, "%", decimals: 1, target: "≥ 84.6%",
    // As printed (one decimal): 137 of 162 is 84.57%, which is the 84.6% the floor was set at.
    pass: (listen.espeak.percent * 10).rounded() >= 846)
// What must run nothing: synthetic speech that is no command, then people's, part by part.
var runNothing: [(label: String, figure: Double, decimals: Int)] = [
    ("commands run for out-of-grammar sentences (30 × 7 voices)", listen.outOfGrammarCommands, 0),
    ("the same against a 1-, a 3- and an 80-page pager's grammar", listen.outOfGrammarOtherSizesCommands, 0),
    ("commands run for lone words and numbers (20 × 7 voices), 20 pages", listen.loneWordCommands, 0),
    ("the same against a 1-, a 3- and an 80-page pager's grammar", listen.loneWordOtherSizesCommands, 0),
]
for part in HumanSpeech.Part.allCases {
    let grammars = listen.human.grammarCounts[part].map { $0 == 1 ? "1 grammar" : "\($0) grammars" } ?? "not heard"
    runNothing.append(
        ("human speech that is no command (\(part.rawValue) part): commands run per hour, \(grammars)", listen.human.perHour(part), 1))
}
for row in runNothing {
    summary.check(row.label, row.figure, "", decimals: row.decimals, target: "0", pass: row.figure == 0)
}
summary.check(
    "verify --listen: eSpeak NG announcements heard as themselves", listen.verifyEspeakPercent, "%", decimals: 1, target: "≥ 99%",
    pass: listen.verifyEspeakPercent >= 99)
summary.check(
    "verify --listen: wrong expectations failed", listen.verifyWrongCaughtPercent, "%", decimals: 2, target: "100%",
    pass: listen.verifyWrongCaughtPercent >= 100)
summary.report("verify --listen: one check, p50", listen.verifyCheckMilliseconds, "ms", decimals: 0)
summary.check(
    "end of speech to phrase reported, p50", listen.latencyP50, "ms", decimals: 0, target: "≤ 300 ms",
    pass: listen.latencyP50 <= 300)
summary.report("end of speech to phrase reported, p90", listen.latencyP90, "ms", decimals: 0)
summary.report("the same through live PulseAudio (paplay into a null sink), p50", listen.liveLatencyP50, "ms", decimals: 0)
summary.report(
    "end of speech to phrase for commands only the second look ran (eSpeak NG voices), p50", listen.secondLookLatencyP50, "ms",
    decimals: 0)
summary.check(
    "CPU listening to silence (live stream)", listen.silenceCPUPercent, "%", decimals: 2, target: "< 5% of a core",
    pass: listen.silenceCPUPercent < 5)

summary.heading("Audit a real carousel (audit --url, headless Chromium, browser start included)", ran: wanted("audit"))
summary.check(
    "Bootstrap's carousel audited cold, p50", audit.bootstrap.p50, "ms", decimals: 0, target: "≤ 2000 ms",
    pass: audit.bootstrap.p50 <= 2000)
summary.report("Bootstrap's carousel audited cold, p90", audit.bootstrap.p90, "ms", decimals: 0)
summary.report("the APG carousel (rotating, 6 slides) audited cold, p50", audit.apg.p50, "ms", decimals: 0)
summary.check(
    "verify --url: one scripted step on Bootstrap's carousel, settling included, p50", audit.verifyStep, "ms", decimals: 0,
    target: "≤ 150 ms", pass: audit.verifyStep <= 150)
summary.heading("Model", ran: wanted("core"))
summary.report("reducer actions per second", core.actionsPerSecond, "/s", decimals: 0)
summary.report("layout of the rendered pages", core.nanosecondsPerLayout, "ns/layout")
summary.heading("Motion", ran: wanted("motion"))
summary.report("one frame: spring, position, layout", motion.nanosecondsPerFrame, "ns/frame")
summary.report("`frames` timeline, per frame (interactive)", motion.nanosecondsPerTimelineFrame, "ns/frame")

for (memory, audio) in [(process.memory, "off"), (process.memoryWithSpeech, "null")] {
    let commands = memory.samples.last?.commands ?? 0
    summary.heading(
        "Memory: \(commands) commands piped through pagervoice --audio \(audio) --json",
        ran: wanted("process"))
    summary.report("VmRSS after 1,000 commands", memory.rss(after: 1_000) / 1024, "MiB")
    summary.report("VmRSS after \(commands) commands", memory.rss(after: commands) / 1024, "MiB")
    summary.report("VmHWM (peak) over the run", Double(memory.peakKiB) / 1024, "MiB")
    let growth = memory.rss(after: commands) - memory.rss(after: 1_000)
    summary.check(
        "growth after the first 1,000 commands", growth, "KiB", decimals: 0, target: "flat: < 1 MiB",
        pass: commands > 1_000 && growth < 1024 && memory.exitStatus.map { $0 <= 1 } == true)
}
summary.heading("Read: a document as pages (pagervoice read FILE; generated log and Markdown files)", ran: wanted("read"))
for kind in ReadBench.kinds {
    for megabytes in ReadBench.sizes {
        let row = read.row(kind, megabytes)
        let name = "\(kind), \(megabytes) MB"
        if megabytes == 50 {
            summary.check(
                "open \(name)", row.openMilliseconds, "ms", decimals: 1, target: "< 1 s",
                pass: row.openMilliseconds < 1000)
        } else {
            summary.report("open \(name)", row.openMilliseconds, "ms", decimals: 1)
        }
        summary.report("  VmHWM growth: open and read the last page", row.peakGrowthMiB, "MiB", decimals: 1)
    }
}
for kind in ReadBench.kinds {
    let row = read.row(kind, 50)
    summary.report("\(kind), 50 MB: last page's text for the terminal", row.lastTextMilliseconds, "ms", decimals: 3)
    summary.report("\(kind), 50 MB: last page's speech text", row.lastSpeechMilliseconds, "ms", decimals: 3)
    summary.report("\(kind), 50 MB: search, not found (whole file)", row.searchMilliseconds, "ms", decimals: 1)
}
summary.print()
exit(0)

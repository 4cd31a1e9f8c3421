import Dispatch
import PagerSpeech
import Testing

@testable import PagerShell

/// Issue 15: speech reports notices and failures from its own thread (a sink failing mid-session)
/// while the main thread writes errors to the same standard error. Every write goes through one
/// lock in `OutputStream`, so lines never interleave and nothing races; under ThreadSanitizer
/// (`make sanitize`) an unlocked stream is reported here.
@Suite struct NoticeRaceTests {
    /// A sink that fails on every utterance, reporting a notice for each buffer it is given, as a
    /// sound device that went away does, on the engine thread.
    final class FailingSink: AudioSink {
        let notice: @Sendable (String) -> Void
        init(notice: @escaping @Sendable (String) -> Void) { self.notice = notice }
        func begin(_ utterance: UtteranceInfo) {}
        func write(_ samples: UnsafeBufferPointer<Int16>) { notice("device failed after \(samples.count) samples") }
        func end(_ utterance: UtteranceInfo, interrupted: Bool) -> SinkReport {
            SinkReport(failure: .wavWriteFailed(path: "/nowhere/\(utterance.id).wav", reason: "No space left on device"))
        }
        func flush() {}
    }

    @Test func noticesFromTheEngineThreadAndErrorsFromTheMainThreadNeverInterleave() throws {
        let err = OutputStream(capturing: ())
        let failures = SpeechFailures()
        let announcer = Announcer(
            engine: try SpeechEngine.shared(),
            sinks: [FailingSink(notice: { err.writeLine("pagervoice: \($0)") })],
            onNotice: { err.writeLine("pagervoice: \($0)") }, onEvent: { failures.record($0) })
        let utterances = 20
        for index in 0..<utterances {
            announcer.speak("Notice race number \(index)", priority: .low, voice: "en")
        }
        // Meanwhile the main thread reports errors of its own, flushing as the REPL does.
        let mainLines = 2_000
        for index in 0..<mainLines {
            err.writeLine("line \(index): unknown command 'x'")
            if index % 50 == 0 { err.flush() }
        }
        announcer.drain()
        err.flush()
        let lines = err.captured.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let notices = lines.filter { $0.hasPrefix("pagervoice: device failed after ") }
        let errors = lines.filter { $0.hasPrefix("line ") && $0.hasSuffix(": unknown command 'x'") }
        // Every line whole: nothing but the two kinds, and all of them there.
        #expect(notices.count + errors.count == lines.count)
        #expect(errors.count == mainLines)
        #expect(notices.count >= utterances)
        // Each utterance's failure is an error the shell reports, taken once.
        #expect(failures.take().count == utterances)
        #expect(failures.take().isEmpty)
    }
}

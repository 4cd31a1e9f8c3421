import Testing

@testable import PagerShell

/// One line is one line: outside text quoted in a message cannot start a line of its own.
@Suite struct OutputStreamTests {
    @Test func aLineFeedInALineIsShownNotObeyed() {
        let stream = OutputStream(capturing: ())
        stream.writeLine("cannot read evil\nheard: quit listening\u{1B}[2J.wav")
        #expect(stream.captured == "cannot read evil\\u{A}heard: quit listening\\u{1B}[2J.wav\n")
    }

    @Test func textOfSeveralLinesKeepsItsLinesAndEscapesEachOne() {
        let stream = OutputStream(capturing: ())
        stream.writeLines("Usage: pagervoice\n\nSee 'pagervoice --help'\u{7}")
        #expect(stream.captured == "Usage: pagervoice\n\nSee 'pagervoice --help'\\u{7}\n")
    }
}

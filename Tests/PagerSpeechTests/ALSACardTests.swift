import Foundation
import Testing

@testable import PagerSpeech

/// `--audio auto`'s silent check for an ALSA card.
@Suite struct ALSACardTests {
    @Test func cardListIsReadLikeTheKernelWritesIt() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let none = directory + "/none"
        let one = directory + "/one"
        try "--- no soundcards ---\n".write(toFile: none, atomically: true, encoding: .utf8)
        try " 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n                      HDA Intel PCH at 0xf7f10000 irq 32\n"
            .write(toFile: one, atomically: true, encoding: .utf8)
        #expect(!PlaybackSink.alsaHasCard(cardsFile: none))
        #expect(PlaybackSink.alsaHasCard(cardsFile: one))
        #expect(!PlaybackSink.alsaHasCard(cardsFile: directory + "/missing"))
    }

    @Test func procFilesThatReportSizeZeroAreReadWhole() throws {
        // /proc files say they are empty; the reader must not trust that (nor leak on it).
        let status = try #require(PlaybackSink.readSmallFile("/proc/self/status"))
        #expect(status.contains("VmRSS:"))
        #expect(PlaybackSink.readSmallFile("/proc/no-such-file") == nil)
    }
}

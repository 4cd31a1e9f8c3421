import Foundation
import PagerListen
import PagerTestSupport
import Testing

/// Recordings in every shape a WAV can take are heard; files that are not usable audio, and a
/// missing model, give one clear error each.
@Suite struct ListenBadInputTests {
    /// flite saying "next page", as mono floats at 16 kHz.
    private func nextPage(in folder: String) throws -> [Float] {
        let path = folder + "/next.wav"
        try Talker.flite("slt").say("next page", to: path)
        let wav = try WAVFile(contentsOf: path)
        let padding = [Float](repeating: 0, count: 8000)
        return padding + wav.samples.map { Float($0) / 32768 } + padding
    }

    @Test(arguments: [(16_000, 1, 8), (16_000, 2, 16), (44_100, 1, 16), (48_000, 2, 24), (22_050, 1, 32), (96_000, 1, 16)])
    func everyPCMShapeIsHeard(rate: Int, channels: Int, bits: Int) throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let samples = WAVWriter.resample(try nextPage(in: folder.path), from: 16_000, to: rate)
        let path = folder.path + "/shape.wav"
        try WAVWriter.write(WAVWriter.bytes(samples: samples, sampleRate: rate, channels: channels, bits: bits), to: path)
        let events = try ListenFixtures.events(file: path)
        #expect(events.actions == [.command("next")], "\(rate) Hz, \(channels) channels, \(bits) bits")
        #expect(events.last == .finished(.endOfFile))
    }

    private func expectUnreadable(_ path: String, mentioning text: String) {
        do {
            _ = try ListenFixtures.events(file: path)
            Issue.record("\(path) was accepted")
        } catch {
            guard let error = error as? ListenError, case .unreadableFile(let reportedPath, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reportedPath == path)
            #expect(reason.contains(text), "\(reason)")
            #expect(!"\(error)".contains("\n"))
        }
    }

    @Test func unusableFilesAreOneErrorEach() throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let empty = folder.path + "/empty.wav"
        try WAVWriter.write([], to: empty)
        expectUnreadable(empty, mentioning: "empty")

        let text = folder.path + "/notes.wav"
        try WAVWriter.write(Array("next page, please\n".utf8), to: text)
        expectUnreadable(text, mentioning: "not a WAV")

        let good = WAVWriter.bytes(samples: try nextPage(in: folder.path), sampleRate: 16_000)
        let truncated = folder.path + "/truncated.wav"
        try WAVWriter.write(Array(good.prefix(good.count / 2)), to: truncated)
        expectUnreadable(truncated, mentioning: "truncated")

        let headerOnly = folder.path + "/header.wav"
        try WAVWriter.write(Array(good.prefix(20)), to: headerOnly)
        expectUnreadable(headerOnly, mentioning: "truncated")

        var aLaw = good
        aLaw[20] = 6  // format tag 6: A-law, not PCM
        let aLawPath = folder.path + "/alaw.wav"
        try WAVWriter.write(aLaw, to: aLawPath)
        expectUnreadable(aLawPath, mentioning: "unsupported sample format")

        expectUnreadable(folder.path + "/missing.wav", mentioning: "no such file")
        expectUnreadable(folder.path, mentioning: "not a regular file")

        // The audio before its format: said as such, not as a missing format chunk.
        let dataFirst = folder.path + "/datafirst.wav"
        try WAVWriter.write(Array(good[0..<12]) + Array(good[36...]) + Array(good[12..<36]), to: dataFirst)
        expectUnreadable(dataFirst, mentioning: "no format chunk before its audio data")
    }

    /// A named pipe nobody writes to: opening it must not wait for a writer (the REPL would hang
    /// with it, keyboard and all).
    @Test(.timeLimit(.minutes(15))) func aPipeIsTurnedAwayAtOnce() throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let fifo = folder.path + "/commands.wav"
        #expect(mkfifo(fifo, 0o600) == 0)
        expectUnreadable(fifo, mentioning: "not a regular file")
    }

    /// A recording cut short while it is heard is heard as far as it goes, then said to be cut
    /// short, not heard to its end.
    @Test func aFileCutShortWhileHeardSaysSo() throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let path = folder.path + "/cut.wav"
        let good = WAVWriter.bytes(samples: try nextPage(in: folder.path), sampleRate: 16_000)
        try WAVWriter.write(good, to: path)
        let reader = try WAVReader(path: path)
        let first = try reader.read(frames: 1000)
        #expect(first.count == 1000)
        #expect(truncate(path, off_t(44 + 2 * 3000)) == 0)
        var heard = first.count
        while true {
            let piece = try reader.read(frames: 1000)
            if piece.isEmpty { break }
            heard += piece.count
        }
        #expect(heard == 3000)
        #expect(reader.cutShort)
        #expect(reader.end == .failed(.unreadableFile(path: path, reason: "the file was cut short while it was heard")))

        let whole = try WAVReader(path: folder.path + "/next.wav")
        while try !whole.read(frames: 4096).isEmpty {}
        #expect(!whole.cutShort)
        #expect(whole.end == .endOfFile)
    }

    /// RIFF pads an odd-sized chunk with one byte; a 17-byte format chunk (one extra byte after
    /// the 16 every PCM WAV has) is legal and must be read past its pad.
    @Test func anOddSizedFormatChunkIsReadPastItsPad() throws {
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        let good = WAVWriter.bytes(samples: try nextPage(in: folder.path), sampleRate: 16_000)
        #expect(Array(good[12..<16]) == Array("fmt ".utf8) && good[16] == 16)
        var odd = Array(good[0..<36]) + [0, 0] + Array(good[36...])  // an extra byte, then the pad
        odd[16] = 17
        let riffSize = UInt32(odd.count - 8)
        for index in 0..<4 { odd[4 + index] = UInt8((riffSize >> (8 * UInt32(index))) & 0xFF) }
        let path = folder.path + "/odd.wav"
        try WAVWriter.write(odd, to: path)
        let events = try ListenFixtures.events(file: path)
        #expect(events.actions == [.command("next")])
    }

    @Test func aMissingModelIsOneError() throws {
        var configuration = ListenFixtures.configuration
        configuration.model.acousticModel = "/nonexistent/en-us"
        #expect(throws: ListenError.modelMissing(path: "/nonexistent/en-us", reason: "no such folder")) {
            _ = try Listener(source: .wavFile("/nonexistent.wav"), titles: [], count: 0, configuration: configuration) { _ in }
        }
        let folder = try TemporaryDirectory(prefix: "pv-listen")
        configuration.model.acousticModel = folder.path
        do {
            _ = try AnnouncementCheck(phrases: ["next"], configuration: configuration)
            Issue.record("an empty model folder was accepted")
        } catch {
            guard case .modelMissing(_, let reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reason.contains("mdef"))
        }
        configuration = ListenFixtures.configuration
        configuration.model.dictionary = folder.path + "/none.dict"
        #expect(throws: ListenError.self) { _ = try AnnouncementCheck(phrases: ["next"], configuration: configuration) }
    }
}

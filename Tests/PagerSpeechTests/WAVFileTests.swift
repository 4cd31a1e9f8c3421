import PagerTestSupport
import Testing

/// The WAV parser must be able to fail, or the WAV tests prove nothing.
@Suite struct WAVFileTests {
    func header(dataBytes: Int, riffSize: Int? = nil, byteRate: Int = 44100) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        return Array("RIFF".utf8) + le32(riffSize ?? 36 + dataBytes) + Array("WAVEfmt ".utf8) + le32(16)
            + le16(1) + le16(1) + le32(22050) + le32(byteRate) + le16(2) + le16(16)
            + Array("data".utf8) + le32(dataBytes)
    }

    @Test func parsesAValidFile() throws {
        let wav = try WAVFile(bytes: header(dataBytes: 4) + [0x01, 0x00, 0xFF, 0xFF])
        #expect(wav.sampleRate == 22050)
        #expect(wav.channels == 1)
        #expect(wav.bitsPerSample == 16)
        #expect(wav.samples == [1, -1])
        #expect(PCMAnalysis.rms(wav.samples) == 1)
    }

    @Test func rejectsBrokenHeaders() {
        #expect(throws: WAVFile.ParseError.self) { try WAVFile(bytes: Array("RIFF".utf8)) }
        #expect(throws: WAVFile.ParseError.riffSizeMismatch(declared: 100, actual: 40)) {
            try WAVFile(bytes: header(dataBytes: 4, riffSize: 100) + [0, 0, 0, 0])
        }
        #expect(throws: WAVFile.ParseError.chunkPastEnd("data")) {
            try WAVFile(bytes: header(dataBytes: 8, riffSize: 40) + [0, 0, 0, 0])
        }
        #expect(throws: WAVFile.ParseError.self) {
            try WAVFile(bytes: header(dataBytes: 4, byteRate: 22050) + [0, 0, 0, 0])
        }
    }
}

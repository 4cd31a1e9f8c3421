import Foundation

/// A parsed RIFF/WAVE file, checked strictly enough to catch the mistakes a hand-written WAV
/// writer makes (wrong RIFF size, wrong byte rate, data size past the end of the file).
public struct WAVFile: Equatable, Sendable {
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case tooShort(Int)
        case notRIFF
        case notWAVE
        case riffSizeMismatch(declared: Int, actual: Int)
        case chunkPastEnd(String)
        case missingFormatChunk
        case missingDataChunk
        case inconsistentFormat(String)

        public var description: String {
            switch self {
            case .tooShort(let count): "file too short for a WAV header (\(count) bytes)"
            case .notRIFF: "missing RIFF tag"
            case .notWAVE: "missing WAVE tag"
            case .riffSizeMismatch(let declared, let actual): "RIFF size \(declared) but \(actual) bytes follow"
            case .chunkPastEnd(let id): "chunk '\(id)' runs past the end of the file"
            case .missingFormatChunk: "no fmt chunk"
            case .missingDataChunk: "no data chunk"
            case .inconsistentFormat(let detail): "inconsistent fmt chunk: \(detail)"
            }
        }
    }

    /// 1 = integer PCM.
    public let audioFormat: Int
    public let channels: Int
    public let sampleRate: Int
    public let byteRate: Int
    public let blockAlign: Int
    public let bitsPerSample: Int
    /// The data chunk as stored.
    public let data: [UInt8]

    public init(contentsOf path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        try self.init(bytes: bytes)
    }

    public init(bytes: [UInt8]) throws {
        guard bytes.count >= 12 else { throw ParseError.tooShort(bytes.count) }
        guard Self.tag(bytes, 0) == "RIFF" else { throw ParseError.notRIFF }
        guard Self.tag(bytes, 8) == "WAVE" else { throw ParseError.notWAVE }
        let declared = Self.uint32(bytes, 4)
        guard declared == bytes.count - 8 else {
            throw ParseError.riffSizeMismatch(declared: declared, actual: bytes.count - 8)
        }
        var offset = 12
        var format: (audio: Int, channels: Int, rate: Int, byteRate: Int, align: Int, bits: Int)?
        var data: [UInt8]?
        while offset + 8 <= bytes.count {
            let id = Self.tag(bytes, offset)
            let size = Self.uint32(bytes, offset + 4)
            let body = offset + 8
            guard body + size <= bytes.count else { throw ParseError.chunkPastEnd(id) }
            switch id {
            case "fmt ":
                guard size >= 16 else { throw ParseError.inconsistentFormat("fmt chunk of \(size) bytes") }
                format = (
                    Self.uint16(bytes, body), Self.uint16(bytes, body + 2), Self.uint32(bytes, body + 4),
                    Self.uint32(bytes, body + 8), Self.uint16(bytes, body + 12), Self.uint16(bytes, body + 14)
                )
            case "data":
                data = Array(bytes[body..<(body + size)])
            default:
                break
            }
            offset = body + size + (size & 1)
        }
        guard let format else { throw ParseError.missingFormatChunk }
        guard let data else { throw ParseError.missingDataChunk }
        guard format.channels > 0, format.bits > 0, format.rate > 0 else {
            throw ParseError.inconsistentFormat("zero channels, bits or rate")
        }
        let align = format.channels * ((format.bits + 7) / 8)
        guard format.align == align else {
            throw ParseError.inconsistentFormat("block align \(format.align), expected \(align)")
        }
        guard format.byteRate == format.rate * align else {
            throw ParseError.inconsistentFormat("byte rate \(format.byteRate), expected \(format.rate * align)")
        }
        guard data.count % align == 0 else {
            throw ParseError.inconsistentFormat("data size \(data.count) is not a whole number of frames")
        }
        audioFormat = format.audio
        channels = format.channels
        sampleRate = format.rate
        byteRate = format.byteRate
        blockAlign = format.align
        bitsPerSample = format.bits
        self.data = data
    }

    /// Interleaved 16-bit samples (empty unless the file is 16-bit PCM).
    public var samples: [Int16] {
        guard audioFormat == 1, bitsPerSample == 16 else { return [] }
        return stride(from: 0, to: data.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(data[$0]) | (UInt16(data[$0 + 1]) << 8))
        }
    }

    public var frameCount: Int { data.count / blockAlign }
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> Int {
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }
}

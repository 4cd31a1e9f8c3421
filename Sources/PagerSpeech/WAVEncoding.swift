/// The canonical PCM WAV layout: a 44-byte RIFF header (one `fmt ` chunk, one `data` chunk) and
/// little-endian samples, which every audio tool reads and tests can check field by field.
enum WAVEncoding {
    /// The whole file in memory (tests and one-off writes).
    static func file(samples: [Int16], sampleRate: Int) -> [UInt8] {
        var bytes = header(sampleCount: samples.count, sampleRate: sampleRate)
        bytes.reserveCapacity(headerSize + samples.count * 2)
        #if _endian(little)
            // The samples are already laid out as the file wants them: one copy, not two appends each.
            samples.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
            for sample in samples {
                let v = UInt16(bitPattern: sample)
                bytes.append(UInt8(v & 0xFF))
                bytes.append(UInt8(v >> 8))
            }
        #endif
        return bytes
    }

    static let headerSize = 44

    /// The 44 bytes before the samples. Split out so a sink can write header and samples with one
    /// `writev`, without first copying every sample into a file image.
    static func header(sampleCount: Int, sampleRate: Int) -> [UInt8] {
        let dataBytes = sampleCount * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerSize)
        func append32(_ value: Int) {
            let v = UInt32(truncatingIfNeeded: value)
            bytes += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
        }
        func append16(_ value: Int) {
            let v = UInt16(truncatingIfNeeded: value)
            bytes += [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        bytes += Array("RIFF".utf8)
        append32(36 + dataBytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append32(16)  // fmt chunk size
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(sampleRate * 2)  // byte rate
        append16(2)  // block align
        append16(16)  // bits per sample
        bytes += Array("data".utf8)
        append32(dataBytes)
        return bytes
    }
}

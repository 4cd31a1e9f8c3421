import Glibc
import SystemPackage

/// Reads a PCM WAV file of any rate, channel count and sample format it can hold (8-bit
/// unsigned, 16/24/32-bit signed, 32/64-bit float; plain or WAVE_FORMAT_EXTENSIBLE), a piece at a
/// time, as mono floats in -1…1 at the file's own rate.
///
/// Everything that makes a file unusable is found when it is opened (not a WAV, no audio, cut
/// short), so a listener either starts or fails with one message; only a file cut short while it
/// is being heard is found later (`cutShort`).
package final class WAVReader {
    let path: String
    package let sampleRate: Int
    let channels: Int
    /// Samples of one channel in the file.
    let frameCount: Int
    private let format: SampleFormat
    private let descriptor: FileDescriptor
    private var framesRead = 0
    /// The file ended before the audio its header promised (it was cut short while being
    /// heard): what it held was returned, but the recording was not heard to its end.
    package private(set) var cutShort = false

    /// How hearing the recording ended, once `read` has returned nothing.
    package var end: ListenEnd {
        cutShort ? .failed(.unreadableFile(path: path, reason: "the file was cut short while it was heard")) : .endOfFile
    }

    private enum SampleFormat {
        case unsigned8, signed16, signed24, signed32, float32, float64

        var bytes: Int {
            switch self {
            case .unsigned8: 1
            case .signed16: 2
            case .signed24: 3
            case .signed32, .float32: 4
            case .float64: 8
            }
        }
    }

    package init(path: String) throws(ListenError) {
        self.path = path
        func fail(_ reason: String) -> ListenError { .unreadableFile(path: path, reason: reason) }
        let descriptor: FileDescriptor
        do {
            // Not blocking: opening a named pipe with no writer would otherwise wait forever (and
            // with it the REPL, which starts reading the keyboard once listening is set up). The
            // check below turns it away; on a regular file the flag changes nothing.
            descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec, .nonBlocking])
        } catch {
            throw fail("\(error)".lowercased())
        }
        var closeOnFailure = true
        defer { if closeOnFailure { try? descriptor.close() } }
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0 else { throw fail(String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw fail("not a regular file") }
        // Blocking reads from here on, whatever an unusual file system makes of the flag.
        _ = fcntl(descriptor.rawValue, F_SETFL, fcntl(descriptor.rawValue, F_GETFL) & ~O_NONBLOCK)
        let fileSize = Int(info.st_size)
        guard fileSize > 0 else { throw fail("the file is empty") }

        func readExactly(_ count: Int) throws(ListenError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let n: Int
                do {
                    n = try bytes.withUnsafeMutableBytes { raw in
                        try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), retryOnInterrupt: true)
                    }
                } catch {
                    throw fail("\(error)".lowercased())
                }
                if n == 0 { break }
                filled += n
            }
            return Array(bytes[0..<filled])
        }
        let header = try readExactly(12)
        guard header.count == 12, header[0..<4] == [0x52, 0x49, 0x46, 0x46], header[8..<12] == [0x57, 0x41, 0x56, 0x45] else {
            throw fail("not a WAV file (no RIFF/WAVE header)")
        }
        var position = 12
        var parsedFormat: (tag: Int, channels: Int, rate: Int, blockAlign: Int, bits: Int)?
        var data: (offset: Int, size: Int)?
        while data == nil {
            let chunk = try readExactly(8)
            guard chunk.count == 8 else { break }
            position += 8
            let id = String(decoding: chunk[0..<4], as: UTF8.self)
            let size = Self.uint32(chunk, 4)
            if id == "fmt " {
                guard size >= 16, size <= 4096 else { throw fail("its format chunk is malformed") }
                let body = try readExactly(size)
                guard body.count == size else { throw fail("the file is truncated inside its header") }
                position += size
                // RIFF pads every odd-sized chunk to an even length.
                if size & 1 == 1 {
                    guard try readExactly(1).count == 1 else { throw fail("the file is truncated inside its header") }
                    position += 1
                }
                var tag = Self.uint16(body, 0)
                if tag == 0xFFFE && size >= 26 { tag = Self.uint16(body, 24) }
                parsedFormat = (tag, Self.uint16(body, 2), Self.uint32(body, 4), Self.uint16(body, 12), Self.uint16(body, 14))
            } else if id == "data" {
                data = (position, size)
            } else {
                let skip = size + (size & 1)
                guard position + skip <= fileSize else { throw fail("the file is truncated inside its header") }
                do {
                    _ = try descriptor.seek(offset: Int64(skip), from: .current)
                } catch {
                    throw fail("\(error)".lowercased())
                }
                position += skip
            }
        }
        guard let parsedFormat else {
            throw fail(data == nil ? "it has no format chunk" : "it has no format chunk before its audio data")
        }
        guard let data else { throw fail("it has no audio data chunk") }
        let format: SampleFormat
        switch (parsedFormat.tag, parsedFormat.bits) {
        case (1, 8): format = .unsigned8
        case (1, 16): format = .signed16
        case (1, 24): format = .signed24
        case (1, 32): format = .signed32
        case (3, 32): format = .float32
        case (3, 64): format = .float64
        default:
            throw fail("unsupported sample format (format tag \(parsedFormat.tag), \(parsedFormat.bits) bits; PCM or float WAV needed)")
        }
        guard (1...32).contains(parsedFormat.channels) else { throw fail("\(parsedFormat.channels) channels") }
        guard (4000...384_000).contains(parsedFormat.rate) else { throw fail("sample rate \(parsedFormat.rate) Hz is out of range") }
        guard parsedFormat.blockAlign == parsedFormat.channels * format.bytes else {
            throw fail("its block size does not match its channels and sample size")
        }
        let available = fileSize - data.offset
        var dataSize = data.size
        // Writers that stream (to a pipe) cannot go back to fill in sizes; they leave a
        // placeholder, and the audio runs to the end of the file.
        if dataSize == 0xFFFF_FFFF || (dataSize == 0 && available > 0) || dataSize >= 0x7FFF_F000 {
            dataSize = available
        } else if dataSize > available {
            throw fail("the file is truncated: its header promises \(dataSize) bytes of audio, it holds \(available)")
        }
        self.descriptor = descriptor
        sampleRate = parsedFormat.rate
        channels = parsedFormat.channels
        self.format = format
        frameCount = dataSize / parsedFormat.blockAlign
        closeOnFailure = false
    }

    deinit {
        try? descriptor.close()
    }

    /// Up to `frames` mono samples; empty at the end of the audio.
    package func read(frames: Int) throws(ListenError) -> [Float] {
        let wanted = min(frames, frameCount - framesRead)
        guard wanted > 0 else { return [] }
        let frameBytes = channels * format.bytes
        var bytes = [UInt8](repeating: 0, count: wanted * frameBytes)
        var filled = 0
        while filled < bytes.count {
            let n: Int
            do {
                n = try bytes.withUnsafeMutableBytes { raw in
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), retryOnInterrupt: true)
                }
            } catch {
                throw .unreadableFile(path: path, reason: "\(error)".lowercased())
            }
            if n == 0 { break }
            filled += n
        }
        let frames = filled / frameBytes
        framesRead += frames
        if frames < wanted {
            framesRead = frameCount
            cutShort = true
        }
        var mono = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(channels)
        bytes.withUnsafeBytes { raw in
            for frame in 0..<frames {
                var sum: Float = 0
                for channel in 0..<channels {
                    sum += sample(raw, at: (frame * channels + channel) * format.bytes)
                }
                mono[frame] = sum * scale
            }
        }
        return mono
    }

    private func sample(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Float {
        switch format {
        case .unsigned8:
            return (Float(raw[offset]) - 128) / 128
        case .signed16:
            return Float(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int16.self))) / 32768
        case .signed24:
            let value = Int32(raw[offset]) | Int32(raw[offset + 1]) << 8 | Int32(Int8(bitPattern: raw[offset + 2])) << 16
            return Float(value) / 8_388_608
        case .signed32:
            return Float(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int32.self))) / 2_147_483_648
        case .float32:
            let value = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            return value.isFinite ? value : 0
        case .float64:
            let value = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            return value.isFinite ? Float(value) : 0
        }
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
}

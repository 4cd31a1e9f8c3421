import CZlib

/// The zlib calls the PNG decoder makes: inflate into a buffer of a known size, and CRC-32.
///
/// PNG's image data is one zlib stream cut into chunks; the decoder joins the chunks, and since
/// the header says exactly how many bytes the stream must give, the output buffer is made once
/// at that size and anything more or less is an error rather than a reallocation.
enum ZlibRaw {
    /// Inflates the zlib stream `compressed` into exactly `expectedCount` bytes.
    static func inflate(_ compressed: [UInt8], expectedCount: Int) throws(PNGError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PNGError("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        guard compressed.count < Int(UInt32.max) else { throw PNGError("the image data is too large") }
        // One byte of room beyond the expected size, so a stream that has more is noticed.
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        let status = compressed.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                // All the input and all the room at once: one call inflates the whole stream.
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        switch status {
        case Z_STREAM_END where Int(stream.total_out) == expectedCount:
            output.removeLast()
            return output
        case Z_STREAM_END, Z_OK, Z_BUF_ERROR:
            if Int(stream.total_out) > expectedCount { throw PNGError("the image data holds more than its size needs") }
            throw PNGError("the image data ends early (\(stream.total_out) of \(expectedCount) bytes)")
        default:
            throw PNGError("the image data is corrupt (zlib status \(status))")
        }
    }

    /// CRC-32 of `bytes`, as PNG chunks carry it (over the chunk's type and data).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in UInt32(CZlib.crc32(0, buffer.baseAddress, UInt32(buffer.count))) }
    }
}

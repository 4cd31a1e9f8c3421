/// Decodes the PNG files Chromium's `Page.captureScreenshot` makes: 8-bit RGB or RGBA, not
/// interlaced, any of the five row filters.
///
/// That is all a screenshot ever is, so nothing else is read: palettes, grey, 16-bit channels
/// and interlacing are refused by name rather than decoded wrongly. Chunk CRCs are checked by
/// default (a corrupt screenshot should fail, not show wrong colours); `checkingCRCs: false`
/// skips them where the bytes came over a channel that already checks them.
package enum PNGDecoder {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest side accepted: Chromium's own limit for a captured surface.
    private static let largestSide = 16_384

    package static func decode(_ bytes: [UInt8], checkingCRCs: Bool = true) throws(PNGError) -> RGBAImage {
        guard bytes.count >= 8, bytes[0..<8].elementsEqual(signature) else { throw PNGError("not a PNG file") }
        var offset = 8
        var header: Header?
        var compressed: [UInt8] = []
        while true {
            guard offset + 12 <= bytes.count else { throw PNGError("the file ends inside a chunk") }
            let length = Int(bigEndian32(bytes, at: offset))
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { throw PNGError("the file ends inside the \(type) chunk") }
            let data = bytes[(offset + 8)..<(offset + 8 + length)]
            if checkingCRCs && ZlibRaw.crc32(bytes[(offset + 4)..<(offset + 8 + length)]) != bigEndian32(bytes, at: offset + 8 + length) {
                throw PNGError("the \(type) chunk's CRC does not match")
            }
            offset += 12 + length
            switch type {
            case "IHDR":
                guard header == nil else { throw PNGError("two IHDR chunks") }
                header = try Header(Array(data))
            case "IDAT":
                guard header != nil else { throw PNGError("image data before the IHDR chunk") }
                compressed += data
            case "IEND":
                guard let header else { throw PNGError("no IHDR chunk") }
                return try image(header, compressed)
            default:
                // A critical chunk (upper-case first letter) we do not know changes the meaning
                // of the image; PLTE is only a suggestion in RGB files.
                guard typeBytes.first! & 0x20 != 0 || type == "PLTE" else { throw PNGError("unsupported \(type) chunk") }
            }
        }
    }

    /// The IHDR chunk, checked against what this decoder reads.
    private struct Header {
        var width: Int
        var height: Int
        /// 3 for RGB, 4 for RGBA.
        var channels: Int

        init(_ data: [UInt8]) throws(PNGError) {
            guard data.count == 13 else { throw PNGError("the IHDR chunk has \(data.count) bytes, not 13") }
            width = Int(bigEndian32(data, at: 0))
            height = Int(bigEndian32(data, at: 4))
            guard (1...largestSide).contains(width), (1...largestSide).contains(height) else {
                throw PNGError("unsupported size \(width)×\(height)")
            }
            guard data[8] == 8 else { throw PNGError("unsupported bit depth \(data[8]) (8 only)") }
            switch data[9] {
            case 2: channels = 3
            case 6: channels = 4
            default: throw PNGError("unsupported colour type \(data[9]) (RGB and RGBA only)")
            }
            guard data[10] == 0, data[11] == 0 else { throw PNGError("unknown compression or filter method") }
            guard data[12] == 0 else { throw PNGError("interlaced images are not supported") }
        }
    }

    private static func image(_ header: Header, _ compressed: [UInt8]) throws(PNGError) -> RGBAImage {
        let stride = header.width * header.channels
        var raw = try ZlibRaw.inflate(compressed, expectedCount: header.height * (stride + 1))
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 4)
        try raw.withUnsafeMutableBufferPointer { raw throws(PNGError) in
            try pixels.withUnsafeMutableBufferPointer { pixels throws(PNGError) in
                for y in 0..<header.height {
                    let row = y * (stride + 1) + 1
                    try unfilter(raw, row: row, previous: y == 0 ? nil : row - stride - 1, stride: stride, bytesPerPixel: header.channels)
                    var out = y * header.width * 4
                    var at = row
                    for _ in 0..<header.width {
                        pixels[out] = raw[at]
                        pixels[out + 1] = raw[at + 1]
                        pixels[out + 2] = raw[at + 2]
                        if header.channels == 4 { pixels[out + 3] = raw[at + 3] }
                        out += 4
                        at += header.channels
                    }
                }
            }
        }
        return RGBAImage(width: header.width, height: header.height, bytes: pixels)!
    }

    /// Undoes the filter of the row starting at `row` (its filter byte just before it), in place,
    /// using the row above, already unfiltered (none for the first row: zeros).
    private static func unfilter(
        _ raw: UnsafeMutableBufferPointer<UInt8>, row: Int, previous: Int?, stride: Int, bytesPerPixel: Int
    ) throws(PNGError) {
        let filter = raw[row - 1]
        func up(_ x: Int) -> Int { previous.map { Int(raw[$0 + x]) } ?? 0 }
        switch filter {
        case 0:
            return
        case 1:
            for x in bytesPerPixel..<stride { raw[row + x] &+= raw[row + x - bytesPerPixel] }
        case 2:
            guard previous != nil else { return }
            for x in 0..<stride { raw[row + x] &+= UInt8(up(x)) }
        case 3:
            for x in 0..<stride {
                let left = x >= bytesPerPixel ? Int(raw[row + x - bytesPerPixel]) : 0
                raw[row + x] &+= UInt8((left + up(x)) / 2)
            }
        case 4:
            for x in 0..<stride {
                let left = x >= bytesPerPixel ? Int(raw[row + x - bytesPerPixel]) : 0
                let above = up(x)
                let aboveLeft = x >= bytesPerPixel ? up(x - bytesPerPixel) : 0
                raw[row + x] &+= UInt8(paeth(left, above, aboveLeft))
            }
        default:
            throw PNGError("unknown row filter \(filter)")
        }
    }

    /// PNG's Paeth predictor: whichever neighbour is closest to left + above - above-left.
    private static func paeth(_ left: Int, _ above: Int, _ aboveLeft: Int) -> Int {
        let estimate = left + above - aboveLeft
        let (toLeft, toAbove, toAboveLeft) = (abs(estimate - left), abs(estimate - above), abs(estimate - aboveLeft))
        if toLeft <= toAbove && toLeft <= toAboveLeft { return left }
        return toAbove <= toAboveLeft ? above : aboveLeft
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}

/// Why a PNG could not be decoded, in words: "unsupported colour type 3 (RGB and RGBA only)".
package struct PNGError: Error, Sendable, Equatable, CustomStringConvertible {
    package var reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    package var description: String { "cannot decode the PNG: \(reason)" }
}

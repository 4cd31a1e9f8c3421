import CZlib
import Testing

@testable import PagerWeb

/// PNGs made here, row filter by row filter, decoded back; and everything else refused.
@Suite struct PNGDecoderTests {
    /// A PNG of `pixels` (rows of `channels`-byte pixels), each row filtered with `filters[y % count]`.
    static func encode(width: Int, height: Int, channels: Int, pixels: [UInt8], filters: [UInt8], interlace: UInt8 = 0, depth: UInt8 = 8)
        -> [UInt8]
    {
        let stride = width * channels
        var raw: [UInt8] = []
        for y in 0..<height {
            let filter = filters[y % filters.count]
            raw.append(filter)
            for x in 0..<stride {
                let value = Int(pixels[y * stride + x])
                let left = x >= channels ? Int(pixels[y * stride + x - channels]) : 0
                let up = y > 0 ? Int(pixels[(y - 1) * stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(pixels[(y - 1) * stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (a, b, c) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: predicted = 0
                }
                raw.append(UInt8(truncatingIfNeeded: value - predicted))
            }
        }
        var compressed = [UInt8](repeating: 0, count: Int(compressBound(UInt(raw.count))))
        var length = UInt(compressed.count)
        #expect(compress2(&compressed, &length, raw, UInt(raw.count), 9) == Z_OK)
        compressed.removeSubrange(Int(length)...)
        let header = be32(width) + be32(height) + [depth, channels == 4 ? 6 : 2, 0, 0, interlace]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", Array(compressed.prefix(10)))
            + chunk("tEXt", Array("Comment\0made by a test".utf8)) + chunk("IDAT", Array(compressed.dropFirst(10))) + chunk("IEND", [])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(0, body, UInt32(body.count))))
    }

    static func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    /// A pattern that makes every filter's predictions differ.
    static func pattern(width: Int, height: Int, channels: Int) -> [UInt8] {
        (0..<(width * height * channels)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ ($0 / (width * channels)) &* 101 ^ ($0 % 7) * 19) }
    }

    @Test(arguments: [3, 4])
    func decodesEveryFilter(channels: Int) throws {
        let (width, height) = (13, 10)
        let pixels = Self.pattern(width: width, height: height, channels: channels)
        let png = Self.encode(width: width, height: height, channels: channels, pixels: pixels, filters: [0, 1, 2, 3, 4])
        let image = try PNGDecoder.decode(png)
        #expect(image.width == width && image.height == height)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * channels
                let expected = RGBAImage.Pixel(
                    red: pixels[at], green: pixels[at + 1], blue: pixels[at + 2], alpha: channels == 4 ? pixels[at + 3] : 255)
                #expect(image[x, y] == expected, "pixel \(x), \(y)")
            }
        }
        #expect(image[width, 0] == nil && image[0, -1] == nil)
    }

    @Test func refusesWhatIsNotAScreenshot() throws {
        let pixels = Self.pattern(width: 4, height: 4, channels: 3)
        let good = Self.encode(width: 4, height: 4, channels: 3, pixels: pixels, filters: [4])
        #expect(throws: PNGError("not a PNG file")) { try PNGDecoder.decode(Array("GIF89a".utf8)) }
        #expect(throws: PNGError("interlaced images are not supported")) {
            try PNGDecoder.decode(Self.encode(width: 4, height: 4, channels: 3, pixels: pixels, filters: [0], interlace: 1))
        }
        #expect(throws: PNGError("unsupported bit depth 16 (8 only)")) {
            try PNGDecoder.decode(Self.encode(width: 4, height: 4, channels: 3, pixels: pixels, filters: [0], depth: 16))
        }
        var palette = good
        palette[8 + 8 + 9] = 3  // colour type in IHDR
        #expect(throws: PNGError("the IHDR chunk's CRC does not match")) { try PNGDecoder.decode(palette) }
        #expect(throws: PNGError("unsupported colour type 3 (RGB and RGBA only)")) { try PNGDecoder.decode(palette, checkingCRCs: false) }
        #expect(throws: PNGError.self) { try PNGDecoder.decode(Array(good.prefix(good.count - 20))) }
        var badFilter = Self.encode(width: 4, height: 4, channels: 3, pixels: pixels, filters: [0])
        // Re-encode with a row filter byte of 9.
        badFilter = Self.encode(width: 4, height: 4, channels: 3, pixels: pixels, filters: [9])
        #expect(throws: PNGError("unknown row filter 9")) { try PNGDecoder.decode(badFilter) }
        #expect(PNGError("x").description == "cannot decode the PNG: x")
    }
}

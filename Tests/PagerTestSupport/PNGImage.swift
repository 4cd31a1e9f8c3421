import Glibc

/// A PNG decoded to 8-bit RGBA pixels: enough to tell whether a browser's screenshot shows
/// anything, and which colours it shows.
///
/// Handles what Chromium writes (8-bit greyscale, RGB, RGBA, grey + alpha; not interlaced);
/// anything else is refused with a reason. The compressed data is inflated by the system's zlib,
/// loaded at run time (`libz.so.1`, which Chromium itself depends on), so no package or module
/// map is needed for a test fixture.
public struct PNGImage: Sendable {
    public enum Failure: Error, CustomStringConvertible {
        case notPNG
        case truncated
        case unsupported(String)
        case zlib(String)

        public var description: String {
            switch self {
            case .notPNG: "not a PNG file"
            case .truncated: "the PNG ends early"
            case .unsupported(let what): "unsupported PNG: \(what)"
            case .zlib(let why): "cannot inflate the PNG data: \(why)"
            }
        }
    }

    public let width: Int
    public let height: Int
    /// Row-major RGBA, 4 bytes a pixel.
    public let pixels: [UInt8]

    public init(bytes: [UInt8]) throws(Failure) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        func be32(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        while true {
            guard offset + 12 <= bytes.count else { throw .truncated }
            let length = be32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else { throw .truncated }
            let data = bytes[offset + 8..<offset + 8 + length]
            if type == "IHDR" { header = Array(data) }
            if type == "IDAT" { compressed += data }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw .unsupported("no IHDR chunk") }
        let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let depth = header[8]
        let colorType = header[9]
        guard depth == 8 else { throw .unsupported("bit depth \(depth)") }
        guard header[12] == 0 else { throw .unsupported("interlacing") }
        let channels: Int
        switch colorType {
        case 0: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: throw .unsupported("colour type \(colorType)")
        }
        guard width > 0, height > 0, width <= 16_384, height <= 16_384 else { throw .unsupported("size \(width)x\(height)") }
        let stride = width * channels
        let raw = try Self.inflate(compressed, expected: height * (stride + 1))
        self.width = width
        self.height = height
        let pixels = try Self.unfiltered(raw, height: height, stride: stride, channels: channels)
        self.pixels = pixels
        colorCounts = Self.counted(pixels)
    }

    static func counted(_ pixels: [UInt8]) -> [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        pixels.withUnsafeBufferPointer { bytes in
            var at = 0
            while at < bytes.count {
                counts[UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]), default: 0] += 1
                at += 4
            }
        }
        return counts
    }

    /// The pixel at (x, y) as RGBA.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let at = (y * width + x) * 4
        return (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
    }

    /// How many pixels have each colour, keyed by 0xRRGGBB (alpha ignored: screenshots are opaque).
    public let colorCounts: [UInt32: Int]

    /// Reverses PNG's per-row filters and widens every pixel to RGBA.
    static func unfiltered(_ raw: [UInt8], height: Int, stride: Int, channels: Int) throws(Failure) -> [UInt8] {
        var previous = [UInt8](repeating: 0, count: stride)
        var row = [UInt8](repeating: 0, count: stride)
        var out: [UInt8] = []
        out.reserveCapacity(height * stride / channels * 4)
        for y in 0..<height {
            let start = y * (stride + 1)
            let filter = raw[start]
            for x in 0..<stride {
                let value = raw[start + 1 + x]
                let left = x >= channels ? Int(row[x - channels]) : 0
                let up = Int(previous[x])
                let upLeft = x >= channels ? Int(previous[x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft)
                default: throw .unsupported("row filter \(filter)")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
            for x in Swift.stride(from: 0, to: stride, by: channels) {
                switch channels {
                case 1: out += [row[x], row[x], row[x], 255]
                case 2: out += [row[x], row[x], row[x], row[x + 1]]
                case 3: out += [row[x], row[x + 1], row[x + 2], 255]
                default: out += [row[x], row[x + 1], row[x + 2], row[x + 3]]
                }
            }
            swap(&previous, &row)
        }
        return out
    }

    /// zlib's `uncompress`, looked up once.
    private typealias Uncompress =
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt>?, UnsafePointer<UInt8>?, UInt
        ) -> Int32

    private static let uncompress: Uncompress? = {
        guard let library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(library, "uncompress") else { return nil }
        return unsafeBitCast(symbol, to: Uncompress.self)
    }()

    static func inflate(_ compressed: [UInt8], expected: Int) throws(Failure) -> [UInt8] {
        guard let uncompress = Self.uncompress else { throw .zlib("libz.so.1 could not be loaded") }
        var out = [UInt8](repeating: 0, count: expected)
        var length = UInt(expected)
        let status = out.withUnsafeMutableBufferPointer { target in
            compressed.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &length, source.baseAddress, UInt(source.count))
            }
        }
        guard status == 0 else { throw .zlib("zlib status \(status)") }
        guard Int(length) == expected else { throw .zlib("\(length) bytes instead of \(expected)") }
        return out
    }
}

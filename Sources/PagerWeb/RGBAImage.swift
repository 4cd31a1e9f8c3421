/// An image as 8-bit red, green, blue and alpha values, row by row from the top left: what a
/// screenshot decodes to, for reading the colour of a pixel.
package struct RGBAImage: Sendable, Equatable {
    /// One pixel's colour.
    package struct Pixel: Sendable, Hashable, CustomStringConvertible {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var alpha: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// An opaque colour from its `0xRRGGBB` spelling.
        package init(rgb: UInt32) {
            self.init(
                red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
        }

        /// "#123456" (with the alpha after it when not opaque: "#12345680").
        package var description: String {
            let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + parts.map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
    }

    package let width: Int
    package let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, rows top to bottom.
    package let bytes: [UInt8]

    /// An image from its RGBA bytes; nil when their count does not match the size.
    package init?(width: Int, height: Int, bytes: [UInt8]) {
        guard width >= 0, height >= 0, bytes.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at column `x`, row `y` (0, 0 is the top left); nil outside the image.
    package subscript(x: Int, y: Int) -> Pixel? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let at = (y * width + x) * 4
        return Pixel(red: bytes[at], green: bytes[at + 1], blue: bytes[at + 2], alpha: bytes[at + 3])
    }

    /// The part `width` by `height` whose top left is at column `x`, row `y`; nil where it does
    /// not lie wholly inside the image.
    package func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage? {
        guard x >= 0, y >= 0, width >= 0, height >= 0, x + width <= self.width, y + height <= self.height else { return nil }
        var part: [UInt8] = []
        part.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            part += bytes[start..<(start + width * 4)]
        }
        return RGBAImage(width: width, height: height, bytes: part)
    }
}

import PagerAudit

/// The contrast of one dot against what really lies behind it, from two screenshots: one as the
/// page draws it, one with the pickers hidden.
///
/// Inside the dot's box, a pixel that differs between the two is the dot's paint (a border
/// that is transparent, a padding box, the page showing around a round dot all stay the same and
/// drop out). The dot's colour is its most common painted colour among the pixels it covers
/// fully: those changed at least half as much as the most changed one. A filled dot's fill is
/// most of its pixels either way; a ring's edge pixels, anti-aliased, outnumber its fully covered
/// ones (Bootstrap 3's 1 px white ring was "#838383", a pixel the ring barely touches, over
/// #777777), so the faint ones are left out before counting. The contrast is the lowest, over the
/// pixels painted in that colour, between it and
/// the same pixel with the dot hidden, so a dot over a photograph is judged where the photograph
/// is closest to it; but what lies under fewer than a twentieth of those pixels is left out.
/// That is a hairline the dot covers, not what it is seen against: jQuery UI's current tab lies
/// over its header's 1 px border (#DDDDDD, 2.82:1 against its blue) and is seen against the
/// header (#E9E9E9, 3.16:1) and the panel it opens onto. A dot of fewer than 20 pixels is judged
/// at its lowest.
enum DotContrast {
    static func measure(picker: Int, isCurrent: Bool, box: PageBox, shown: RGBAImage, behind: RGBAImage) -> DotPixels? {
        let left = max(Int(box.x.rounded(.down)), 0)
        let top = max(Int(box.y.rounded(.down)), 0)
        let right = min(Int(box.maxX.rounded(.up)), shown.width, behind.width)
        let bottom = min(Int(box.maxY.rounded(.up)), shown.height, behind.height)
        guard left < right, top < bottom else { return nil }
        var painted: [(dot: RGBAImage.Pixel, under: RGBAImage.Pixel)] = []
        for y in top..<bottom {
            for x in left..<right {
                guard let dot = shown[x, y], let under = behind[x, y], !close(dot, under) else { continue }
                painted.append((dot, under))
            }
        }
        let most = painted.map { change($0.dot, $0.under) }.max() ?? 0
        var counts: [RGBAImage.Pixel: Int] = [:]
        for pair in painted where change(pair.dot, pair.under) * 2 >= most { counts[pair.dot, default: 0] += 1 }
        guard let fill = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key.description > $1.key.description) })?.key
        else {
            return DotPixels(picker: picker, isCurrent: isCurrent, dot: .white, background: .white, ratio: 1, pixels: 0)
        }
        let dotColour = color(fill)
        // Against the colour named, not each pixel's own: a pixel a step lighter (dithering,
        // rounding) gave Bootstrap 5's #0D6EFD on white 4.46:1 where the two colours named
        // make 4.50:1.
        let judged = painted.filter { close($0.dot, fill) }.map { pair -> (ratio: Double, under: SRGBColor) in
            let under = color(pair.under)
            return (dotColour.contrastRatio(with: under), under)
        }.sorted { $0.ratio < $1.ratio }
        guard !judged.isEmpty else { return nil }
        let worst = judged[judged.count / 20]
        return DotPixels(
            picker: picker, isCurrent: isCurrent, dot: dotColour, background: worst.under, ratio: worst.ratio, pixels: painted.count)
    }

    /// How far a pixel was moved by the dot: the largest change of one channel.
    static func change(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }

    /// Within one step per channel: the same colour, allowing for dithering and rounding.
    static func close(_ a: RGBAImage.Pixel, _ b: RGBAImage.Pixel) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= 1 && abs(Int(a.green) - Int(b.green)) <= 1 && abs(Int(a.blue) - Int(b.blue)) <= 1
    }

    static func color(_ pixel: RGBAImage.Pixel) -> SRGBColor {
        SRGBColor(red255: Int(pixel.red), green255: Int(pixel.green), blue255: Int(pixel.blue))
    }
}

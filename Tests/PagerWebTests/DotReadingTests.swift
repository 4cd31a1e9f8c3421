import PagerAudit
import PagerCore
import Testing

@testable import PagerWeb

/// The two readings of a dot and a slide that real pages got wrong, on pictures and trees made
/// here: a thin ring's colour, and a slide the tree leaves out while it keeps its words.
@Suite struct DotReadingTests {
    /// A 12 by 12 picture of grey `under`, with `paint` laid on each pixel for which `cover`
    /// gives a coverage from 0 to 1 (as anti-aliasing lays an edge).
    static func picture(under: UInt8, paint: UInt8, cover: (Int, Int) -> Double) -> RGBAImage {
        var bytes: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<12 {
                let share = cover(x, y)
                let value = UInt8((Double(under) * (1 - share) + Double(paint) * share).rounded())
                bytes += [value, value, value, 255]
            }
        }
        return RGBAImage(width: 12, height: 12, bytes: bytes)!
    }

    /// A white ring one pixel wide over #777777: four pixels fully covered, and twelve edge
    /// pixels at one coverage, 10% (more of them, as on Bootstrap 3's indicators). The ring is
    /// white, not the edge's #838383.
    @Test func aThinRingIsTheColourOfItsFullyCoveredPixels() throws {
        let full: Set<[Int]> = [[5, 2], [2, 5], [9, 5], [5, 9]]
        let edge: Set<[Int]> = [[4, 2], [6, 2], [2, 4], [2, 6], [9, 4], [9, 6], [4, 9], [6, 9], [3, 3], [8, 3], [3, 8], [8, 8]]
        let shown = Self.picture(under: 0x77, paint: 0xFF) { x, y in full.contains([x, y]) ? 1 : edge.contains([x, y]) ? 0.1 : 0 }
        let behind = Self.picture(under: 0x77, paint: 0x77) { _, _ in 0 }
        let dot = try #require(
            DotContrast.measure(picker: 0, isCurrent: false, box: PageBox(x: 0, y: 0, width: 12, height: 12), shown: shown, behind: behind))
        #expect(dot.dot == SRGBColor(red255: 255, green255: 255, blue255: 255))
        #expect(abs(dot.ratio - 4.48) < 0.01, "\(dot.ratio)")
        #expect(dot.pixels == 16)
    }

    /// A focus ring one pixel wide around a 12 by 12 picture: its 44 pixels changed, as strongly
    /// as #005FCC on white; a step of rounding is no change, and a picture that stays the same
    /// has none.
    @Test func aFocusRingIsThePixelsThatChanged() {
        let plain = Self.picture(under: 0xFF, paint: 0xFF) { _, _ in 0 }
        var ringed: [UInt8] = []
        for y in 0..<12 {
            for x in 0..<12 {
                ringed += [0, 11].contains(x) || [0, 11].contains(y) ? [0x00, 0x5F, 0xCC, 255] : [0xFE, 0xFF, 0xFF, 255]
            }
        }
        let ring = FocusPixels.compare(mark: "next", before: plain, after: RGBAImage(width: 12, height: 12, bytes: ringed)!)
        #expect(ring.changed == 44)
        #expect(abs(ring.strongest - 5.98) < 0.02, "\(ring.strongest)")
        let same = FocusPixels.compare(mark: "next", before: plain, after: plain)
        #expect(same.changed == 0 && same.strongest == 1)
    }

    /// A control's part of the picture of all of them is the pixels at its place; a part that
    /// does not lie wholly inside is none.
    @Test func aPartOfAPictureIsThePixelsAtItsPlace() throws {
        let picture = Self.picture(under: 0xFF, paint: 0x00) { x, y in x == 7 && y == 3 ? 1 : 0 }
        let part = try #require(picture.cropped(x: 5, y: 2, width: 4, height: 3))
        #expect(part.width == 4 && part.height == 3)
        #expect(part[2, 1] == picture[7, 3])
        #expect(part[2, 1]?.red == 0 && part[0, 0]?.red == 0xFF)
        #expect(picture.cropped(x: 10, y: 0, width: 4, height: 1) == nil)
        #expect(picture.cropped(x: -1, y: 0, width: 2, height: 1) == nil)
    }

    /// A filled dot keeps the colour of its fill, which most of its pixels have.
    @Test func aFilledDotIsTheColourOfItsFill() throws {
        let shown = Self.picture(under: 0xFF, paint: 0xBE) { x, y in (3...8).contains(x) && (3...8).contains(y) ? 1 : 0 }
        let behind = Self.picture(under: 0xFF, paint: 0xFF) { _, _ in 0 }
        let dot = try #require(
            DotContrast.measure(picker: 0, isCurrent: false, box: PageBox(x: 0, y: 0, width: 12, height: 12), shown: shown, behind: behind))
        #expect(dot.dot == SRGBColor(red255: 0xBE, green255: 0xBE, blue255: 0xBE))
        #expect(dot.pixels == 36)
    }

    /// A filled tab over a hairline it covers (jQuery UI's current tab, 30 px tall, over its
    /// header's 1 px border): it is judged against what lies under most of it, not the line,
    /// which lies under a thirtieth of it. A dot of fewer than 20 pixels is judged at its
    /// lowest: a ring's few pixels are all it has.
    @Test func aHairlineUnderATabIsNotWhatItIsSeenAgainst() throws {
        func grey(_ value: UInt8) -> [UInt8] { [value, value, value, 255] }
        let (width, height) = (40, 30)
        let shown = try #require(
            RGBAImage(width: width, height: height, bytes: Array(repeating: grey(0x40), count: width * height).flatMap { $0 }))
        let rows = (0..<height).flatMap { y in Array(repeating: grey(y == height - 1 ? 0xB0 : 0xE9), count: width).flatMap { $0 } }
        let behind = try #require(RGBAImage(width: width, height: height, bytes: rows))
        let tab = try #require(
            DotContrast.measure(picker: 0, isCurrent: true, box: PageBox(x: 0, y: 0, width: 40, height: 30), shown: shown, behind: behind))
        let header = SRGBColor(red255: 0xE9, green255: 0xE9, blue255: 0xE9)
        #expect(tab.background == header)
        #expect(abs(tab.ratio - SRGBColor(red255: 0x40, green255: 0x40, blue255: 0x40).contrastRatio(with: header)) < 0.001)
        let small = try #require(
            DotContrast.measure(picker: 0, isCurrent: true, box: PageBox(x: 4, y: 26, width: 4, height: 4), shown: shown, behind: behind))
        #expect(small.background == SRGBColor(red255: 0xB0, green255: 0xB0, blue255: 0xB0))
    }

    /// The tree as DevTools gives it: a slide that is a plain div, ignored as having nothing to
    /// say, over its words, which are not; a slide under aria-hidden, whose words are ignored too.
    static let tree = """
        [{"nodeId":"1","ignored":false,"role":{"value":"generic"},"childIds":["2","4"],"backendDOMNodeId":10},
         {"nodeId":"2","ignored":true,"ignoredReasons":[{"name":"uninteresting"}],"childIds":["3"],"backendDOMNodeId":11},
         {"nodeId":"3","ignored":false,"role":{"value":"StaticText"},"name":{"value":"Collect"},"childIds":[]},
         {"nodeId":"4","ignored":true,"ignoredReasons":[{"name":"ariaHiddenElement"}],"childIds":["5"],"backendDOMNodeId":12},
         {"nodeId":"5","ignored":true,"ignoredReasons":[{"name":"ariaHiddenSubtree"}],"role":{"value":"StaticText"},"childIds":[]}]
        """

    @Test func aSlideIsReadWhereItsWordsAreInTheTree() throws {
        let nodes = try #require(JSON(parsing: Self.tree).arrayValue)
        let snapshot = AccessibilitySnapshot(tree: nodes, marks: ["root": 10, "slide-0": 11, "slide-1": 12])
        #expect(snapshot.nodes["root"]?.read == true)
        #expect(snapshot.nodes["slide-0"]?.ignored == true)
        #expect(snapshot.nodes["slide-0"]?.read == true)
        #expect(snapshot.nodes["slide-1"]?.read == false)
        #expect(snapshot.element("slide-0", selector: "div", box: nil).exposed)
        #expect(!snapshot.element("slide-1", selector: "div", box: nil).exposed)
    }
}

/// Which picker names and words say "this one is current" (a picker with no state).
@Suite struct SaysCurrentTests {
    @Test(arguments: [
        ("Carousel Page 1 (Current Slide)", true),
        ("Slide 2, selected", true),
        ("slide 2 of 3, currently active", true),
        ("Slide 2, currently shown", true),
        ("Slide 2, not selected", false),
        ("Slide 2, currently not shown", false),
        ("Slide 2, currently loading", false),
        ("Currently", false),
        ("Non-current slide", false),
        ("Active wear", false),
        ("Recurrent costs", false),
    ])
    func saysCurrent(name: String, current: Bool) {
        #expect(CarouselProbe.saysCurrent(name) == current, "\(name)")
    }
}

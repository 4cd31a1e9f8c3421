import Testing

@testable import PagerCore

/// The two dot styles of DESIGN.md §3 and the pager's single accessibility element.
@Suite struct PageDotsTests {
    @Test func pagerStyle() {
        let dots = PageDots(style: .pager, count: 3, current: 1)
        #expect(dots.dotSize == 8)
        #expect(dots.spacing == 8)
        #expect(dots.currentWidth == 22)
        #expect(
            dots.dots == [
                .init(width: 8, height: 8, opacity: 0.45, isCurrent: false),
                .init(width: 22, height: 8, opacity: 1, isCurrent: true),
                .init(width: 8, height: 8, opacity: 0.45, isCurrent: false),
            ])
        #expect(dots.totalWidth == 22 + 8 + 8 + 16)
        #expect(dots.colorName == "white")
        // Fixed size: text size makes no difference to the pager's own dots.
        #expect(PageDots(style: .pager, count: 3, current: 1, textSize: .ax5).dotSize == 8)
    }

    @Test func indicatorStyleAtDefaultSize() {
        let dots = PageDots(style: .indicator, count: 4, current: 0)
        #expect(dots.dotSize == 8)
        #expect(dots.spacing == 8)
        #expect(dots.currentWidth == 24)
        #expect(dots.dots.map(\.opacity) == [1, 0.25, 0.25, 0.25])
        #expect(dots.dots.map(\.width) == [24, 8, 8, 8])
        #expect(dots.colorName == "primary")
    }

    @Test(arguments: [
        (TextSize.xSmall, 11.0), (.small, 11), (.medium, 11), (.large, 12), (.xLarge, 13), (.xxLarge, 15),
        (.xxxLarge, 17), (.ax1, 20), (.ax2, 24), (.ax3, 29), (.ax4, 34), (.ax5, 40),
    ])
    func indicatorScalesWithCaptionOne(size: TextSize, caption: Double) {
        #expect(size.caption1PointSize == caption)
        let dots = PageDots(style: .indicator, count: 3, current: 2, textSize: size)
        #expect(isClose(dots.dotSize, 8 * caption / 12))
        #expect(dots.spacing == dots.dotSize)
        #expect(dots.currentWidth == dots.dotSize * 3)
        #expect(dots.dots[2].width == dots.dotSize * 3)
        #expect(dots.dots[0].height == dots.dotSize)
    }

    @Test func textSizeNames() {
        #expect(TextSize(name: "AX3") == .ax3)
        #expect(TextSize(name: "ax3") == .ax3)
        #expect(TextSize(name: "accessibility5") == .ax5)
        #expect(TextSize(name: "xxxlarge") == .xxxLarge)
        #expect(TextSize(name: "huge") == nil)
        #expect(TextSize.standard == .large)
        #expect(TextSize.xSmall < TextSize.ax1)
    }

    @Test func valueIsClampedAndNoneWhenEmpty() {
        // Seed 004 as written would say "1 of 0" and "5 of 3"; the model never does.
        #expect(PageDots(count: 0, current: 0).accessibility().value == "None")
        #expect(PageDots(count: 3, current: 4).accessibility().value == "3 of 3")
        #expect(PageDots(count: 3, current: -1).accessibility().value == "1 of 3")
        #expect(PageDots(count: -2, current: 0).count == 0)
        #expect(PageDots(count: 0, current: 0).dots.isEmpty)
        #expect(PageDots(count: 0, current: 0).totalWidth == 0)
    }

    @Test func focusDescriptionInVoiceOverOrder() {
        let element = Pager(index: 1).accessibilityElement
        #expect(element.label == "Page")
        #expect(element.value == "2 of 3")
        #expect(element.traits == [.adjustable])
        #expect(element.focusDescription() == "Page, 2 of 3, adjustable. Swipe up or down with one finger to adjust the value.")
        #expect(element.focusDescription(verbosity: .terse) == "Page, 2 of 3, adjustable.")
        #expect(Pager(pages: []).accessibilityElement.focusDescription(verbosity: .terse) == "Page, None, adjustable.")
    }

    @Test func focusDescriptionTranslated() throws {
        var pager = Pager(index: 1)
        try pager.reduce(.setLanguage("es"))
        #expect(
            pager.accessibilityElement.focusDescription()
                == "Página, 2 de 3, ajustable. Desliza hacia arriba o hacia abajo con un dedo para ajustar el valor.")
        try pager.reduce(.setLanguage("ar"))
        #expect(pager.accessibilityElement.focusDescription(verbosity: .terse) == "الصفحة، 2 من 3، قابل للتعديل.")
    }

    @Test func adjustingTheDotsMovesExactlyOnePage() throws {
        var pager = Pager(pages: ["A", "B", "C", "D"])
        for expected in [1, 2, 3, 3] {
            try pager.reduce(.increment)
            #expect(pager.dots.current == expected)
        }
        for expected in [2, 1, 0, 0] {
            try pager.reduce(.decrement)
            #expect(pager.dots.current == expected)
        }
    }
}

/// Templates themselves; LanguageTableTests walks every translation.
@Suite struct SpokenStringsTests {
    @Test func templatesKeepUnknownPlaceholdersAudible() {
        let template: Template = "{greeting}, {name}!"
        #expect(template.render(["name": "Ada"]) == "{greeting}, Ada!")
        #expect(Template("no placeholders").render([:]) == "no placeholders")
        #expect(Template("unclosed {brace").render([:]) == "unclosed {brace")
        #expect(Template("{a}{b}").placeholders == ["a", "b"])
    }

    @Test func knownLanguages() {
        #expect(SpokenStrings.forLanguage("es")?.announcementText(page: 2, count: 3) == "Página 2 de 3")
        #expect(SpokenStrings.forLanguage("ar")?.announcementText(page: 2, count: 3) == "الصفحة 2 من 3")
        #expect(SpokenStrings.forLanguage("ar")?.announcementText(page: 0, count: 0) == "لا شيء")
        #expect(SpokenStrings.forLanguage("xx") == nil)
    }
}

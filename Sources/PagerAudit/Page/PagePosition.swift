import PagerCore

/// The page a widget conveys to assistive technology, read channel by channel, and whether the
/// channels agree with each other and with the slide on screen.
///
/// A screen reader meets the position through whichever channel the widget uses: the selected
/// tab, the dot marked `aria-current`, a slide named "2 of 6", `aria-posinset`, a slider's
/// value. A widget may use several; every one it uses must name the same page, and that page
/// must be the one a sighted person sees, or a screen-reader user and a sighted colleague are
/// on different pages without knowing it.
package struct PagePosition: Sendable, Equatable {
    /// One channel's reading: where it comes from, and the page (0-based) it names.
    package struct Reading: Sendable, Equatable {
        package var channel: String
        package var page: Int?
        /// What the channel said, in the widget's words, for messages.
        package var said: String
    }

    package var readings: [Reading] = []
    /// The slide on screen (0-based), nil when none is.
    package var shown: Int?
    /// The count the widget states where it states one ("3 of 6": 6), per channel.
    package var statedCounts: [(channel: String, count: Int)] = []

    package static func == (a: PagePosition, b: PagePosition) -> Bool {
        a.readings == b.readings && a.shown == b.shown && a.statedCounts.map(\.count) == b.statedCounts.map(\.count)
    }

    /// Reads what `conveyed` tells assistive technology about the widget described by `facts`.
    package init(_ conveyed: Conveyed, in facts: CarouselFacts) {
        shown = conveyed.shown
        let marked = conveyed.markedPickers
        if facts.pickersAreRadios, facts.pickers.allSatisfy({ !$0.exposed }) {
            // Radio buttons left out of the tree (`display: none`, as CSS-only tabs often hide
            // them, their labels drawn instead): checked or not, a screen reader meets none.
            readings.append(
                Reading(
                    channel: "pickers", page: nil, said: "the radio buttons are hidden from screen readers (not in the accessibility tree)")
            )
        } else if !facts.pickers.isEmpty, facts.pickerStateUnreadable == nil {
            let state =
                !conveyed.selected.isEmpty
                ? (facts.cssCarousel ? "selected" : facts.pickersAreRadios ? "checked" : "aria-selected")
                : !conveyed.current.isEmpty
                    ? "aria-current" : !conveyed.pressed.isEmpty ? "aria-pressed" : nil
            if let state {
                let said =
                    marked.map { facts.pickerPhrase($0) }.joined(separator: " and ") + (marked.count == 1 ? " is" : " are")
                    + " marked (\(state))"
                readings.append(Reading(channel: "pickers", page: marked.count == 1 ? marked[0] : nil, said: said))
            } else if !conveyed.namedCurrent.isEmpty {
                // No state, but the name says it ("Carousel Page 1 (Current Slide)"), which a
                // screen reader reads out with the dot; or, where the dots have no names, the
                // words it reads in them do ("slide 1 of 3, currently active").
                let named = conveyed.namedCurrent
                let said =
                    named.map { facts.pickerPhrase($0) }.joined(separator: " and ") + (named.count == 1 ? " is" : " are")
                    + " " + facts.currentByName(named)
                readings.append(Reading(channel: "picker names", page: named.count == 1 ? named[0] : nil, said: said))
            } else {
                readings.append(
                    Reading(channel: "pickers", page: nil, said: "no \(facts.pickerWord) is marked as current"))
            }
        }
        // Pickers named "1 of M" to "K of M", one number each in order, state a count M: Slick
        // names its dots for groups of the slides it shows ("6 of 2" for six dots showing three
        // at a time), and a screen reader says it with each dot. The first and last say it for
        // all, so ten thousand names are not read at every moment.
        if let first = facts.pickers.first.flatMap({ Self.nOfM($0.said) }), let last = facts.pickers.last.flatMap({ Self.nOfM($0.said) }),
            first.0 == 1, last.0 == facts.pickers.count, first.1 == last.1, facts.pickers.count > 1
        {
            let channel = facts.pickersSayOnlyWords ? "words in each" : "name of each"
            statedCounts.append(("\(channel) \(facts.pickerWord)", first.1))
        }
        if let value = conveyed.sliderValue {
            let minimum = conveyed.sliderMinimum ?? 0
            let said = conveyed.sliderText.map { "the slider says \u{201C}\($0.clipped(40))\u{201D}" } ?? "the slider's value is \(value)"
            readings.append(Reading(channel: "slider", page: value - minimum, said: said))
            if let maximum = conveyed.sliderMaximum { statedCounts.append(("slider", maximum - minimum + 1)) }
        }
        // A slide's name that says "N of M": where the exposed slides say it, it is what a screen
        // reader announces on arriving in the slide.
        // With several slides exposed, which one's name a screen reader meets is the
        // hidden-pages rule's finding; a name is a channel only when it is the one exposed.
        let exposed = conveyed.exposedSlides.filter { conveyed.slideNames.indices.contains($0) }
        for index in exposed where exposed.count == 1 {
            guard let (n, m) = Self.nOfM(conveyed.slideNames[index]) else { continue }
            readings.append(
                Reading(
                    channel: "slide name", page: n - 1,
                    said: "\(facts.pageWord) \u{201C}\(conveyed.slideNames[index].clipped(40))\u{201D} is exposed"))
            statedCounts.append(("slide name", m))
        }
        // The widget's own live region, where it says "N of M" of as many as there are slides,
        // or where its number follows the slides whatever count it states: what a screen reader
        // announces after each change (tiny-slider's, looping, said "slide 2 of 3" on slide 1).
        // "3 of 10 items in cart" is not the carousel's position.
        if conveyed.statusOutside == nil, let text = conveyed.statusText, let (n, m) = Self.nOfM(text),
            m == facts.count || m == facts.statusCountFollowingSlides
        {
            readings.append(Reading(channel: "live region", page: n - 1, said: "the live region says \u{201C}\(text.clipped(40))\u{201D}"))
            statedCounts.append(("live region", m))
        }
        if exposed.count == 1, !readings.contains(where: { $0.channel == "slide name" }), facts.slides.count > 1 {
            readings.append(
                Reading(channel: "exposed slide", page: exposed[0], said: "only \(facts.pageWord) \(exposed[0] + 1) is exposed"))
        }
    }

    /// The page every channel names, when they all name the same one; nil when no channel names
    /// one, or when they disagree.
    package var agreedPage: Int? {
        let pages = readings.map(\.page)
        guard let first = pages.first, let page = first, pages.allSatisfy({ $0 == page }) else { return nil }
        return page
    }

    /// Why what is conveyed is not `expected` (0-based), in the widget's words; nil when every
    /// channel names it and the slide on screen is it.
    package func problem(expected: Int, count: Int, facts: CarouselFacts) -> String? {
        let word = facts.pageWord
        if readings.isEmpty, let reason = facts.pickerStateUnreadable {
            return "which \(facts.pickerWord) is current cannot be read: \(reason)"
        }
        guard !readings.isEmpty else {
            // A row resting at fewer places than it has slides counts its slides, not its places.
            let ofWhat = facts.restingPlaces == nil ? String(count) : "M"
            return
                "nothing conveys which \(word) is current: no \(facts.pickers.isEmpty ? "picker" : facts.pickersAreTabs ? "tab is selected" : facts.pickersAreRadios ? "radio button is checked" : "\(facts.pickerWord) is marked current"), and no \(word) is named \u{201C}N of \(ofWhat)\u{201D}"
        }
        var wrong: [String] = []
        for reading in readings where reading.page != expected { wrong.append(reading.said) }
        for (channel, stated) in statedCounts where stated != count {
            wrong.append("the \(channel) says there are \(stated), not \(count)")
        }
        if let shown, shown != expected { wrong.append("\(word) \(shown + 1) is on screen") }
        if shown == nil { wrong.append("no \(word) is on screen") }
        guard !wrong.isEmpty else { return nil }
        let right = readings.filter { $0.page == expected }.map(\.said)
        return wrong.joined(separator: ", ") + (right.isEmpty ? "" : " (while \(right.joined(separator: ", ")))")
    }

    /// "2 of 6", "Slide 2 of 6", "2 / 6", "2/6" anywhere in a name: (2, 6).
    package static func nOfM(_ name: String) -> (Int, Int)? {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\u{00A0}" }).map(String.init)
        var tokens: [String] = []
        for word in words {
            // "2/6" is three tokens.
            var current = ""
            for character in word {
                if character == "/" {
                    if !current.isEmpty { tokens.append(current) }
                    tokens.append("/")
                    current = ""
                } else if character.isNumber || character.isLetter {
                    current.append(character)
                } else {
                    if !current.isEmpty { tokens.append(current) }
                    current = ""
                }
            }
            if !current.isEmpty { tokens.append(current) }
        }
        for (index, token) in tokens.enumerated() where index + 2 < tokens.count {
            guard let n = Int(token), let m = Int(tokens[index + 2]),
                ["of", "/", "de", "von", "sur", "di", "van", "av", "af", "z", "из"].contains(tokens[index + 1])
            else { continue }
            guard n >= 1, m >= 1, n <= 1_000_000, m <= 1_000_000 else { continue }
            return (n, m)
        }
        return nil
    }
}

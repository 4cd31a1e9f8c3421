import Testing

@testable import PagerWeb

/// The small text helpers of the browser layer.
@Suite struct BrowserTextTests {
    @Test func base64() {
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("TQ==") == Array("M".utf8))
        #expect(Base64.decode("TWE=") == Array("Ma".utf8))
        #expect(Base64.decode("TWFu") == Array("Man".utf8))
        #expect(Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        for bad in ["TWF", "TW=u", "T===", "TWFu!A==", "TQ=A"] { #expect(Base64.decode(bad) == nil, "\(bad)") }
    }

    @Test func requestPolicy() {
        for allowed in [
            "file:///tmp/a.html", "http://127.0.0.1:8080/x", "https://localhost/", "http://LOCALHOST:1/",
            "data:image/png;base64,AA", "blob:file:///abc", "http://user@localhost/",
        ] {
            #expect(RequestPolicy.allows(allowed), "\(allowed)")
        }
        for refused in [
            "http://example.com/", "https://203.0.113.7/x.js", "http://localhost.example.com/", "http://127.0.0.1@example.com/",
            "http://127.0.0.2/", "ws://localhost/", "ftp://localhost/", "http:localhost", "https://[::1]/", "chrome://settings",
        ] {
            #expect(!RequestPolicy.allows(refused), "\(refused)")
        }
    }

    /// A seal holds a request whatever its address; one not held goes where the policy allows.
    @Test func aHeldRequestIsHeldEvenToThisMachine() {
        #expect(RequestPolicy.decide("http://127.0.0.1:8080/save", held: true) == .hold)
        #expect(RequestPolicy.decide("http://example.com/save", held: true) == .hold)
        #expect(RequestPolicy.decide("http://127.0.0.1:8080/save", held: false) == .send)
        #expect(RequestPolicy.decide("http://example.com/save", held: false) == .refuse)
        #expect(BrowserPage.Seal.holds(method: "post") && BrowserPage.Seal.holds(method: "PUT"))
        #expect(!BrowserPage.Seal.holds(method: "GET") && !BrowserPage.Seal.holds(method: "options"))
    }

    @Test func durations() {
        #expect(DurationText.seconds(.seconds(10)) == "10 s")
        #expect(DurationText.seconds(.milliseconds(500)) == "0.5 s")
        #expect(DurationText.seconds(.milliseconds(250)) == "0.25 s")
        #expect(DurationText.seconds(.milliseconds(1050)) == "1.05 s")
    }

    @Test func theLastLineOfTheLogThatSaysSomething() {
        let log = """
            [1203/073937.972920:ERROR:headless/lib/headless_content_main_delegate.cc:250] Remote debugging pipe file descriptors are not open.
            [1203/073937.972920:ERROR:dbus/bus.cc:405] Failed to connect to the bus: Failed to connect to socket
            [1203/073938.030344:WARNING:device/bluetooth/dbus/bluez_dbus_manager.cc:209] Floss manager service not available
            [1203/080427.603929:WARNING:sandbox/policy/linux/sandbox_linux.cc:405] InitializeSandbox() called with multiple threads

            """
        #expect(BrowserLog.lastMeaningfulLine(log) == "Remote debugging pipe file descriptors are not open.")
        #expect(BrowserLog.lastMeaningfulLine("plain words\n") == "plain words")
        #expect(BrowserLog.lastMeaningfulLine("[x:ERROR:dbus/bus.cc:1] only noise\n") == nil)
    }

    /// What `expect "TEXT"` compares on a page: name, role, then states, aria-current as NVDA
    /// says it (a value ARIA does not know counts as true; false and empty as none).
    @Test func spokenStatesIncludeCurrent() {
        let dot = AccessibilitySnapshot.Node(
            role: "button", name: "View slide 2", roleDescription: nil, ignored: false, focusable: true, selected: nil, pressed: nil,
            disabled: false, focused: false, valueText: nil, value: nil, minimum: nil, maximum: nil)
        #expect(CarouselProbe.spoken(dot) == "View slide 2, button")
        #expect(CarouselProbe.spoken(dot, current: "step") == "View slide 2, button, current step")
        #expect(CarouselProbe.spoken(dot, current: " Page ") == "View slide 2, button, current page")
        #expect(CarouselProbe.spoken(dot, current: "true") == "View slide 2, button, current")
        #expect(CarouselProbe.spoken(dot, current: "slide") == "View slide 2, button, current")
        #expect(CarouselProbe.spoken(dot, current: "false") == "View slide 2, button")
        #expect(CarouselProbe.spoken(dot, current: "") == "View slide 2, button")
        var tab = dot
        tab.role = "tab"
        tab.selected = true
        #expect(CarouselProbe.spoken(tab, current: "page") == "View slide 2, tab, current page, selected")
        var radio = dot
        radio.role = "radio"
        radio.checked = "true"
        #expect(CarouselProbe.spoken(radio) == "View slide 2, radio, checked")
        radio.checked = "false"
        #expect(CarouselProbe.spoken(radio) == "View slide 2, radio, not checked")
    }
}

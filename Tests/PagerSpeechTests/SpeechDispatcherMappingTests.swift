import Foundation
import SystemPackage
import Testing

@testable import PagerSpeech

/// The speech-dispatcher client's decisions that need no daemon: which announcements are held, the rate scale, addresses, the handshake's
/// verdict, and the one-line errors. The real daemon is in SpeechDispatcherClientTests.
@Suite struct SpeechDispatcherMappingTests {
    // MARK: Priorities

    @Test func highAndDefaultGoOutAtOnce() {
        var schedule = SpeechDispatcherSchedule<Int>()
        #expect(schedule.submit(.default, 1) == .send)
        #expect(schedule.submit(.high, 2) == .send)
        #expect(schedule.submit(.default, 3) == .send)
        #expect(schedule.unfinished == 3)
        #expect(schedule.held.isEmpty)
    }

    @Test func lowWaitsForEverythingSentBeforeIt() {
        var schedule = SpeechDispatcherSchedule<Int>()
        // Nothing of ours is speaking: a low one goes out at once.
        #expect(schedule.submit(.low, 1) == .send)
        #expect(schedule.submit(.low, 2) == .hold)
        #expect(schedule.submit(.high, 3) == .send)
        #expect(schedule.submit(.low, 4) == .hold)
        #expect(schedule.held == [2, 4])
        // 1 and 3 end; only then does 2 go, and 4 only after 2.
        #expect(schedule.ended() == nil)
        #expect(schedule.ended() == 2)
        #expect(schedule.unfinished == 1)
        #expect(schedule.submit(.default, 5) == .send)
        #expect(schedule.ended() == nil)
        #expect(schedule.ended() == 4)
        #expect(schedule.ended() == nil)
        #expect(schedule.unfinished == 0)
        // Idle again, so the next low one goes straight out.
        #expect(schedule.submit(.low, 6) == .send)
    }

    @Test func stopDropsHeldAndLosingTheConnectionForgetsEverything() {
        var schedule = SpeechDispatcherSchedule<Int>()
        _ = schedule.submit(.default, 1)
        _ = schedule.submit(.low, 2)
        _ = schedule.submit(.low, 3)
        #expect(schedule.dropHeld() == [2, 3])
        #expect(schedule.ended() == nil, "nothing left to release")
        _ = schedule.submit(.high, 4)
        _ = schedule.submit(.low, 5)
        #expect(schedule.reset() == [5])
        #expect(schedule.unfinished == 0)
        #expect(schedule.submit(.low, 6) == .send)
    }

    // MARK: Rate

    @Test func rateScaleMatchesTheEspeakNGModule() {
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 80) == -100)
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 170) == 0)
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 449) == 100)
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 450) == 100)
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 175) == 2)
        #expect(VoiceSettings.wordsPerMinute(forSpeechDispatcherRate: 2) == 175)
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 10) == -100, "clamped")
        #expect(VoiceSettings.speechDispatcherRate(forWordsPerMinute: 9000) == 100, "clamped")
        var previous = Int.min
        for wordsPerMinute in VoiceSettings.rateRange {
            let rate = VoiceSettings.speechDispatcherRate(forWordsPerMinute: wordsPerMinute)
            #expect(VoiceSettings.speechDispatcherRateScale.contains(rate))
            #expect(rate >= previous, "faster never maps slower")
            previous = rate
            // Within half a step of the scale (0.9 wpm below 170, 2.79 above; 450 is one more
            // than the module's fastest).
            let heard = VoiceSettings.wordsPerMinute(forSpeechDispatcherRate: rate)
            #expect(abs(heard - wordsPerMinute) <= 1, "\(wordsPerMinute) wpm -> \(rate) -> \(heard)")
        }
    }

    // MARK: Addresses

    @Test func addressesParseLikeLibspeechd() throws {
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000", "HOME": "/home/u"]
        #expect(try SpeechDispatcherAddress(parsing: "unix_socket:/tmp/s.sock") == .unixSocket(path: "/tmp/s.sock"))
        #expect(try SpeechDispatcherAddress(parsing: "unix_socket:/tmp/a:b") == .unixSocket(path: "/tmp/a:b"))
        #expect(try SpeechDispatcherAddress(parsing: "/tmp/plain.sock") == .unixSocket(path: "/tmp/plain.sock"))
        #expect(
            try SpeechDispatcherAddress(parsing: "unix_socket", environment: environment)
                == .unixSocket(path: "/run/user/1000/speech-dispatcher/speechd.sock"))
        #expect(try SpeechDispatcherAddress(parsing: "inet_socket") == .inetSocket(host: "127.0.0.1", port: 6560))
        #expect(try SpeechDispatcherAddress(parsing: "inet_socket:example.org") == .inetSocket(host: "example.org", port: 6560))
        #expect(try SpeechDispatcherAddress(parsing: "inet_socket:10.0.0.2:7000") == .inetSocket(host: "10.0.0.2", port: 7000))
        for bad in ["dbus", "inet_socket:host:port", "inet_socket:host:0", "inet_socket::7000", "inet_socket:a:1:2"] {
            #expect(throws: SpeechError.invalidSpeechDispatcherAddress(bad)) { try SpeechDispatcherAddress(parsing: bad) }
        }
        #expect(
            try SpeechDispatcherAddress.fromEnvironment(environment)
                == .unixSocket(path: "/run/user/1000/speech-dispatcher/speechd.sock"))
        #expect(
            try SpeechDispatcherAddress.fromEnvironment(["HOME": "/home/u"])
                == .unixSocket(path: "/home/u/.cache/speech-dispatcher/speechd.sock"))
        #expect(
            try SpeechDispatcherAddress.fromEnvironment(["SPEECHD_ADDRESS": "unix_socket:/x/y", "XDG_RUNTIME_DIR": "/r"])
                == .unixSocket(path: "/x/y"))
        #expect(SpeechDispatcherAddress.inetSocket(host: "h", port: 1).description == "inet_socket:h:1")
    }

    @Test func voiceListRepliesParse() {
        let reply =
            "249-English (America)\ten-us\tnone\r\n249-English (America)+klatt4\ten-us\tklatt4\r\n"
            + "249-Odd\t\t\r\n249-\tnameless\tnone\r\n249 OK VOICE LIST SENT\r\n"
        #expect(
            SpeechDispatcherRaw.parseVoiceList(reply) == [
                SpeechDispatcherVoice(name: "English (America)", language: "en-us", variant: nil),
                SpeechDispatcherVoice(name: "English (America)+klatt4", language: "en-us", variant: "klatt4"),
                SpeechDispatcherVoice(name: "Odd", language: "", variant: nil),
            ])
        #expect(SpeechDispatcherRaw.parseVoiceList("249 OK VOICE LIST SENT\r\n").isEmpty)
        let english = SpeechDispatcherVoice(name: "x", language: "en-US", variant: nil)
        #expect(english.speaks("en") && english.speaks("EN_us") && !english.speaks("e") && !english.speaks(""))
    }

    /// Text goes out as SSIP data, which a line holding only a dot would end: such dots are
    /// doubled, as libspeechd's `spd_say` does. The id comes from the reply to the end mark.
    @Test func messagesAreFramedAsSSIPDataAndTheirIdsRead() {
        #expect(SpeechDispatcherRaw.escapedForData("Page 2 of 3.") == "Page 2 of 3.")
        #expect(SpeechDispatcherRaw.escapedForData(".") == "..")
        #expect(SpeechDispatcherRaw.escapedForData(".hidden\r\n.\r\nend") == "..hidden\r\n..\r\nend")
        #expect(SpeechDispatcherRaw.escapedForData("") == "")
        #expect(SpeechDispatcherRaw.messageID("225-21\r\n225 OK MESSAGE QUEUED\r\n") == 21)
        #expect(SpeechDispatcherRaw.messageID("225 OK MESSAGE QUEUED\r\n") == nil)
        #expect(SpeechDispatcherRaw.messageID("225-x\r\n225 OK MESSAGE QUEUED\r\n") == nil)
    }

    // MARK: Handshake and errors

    @Test func handshakeAcceptsOnlySSIPSuccess() {
        #expect(SpeechDispatcherAddress.judge("208 OK CLIENT NAME SET") == nil)
        #expect(SpeechDispatcherAddress.judge("225-12") == nil)
        #expect(SpeechDispatcherAddress.judge("HTTP/1.1 400 Bad Request") == .notSSIP(firstLine: "HTTP/1.1 400 Bad Request"))
        #expect(SpeechDispatcherAddress.judge("") == .notSSIP(firstLine: ""))
        #expect(SpeechDispatcherAddress.judge("12 OK") == .notSSIP(firstLine: "12 OK"))
        #expect(SpeechDispatcherAddress.judge("410 ERR CLIENT NAME") == .refused("it answered \"410 ERR CLIENT NAME\""))
    }

    @Test func errorsAreOneLineWithOutsideTextEscaped() {
        let hostile = "/tmp/evil\n\u{1B}[2Jsock"
        let errors: [SpeechError] = [
            .speechDispatcherNotRunning(address: .unixSocket(path: hostile), .cannotConnect(.noSuchFileOrDirectory)),
            .speechDispatcherNotRunning(address: .unixSocket(path: "/s"), .noReply(after: .seconds(2))),
            .speechDispatcherNotRunning(address: .unixSocket(path: "/s"), .notSSIP(firstLine: "\u{1B}[31mred")),
            .invalidSpeechDispatcherAddress("x\ny"),
            .speechDispatcherHasNoVoice("v\r\u{7}"),
            .speechDispatcherNoReply(command: "LIST SYNTHESIS_VOICES", after: .milliseconds(1500)),
        ]
        for error in errors {
            let line = error.description
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(line.debugDescription)")
        }
        #expect(
            errors[1].description
                == "speech-dispatcher at unix_socket:/s is not answering: it accepted the connection but said nothing within 2 s "
                + "(stopped or hung); restart it or use --audio auto")
        #expect(errors[5].description == "speech-dispatcher stopped answering: no reply to LIST SYNTHESIS_VOICES within 1.5 s")
    }
}

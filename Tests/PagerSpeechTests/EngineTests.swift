import Foundation
import PagerSpeech
import PagerTestSupport
import Testing

@Suite struct EngineTests {
    let engine: SpeechEngine

    init() throws {
        engine = try SpeechEngine.shared()
    }

    @Test func pageTwoOfThreeIsRealSpeech() throws {
        let result = try engine.synthesize("Page 2 of 3", useCache: false)
        #expect(engine.sampleRate == 22050)
        #expect(result.sampleRate == 22050)
        #expect((0.8...2.0).contains(result.duration), "duration \(result.duration)")
        let rms = PCMAnalysis.rms(result.samples)
        #expect(rms > 500, "RMS \(rms) is not speech")
        #expect(PCMAnalysis.voicedDuration(result.samples, sampleRate: 22050) > 0.4)
        #expect(!result.fromCache)
    }

    @Test func voicesAreListedWithTheirLanguages() throws {
        let byIdentifier = Dictionary(engine.voices.map { ($0.identifier, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byIdentifier["gmw/en"]?.languages.contains { $0.code == "en" } == true)
        #expect(byIdentifier["roa/es"]?.primaryLanguage == "es")
        #expect(byIdentifier["sem/ar"]?.primaryLanguage == "ar")
        #expect(!engine.voices.contains { $0.identifier.hasPrefix("mb/") || $0.identifier.hasPrefix("!v/") })
        #expect(engine.variants.contains("f3"))
        // Read from the variants' folder at start-up; the same names eSpeak lists, in any order.
        #expect(engine.variants.sorted() == engine.variantsListedByEspeak.sorted())
        #expect(engine.variants.count > 10)
        #expect(engine.version.hasPrefix("1."))
    }

    @Test func voicesAreChosenByNameOrLanguage() throws {
        #expect(try engine.voice(for: VoiceSettings()).identifier == "gmw/en")
        #expect(try engine.voice(for: VoiceSettings(voice: "es")).identifier == "roa/es")
        #expect(try engine.voice(for: VoiceSettings(voice: "ar")).identifier == "sem/ar")
        // Not a voice's name or file: the voice eSpeak prefers for that language.
        #expect(try engine.voice(for: VoiceSettings(voice: "EN_us")).identifier == "gmw/en-US")
        #expect(try engine.voice(for: VoiceSettings(voice: "English (America)")).identifier == "gmw/en-US")
        #expect(try engine.voice(for: VoiceSettings(voice: "Spanish_(Spain)")).identifier == "roa/es")
        #expect(try engine.voice(for: VoiceSettings(voice: "roa/es")).identifier == "roa/es")
        let variant = try engine.synthesize("Page 2 of 3", settings: VoiceSettings(voice: "en+f3"), useCache: false)
        #expect(PCMAnalysis.rms(variant.samples) > 500)
    }

    @Test func unknownVoiceLanguageOrSettingIsTypedError() throws {
        #expect(throws: SpeechError.unknownVoice("no-such-voice")) {
            try engine.validate(VoiceSettings(voice: "no-such-voice"))
        }
        #expect(throws: SpeechError.unknownVoice("en+no-such-variant")) {
            try engine.validate(VoiceSettings(voice: "en+no-such-variant"))
        }
        #expect(throws: SpeechError.unknownVoice("xx")) {
            try engine.validate(VoiceSettings(voice: "xx"))
        }
        #expect(throws: SpeechError.invalidSetting(name: "rate", value: 1000, allowed: VoiceSettings.rateRange)) {
            try engine.validate(VoiceSettings(rate: 1000))
        }
        #expect(throws: SpeechError.invalidSetting(name: "pitch", value: -1, allowed: VoiceSettings.pitchRange)) {
            try engine.synthesize("hello", settings: VoiceSettings(pitch: -1))
        }
        let error = SpeechError.unknownVoice("no-such-voice")
        #expect(error.description.contains("no-such-voice"))
    }

    @Test(arguments: [("es", "Página 2 de 3", "roa/es"), ("ar", "الصفحة 2 من 3", "sem/ar")])
    func otherLanguagesSpeak(language: String, text: String, identifier: String) throws {
        let settings = VoiceSettings(voice: language)
        #expect(try engine.voice(for: settings).identifier == identifier)
        // Untrimmed, so the lengths compared include each voice's own leading silence.
        let spoken = try engine.synthesize(text, settings: settings, useCache: false, trimLeadingSilence: false)
        #expect((0.6...3.5).contains(spoken.duration), "\(language): \(spoken.duration) s")
        #expect(PCMAnalysis.rms(spoken.samples) > 500)
        // Really the other voice: English reads the same characters differently. With "1000"
        // after the text ("one thousand" against "mil" or "alf"): "Página 2 de 3" alone differs
        // from English by 0.08 to 0.12 s from run to run (eSpeak NG's lengths vary by a few
        // hundred samples), across the 0.1 s this asks for.
        let probe = text + " 1000"
        let other = try engine.synthesize(probe, settings: settings, useCache: false, trimLeadingSilence: false)
        let english = try engine.synthesize(probe, settings: VoiceSettings(voice: "en"), useCache: false, trimLeadingSilence: false)
        #expect(
            abs(english.samples.count - other.samples.count) > 2205
                || PCMAnalysis.rms(english.samples) < 100,
            "\(language) sounds like English (\(english.samples.count) vs \(other.samples.count) samples)")
    }

    @Test func audioTagIsSpokenAsTextAndNeverOpened() throws {
        let before = SpeechEngine.uriRequestCount
        let tag = #"<audio src="/etc/passwd"/>"#
        let spoken = try engine.synthesize(tag, useCache: false)
        // Read out ("audio src etc passwd…"), not obeyed (an obeyed tag is silent).
        #expect(spoken.duration > 1.5, "only \(spoken.duration) s: the tag was not read out")
        #expect(PCMAnalysis.voicedDuration(spoken.samples, sampleRate: 22050) > 0.8)
        #expect(spoken.spokenText == tag)
        #expect(SpeechEngine.uriRequestCount == before)
        #expect(SpeechEngine.uriRequestCount == 0)
    }

    @Test func embeddedCommandIsStrippedAndReadAsText() throws {
        let plain = try engine.synthesize("Page two of three", useCache: false)
        let command = try engine.synthesize("\u{1}450S Page two of three", useCache: false)
        let fast = try engine.synthesize("Page two of three", settings: VoiceSettings(rate: 450), useCache: false)
        #expect(command.spokenText == "450S Page two of three")
        // Obeyed, U+0001 450S would make it about as short as `fast`; read as text, "450 S" is
        // extra words at the normal rate, so it is longer than `plain`.
        #expect(
            command.samples.count > plain.samples.count + 11025,
            "\(command.samples.count) vs \(plain.samples.count)")
        #expect(fast.samples.count < plain.samples.count * 3 / 4)
        let nul = try engine.synthesize("Page\u{0} two\u{1} of three", useCache: false)
        #expect(nul.spokenText == "Page two of three")
        #expect(abs(nul.samples.count - plain.samples.count) < 2205)
    }

    @Test func repeatedTextIsReplayedFromTheCache() throws {
        let text = "Page 2 of 3, cached \(UUID().uuidString.prefix(4))"
        let first = try engine.synthesize(text)
        let second = try engine.synthesize(text)
        #expect(!first.fromCache)
        #expect(second.fromCache)
        #expect(second.samples == first.samples)
        let faster = try engine.synthesize(text, settings: VoiceSettings(rate: 300))
        #expect(!faster.fromCache)
        #expect(faster.samples.count < first.samples.count)
        let stats = engine.cacheStatistics
        #expect(stats.hits >= 1)
        #expect(stats.entries >= 2)
    }

    @Test func emptyTextIsSilentNotAnError() throws {
        let spoken = try engine.synthesize(" \u{1}\u{0} \n")
        #expect(spoken.samples.isEmpty)
        #expect(spoken.spokenText.isEmpty)
    }
}

import Foundation
import PagerTestSupport
import Testing

/// Issue 16: the language comes from `--lang`, else the locale (LC_ALL, LC_MESSAGES, LANG, in
/// that order), else English; `status` says which and why. `verify` ignores the locale: a script's
/// checks must not depend on the machine that runs them.
@Suite struct LocaleTests {
    /// The environment without any locale variable of the machine running the tests.
    static func environment(_ variables: [String: String]) -> [String: String] {
        var environment = variables
        for name in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] where variables[name] == nil { environment[name] = "" }
        return environment
    }

    static func run(_ arguments: [String], _ variables: [String: String], input: String = "next\nstatus\n") throws -> Pagervoice.Run {
        try Pagervoice.run(arguments, input: input, environment: environment(variables))
    }

    @Test func langDeSpeaksGerman() throws {
        let dir = try TemporaryDirectory()
        let run = try Self.run(["--audio", "null", "--wav-dir", dir.path], ["LANG": "de_DE.UTF-8"])
        #expect(run.status == 0)
        #expect(run.lines.first == "Seite 2 von 3")
        #expect(run.lines.contains("language: Deutsch (de from LANG=de_DE.UTF-8)"))
        let wav = try WAVFile(contentsOf: dir.path + "/0001.wav")
        #expect(PCMAnalysis.peakRMS(wav.samples) > 500)
    }

    @Test func lcAllCIsEnglishAndWinsOverLang() throws {
        let run = try Self.run(["--audio", "off"], ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(run.lines.first == "Page 2 of 3")
        #expect(run.lines.contains("language: English (en: LC_ALL=C names no language)"))
        let messages = try Self.run(["--audio", "off"], ["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"])
        #expect(messages.lines.first == "Page 2 sur 3")
    }

    @Test func langOptionWinsOverTheLocale() throws {
        let run = try Self.run(["--audio", "off", "--lang", "pt-BR"], ["LC_ALL": "de_DE.UTF-8"])
        #expect(run.lines.first == "Página 2 de 3")
        #expect(run.lines.contains("language: Português (Brasil) (pt-BR from --lang pt-BR)"))
        // Region and script fall back to the language; the REPL's lang takes the same tags.
        #expect(try Self.run(["--audio", "off", "--lang", "es-419"], [:]).lines.first == "Página 2 de 3")
        #expect(try Self.run(["--audio", "off"], [:], input: "lang de-AT\nnext\n").lines == ["Seite 2 von 3"])
    }

    @Test func noLocaleIsEnglish() throws {
        let run = try Self.run(["--audio", "off"], [:])
        #expect(run.lines.first == "Page 2 of 3")
        #expect(run.lines.contains("language: English (en: no locale variable set)"))
    }

    @Test func verifyIgnoresTheLocaleButTakesLang() throws {
        let dir = try TemporaryDirectory()
        let script = dir.path + "/en.pv"
        try "next\nexpect \"Page 2 of 3\"\n".write(toFile: script, atomically: true, encoding: .utf8)
        #expect(try Self.run(["verify", script], ["LANG": "de_DE.UTF-8"], input: "").status == 0)
        let german = dir.path + "/de.pv"
        try "next\nexpect \"Seite 2 von 3\"\n".write(toFile: german, atomically: true, encoding: .utf8)
        #expect(try Self.run(["verify", "--lang", "de_DE", german], [:], input: "").status == 0)
    }
}

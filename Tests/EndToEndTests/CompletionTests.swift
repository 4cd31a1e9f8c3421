import Foundation
import PagerTestSupport
import Testing

/// `pagervoice --generate-completion-script bash`, loaded in a real bash, completes what the
/// command line accepts (issue 17).
@Suite struct CompletionTests {
    /// Sources the generated script in `bash` and prints what completing `words` offers.
    static func complete(_ words: [String], script: String) throws -> [String] {
        let dir = try TemporaryDirectory()
        let file = dir.path + "/pagervoice.bash"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let driver = """
            source "$2"
            COMP_WORDS=(\(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
            _pagervoice pagervoice "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        // The script asks the executable itself for some candidates: put it on PATH.
        let folder = (Pagervoice.path as NSString).deletingLastPathComponent
        // bash -c DRIVER bash PAGERVOICE FILE: $1 is the executable, $2 the script.
        let run = try Pagervoice.run(
            [file], environment: ["PATH": folder + ":/usr/bin:/bin"], launcher: ["/bin/bash", "-c", driver, "bash"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.lines
    }

    @Test func bashCompletesSubcommandsAndOptionValues() throws {
        let generated = try Pagervoice.run(["--generate-completion-script", "bash"])
        #expect(generated.status == 0)
        #expect(generated.stdout.contains("complete -o filenames -F _pagervoice pagervoice"))
        let script = generated.stdout
        #expect(try Self.complete(["pagervoice", "ve"], script: script) == ["verify"])
        #expect(Set(try Self.complete(["pagervoice", "au"], script: script)) == ["audit"])
        #expect(try Self.complete(["pagervoice", "audit", "--format", ""], script: script) == ["text", "json", "sarif", "html"])
        #expect(
            try Self.complete(["pagervoice", "repl", "--audio", ""], script: script) == ["auto", "pulse", "alsa", "speechd", "null", "off"])
        #expect(Set(try Self.complete(["pagervoice", "verify", "--st"], script: script)) == ["--style"])
    }

    @Test func zshAndFishScriptsAreGenerated() throws {
        for shell in ["zsh", "fish"] {
            let run = try Pagervoice.run(["--generate-completion-script", shell])
            #expect(run.status == 0, "\(shell)")
            #expect(run.stdout.contains("pagervoice"), "\(shell)")
            #expect(run.stdout.contains("wav-dir"), "\(shell)")
        }
        let bad = try Pagervoice.run(["--generate-completion-script", "tcsh"])
        #expect(bad.status == 2)
    }
}

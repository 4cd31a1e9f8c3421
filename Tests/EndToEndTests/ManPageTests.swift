import Foundation
import PagerTestSupport
import Testing

/// Issue 31, item 8: the man page lagged `--help` and made `man` warn. It is generated from the
/// same definitions (`make man`); these tests fail when an option changes and it was not remade.
@Suite struct ManPageTests {
    static let manPage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("share/man/man1/pagervoice.1").path
    static let subcommands = ["repl", "verify", "audit", "frames", "read", "say", "voices"]

    /// Every option `--help` lists, with the start of its help, as the man page has it.
    @Test func theManPageHasEveryOptionOfHelpAndNoOther() throws {
        let man = try String(contentsOfFile: Self.manPage, encoding: .utf8)
        let manOptions = Set(
            man.split(separator: "\n").filter { $0.hasPrefix(".It Fl ") }.flatMap { line in
                line.split(separator: " ").filter { $0.hasPrefix("-") && $0.count > 2 }.map { String($0.drop { $0 == "-" }) }
            })
        var helpOptions: Set<String> = []
        var missingHelp: [String] = []
        let prose = man.split(separator: "\n").filter { !$0.hasPrefix(".") }.joined(separator: " ")
        for arguments in [["--help"]] + Self.subcommands.map({ [$0, "--help"] }) {
            let run = try Pagervoice.run(arguments)
            #expect(run.status == 0, "\(arguments)")
            for (option, help) in Self.options(in: run.stdout) {
                helpOptions.insert(option)
                // ArgumentParser lists an option's values after its help; the man page its own way.
                let start = String((help.components(separatedBy: " (values: ").first ?? help).prefix(40))
                if !prose.contains(start) { missingHelp.append("\(arguments[0]) --\(option): \(start)") }
            }
        }
        #expect(missingHelp.isEmpty, "help not in the man page: \(missingHelp)")
        #expect(helpOptions.count > 30)
        #expect(helpOptions.subtracting(manOptions).isEmpty, "missing from the man page: \(helpOptions.subtracting(manOptions).sorted())")
        #expect(manOptions.subtracting(helpOptions).isEmpty, "only in the man page: \(manOptions.subtracting(helpOptions).sorted())")
    }

    /// `man -l` reads it without a warning.
    @Test func manReadsItWithoutAWarning() throws {
        let run = try Pagervoice.run(
            [Self.manPage], environment: ["MANWIDTH": "80", "MAN_KEEP_FORMATTING": ""],
            launcher: ["/bin/sh", "-c", "exec man -l \"$1\""], timeout: .seconds(60)
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "", "\(run.stderr)")
        #expect(run.stdout.contains("--max-input"))
    }

    /// `--name <value>   Help…` entries of ArgumentParser's help, each with its whole help text.
    static func options(in help: String) -> [(String, String)] {
        var entries: [(String, String)] = []
        var current: (String, String)?
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if indent == 2, trimmed.hasPrefix("-") {
                if let current { entries.append(current) }
                let names = trimmed.split(separator: " ").prefix { $0.hasPrefix("-") }.map { $0.trimmingCharacters(in: [","]) }
                guard let long = names.first(where: { $0.hasPrefix("--") }) else { continue }
                let text = trimmed.range(of: "  ").map { String(trimmed[$0.upperBound...]).trimmingCharacters(in: .whitespaces) } ?? ""
                current = (String(long.dropFirst(2)), text)
            } else if indent > 2, var entry = current, !trimmed.isEmpty {
                entry.1 += (entry.1.isEmpty ? "" : " ") + trimmed
                current = entry
            } else if let entry = current {
                entries.append(entry)
                current = nil
            }
        }
        if let current { entries.append(current) }
        return entries
    }
}

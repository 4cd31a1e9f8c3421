import PagerCore

#if canImport(Glibc)
    import Glibc
#endif

/// `pagervoice verify FILE…`: pin what a screen reader says, as text anyone can diff in CI.
enum VerifyCommand {
    static let parser = OptionParser(
        [
            OptionSpec("junit", value: "FILE", help: "Also write JUnit XML (one testcase per script) to FILE."),
            OptionSpec("json", help: "Print results as JSON lines instead of text."),
        ] + RunOptions.pagerSpecs + [RunOptions.terseSpec], positionals: "FILE")

    static let help = [
        "Usage: pagervoice verify [options] FILE…",
        "Runs each script (REPL commands, one per line) from a fresh pager and checks it. Besides commands:",
        "  # comment",
        "  expect \"TEXT\"      the last thing spoken was TEXT",
        "  expect-page N      the current page is N (1-based; 0 when empty)",
        "  expect-boundary    the last announcement hit an edge",
        "  expect-silence     nothing was spoken since the previous check",
        "A command that fails counts as a failed check. Prints FILE:LINE for each failure, then",
        "'N passed, N failed'; exit status 1 when anything failed, 2 for usage errors.",
        "",
        "Options:",
    ]

    static func run(_ arguments: [String], out: OutputStream, err: OutputStream) -> Int32 {
        let parsed: ParsedOptions
        let options: RunOptions
        do throws(UsageError) {
            parsed = try parser.parse(arguments)
            if parsed.has("help") {
                (help + parser.helpLines()).forEach(out.writeLine)
                return 0
            }
            guard !parsed.positionals.isEmpty else { throw UsageError("verify needs at least one script FILE") }
            var startup = parsed
            startup.values["junit"] = nil
            startup.flags.remove("json")
            options = try RunOptions(startup)
        } catch {
            return PagerVoiceMain.usageError(error, command: "pagervoice verify", err: err)
        }
        let json = parsed.has("json")
        let runner = ScriptRunner(initial: Session(pager: options.pager, verbosity: options.verbosity))
        var results: [ScriptRunner.Result] = []
        var unreadable = 0
        for file in parsed.positionals {
            let text: String
            switch FileIO.readText(file) {
            case .success(let contents):
                text = contents
            case .failure(let error):
                unreadable += 1
                let message = "\(file): cannot read: \(error)"
                if json {
                    out.writeLine(
                        JSON.object([("type", .string("error")), ("file", .string(file)), ("message", .string(message))]).serialized())
                } else {
                    err.writeLine(message)
                }
                results.append(
                    .init(
                        file: file,
                        checks: [
                            .init(
                                file: file, line: 0, passed: false,
                                expected: "a readable script", got: error.description)
                        ],
                        nanoseconds: 0))
                continue
            }
            let result = runner.run(file: file, text: text)
            results.append(result)
            for check in result.checks {
                if json {
                    out.writeLine(
                        JSON.object([
                            ("type", .string("check")), ("file", .string(check.file)), ("line", .int(check.line)),
                            ("status", .string(check.passed ? "pass" : "fail")),
                            ("expected", .string(check.expected)), ("got", .string(check.got)),
                        ]).serialized())
                } else if !check.passed {
                    out.writeLine(check.failureLine)
                }
            }
        }
        let passed = results.reduce(0) { $0 + $1.checks.filter(\.passed).count }
        let failed = results.reduce(0) { $0 + $1.failed.count }
        if let junit = parsed.value("junit") {
            if case .failure(let error) = FileIO.writeText(JUnitReport.xml(results), to: junit) {
                err.writeLine("pagervoice verify: cannot write \(junit): \(error)")
                out.flush()
                return 1
            }
        }
        if json {
            out.writeLine(
                JSON.object([
                    ("type", .string("summary")), ("passed", .int(passed)), ("failed", .int(failed)),
                    ("scripts", .int(results.count)),
                ]).serialized())
        } else {
            out.writeLine("\(passed) passed, \(failed) failed")
        }
        return failed > 0 || unreadable > 0 ? 1 : 0
    }
}

import PagerCore

/// The executable's entry point: picks the subcommand from the first argument and returns the
/// exit status. Lives in the library so tests and the fuzzer reach the same code.
public enum PagerVoiceMain {
    public static func run(_ arguments: [String]) -> Int32 {
        Terminal.ignoreBrokenPipe()
        let out = OutputStream.standardOutput
        let err = OutputStream.standardError
        defer {
            out.flush()
            err.flush()
        }
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "audit":
            return AuditCommand.run(rest, out: { out.writeLine($0) }, err: { err.writeLine($0) })
        case "verify":
            return VerifyCommand.run(rest, out: out, err: err)
        case "say":
            return SayCommand.run(rest, out: out, err: err)
        case "voices":
            return VoicesCommand.run(rest, out: out, err: err)
        default:
            return REPLCommand.run(arguments, out: out, err: err)
        }
    }

    /// Prints a usage error as one line and returns status 2.
    static func usageError(_ error: UsageError, command: String, err: OutputStream) -> Int32 {
        err.writeLine("\(command): \(error.message)")
        err.writeLine("Try '\(command) --help'.")
        return 2
    }
}

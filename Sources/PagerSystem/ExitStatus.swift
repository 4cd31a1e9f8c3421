#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How a child process ended: the code it passed to `exit`, or the signal that killed it.
///
/// The two are kept apart because a message needs to tell "exited with status 1" from "killed by
/// signal 9", which one number (`128 + signal`, as shells print it) cannot do reliably.
package enum ExitStatus: Sendable, Hashable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// Decodes what waitpid(2) stored (the `WIFEXITED`/`WTERMSIG` macros, which Swift cannot call).
    init(waitStatus raw: Int32) {
        let signal = raw & 0x7F
        self = signal == 0 ? .exited((raw >> 8) & 0xFF) : .signalled(signal)
    }

    /// "status 0", "signal 9": what follows "exited (…)" in a message.
    package var description: String {
        switch self {
        case .exited(let code): "status \(code)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}

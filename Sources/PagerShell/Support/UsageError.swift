/// A mistake in a REPL line or a script: one line, said plainly, and nothing changes.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

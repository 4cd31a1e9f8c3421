import Glibc

/// A fixture's system call that failed, with the call and `strerror`'s words.
public struct SystemCallError: Error, CustomStringConvertible {
    public let call: String
    public let code: Int32

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

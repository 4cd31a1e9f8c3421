import PagerCore
import SystemPackage

/// Why a document cannot be opened or a page of it read: one line each, naming the file.
public enum DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotOpen(name: String, Errno)
    case isDirectory(name: String)
    case cannotRead(name: String, Errno)
    /// Standard input could not be kept in its temporary file.
    case cannotSpool(Errno)
    /// Standard input or a pipe longer than the limit, read whole (`verify --read`): refused.
    case tooLong(name: String, limit: Int)
    /// Standard input or a pipe paged while it is read (`read`) reached the limit: what came
    /// before it is paged, the rest is not read.
    case inputLimit(name: String, limit: Int)
    /// Binary (a NUL) or not UTF-8: where, so the user can look.
    case notText(name: String, DocumentScanner.Problem)
    /// The file is shorter than when it was opened, or its bytes there are no longer text.
    case changed(name: String)
    /// A 1-based page number that is not in the document.
    case noSuchPage(page: Int, count: Int)
    case badPageLines(Int)
    case searchTooLong(limit: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let name, let errno):
            "cannot open \(Self.quoted(name)): \(errno.description)"
        case .isDirectory(let name):
            "\(Self.quoted(name)) is a directory, not a text file"
        case .cannotRead(let name, let errno):
            "cannot read \(Self.quoted(name)): \(errno.description)"
        case .cannotSpool(let errno):
            "cannot keep standard input in a temporary file: \(errno.description)"
        case .tooLong(let name, let limit):
            "\(Self.quoted(name)) is longer than \(Self.size(limit)): save it to a file and read that"
        case .inputLimit(let name, let limit):
            "\(Self.quoted(name)) is longer than \(Self.size(limit)): only its first \(Self.size(limit)) are paged "
                + "(--max-input sets the limit)"
        case .notText(let name, let problem):
            switch problem.kind {
            case .nul:
                "\(Self.quoted(name)) is binary, not text: a NUL byte at byte offset \(problem.offset) (line \(problem.line))"
            case .invalidUTF8:
                "\(Self.quoted(name)) is not UTF-8 text: invalid UTF-8 at byte offset \(problem.offset) (line \(problem.line))"
            }
        case .changed(let name):
            "\(Self.quoted(name)) changed since it was opened: open it again"
        case .noSuchPage(let page, let count):
            count == 0 ? "there are no pages" : "there is no page \(page): pages are 1 to \(count)"
        case .badPageLines(let lines):
            "lines per page must be between 1 and \(Document.maximumPageLines), not \(lines)"
        case .searchTooLong(let limit):
            "search text can be at most \(limit) bytes"
        }
    }

    /// Bytes as people write them: "64 MiB", "512 KiB", "1000 bytes".
    static func size(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift) \(unit)"
        }
        return "\(bytes) bytes"
    }

    /// A file name as given, made safe to print.
    private static func quoted(_ name: String) -> String {
        name.terminalSafe.clipped(200)
    }
}

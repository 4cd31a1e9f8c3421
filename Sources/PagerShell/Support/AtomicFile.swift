import PagerSystem

/// The shell's own files (a plot, a report), written by PagerSystem's `OutputFile` under the
/// rule each asks for, and the one line that says why one was not.
///
/// `OutputFile` decides where output may go and does the writing, whole or not at all; here the
/// path is quoted into the message, clipped and escaped, as any outside text shown is.
enum AtomicFile {
    /// Why the file was not written, for one line on standard error (or a JSON error event).
    struct Failure: Error, Equatable, CustomStringConvertible {
        var path: String
        var reason: OutputFile.Failure

        var description: String {
            let quoted = path.clipped(200)
            return switch reason {
            case .exists(.regularFile): "\(quoted) already exists; choose another name or remove it first"
            case .exists(let kind): "\(quoted) already exists (\(kind)); choose another name"
            default: "cannot write \(quoted): \(reason)"
            }
        }
    }

    /// Writes `text` to `path` as `rule` allows (by default a new file only).
    static func write(_ text: String, to path: String, rule: OutputFile.Rule = .newFile) throws(Failure) {
        do throws(OutputFile.Failure) {
            try OutputFile.write(Array(text.utf8), to: path, rule: rule)
        } catch {
            throw Failure(path: path, reason: error)
        }
    }

    /// Whether `path` can take output under `rule`, without touching it: checked before a long
    /// run, so a report that could never be written is refused before the work is done.
    static func check(_ path: String, rule: OutputFile.Rule) throws(Failure) {
        do throws(OutputFile.Failure) {
            _ = try OutputFile.plan(path, rule: rule)
        } catch {
            throw Failure(path: path, reason: error)
        }
    }
}

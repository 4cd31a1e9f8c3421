import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Writes a file the shell produces (a plot, a report) all at once or not at all.
///
/// A write cut short (a full disk, Ctrl-C) must not leave half an SVG or half a JUnit report
/// behind for a browser or a CI dashboard to show as if it were whole. So the text goes to a
/// hidden file beside the target first, is flushed to disk, and is then put in place:
///
/// - `replacing: false` (plots: `frames --svg FILE`): hard-linked into place, which fails if the
///   name is taken, with no check-then-write race. A person who names a file they already have
///   has made a typo, not asked to lose it.
/// - `replacing: true` (`verify --junit FILE`, which CI reruns over its previous report): renamed
///   over the name in one step; a symbolic link there is replaced, never written through.
///
/// The hidden file is removed whatever happens.
enum AtomicFile {
    /// Why the file was not written.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case exists(String)
        case failed(String, Errno)

        var description: String {
            switch self {
            case .exists(let path): "\(path) already exists; choose another name or remove it first"
            case .failed(let path, let errno): "cannot write \(path): \(errno)"
            }
        }
    }

    static func write(_ text: String, to path: String, replacing: Bool = false) throws(Failure) {
        let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : ""
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let scratch = FilePath("\(folder).\(name).\(UInt32.random(in: 0...UInt32.max)).partial")
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                scratch, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: [.ownerReadWrite, .groupRead, .otherRead])
        } catch {
            throw .failed(path, error as? Errno ?? .ioError)
        }
        defer { _ = unlink(scratch.string) }
        do {
            try descriptor.closeAfter {
                _ = try descriptor.writeAll(Array(text.utf8))
                guard fsync(descriptor.rawValue) == 0 else { throw Errno(rawValue: errno) }
            }
        } catch {
            throw .failed(path, error as? Errno ?? .ioError)
        }
        guard (replacing ? rename(scratch.string, path) : link(scratch.string, path)) == 0 else {
            let error = Errno(rawValue: errno)
            throw error == .fileExists ? .exists(path) : .failed(path, error)
        }
    }
}

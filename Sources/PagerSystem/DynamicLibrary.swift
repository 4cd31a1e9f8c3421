#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A shared library opened with dlopen when a feature is first used, not linked.
///
/// PocketSphinx (with BLAS, LAPACK and gfortran) and libspeechd (with GLib) add a measurable share
/// of dynamic loading to every start when linked (docs/BENCHMARKS.md, where start-up goes), and
/// only voice commands and `--audio speechd` need them; a machine without them loses that feature alone. Each wrapper module keeps its
/// table of typed functions and its own error words; opening and finding symbols is here.
package struct DynamicLibrary: @unchecked Sendable {
    /// The handle dlopen gave; never closed (the functions taken from it live as long as the
    /// process).
    private let handle: UnsafeMutableRawPointer
    /// The name it was opened by, for messages.
    package let soname: String

    /// Opens `soname` with `RTLD_NOW | RTLD_LOCAL` (every symbol resolved at once, none shared
    /// with later libraries). Throws the loader's reason ("cannot open shared object file…").
    package init(_ soname: String) throws(DynamicLibraryError) {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw DynamicLibraryError(soname: soname, reason: Self.lastError() ?? "not found")
        }
        self.handle = handle
        self.soname = soname
    }

    /// `soname` only if the process has it loaded already (`RTLD_NOLOAD`), else nil.
    package static func alreadyLoaded(_ soname: String) -> DynamicLibrary? {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_NOLOAD) else { return nil }
        return DynamicLibrary(handle: handle, soname: soname)
    }

    private init(handle: UnsafeMutableRawPointer, soname: String) {
        self.handle = handle
        self.soname = soname
    }

    /// The function `name` as the C type `T` (a `@convention(c)` function type). dlsym on the
    /// handle also searches the libraries it pulled in.
    package func function<T>(_ name: String, as _: T.Type = T.self) throws(DynamicLibraryError) -> T {
        guard let pointer = dlsym(handle, name) else { throw DynamicLibraryError(soname: soname, reason: "no function \(name)") }
        return unsafeBitCast(pointer, to: T.self)
    }

    private static func lastError() -> String? { dlerror().map { String(cString: $0) } }
}

/// Why a library or one of its functions could not be had: the loader's own words.
package struct DynamicLibraryError: Error, Sendable, Equatable {
    package var soname: String
    package var reason: String
}

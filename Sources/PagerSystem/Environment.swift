#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The process's environment variables, read without Foundation (which PagerVoice does not link:
/// its start-up cost is paid on every run). Read once where a whole picture is wanted (the
/// language from `LC_ALL`/`LC_MESSAGES`/`LANG`, speech-dispatcher's address), or one variable at
/// a time.
public enum Environment {
    /// Every variable, as `environ` holds it now. An entry that is not UTF-8 is decoded with
    /// replacement characters; one without `=` is skipped.
    public static var current: [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return variables
    }

    /// One variable, or nil when it is unset.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
    }

    /// One variable, or nil when it is unset or empty (as the XDG and `TMPDIR` conventions read
    /// an empty value).
    public static func nonEmptyValue(_ name: String) -> String? {
        value(name).flatMap { $0.isEmpty ? nil : $0 }
    }
}

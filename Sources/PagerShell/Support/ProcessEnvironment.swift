#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables, read without Foundation (the shell does not link it
/// for this alone).
enum ProcessEnvironment {
    static var current: [String: String] {
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
}

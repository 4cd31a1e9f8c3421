import Glibc

/// A unix stream socket bound to `path` and listening: what every fake server in the tests
/// starts from (a silent PulseAudio, a silent or stuck speech-dispatcher). Close-on-exec, so the
/// programs a test starts do not inherit it. The caller owns the descriptor.
public func listeningUnixSocket(path: String, backlog: Int32 = 16) throws(SystemCallError) -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw SystemCallError(call: "socket", code: errno) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(descriptor)
        throw SystemCallError(call: "bind \(path)", code: ENAMETOOLONG)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard bound == 0, listen(descriptor, backlog) == 0 else {
        let error = SystemCallError(call: bound == 0 ? "listen" : "bind \(path)", code: errno)
        close(descriptor)
        throw error
    }
    return descriptor
}

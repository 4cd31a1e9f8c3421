import Foundation
import Glibc

/// Cheap, silent checks for an audio output before any audio library is asked to open one.
///
/// Asking libpulse or ALSA directly is how a headless machine ends up with a screenful of
/// `ALSA lib …` lines, or (for a desktop user without a running server) an autospawned
/// PulseAudio daemon. Instead we look for a PulseAudio socket that accepts a connection and for
/// a sound card in /proc/asound/cards.
package enum AudioProbe {
    /// Whether a PulseAudio server answers where libpulse would look: `$PULSE_SERVER`, else the
    /// runtime directory (`$PULSE_RUNTIME_PATH`, `$XDG_RUNTIME_DIR/pulse` or
    /// `~/.config/pulse/*-runtime`), then the system-wide socket. (A TCP server in
    /// `$PULSE_SERVER` is assumed to answer; libpulse will tell us if not.)
    static func pulseServerAnswers(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if let servers = environment["PULSE_SERVER"], !servers.trimmingCharacters(in: .whitespaces).isEmpty {
            for server in servers.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var address = String(server)
                if address.hasPrefix("{"), let close = address.firstIndex(of: "}") {
                    address = String(address[address.index(after: close)...])
                }
                if address.hasPrefix("unix:") {
                    if unixSocketAnswers(String(address.dropFirst(5))) { return true }
                } else if address.hasPrefix("/") {
                    if unixSocketAnswers(address) { return true }
                } else {
                    return true
                }
            }
            return false
        }
        var candidates: [String] = []
        if let runtime = environment["PULSE_RUNTIME_PATH"], !runtime.isEmpty {
            candidates.append(runtime + "/native")
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            candidates.append(runtime + "/pulse/native")
        } else if let home = environment["HOME"], !home.isEmpty {
            let config = home + "/.config/pulse"
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: config)) ?? []
            candidates += entries.filter { $0.hasSuffix("-runtime") }.map { config + "/" + $0 + "/native" }
        }
        candidates.append("/var/run/pulse/native")
        candidates.append("/run/pulse/native")
        return candidates.contains(where: unixSocketAnswers)
    }

    /// Whether the kernel lists at least one ALSA sound card.
    static func alsaHasCard(cardsFile: String = "/proc/asound/cards") -> Bool {
        guard let text = readSmallFile(cardsFile) else { return false }
        if text.contains("no soundcards") { return false }
        return text.split(separator: "\n").contains { line in
            line.trimmingCharacters(in: .whitespaces).first?.isNumber == true
        }
    }

    /// The first 64 KiB of a file, read with plain POSIX calls: Foundation's readers leak a 4 KiB
    /// buffer for every file that reports size 0, which is every file in /proc (LeakSanitizer).
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            count += n
        }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }

    /// Whether something accepts connections on the unix socket at `path` (the test fixture's
    /// PulseAudio server is checked with this too).
    package static func unixSocketAnswers(_ path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty, bytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        return result == 0
    }
}

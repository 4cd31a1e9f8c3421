import SystemPackage

/// A cheap, silent check for an ALSA sound card before ALSA is asked to open one: asking ALSA
/// directly is how a headless machine ends up with a screenful of `ALSA lib …` lines. (PulseAudio
/// needs no probe: `PulseConnection` asks it with a deadline and without autospawn.)
package enum AudioProbe {
    /// Whether the kernel lists at least one ALSA sound card.
    static func alsaHasCard(cardsFile: String = "/proc/asound/cards") -> Bool {
        guard let text = readSmallFile(cardsFile) else { return false }
        if text.contains("no soundcards") { return false }
        return text.split(separator: "\n").contains { line in
            line.trimmingPrefix(while: { $0 == " " || $0 == "\t" }).first?.isNumber == true
        }
    }

    /// The first 64 KiB of a file, read with plain POSIX calls: Foundation's readers leak a 4 KiB
    /// buffer for every file that reports size 0, which is every file in /proc (LeakSanitizer).
    static func readSmallFile(_ path: String) -> String? {
        guard let file = try? FileDescriptor.open(path, .readOnly, options: .closeOnExec) else { return nil }
        defer { try? file.close() }
        var bytes = [UInt8](repeating: 0, count: 65_536)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in
                try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]))
            }
            guard let n else { return nil }
            if n == 0 { break }
            count += n
        }
        return String(decoding: bytes[0..<count], as: UTF8.self)
    }
}

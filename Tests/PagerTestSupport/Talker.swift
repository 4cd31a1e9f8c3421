import Foundation
import Glibc

/// Another text-to-speech engine, as the voice that talks to PagerVoice's recogniser in tests
/// and benchmarks: Debian's `flite` (its voices, optionally slowed or sped up) or `espeak-ng`.
/// Each call writes one WAV file with the engine's own format (flite: 16 kHz, kal: 8 kHz;
/// eSpeak NG: 22050 Hz).
public struct Talker: Hashable, Sendable, CustomStringConvertible {
    public enum Engine: String, Hashable, Sendable {
        case flite
        case espeakNG = "espeak-ng"
    }

    public var engine: Engine
    public var voice: String
    /// flite's `duration_stretch` (1 = its normal speed, 1.25 = slower).
    public var durationStretch: Double?
    /// eSpeak NG's words per minute (`-s`; nil: its default, 175).
    public var rate: Int?

    public init(_ engine: Engine, voice: String, durationStretch: Double? = nil, rate: Int? = nil) {
        self.engine = engine
        self.voice = voice
        self.durationStretch = durationStretch
        self.rate = rate
    }

    public static func flite(_ voice: String, stretch: Double? = nil) -> Talker { Talker(.flite, voice: voice, durationStretch: stretch) }
    public static func espeak(_ voice: String, rate: Int? = nil) -> Talker { Talker(.espeakNG, voice: voice, rate: rate) }

    public var description: String {
        switch engine {
        case .flite: "flite \(voice)" + (durationStretch.map { " ×\($0)" } ?? "")
        case .espeakNG: "espeak-ng \(voice)" + (rate.map { " \($0) wpm" } ?? "")
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case missing(String)
        case failed(String, status: Int32?)

        public var description: String {
            switch self {
            case .missing(let name): "\(name) is not installed (apt-get install flite espeak-ng)"
            case .failed(let command, let status): "\(command) failed (status \(status.map(String.init) ?? "timeout"))"
            }
        }
    }

    /// Says `text` into a new WAV file at `path`.
    public func say(_ text: String, to path: String) throws {
        guard let executable = PulseAudioServer.findExecutable(engine.rawValue) else { throw Failure.missing(engine.rawValue) }
        var arguments: [String]
        switch engine {
        case .flite:
            arguments = ["-voice", voice]
            if let durationStretch { arguments += ["--setf", "duration_stretch=\(durationStretch)"] }
            arguments += ["-t", text, "-o", path]
        case .espeakNG:
            arguments = ["-v", voice] + (rate.map { ["-s", String($0)] } ?? []) + ["-w", path, "--", text]
        }
        let process = try SpawnedProcess(executable: executable, arguments: arguments, environment: ProcessInfo.processInfo.environment)
        let status = process.wait(timeout: .seconds(60))
        guard status == 0 else { throw Failure.failed("\(engine.rawValue) \(arguments.joined(separator: " "))", status: status) }
    }
}

/// WAV files in any PCM shape, for testing readers of them (8-bit, stereo, 44.1/48 kHz …).
public enum WAVWriter {
    /// Mono samples in -1…1 at `sampleRate`, written with `channels` identical channels and
    /// `bits` per sample (8 unsigned, 16, 24 or 32 signed).
    public static func bytes(samples: [Float], sampleRate: Int, channels: Int = 1, bits: Int = 16) -> [UInt8] {
        let bytesPerSample = bits / 8
        var data: [UInt8] = []
        data.reserveCapacity(samples.count * channels * bytesPerSample)
        for sample in samples {
            let clamped = max(-1, min(1, Double(sample)))
            for _ in 0..<channels {
                switch bits {
                case 8:
                    data.append(UInt8(max(0, min(255, (clamped * 127 + 128).rounded()))))
                default:
                    let scale = Double(1 << (bits - 1)) - 1
                    let value = Int64((clamped * scale).rounded())
                    for byte in 0..<bytesPerSample { data.append(UInt8(truncatingIfNeeded: value >> (8 * byte))) }
                }
            }
        }
        var out: [UInt8] = Array("RIFF".utf8)
        func u32(_ v: Int) { for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        func u16(_ v: Int) { for i in 0..<2 { out.append(UInt8(truncatingIfNeeded: v >> (8 * i))) } }
        u32(36 + data.count)
        out += Array("WAVEfmt ".utf8)
        u32(16)
        u16(1)
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * channels * bytesPerSample)
        u16(channels * bytesPerSample)
        u16(bits)
        out += Array("data".utf8)
        u32(data.count)
        return out + data
    }

    /// Linear interpolation to another rate: enough for making test files at 44.1 or 48 kHz
    /// from a 16 kHz voice (the reader's own resampler is what is under test).
    public static func resample(_ samples: [Float], from: Int, to: Int) -> [Float] {
        guard from != to, !samples.isEmpty else { return samples }
        let count = Int(Double(samples.count) * Double(to) / Double(from))
        return (0..<count).map { index in
            let position = Double(index) * Double(from) / Double(to)
            let base = Int(position)
            let next = min(base + 1, samples.count - 1)
            let fraction = Float(position - Double(base))
            return samples[min(base, samples.count - 1)] * (1 - fraction) + samples[next] * fraction
        }
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}

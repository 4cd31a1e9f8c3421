import Foundation

/// Real human speech that is no voice command, from Debian packages the Makefile installs (no
/// audio is committed): PocketSphinx's test recordings (`pocketsphinx-testdata`: card names,
/// digit strings, sentences read from a novel, 16 kHz) and Asterisk's US English prompts
/// (`asterisk-core-sounds-en-wav`: one speaker, 8 kHz telephone speech, sentences, numbers,
/// letters, words), and ALSA's speaker test voice (`alsa-utils`: "Front Center" and the like,
/// 48 kHz).
///
/// Split once, by a hash of each file's name, into a part rejection may be tuned on and a part
/// kept unseen (`heldOut`), so a figure on the held-out part is not one anything was tuned to.
/// PocketSphinx's recordings are all in the tuning part: they are the ones the bug report used.
/// ALSA's are all held out: the only wideband speech there besides PocketSphinx's.
///
/// The held-out part was heard while rejection was changed, so a third part (`unseen`) came from
/// other packages, added before anything heard it and heard once, for the final figure: KDE's
/// KTuberling (`ktuberling-data`: a person naming what is in a picture, "umbrella", "egypt
/// camel") and KLettres (`klettres-data`: letters and syllables said by US and British
/// speakers), both Ogg Vorbis, decoded with `oggdec` (`vorbis-tools`); Codec 2's speech samples
/// (`codec2-examples`: sentences, and radio amateurs on the air, 8 and 16 kHz); and Linphone's
/// test greeting (`linphone-common`).
///
/// Every part above had been heard by 2026-12-03, so a fourth (`fresh`) was chosen by its
/// packages' file lists alone, for the next final figure, and is heard only by `make bench`
/// (its packages are large and the tests never hear it): Hedgewars' hedgehog voices
/// (`hedgewars-data`: exclamations and short lines, "Incoming!", "Oops", "Hello", by a dozen
/// speakers, some in Spanish, Polish, Russian or Ukrainian; the vocoded "Robot" voice left out)
/// and Warzone 2100's spoken messages (`warzone2100-data`: "Research completed", countdowns,
/// tutorial lines and taunts, Ogg Vorbis inside the game's zip archive, read with `unzip`).
public struct HumanSpeech: Hashable, Sendable, CustomStringConvertible {
    public enum Part: String, Sendable, CaseIterable {
        case tuning
        case heldOut = "held-out"
        case unseen
        case fresh
    }

    /// Where it comes from, relative to its package's folder ("cards/004.wav").
    public var name: String
    public var path: String
    public var part: Part

    public var description: String { name }

    /// The recording as a WAV file: read, or for Ogg Vorbis decoded by `oggdec`, from the file or
    /// from a zip archive's entry (`ARCHIVE#ENTRY`, copied out by `unzip` first: read from a pipe,
    /// `oggdec` cannot know the length and writes a header that claims 2 GiB).
    func wavFile() throws -> WAVFile {
        guard path.hasSuffix(".ogg") else { return try WAVFile(contentsOf: path) }
        guard let hash = path.firstIndex(of: "#") else { return try decode(path) }
        let folder = try TemporaryDirectory(prefix: "pv-human-ogg")
        let file = folder.path + "/entry.ogg"
        let entry = try Self.output(of: "/usr/bin/unzip", ["-p", String(path[..<hash]), String(path[path.index(after: hash)...])])
        try entry.write(to: URL(fileURLWithPath: file))
        return try withExtendedLifetime(folder) { try decode(file) }
    }

    /// An Ogg Vorbis file decoded by `oggdec`.
    private func decode(_ file: String) throws -> WAVFile {
        try WAVFile(bytes: [UInt8](Self.output(of: "/usr/bin/oggdec", ["--quiet", "--output", "-", file])))
    }

    /// What a program writes to its standard output, run to its end; throws when it fails.
    private static func output(of executable: String, _ arguments: [String]) throws -> Data {
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a child writing more than the pipe holds would never end.
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileReadCorruptFile) }
        return bytes
    }

    public init(name: String, path: String, part: Part) {
        self.name = name
        self.path = path
        self.part = part
    }

    public static let pocketSphinxFolder = "/usr/share/pocketsphinx/test/data"
    public static let asteriskFolder = "/usr/share/asterisk/sounds/en_US_f_Allison"
    public static let alsaFolder = "/usr/share/sounds/alsa"
    public static let ktuberlingFolder = "/usr/share/ktuberling/sounds/en"
    public static let klettresFolders = ["/usr/share/klettres/en", "/usr/share/klettres/en_GB"]
    public static let codec2Folder = "/usr/share/codec2/wav"
    /// Codec 2's samples besides its `wav` folder, where `all.wav` is the others joined and
    /// `cross.wav` is µ-law, which `WAVFile` does not decode.
    public static let codec2Extra = "/usr/share/codec2/raw/speech_orig_16k.wav"
    public static let linphoneGreeting = "/usr/share/sounds/linphone/hello16000.wav"
    public static let hedgewarsFolder = "/usr/share/games/hedgewars/Data/Sounds/voices"
    public static let warzoneArchive = "/usr/share/games/warzone2100/base.wz"

    /// The recordings of `part` that are installed, in a stable order; empty when neither
    /// package is.
    public static func recordings(_ part: Part) -> [HumanSpeech] {
        all().filter { $0.part == part }
    }

    public static func all() -> [HumanSpeech] {
        var found: [HumanSpeech] = []
        let sphinx = [
            "cards/001.wav", "cards/002.wav", "cards/003.wav", "cards/004.wav", "cards/005.wav", "goforward.raw", "numbers.raw",
            "something.raw", "tidigits/dhd.2934z.raw",
        ]
        let librivox = (try? FileManager.default.contentsOfDirectory(atPath: pocketSphinxFolder + "/librivox")) ?? []
        for name in sphinx + librivox.filter({ $0.hasSuffix(".wav") }).sorted().map({ "librivox/" + $0 }) {
            let path = pocketSphinxFolder + "/" + name
            if FileManager.default.fileExists(atPath: path) { found.append(HumanSpeech(name: name, path: path, part: .tuning)) }
        }
        if let enumerator = FileManager.default.enumerator(atPath: asteriskFolder) {
            var names: [String] = []
            // Silence files hold no speech; they are heard as silence elsewhere.
            while let name = enumerator.nextObject() as? String {
                if name.hasSuffix(".wav") && !name.hasPrefix("silence/") { names.append(name) }
            }
            for name in names.sorted() {
                found.append(HumanSpeech(name: "asterisk/" + name, path: asteriskFolder + "/" + name, part: part(of: name)))
            }
        }
        let alsa = (try? FileManager.default.contentsOfDirectory(atPath: alsaFolder)) ?? []
        for name in alsa.filter({ $0.hasSuffix(".wav") }).sorted() {
            found.append(HumanSpeech(name: "alsa/" + name, path: alsaFolder + "/" + name, part: .heldOut))
        }
        found += unseenRecordings()
        found += freshRecordings()
        return found
    }

    /// The `fresh` part: what of its packages is installed, in a stable order. Left out: the
    /// vocoded hedgehog voice, and Warzone 2100's sound effects, radio clicks and film
    /// soundtracks (`sfx`, `radclick`, `sequenceaudio`), which are not speech or not speech alone.
    static func freshRecordings() -> [HumanSpeech] {
        var found = files(in: hedgewarsFolder, label: "hedgewars/", part: .fresh) { $0.hasSuffix(".ogg") && !$0.hasPrefix("Robot/") }
        if FileManager.default.fileExists(atPath: warzoneArchive), FileManager.default.fileExists(atPath: "/usr/bin/unzip"),
            let listing = try? output(of: "/usr/bin/unzip", ["-Z1", warzoneArchive])
        {
            let names = String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init).filter {
                $0.hasPrefix("audio/") && $0.hasSuffix(".ogg") && !$0.hasPrefix("audio/sfx/") && !$0.hasPrefix("audio/radclick/")
            }
            for name in names.sorted() {
                found.append(HumanSpeech(name: "warzone2100/" + name, path: warzoneArchive + "#" + name, part: .fresh))
            }
        }
        return found
    }

    /// The `unseen` part: what of its packages is installed, in a stable order.
    static func unseenRecordings() -> [HumanSpeech] {
        var found = files(in: ktuberlingFolder, label: "ktuberling/", part: .unseen) { $0.hasSuffix(".ogg") }
        for folder in klettresFolders {
            found += files(in: folder, label: "klettres/" + (folder as NSString).lastPathComponent + "/", part: .unseen) {
                $0.hasSuffix(".ogg")
            }
        }
        found += files(in: codec2Folder, label: "codec2/", part: .unseen) {
            $0.hasSuffix(".wav") && !["all.wav", "cross.wav"].contains($0)
        }
        for path in [codec2Extra, linphoneGreeting] where FileManager.default.fileExists(atPath: path) {
            let label = path.hasPrefix("/usr/share/codec2") ? "codec2/" : "linphone/"
            found.append(HumanSpeech(name: label + (path as NSString).lastPathComponent, path: path, part: .unseen))
        }
        return found
    }

    /// The files under `folder` (at any depth) that `keep` accepts by their path there, sorted,
    /// as recordings of `part` named `label` and that path; none when the folder is missing.
    private static func files(in folder: String, label: String, part: Part, keep: (String) -> Bool) -> [HumanSpeech] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var names: [String] = []
        while let name = enumerator.nextObject() as? String {
            if keep(name) { names.append(name) }
        }
        return names.sorted().map { HumanSpeech(name: label + $0, path: folder + "/" + $0, part: part) }
    }

    /// FNV-1a of the name, odd: held out.
    static func part(of name: String) -> Part {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash & 1 == 1 ? .heldOut : .tuning
    }

    /// The recording at its own rate, mono, -1 to 1.
    public func nativeSamples() throws -> (samples: [Float], sampleRate: Int) {
        if path.hasSuffix(".raw") { return (try samples().map { Float($0) / 32768 }, 16_000) }
        let wav = try wavFile()
        let mono = wav.samples.enumerated().filter { $0.offset % max(wav.channels, 1) == 0 }.map { Float($0.element) / 32768 }
        return (mono, wav.sampleRate)
    }

    /// The recording as 16 kHz mono samples (linear interpolation from 8 kHz: an 8 kHz
    /// recording holds nothing above 4 kHz either way).
    public func samples() throws -> [Int16] { try samplesAndRate().samples }

    /// `samples()` with the rate the recording was made at (PocketSphinx's raw files are 16 kHz,
    /// Asterisk's 8 kHz), from one decode: an Ogg Vorbis one runs `oggdec` (and `unzip`).
    public func samplesAndRate() throws -> (samples: [Int16], sampleRate: Int) {
        if path.hasSuffix(".raw") {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return (
                stride(from: 0, to: data.count - 1, by: 2).map { Int16(bitPattern: UInt16(data[$0]) | UInt16(data[$0 + 1]) << 8) }, 16_000
            )
        }
        let native = try nativeSamples()
        let resampled = WAVWriter.resample(native.samples, from: native.sampleRate, to: 16_000)
        return (resampled.map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }, native.sampleRate)
    }
}

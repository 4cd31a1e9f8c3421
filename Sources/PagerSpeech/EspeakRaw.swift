import CEspeakNG
import Glibc
import Synchronization

/// Every raw eSpeak NG call in the package, so the unsafe surface is one short file.
///
/// Nothing here may be called off the engine thread: eSpeak NG keeps its state in globals and is
/// not re-entrant. `SpeechEngine` is the only caller and enforces that.
enum EspeakRaw {
    /// eSpeak NG hands us buffers of at most this many milliseconds; small buffers make the first
    /// sound and an interruption (checked once per buffer) arrive sooner, at negligible cost.
    static let bufferMilliseconds: Int32 = 20

    /// Initialises eSpeak NG for synchronous synthesis and returns its sample rate.
    ///
    /// We call `espeak_ng_Initialize` directly instead of the legacy `espeak_Initialize`: the legacy
    /// call only avoids `exit(1)` on missing data when given `espeakINITIALIZE_DONT_EXIT`, prints
    /// the reason to stderr, and hides the status code. This path never exits, and gives us both
    /// the code and eSpeak's full message (which names the file it could not read).
    static func initialize() -> Result<Int, SpeechError> {
        espeak_ng_InitializePath(nil)  // nil: honour ESPEAK_DATA_PATH, then $HOME, then the default.
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        if status != ENS_OK {
            let detail = describe(status, context: context)
            espeak_ng_ClearErrorContext(&context)
            return .failure(.engineUnavailable(detail, dataPath: dataPath()))
        }
        let output = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, bufferMilliseconds, nil)
        if output != ENS_OK {
            return .failure(.engineUnavailable(describe(output, context: nil), dataPath: dataPath()))
        }
        let rate = espeak_ng_GetSampleRate()
        guard rate > 0 else {
            let status = EspeakStatus(
                rawValue: ENS_NOT_INITIALIZED.rawValue,
                message: "eSpeak NG reported sample rate \(rate)")
            return .failure(.engineUnavailable(status, dataPath: dataPath()))
        }
        espeak_SetSynthCallback(espeakSynthCallback)
        espeak_SetUriCallback(espeakRefuseURI)
        return .success(Int(rate))
    }

    /// The espeak-ng-data directory eSpeak resolved (after ESPEAK_DATA_PATH and friends).
    static func dataPath() -> String? {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) }
    }

    static func version() -> String {
        String(cString: espeak_Info(nil))
    }

    /// eSpeak's own text for a status; with a context (from initialisation) the longer message
    /// that names the file, captured from `espeak_ng_PrintStatusCodeMessage` via a memory stream.
    static func describe(_ status: espeak_ng_STATUS, context: espeak_ng_ERROR_CONTEXT?) -> EspeakStatus {
        var buffer = [CChar](repeating: 0, count: 512)
        espeak_ng_GetStatusCodeMessage(status, &buffer, buffer.count)
        var message = String(
            decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) },
            as: UTF8.self)
        if let context {
            var memory: UnsafeMutablePointer<CChar>?
            var size = 0
            if let stream = open_memstream(&memory, &size) {
                espeak_ng_PrintStatusCodeMessage(status, stream, context)
                fclose(stream)
                if let memory {
                    let full = String(cString: memory).trimmingSuffixWhitespace()
                    if !full.isEmpty { message = full }
                    free(memory)
                }
            }
        }
        return EspeakStatus(rawValue: status.rawValue, message: message)
    }

    /// Voices (not variants, not MBROLA) and variant names.
    ///
    /// MBROLA voices are left out: they need a separate synthesiser that is rarely installed and
    /// they speak at 16 kHz, while our sinks are fixed at eSpeak's 22050 Hz.
    static func listVoices() -> (voices: [Voice], variants: [String]) {
        var voices: [Voice] = []
        if let list = espeak_ListVoices(nil) {
            var index = 0
            while let entry = list[index] {
                index += 1
                let voice = makeVoice(entry.pointee)
                if voice.identifier.hasPrefix("mb/") || voice.identifier.hasPrefix("!v/") { continue }
                voices.append(voice)
            }
        }
        return (voices, variantsInDataFolder() ?? listVariants())
    }

    /// Variant names as eSpeak lists them (`espeak_ListVoices` for the language "variant"). That
    /// call reads every voice file again, about half the cost of listing the voices and paid on
    /// every start, so `listVoices` reads the variants' folder instead; tests check the two agree.
    static func listVariants() -> [String] {
        var variants: [String] = []
        var spec = espeak_VOICE()
        let listed: UnsafeMutablePointer<UnsafePointer<espeak_VOICE>?>? = "variant".withCString { language in
            spec.languages = language
            return espeak_ListVoices(&spec)
        }
        if let listed {
            var index = 0
            while let entry = listed[index] {
                index += 1
                if let identifier = entry.pointee.identifier {
                    let path = String(cString: identifier)
                    variants.append(String(path.split(separator: "/").last ?? Substring(path)))
                }
            }
        }
        return variants
    }

    /// The files in espeak-ng-data/voices/!v, where every variant lives; nil if the folder cannot
    /// be read.
    static func variantsInDataFolder() -> [String]? {
        guard let data = dataPath(), let folder = opendir(data + "/voices/!v") else { return nil }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            let type = entry.pointee.d_type
            if !name.hasPrefix("."), type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) {
                names.append(name)
            }
        }
        return names.isEmpty ? nil : names.sorted()
    }

    private static func makeVoice(_ raw: espeak_VOICE) -> Voice {
        var languages: [Voice.Language] = []
        if var cursor = raw.languages {
            // A list of (priority byte, NUL-terminated code) pairs, ended by an empty code.
            while cursor.pointee != 0 {
                let priority = Int(UInt8(bitPattern: cursor.pointee))
                cursor += 1
                let code = String(cString: cursor)
                if code.isEmpty { break }
                languages.append(Voice.Language(code: code, priority: priority))
                cursor += strlen(cursor) + 1
            }
        }
        let gender: Voice.Gender
        switch raw.gender {
        case 1: gender = .male
        case 2: gender = .female
        case 3: gender = .neutral
        default: gender = .unspecified
        }
        return Voice(
            name: raw.name.map { String(cString: $0) } ?? "",
            identifier: raw.identifier.map { String(cString: $0) } ?? "",
            languages: languages, gender: gender, age: Int(raw.age))
    }

    /// Selects a voice by name or file, with an optional `+variant`.
    static func setVoice(_ name: String) -> EspeakStatus? {
        let status = espeak_ng_SetVoiceByName(name)
        return status == ENS_OK ? nil : describe(status, context: nil)
    }

    enum Parameter {
        case rate, volume, pitch

        var raw: espeak_PARAMETER {
            switch self {
            case .rate: espeakRATE
            case .volume: espeakVOLUME
            case .pitch: espeakPITCH
            }
        }
    }

    static func set(_ parameter: Parameter, _ value: Int) -> EspeakStatus? {
        let status = espeak_ng_SetParameter(parameter.raw, Int32(value), 0)
        return status == ENS_OK ? nil : describe(status, context: nil)
    }

    /// Outcome of one synchronous synthesis.
    enum SynthesisStatus {
        case completed
        /// Our callback returned 1.
        case stopped
        case failed(EspeakStatus)
    }

    /// Synthesises `text` as plain UTF-8 (never `espeakSSML`, never `espeakPHONEMES`) on the
    /// calling thread, handing each buffer to `receive`; returning false stops eSpeak at once.
    static func synthesize(
        _ text: String,
        receive: (UnsafeBufferPointer<Int16>) -> Bool
    ) -> SynthesisStatus {
        withoutActuallyEscaping(receive) { receive in
            let receiver = SynthesisReceiver(receive)
            let status: espeak_ng_STATUS = withExtendedLifetime(receiver) {
                let userData = Unmanaged.passUnretained(receiver).toOpaque()
                return text.withCString { cString in
                    espeak_ng_Synthesize(
                        cString, strlen(cString) + 1, 0, POS_CHARACTER, 0,
                        UInt32(espeakCHARS_UTF8), nil, userData)
                }
            }
            if receiver.stopped || status == ENS_SPEECH_STOPPED { return .stopped }
            if status != ENS_OK { return .failed(describe(status, context: nil)) }
            return .completed
        }
    }

    /// How many times eSpeak asked us whether it may open an `<audio>` URI (tests: always 0).
    static var uriRequestCount: Int { uriRequests.load(ordering: .relaxed) }
}

/// Carries the Swift closure through eSpeak's `void *user_data`.
private final class SynthesisReceiver {
    let receive: (UnsafeBufferPointer<Int16>) -> Bool
    var stopped = false

    init(_ receive: @escaping (UnsafeBufferPointer<Int16>) -> Bool) {
        self.receive = receive
    }
}

/// eSpeak calls this on the engine thread, inside `espeak_ng_Synthesize`. Returning 1 is the
/// documented, thread-safe way to stop synchronous synthesis (`espeak_Cancel` from another
/// thread is not).
private func espeakSynthCallback(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32,
    _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let userData = events?.pointee.user_data else { return 1 }
    let receiver = Unmanaged<SynthesisReceiver>.fromOpaque(userData).takeUnretainedValue()
    if receiver.stopped { return 1 }
    guard let wave, count > 0 else { return 0 }
    if receiver.receive(UnsafeBufferPointer(start: wave, count: Int(count))) { return 0 }
    receiver.stopped = true
    return 1
}

private let uriRequests = Atomic<Int>(0)

/// eSpeak NG 1.51 (Debian 12's) opens an audio device in `espeak_ng_InitializeOutput` even for
/// synchronous output, which never plays through it: pcaudiolib then connects to PulseAudio (or
/// probes ALSA and OSS), so a server that accepts but never answers held every start-up for 30 s,
/// `--audio null` and `voices` included (issue 11). Later eSpeak NG versions open it only for
/// `ENOUTPUT_MODE_SPEAK_AUDIO`. This is the pcaudiolib function eSpeak calls for it, defined in
/// our executable, where the dynamic linker finds it before pcaudiolib's; it gives eSpeak no
/// device, the state eSpeak already handles on a machine without sound. Our own playback never
/// calls it (`PCAudioRaw` uses the backend-specific constructors). `@usableFromInline` gives it
/// public linkage, without which an optimised build hides the symbol from the dynamic linker.
@_cdecl("create_audio_device_object")
@usableFromInline
func espeakAudioDeviceRefused(
    _ device: UnsafePointer<CChar>?, _ applicationName: UnsafePointer<CChar>?,
    _ description: UnsafePointer<CChar>?
) -> OpaquePointer? {
    nil
}

/// Refuses every `<audio>` URI: 1 means "do not play it, speak the alternative text". We never
/// enable SSML, so eSpeak should never ask; if it ever does, nothing is opened and tests notice.
private func espeakRefuseURI(
    _ type: Int32, _ uri: UnsafePointer<CChar>?,
    _ base: UnsafePointer<CChar>?
) -> Int32 {
    uriRequests.add(1, ordering: .relaxed)
    return 1
}

extension String {
    func trimmingSuffixWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

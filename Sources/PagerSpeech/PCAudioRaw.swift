import CPCAudio
import Glibc
import PagerSystem

/// Every raw pcaudiolib call in the package, so the unsafe surface is one short file.
///
/// pcaudiolib is what plays through ALSA (PulseAudio has a stream of our own, `PulsePlaybackStream`,
/// whose buffer we can size). We create its ALSA backend directly: its own "try everything"
/// constructor would let ALSA print to the terminal on a machine without a sound card, and would
/// try PulseAudio without a deadline. We only ever play 16-bit little-endian mono.
enum PCAudioRaw {
    static func createALSA(applicationName: String, description: String) -> OpaquePointer? {
        create_alsa_object(nil, applicationName, description)
    }

    /// 0 on success, else a backend error code for `message`.
    static func open(_ object: OpaquePointer, sampleRate: Int) -> Int32 {
        audio_object_open(object, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
    }

    static func write(_ object: OpaquePointer, _ samples: UnsafeBufferPointer<Int16>) -> Int32 {
        guard let base = samples.baseAddress, !samples.isEmpty else { return 0 }
        return audio_object_write(object, base, samples.count * MemoryLayout<Int16>.size)
    }

    /// Blocks until everything written has been played.
    static func drain(_ object: OpaquePointer) -> Int32 {
        audio_object_drain(object)
    }

    /// Discards everything written but not yet played.
    static func flush(_ object: OpaquePointer) -> Int32 {
        audio_object_flush(object)
    }

    static func closeAndDestroy(_ object: OpaquePointer) {
        audio_object_close(object)
        audio_object_destroy(object)
    }

    static func message(_ object: OpaquePointer, _ code: Int32) -> String {
        guard let text = audio_object_strerror(object, code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Routes ALSA's library messages to a handler that drops them, so a machine without a sound
    /// card shows our one notice instead of several `ALSA lib …` lines. libasound is already
    /// loaded (pcaudiolib links it); we look the setter up rather than link ALSA ourselves.
    @discardableResult
    static func silenceALSAErrors() -> Bool {
        guard let library = DynamicLibrary.alreadyLoaded("libasound.so.2") ?? (try? DynamicLibrary("libasound.so.2")),
            let setter = try? library.function("snd_lib_error_set_handler", as: UnsafeMutableRawPointer.self)
        else { return false }
        return pagervoice_alsa_silence_errors(setter) == 0
    }
}

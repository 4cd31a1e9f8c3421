import CPocketSphinx
import Glibc

/// Every raw PocketSphinx and sphinxbase call in the package, so the unsafe surface is one file.
///
/// A decoder is not thread-safe; each one is used by exactly one thread (the `Listener`'s own, or
/// the caller of `PhraseRecogniser`). The log switch is process-wide state in sphinxbase, so it
/// is set once, under a lock, before the first decoder is made.
enum PocketSphinxRaw {
    /// `ps_decoder_t *` and the `cmd_ln_t *` it was made from.
    struct Handles {
        var decoder: OpaquePointer
        var config: OpaquePointer
    }

    private static let logLock = Locked<Void>(())
    nonisolated(unsafe) private static var logChosen = false

    /// Sends sphinxbase's log to `path` (appended), or nowhere when nil; only the first call in a
    /// process decides. sphinxbase closes the previous log file when it is replaced, which would
    /// pull the file from under a decoder logging on another thread, so it is never replaced.
    /// Returns the path actually in use (nil: logging is off).
    @discardableResult
    static func chooseLog(_ path: String?) -> String? {
        logLock.withLock { _ in
            if !logChosen {
                logChosen = true
                err_set_logfp(nil)
                if let path, err_set_logfile(path) == 0 {
                    chosenLogPath = path
                }
            }
            return chosenLogPath
        }
    }
    nonisolated(unsafe) private static var chosenLogPath: String?

    /// Parses `arguments` (`-name value` pairs) against PocketSphinx's own table and makes a
    /// decoder. Decoders are made one at a time.
    static func makeDecoder(arguments: [String]) -> Handles? {
        logLock.withLock { _ in
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
            defer { argv.forEach { Glibc.free($0) } }
            guard let config = cmd_ln_parse_r(nil, ps_args(), Int32(argv.count), &argv, 1) else { return nil }
            guard let decoder = ps_init(config) else {
                cmd_ln_free_r(config)
                return nil
            }
            return Handles(decoder: decoder, config: config)
        }
    }

    static func free(_ handles: Handles) {
        ps_free(handles.decoder)
        cmd_ln_free_r(handles.config)
    }

    /// Whether the dictionary has a pronunciation for `word` (lower case, as cmudict spells it).
    static func hasWord(_ decoder: OpaquePointer, _ word: String) -> Bool {
        guard let phones = ps_lookup_word(decoder, word) else { return false }
        Glibc.free(phones)
        return true
    }

    /// Adds a word with the given phones (space separated, e.g. "AA"); `update` rebuilds the
    /// decoder's tables, so only the last of a batch passes true.
    static func addWord(_ decoder: OpaquePointer, _ word: String, phones: String, update: Bool) -> Bool {
        ps_add_word(decoder, word, phones, update ? 1 : 0) >= 0
    }

    /// Loads a grammar written in sphinxbase's FSG text format and makes it the active search.
    static func setGrammar(_ decoder: OpaquePointer, name: String, fsgText: String, languageWeight: Float) -> Bool {
        addGrammar(decoder, name: name, fsgText: fsgText, languageWeight: languageWeight) && useSearch(decoder, name)
    }

    /// Loads a grammar as a search of its own (replacing one of the same name) without making it
    /// the active one. A search takes its beams from the configuration when it is made.
    static func addGrammar(_ decoder: OpaquePointer, name: String, fsgText: String, languageWeight: Float) -> Bool {
        var bytes = Array(fsgText.utf8)
        return bytes.withUnsafeMutableBytes { raw -> Bool in
            guard let file = fmemopen(raw.baseAddress, raw.count, "r") else { return false }
            defer { fclose(file) }
            guard let model = fsg_model_read(file, ps_get_logmath(decoder), languageWeight) else { return false }
            // The search keeps its own reference.
            defer { fsg_model_free(model) }
            return ps_set_fsg(decoder, name, model) >= 0
        }
    }

    static func useSearch(_ decoder: OpaquePointer, _ name: String) -> Bool {
        ps_set_search(decoder, name) >= 0
    }

    /// Sets a floating-point option of a configuration (`-beam`): searches made afterwards use it.
    static func setOption(_ config: OpaquePointer, _ name: String, _ value: Double) {
        cmd_ln_set_float_r(config, name, value)
    }

    static func option(_ config: OpaquePointer, _ name: String) -> Double {
        cmd_ln_float_r(config, name)
    }

    static func startUtterance(_ decoder: OpaquePointer) -> Bool {
        ps_start_utt(decoder) >= 0
    }

    /// Feeds 16 kHz mono samples; false when PocketSphinx refused them.
    static func process(_ decoder: OpaquePointer, _ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool) -> Bool {
        guard let base = samples.baseAddress, !samples.isEmpty else { return true }
        return ps_process_raw(decoder, base, samples.count, 0, wholeUtterance ? 1 : 0) >= 0
    }

    /// Whether the voice activity detector hears speech in what was fed last.
    static func inSpeech(_ decoder: OpaquePointer) -> Bool {
        ps_get_in_speech(decoder) != 0
    }

    static func endUtterance(_ decoder: OpaquePointer) -> Bool {
        ps_end_utt(decoder) >= 0
    }

    /// The best word sequence of the last utterance and its path score (log base 1.0001).
    static func hypothesis(_ decoder: OpaquePointer) -> (text: String, score: Int32)? {
        var score: Int32 = 0
        guard let text = ps_get_hyp(decoder, &score) else { return nil }
        return (String(cString: text), score)
    }

    /// Frames (10 ms each) searched in the last utterance.
    static func frameCount(_ decoder: OpaquePointer) -> Int {
        Int(ps_get_n_frames(decoder))
    }
}

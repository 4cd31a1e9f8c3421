import Glibc
import PagerSystem

/// PocketSphinx and sphinxbase, opened the first time a recogniser is made rather than linked.
///
/// Linked, they are loaded on every start of every `pagervoice` command, with what they bring
/// (BLAS, LAPACK, gfortran, quadmath): a measurable share of start-up (docs/VOICE.md, Tuning
/// history), for something only `--listen` and `verify --listen` use. The functions are the C ones, called
/// through pointers with their C signatures (sphinxbase's `int32` is `Int32`, `float32` is
/// `Float`; every handle is opaque to us).
struct PocketSphinxLibrary: @unchecked Sendable {
    // Function pointers into a library that stays loaded: immutable, safe to share.
    let errSetLogfp: @convention(c) (UnsafeMutablePointer<FILE>?) -> Void
    let cmdLnParse:
        @convention(c) (OpaquePointer?, OpaquePointer?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, Int32) -> OpaquePointer?
    let cmdLnFree: @convention(c) (OpaquePointer?) -> Int32
    let cmdLnSetFloat: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Double) -> Void
    let cmdLnFloat: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Double
    let psArgs: @convention(c) () -> OpaquePointer?
    let psInit: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let psFree: @convention(c) (OpaquePointer?) -> Int32
    let psLookupWord: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    let psAddWord: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Int32
    let psGetLogmath: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let fsgModelRead: @convention(c) (UnsafeMutablePointer<FILE>?, OpaquePointer?, Float) -> OpaquePointer?
    let fsgModelFree: @convention(c) (OpaquePointer?) -> Int32
    let psSetFsg: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, OpaquePointer?) -> Int32
    let psSetSearch: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let psStartUtt: @convention(c) (OpaquePointer?) -> Int32
    let psProcessRaw: @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, Int, Int32, Int32) -> Int32
    let psGetInSpeech: @convention(c) (OpaquePointer?) -> UInt8
    let psEndUtt: @convention(c) (OpaquePointer?) -> Int32
    let psGetHyp: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> UnsafePointer<CChar>?
    let psGetNFrames: @convention(c) (OpaquePointer?) -> Int32
    let psSegIter: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let psSegNext: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let psSegWord: @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    let psSegFrames: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Void

    /// Debian's `libpocketsphinx3` (5prealpha), which pulls in `libsphinxbase3`.
    static let soname = "libpocketsphinx.so.3"

    /// Opened once per process; the failure, if any, is kept and given to every caller.
    static let shared: Result<PocketSphinxLibrary, ListenError> = open()

    private static func open() -> Result<PocketSphinxLibrary, ListenError> {
        let library: DynamicLibrary
        do { library = try DynamicLibrary(soname) } catch { return .failure(.libraryMissing(name: soname, reason: error.reason)) }
        // Found through the handle, which also searches what it loaded (sphinxbase).
        func function<T>(_ name: String, _: T.Type = T.self) throws(ListenError) -> T {
            do { return try library.function(name) } catch { throw .libraryMissing(name: soname, reason: error.reason) }
        }
        do throws(ListenError) {
            return .success(
                PocketSphinxLibrary(
                    errSetLogfp: try function("err_set_logfp"),
                    cmdLnParse: try function("cmd_ln_parse_r"), cmdLnFree: try function("cmd_ln_free_r"),
                    cmdLnSetFloat: try function("cmd_ln_set_float_r"), cmdLnFloat: try function("cmd_ln_float_r"),
                    psArgs: try function("ps_args"), psInit: try function("ps_init"), psFree: try function("ps_free"),
                    psLookupWord: try function("ps_lookup_word"), psAddWord: try function("ps_add_word"),
                    psGetLogmath: try function("ps_get_logmath"), fsgModelRead: try function("fsg_model_read"),
                    fsgModelFree: try function("fsg_model_free"), psSetFsg: try function("ps_set_fsg"),
                    psSetSearch: try function("ps_set_search"), psStartUtt: try function("ps_start_utt"),
                    psProcessRaw: try function("ps_process_raw"), psGetInSpeech: try function("ps_get_in_speech"),
                    psEndUtt: try function("ps_end_utt"), psGetHyp: try function("ps_get_hyp"),
                    psGetNFrames: try function("ps_get_n_frames"), psSegIter: try function("ps_seg_iter"),
                    psSegNext: try function("ps_seg_next"), psSegWord: try function("ps_seg_word"),
                    psSegFrames: try function("ps_seg_frames")))
        } catch {
            return .failure(error)
        }
    }
}

/// Every raw PocketSphinx and sphinxbase call in the package, so the unsafe surface is one file.
///
/// A decoder is not thread-safe; each one is used by exactly one thread (the `Listener`'s own, or
/// the caller of `AnnouncementCheck`). The log switch is process-wide state in sphinxbase, so it
/// is set once, under a lock, before the first decoder is made. Every call but `library()`
/// comes after a decoder was made, so after the library was opened.
enum PocketSphinxRaw {
    /// The opened library, or why it cannot be opened (PocketSphinx is not installed).
    static func library() throws(ListenError) -> PocketSphinxLibrary { try PocketSphinxLibrary.shared.get() }

    /// Only reached once `library()` succeeded (a decoder exists).
    private static var lib: PocketSphinxLibrary {
        switch PocketSphinxLibrary.shared {
        case .success(let library): library
        case .failure(let error): preconditionFailure("PocketSphinx used before it was opened: \(error)")
        }
    }

    /// `ps_decoder_t *` and the `cmd_ln_t *` it was made from.
    struct Handles {
        var decoder: OpaquePointer
        var config: OpaquePointer
    }

    /// Whether the log was chosen, and where it goes; its lock also makes decoders one at a time.
    private static let log = Locked<(chosen: Bool, path: String?)>((false, nil))

    /// Sends sphinxbase's log to the file `open` gives (appended), or nowhere when it gives nil;
    /// only the first call in a process decides, and only it calls `open`. sphinxbase closes the
    /// previous log file when it is replaced, which would pull the file from under a decoder
    /// logging on another thread, so it is never replaced. Returns the path actually in use
    /// (nil: logging is off).
    @discardableResult
    static func chooseLog(_ open: () -> (file: UnsafeMutablePointer<FILE>, path: String)?) -> String? {
        log.withLock { log in
            if !log.chosen {
                log.chosen = true
                lib.errSetLogfp(nil)
                if let opened = open() {
                    lib.errSetLogfp(opened.file)
                    log.path = opened.path
                }
            }
            return log.path
        }
    }

    /// Parses `arguments` (`-name value` pairs) against PocketSphinx's own table and makes a
    /// decoder. Decoders are made one at a time.
    static func makeDecoder(arguments: [String]) -> Handles? {
        log.withLock { _ in
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
            defer { argv.forEach { Glibc.free($0) } }
            guard let config = lib.cmdLnParse(nil, lib.psArgs(), Int32(argv.count), &argv, 1) else { return nil }
            guard let decoder = lib.psInit(config) else {
                _ = lib.cmdLnFree(config)
                return nil
            }
            return Handles(decoder: decoder, config: config)
        }
    }

    static func free(_ handles: Handles) {
        _ = lib.psFree(handles.decoder)
        _ = lib.cmdLnFree(handles.config)
    }

    /// Whether the dictionary has a pronunciation for `word` (lower case, as cmudict spells it).
    static func hasWord(_ decoder: OpaquePointer, _ word: String) -> Bool {
        guard let phones = lib.psLookupWord(decoder, word) else { return false }
        Glibc.free(phones)
        return true
    }

    /// How many phones the dictionary gives `word` (its first pronunciation); nil when it has none.
    static func phoneCount(_ decoder: OpaquePointer, _ word: String) -> Int? {
        guard let phones = lib.psLookupWord(decoder, word) else { return nil }
        defer { Glibc.free(phones) }
        return String(cString: phones).split(separator: " ").count
    }

    /// Adds a word with the given phones (space separated, e.g. "AA"); `update` rebuilds the
    /// decoder's tables, so only the last of a batch passes true.
    static func addWord(_ decoder: OpaquePointer, _ word: String, phones: String, update: Bool) -> Bool {
        lib.psAddWord(decoder, word, phones, update ? 1 : 0) >= 0
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
            guard let model = lib.fsgModelRead(file, lib.psGetLogmath(decoder), languageWeight) else { return false }
            // The search keeps its own reference.
            defer { _ = lib.fsgModelFree(model) }
            return lib.psSetFsg(decoder, name, model) >= 0
        }
    }

    static func useSearch(_ decoder: OpaquePointer, _ name: String) -> Bool {
        lib.psSetSearch(decoder, name) >= 0
    }

    /// Sets a floating-point option of a configuration (`-beam`): searches made afterwards use it.
    static func setOption(_ config: OpaquePointer, _ name: String, _ value: Double) {
        lib.cmdLnSetFloat(config, name, value)
    }

    static func option(_ config: OpaquePointer, _ name: String) -> Double {
        lib.cmdLnFloat(config, name)
    }

    static func startUtterance(_ decoder: OpaquePointer) -> Bool {
        lib.psStartUtt(decoder) >= 0
    }

    /// Feeds 16 kHz mono samples; false when PocketSphinx refused them.
    static func process(_ decoder: OpaquePointer, _ samples: UnsafeBufferPointer<Int16>, wholeUtterance: Bool) -> Bool {
        guard let base = samples.baseAddress, !samples.isEmpty else { return true }
        return lib.psProcessRaw(decoder, base, samples.count, 0, wholeUtterance ? 1 : 0) >= 0
    }

    /// Whether the voice activity detector hears speech in what was fed last.
    static func inSpeech(_ decoder: OpaquePointer) -> Bool {
        lib.psGetInSpeech(decoder) != 0
    }

    static func endUtterance(_ decoder: OpaquePointer) -> Bool {
        lib.psEndUtt(decoder) >= 0
    }

    /// The best word sequence of the last utterance and its path score (log base 1.0001).
    static func hypothesis(_ decoder: OpaquePointer) -> (text: String, score: Int32)? {
        var score: Int32 = 0
        guard let text = lib.psGetHyp(decoder, &score) else { return nil }
        return (String(cString: text), score)
    }

    /// Frames (10 ms each) searched in the last utterance.
    static func frameCount(_ decoder: OpaquePointer) -> Int {
        Int(lib.psGetNFrames(decoder))
    }

    /// The words of the last utterance's best path, fillers (`<sil>`, `[NOISE]`) included, each
    /// with its first and last frame (numbered from the decoder's start, not the utterance's).
    /// `ps_seg_next` frees the iterator after the last word.
    static func spans(_ decoder: OpaquePointer) -> [(word: String, first: Int, last: Int)] {
        var spans: [(word: String, first: Int, last: Int)] = []
        var segment = lib.psSegIter(decoder)
        while let current = segment {
            var first: Int32 = 0
            var last: Int32 = 0
            lib.psSegFrames(current, &first, &last)
            spans.append((lib.psSegWord(current).map { String(cString: $0) } ?? "", Int(first), Int(last)))
            segment = lib.psSegNext(current)
        }
        return spans
    }
}

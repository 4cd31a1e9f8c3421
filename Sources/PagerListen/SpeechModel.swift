import Glibc

/// Where PocketSphinx's acoustic model and pronouncing dictionary live.
///
/// Checked file by file before PocketSphinx sees them: sphinxbase answers some missing files with
/// `exit()` (its `E_FATAL`), which must never end the user's session.
public struct SpeechModel: Hashable, Sendable {
    /// The acoustic model folder (`mdef`, `means`, …).
    public var acousticModel: String
    /// The pronouncing dictionary (cmudict format).
    public var dictionary: String

    public init(acousticModel: String, dictionary: String) {
        self.acousticModel = acousticModel
        self.dictionary = dictionary
    }

    /// Debian's US English model (`pocketsphinx-en-us`).
    public static let englishUS = SpeechModel(
        acousticModel: "/usr/share/pocketsphinx/model/en-us/en-us",
        dictionary: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")

    /// The files PocketSphinx reads from the acoustic model folder; `sendump` or
    /// `mixture_weights` holds the mixture weights, whichever the model ships.
    static let requiredModelFiles = ["mdef", "means", "variances", "transition_matrices", "feat.params", "noisedict"]

    /// Throws the first thing missing, in the order a person would fix them.
    func validate() throws(ListenError) {
        guard Self.isDirectory(acousticModel) else {
            throw .modelMissing(path: acousticModel, reason: "no such folder")
        }
        for file in Self.requiredModelFiles where !Self.isReadableFile(acousticModel + "/" + file) {
            throw .modelMissing(path: acousticModel, reason: "\(file) is missing or unreadable")
        }
        if !Self.isReadableFile(acousticModel + "/sendump") && !Self.isReadableFile(acousticModel + "/mixture_weights") {
            throw .modelMissing(path: acousticModel, reason: "neither sendump nor mixture_weights is there")
        }
        guard Self.isReadableFile(dictionary) else {
            throw .modelMissing(path: dictionary, reason: "the pronouncing dictionary is missing or unreadable")
        }
    }

    /// Whether the pronouncing dictionary has `word` (lower case), without loading a recogniser:
    /// for checking a wake word on the command line. False when the dictionary cannot be read.
    public func canPronounce(_ word: String) -> Bool {
        guard !word.isEmpty, !word.contains(" "), let file = fopen(dictionary, "r") else { return false }
        defer { fclose(file) }
        let entry = Array(word.utf8)
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            // "word PH ONES" or "word(2) PH ONES" for another pronunciation.
            let matches = line.withMemoryRebound(to: UInt8.self, capacity: entry.count + 1) { bytes in
                for index in entry.indices where bytes[index] != entry[index] { return false }
                return bytes[entry.count] == UInt8(ascii: " ") || bytes[entry.count] == UInt8(ascii: "(")
                    || bytes[entry.count] == UInt8(ascii: "\t")
            }
            if matches { return true }
        }
        return false
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isReadableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && info.st_size > 0 && access(path, R_OK) == 0
    }
}

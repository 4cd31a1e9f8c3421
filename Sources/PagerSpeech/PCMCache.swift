/// A bounded least-recently-used store of finished syntheses.
///
/// Paging repeats itself ("Page 2 of 3", "Page 3 of 3", back again), and replaying stored PCM
/// costs microseconds where synthesis costs about a millisecond; that is what makes repeated
/// announcements an order of magnitude cheaper than running `espeak-ng` each time. Keys include
/// every voice setting, so a rate change never replays stale audio. Only complete syntheses are
/// stored: an interrupted one would replay truncated.
struct PCMCache {
    struct Key: Hashable, Sendable {
        let text: String
        let voice: VoiceSettings.Resolved
    }

    /// What is stored: trimmed PCM, and how much leading silence was trimmed from it.
    struct Rendering: Hashable, Sendable {
        let samples: [Int16]
        let trimmedLeadingSamples: Int
    }

    /// Counters for benchmarks and tests.
    struct Statistics: Hashable, Sendable {
        var hits = 0
        var misses = 0
        var entries = 0
        var samples = 0
    }

    private struct Entry {
        let rendering: Rendering
        var lastUse: UInt64
    }

    /// At most this many utterances…
    let maximumEntries: Int
    /// …and this many samples in total (8 Mi samples = 16 MiB, about 6 minutes of speech).
    let maximumSamples: Int
    /// One entry may take at most an eighth of the budget, so a pasted essay cannot evict every
    /// short phrase that paging keeps repeating.
    var maximumEntrySamples: Int { maximumSamples / 8 }

    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var statistics = Statistics()

    init(maximumEntries: Int = 256, maximumSamples: Int = 8 * 1024 * 1024) {
        self.maximumEntries = max(maximumEntries, 0)
        self.maximumSamples = max(maximumSamples, 0)
    }

    mutating func lookup(_ key: Key) -> Rendering? {
        clock += 1
        guard var entry = entries[key] else {
            statistics.misses += 1
            return nil
        }
        entry.lastUse = clock
        entries[key] = entry
        statistics.hits += 1
        return entry.rendering
    }

    mutating func insert(_ rendering: Rendering, for key: Key) {
        guard maximumEntries > 0, rendering.samples.count <= maximumEntrySamples else { return }
        clock += 1
        if let old = entries.updateValue(Entry(rendering: rendering, lastUse: clock), forKey: key) {
            statistics.samples -= old.rendering.samples.count
        }
        statistics.samples += rendering.samples.count
        while entries.count > maximumEntries || statistics.samples > maximumSamples {
            // O(n) over at most a few hundred entries, only when full: simpler than a linked list
            // and far below the cost of the synthesis that produced the new entry.
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
            statistics.samples -= oldest.value.rendering.samples.count
            entries.removeValue(forKey: oldest.key)
        }
        statistics.entries = entries.count
    }

    mutating func removeAll() {
        entries.removeAll()
        statistics.entries = 0
        statistics.samples = 0
    }
}

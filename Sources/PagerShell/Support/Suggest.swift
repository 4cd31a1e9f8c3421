/// "Did you mean …?" for commands and options: the nearest known word by edit distance.
public enum Suggest {
    /// The closest candidate, if it is close enough to be a plausible typo (or a prefix).
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        guard !lowered.isEmpty, lowered.count <= 64 else { return nil }
        if let prefixed = candidates.first(where: { $0.hasPrefix(lowered) }) { return prefixed }
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate)
            if distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(1, min(3, candidate.count / 3))
        return distance <= allowed ? candidate : nil
    }

    /// Edit distance counting a swap of two neighbours as one edit (optimal string alignment):
    /// "swpie" is one typo away from "swipe", as a person sees it.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rolling rows (i - 2, i - 1, i) of the table instead of all of it: one allocation
        // per row rather than one per character of `a` (it runs for every candidate of every typo).
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], older[j - 2] + 1)
                }
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}

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
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

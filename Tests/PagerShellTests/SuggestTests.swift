import PagerShell
import PagerTestSupport
import Testing

@Suite struct SuggestTests {
    /// The whole optimal-string-alignment table, written the plain way: what the rolling-row
    /// version in `Suggest` must always agree with.
    static func referenceDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test func knownDistances() {
        #expect(Suggest.editDistance("swpie", "swipe") == 1)
        #expect(Suggest.editDistance("ca", "abc") == 3)
        #expect(Suggest.editDistance("abc", "") == 3)
        #expect(Suggest.editDistance("same", "same") == 0)
        #expect(Suggest.editDistance("e\u{301}", "é") == 0, "characters, not scalars")
    }

    @Test func agreesWithTheFullTableOnRandomWords() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("abcdeé ")
        func word() -> String {
            String((0..<Int.random(in: 0...9, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for _ in 0..<5_000 {
            let (a, b) = (word(), word())
            #expect(Suggest.editDistance(a, b) == Self.referenceDistance(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
        }
    }
}

// "Did you mean …?": the closest known word to a misspelling.

public enum Suggestions {
    /// The candidate closest to `word` when it is close enough to be a plausible typo
    /// (edit distance with transpositions ≤ 2, and less than half the word), else nil.
    /// Letter case is ignored, so `--Format` suggests `--format`.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(target, Array(candidate.lowercased()))
            let limit = min(2, max(1, (max(target.count, candidate.count) - 1) / 2))
            guard distance <= limit else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbours each cost 1.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

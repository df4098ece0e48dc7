// "Did you mean …?": the closest known word to a misspelling.

package enum Suggestions {
    /// Longer words are not typos of a command, option or name worth suggesting.
    package static let longestWord = 128

    /// The candidate closest to `word` when it is close enough to be a plausible typo
    /// (edit distance with transpositions ≤ 2, and less than half the word), else nil.
    /// Something must stay: a one-character word is no typo of another ("x" or "4" does
    /// not suggest "1"), so such a guess is left out and the hint says what is allowed.
    /// Letter case is ignored, so `--Format` suggests `--format`.
    /// Cost stays linear in the input: a word longer than `longestWord` gets no
    /// suggestion, and a candidate whose length differs from the word's by more than the
    /// distance allowed is skipped before any comparison (a 131,000-character name once
    /// cost minutes of CPU).
    package static func closest(to word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= longestWord * 4, word.count <= longestWord else { return nil }
        let target = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            // A distance of at most `limit` needs lengths at most `limit` apart.
            guard candidate.utf8.count <= (longestWord + 2) * 4 else { continue }
            let other = Array(candidate.lowercased())
            let limit = min(2, max(1, (max(target.count, other.count) - 1) / 2))
            guard abs(other.count - target.count) <= limit else { continue }
            let distance = editDistance(target, other, stoppingAbove: limit)
            guard distance <= limit, distance < max(target.count, other.count) else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of two neighbours each cost 1.
    /// With `stoppingAbove`, the computation ends as soon as every alignment costs more
    /// (a row whose smallest cell exceeds it) and returns a value above it, so an unlike
    /// candidate costs a few rows, not the whole table.
    package static func editDistance(_ a: [Character], _ b: [Character], stoppingAbove cutoff: Int = .max) -> Int {
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
            // A swap looks back two rows, so stop only when both rows are over the cutoff.
            if cutoff != .max, (current.min() ?? 0) > cutoff, (previous.min() ?? 0) > cutoff { return cutoff + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

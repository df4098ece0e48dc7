// "Did you mean …?": optimal string alignment distance and the closest candidate.

import Testing
@testable import MoneyKitCLI

private func distance(_ a: String, _ b: String) -> Int {
    Suggestions.editDistance(Array(a), Array(b))
}

@Test(
    "Edit distance counts insertions, deletions, substitutions and adjacent swaps",
    arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0),
        ("ab", "ba", 1),  // one transposition, not two substitutions
        ("icn", "inc", 1), ("lsit", "list", 1), ("--fromat", "--format", 1),
        ("abcd", "badc", 2),  // two separate swaps
        ("kitten", "sitting", 3), ("flaw", "lawn", 2),
        ("ca", "abc", 3),  // optimal string alignment: no edit of a swapped pair (true Damerau gives 2)
        ("tmes", "times", 1), ("日本", "本日", 1), ("x", "y", 1),
    ])
func editDistanceTable(_ a: String, _ b: String, _ expected: Int) {
    #expect(distance(a, b) == expected)
    #expect(distance(b, a) == expected)  // symmetric
}

@Test(
    "closest: a plausible typo finds its candidate",
    arguments: [
        ("icn", ["list", "inc", "increment"], "inc"),
        ("--tmes", ["--times", "--file", "--help"], "--times"),
        ("lsit", ["list", "new"], "list"),
        ("jsn", ["text", "json", "csv"], "json"),
        ("formt", ["format"], "format"),
        ("incremnet", ["inc", "increment"], "increment"),
        ("forat", ["format"], "format"),
        ("frmt", ["format"], "format"),  // distance 2, limit min(2, (6-1)/2) = 2
    ])
func closestFinds(_ word: String, _ candidates: [String], _ expected: String) {
    #expect(Suggestions.closest(to: word, among: candidates) == expected)
}

@Test(
    "closest: nothing when no candidate is within the threshold",
    arguments: [
        ("xyz", ["inc", "list"]),
        ("ab", ["abcd"]),  // distance 2 but limit 1 for a 4-letter candidate
        ("fmt", ["format"]),  // distance 3
        ("nosuch", ["inc", "list", "new"]),
        ("ad", ["rm"]),  // distance 2, limit 1
        ("x", []),
        ("x", ["1", "2", "3"]),  // one character: nothing would stay of the word
        ("4", ["1", "2", "3"]),
        ("3", ["1", "2", "5", "10"]),
    ])
func closestRespectsThreshold(_ word: String, _ candidates: [String]) {
    #expect(Suggestions.closest(to: word, among: candidates) == nil)
}

@Test func thresholdGrowsWithLength() {
    // Short words allow one edit; words of 5+ letters allow two; never more than two.
    #expect(Suggestions.closest(to: "ab", among: ["ac"]) == "ac")
    #expect(Suggestions.closest(to: "ab", among: ["ba"]) == "ba")
    #expect(Suggestions.closest(to: "", among: ["a"]) == nil)
    #expect(Suggestions.closest(to: "abc", among: ["axy"]) == nil)
    #expect(Suggestions.closest(to: "abcde", among: ["axcye"]) == "axcye")
    #expect(Suggestions.closest(to: "abcdefghij", among: ["axcyefzhij"]) == nil)  // 3 edits
}

@Test func closestIgnoresCase() {
    #expect(Suggestions.closest(to: "--Format", among: ["--format"]) == "--format")
    #expect(Suggestions.closest(to: "LIST", among: ["list"]) == "list")
    #expect(Suggestions.closest(to: "Icn", among: ["INC"]) == "INC")
}

@Test func closestSkipsTheWordItself() {
    #expect(Suggestions.closest(to: "inc", among: ["inc"]) == nil)
    #expect(Suggestions.closest(to: "inc", among: ["inc", "inx"]) == "inx")
}

@Test func closestPrefersTheSmallestDistanceThenTheFirstCandidate() {
    #expect(Suggestions.closest(to: "abcdef", among: ["abxxef", "abcdeg"]) == "abcdeg")
    #expect(Suggestions.closest(to: "bat", among: ["cat", "hat"]) == "cat")
    #expect(Suggestions.closest(to: "bat", among: ["hat", "cat"]) == "hat")
}

// Issue 12, item 20: "did you mean" must cost little whatever the input.

@Test(.timeLimit(.minutes(1)))
func aHugeWordGetsNoSuggestionAndCostsLittle() {
    let huge = String(repeating: "a", count: 131_000)
    let candidates = (0..<200).map { String(repeating: "a", count: 130_990 + $0 % 20) } + ["apple"]
    #expect(Suggestions.closest(to: huge, among: candidates) == nil)
}

@Test func candidatesOfVeryDifferentLengthsAreNotCompared() {
    #expect(Suggestions.closest(to: "inc", among: [String(repeating: "x", count: 100_000), "ink"]) == "ink")
}

@Test(arguments: [("kitten", "sitting", 3), ("flaw", "lawn", 2), ("abcdefgh", "zyxwvuts", 8)])
func theCutOffStopsAboveTheLimitButNeverBelowTheTruth(a: String, b: String, distance: Int) {
    let full = Suggestions.editDistance(Array(a), Array(b))
    #expect(full == distance)
    for cutoff in 0...3 {
        let cut = Suggestions.editDistance(Array(a), Array(b), stoppingAbove: cutoff)
        // At or below the cut-off the answer is exact; above it, only "above" is promised.
        if full <= cutoff { #expect(cut == full) } else { #expect(cut > cutoff) }
    }
}

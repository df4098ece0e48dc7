// Money.split(into:) and Money.allocate(weights:): shares that add up exactly, by the
// largest remainder method. Fixed cases plus seeded random properties.

import Testing
import MoneyKit

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny deterministic generator, so a failing
/// random case reproduces from its seed and case number.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An amount in minor units, drawn from the ranges where bugs live: zero, small
    /// amounts of either sign, any Int64, and amounts near both limits.
    mutating func amount() -> Int64 {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return 0
        case 1: return Int64.random(in: -10_000...10_000, using: &self)
        case 2: return Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &self)
        case 3: return Int64.random(in: .min ... .max, using: &self)
        case 4: return Int64.max - Int64.random(in: 0...1000, using: &self)
        default: return Int64.min + Int64.random(in: 0...1000, using: &self)
        }
    }
}

/// Compares the 128-bit products a·b and c·d.
private func product(_ a: UInt64, _ b: UInt64, isLessThan c: UInt64, _ d: UInt64) -> Bool {
    let left = a.multipliedFullWidth(by: b)
    let right = c.multipliedFullWidth(by: d)
    return left.high != right.high ? left.high < right.high : left.low < right.low
}

/// The shares' total, or nil when adding them overflows.
private func total(of shares: [Money]) -> Int64? {
    var sum: Int64 = 0
    for share in shares {
        let (next, overflow) = sum.addingReportingOverflow(share.minorUnits)
        if overflow { return nil }
        sum = next
    }
    return sum
}

@Suite("Allocation")
struct AllocationTests {
    // MARK: Fixed cases

    struct Split: Sendable, CustomTestStringConvertible {
        let amount: Int64
        let code: String
        let count: Int
        let shares: [Int64]
        var testDescription: String { "\(amount) \(code) / \(count)" }
    }

    @Test("equal splits give the extra minor units to the first shares", arguments: [
        Split(amount: 10000, code: "USD", count: 3, shares: [3334, 3333, 3333]),
        Split(amount: 500, code: "JPY", count: 3, shares: [167, 167, 166]),
        Split(amount: -10000, code: "USD", count: 3, shares: [-3334, -3333, -3333]),
        Split(amount: 2, code: "USD", count: 3, shares: [1, 1, 0]),
        Split(amount: 1000, code: "KWD", count: 4, shares: [250, 250, 250, 250]),
        Split(amount: 0, code: "USD", count: 2, shares: [0, 0]),
        Split(amount: 1234, code: "USD", count: 1, shares: [1234]),
        Split(amount: .min, code: "USD", count: 1, shares: [.min]),
        Split(amount: .min, code: "USD", count: 2, shares: [.min / 2, .min / 2]),
        Split(amount: .max, code: "USD", count: 2, shares: [.max / 2 + 1, .max / 2]),
    ])
    func fixedSplit(_ split: Split) throws {
        let shares = try Money(minorUnits: split.amount, currency: currency(split.code)).split(into: split.count)
        #expect(shares.map(\.minorUnits) == split.shares)
        #expect(shares.allSatisfy { $0.currency.code == split.code })
    }

    struct Weighted: Sendable, CustomTestStringConvertible {
        let amount: Int64
        let weights: [Int64]
        let shares: [Int64]
        var testDescription: String { "\(amount) by \(weights)" }
    }

    @Test("weighted allocation follows the weights, extra units by largest remainder", arguments: [
        Weighted(amount: 10000, weights: [2, 1, 1], shares: [5000, 2500, 2500]),
        Weighted(amount: 1, weights: [2, 1, 1], shares: [1, 0, 0]),
        // Exact parts 1.5, 0.75, 0.75: the two 0.75s lost most, so they get the extra units.
        Weighted(amount: 3, weights: [2, 1, 1], shares: [1, 1, 1]),
        Weighted(amount: -3, weights: [2, 1, 1], shares: [-1, -1, -1]),
        Weighted(amount: 10, weights: [1, 2, 3], shares: [2, 3, 5]),
        Weighted(amount: 100, weights: [0, 1, 0], shares: [0, 100, 0]),
        Weighted(amount: 1, weights: [0, 1, 1], shares: [0, 1, 0]),
        Weighted(amount: 7, weights: [5], shares: [7]),
    ])
    func fixedWeights(_ weighted: Weighted) throws {
        let shares = try Money(minorUnits: weighted.amount, currency: .usd).allocate(weights: weighted.weights)
        #expect(shares.map(\.minorUnits) == weighted.shares)
    }

    @Test("split refuses fewer than one share", arguments: [0, -1, Int.min])
    func splitIntoNothing(_ count: Int) {
        let error = #expect(throws: MoneyError.self) { try Money(minorUnits: 100, currency: .usd).split(into: count) }
        #expect(error?.errorCase == .invalidArgument)
        #expect(error?.description.contains("\(count)") == true)
    }

    @Test("allocate refuses weights it cannot use", arguments: [
        ([], MoneyErrorCase.invalidArgument),
        ([1, -1, 2], .invalidArgument),
        ([-5], .invalidArgument),
        ([0], .invalidArgument),
        ([0, 0, 0], .invalidArgument),
        ([Int64.max, 1], .overflow),
    ] as [([Int64], MoneyErrorCase)])
    func badWeights(weights: [Int64], expected: MoneyErrorCase) {
        let error = #expect(throws: MoneyError.self) { try Money(minorUnits: 100, currency: .usd).allocate(weights: weights) }
        #expect(error?.errorCase == expected)
    }

    // MARK: Random properties (10 seeds × 1,000 cases each)

    static let seeds: [UInt64] = [1, 2, 3, 42, 0xDEAD_BEEF, 0xC0FFEE, 2024, 7_777_777, 0x1234_5678_9ABC, .max]

    @Test("random equal splits: exact total, shares within one unit, larger first", arguments: seeds)
    func randomEqualSplits(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for caseNumber in 0..<1000 {
            let currency = Currency.all.randomElement(using: &generator)!
            let amount = Money(minorUnits: generator.amount(), currency: currency)
            let count = Int.random(in: 1...50, using: &generator)
            let label = "seed \(seed) case \(caseNumber): \(amount) / \(count)"

            let shares = try amount.split(into: count)
            try #require(shares.count == count, "\(label)")
            try #require(shares.allSatisfy { $0.currency == currency }, "\(label)")
            try #require(total(of: shares) == amount.minorUnits, "\(label): shares \(shares.map(\.minorUnits))")
            let magnitudes = shares.map(\.minorUnits.magnitude)
            try #require(magnitudes.max()! - magnitudes.min()! <= 1, "\(label): shares \(shares.map(\.minorUnits))")
            try #require(magnitudes == magnitudes.sorted(by: >), "\(label): larger shares must come first")
            try #require(shares.allSatisfy { $0.isZero || $0.isNegative == amount.isNegative }, "\(label): sign")
        }
    }

    @Test("random weights: exact total, each share within one unit of its exact part", arguments: seeds)
    func randomWeights(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        // 3,000 cases over the ten seeds here; the 10,000 in Tests/Reliability/run.sh.
        for caseNumber in 0..<ReliabilityScale.size(quick: 300, full: 1000) {
            let currency = Currency.all.randomElement(using: &generator)!
            let amount = Money(minorUnits: generator.amount(), currency: currency)
            let weights = Self.randomWeights(using: &generator)
            let label = "seed \(seed) case \(caseNumber): \(amount) by \(weights)"

            let shares = try amount.allocate(weights: weights)
            try #require(shares.count == weights.count, "\(label)")
            try #require(shares.allSatisfy { $0.currency == currency }, "\(label)")
            try #require(total(of: shares) == amount.minorUnits, "\(label): shares \(shares.map(\.minorUnits))")
            try #require(shares.allSatisfy { $0.isZero || $0.isNegative == amount.isNegative }, "\(label): sign")

            // Exact part of share i: M·wᵢ/T. A share s is within one unit of it when
            // (s − 1)·T < M·wᵢ < (s + 1)·T.
            let magnitude = amount.minorUnits.magnitude
            let totalWeight = UInt64(weights.reduce(0, +))
            for (index, weight) in weights.enumerated() {
                let share = shares[index].minorUnits.magnitude
                if weight == 0 {
                    try #require(share == 0, "\(label): share \(index) has weight 0 but got \(shares[index])")
                    continue
                }
                let w = UInt64(weight)
                try #require(
                    product(magnitude, w, isLessThan: share + 1, totalWeight),
                    "\(label): share \(index) = \(shares[index]) is a unit or more below its exact part")
                try #require(
                    share == 0 || product(share - 1, totalWeight, isLessThan: magnitude, w),
                    "\(label): share \(index) = \(shares[index]) is a unit or more above its exact part")
            }
        }
    }

    /// 1 to 50 weights: sometimes small, sometimes huge (their sum still fits Int64),
    /// often with zeros, never all zero.
    private static func randomWeights(using generator: inout SplitMix64) -> [Int64] {
        let count = Int.random(in: 1...50, using: &generator)
        let largest: Int64 = [1, 10, 1000, Int64.max / 64].randomElement(using: &generator)!
        var weights = (0..<count).map { _ in
            Int.random(in: 0..<4, using: &generator) == 0 ? 0 : Int64.random(in: 0...largest, using: &generator)
        }
        if weights.allSatisfy({ $0 == 0 }) {
            weights[Int.random(in: 0..<count, using: &generator)] = Int64.random(in: 1...largest, using: &generator)
        }
        return weights
    }
}

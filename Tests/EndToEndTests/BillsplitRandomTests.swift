// The shares add up to the total for thousands of random bills fed through the binary:
// `billsplit -` (one bill a line in, one JSON object a line out) in batches with different
// currencies (0, 2 and 3 decimals), tips (with decimals), people, weights and round-up,
// checked line by line with exact integer arithmetic on the minor units. Seeded, so a
// failure reproduces. The rule itself is checked over more than 12,000 bills in process
// (BillKitTests/BillRandomSplitTests); these batches keep one of each kind of split going
// through a process, its parsing and its JSON.

import Foundation
import Testing

@Suite struct BillsplitRandomTests {
    struct Batch: CustomStringConvertible {
        let currency: String
        /// The tip in hundredths of a percent: 1250 is 12.5 %.
        let tipHundredths: Int64
        let people: Int
        /// Given with --weights; nil for an equal split.
        let weights: [Int64]?
        /// --round-up, in minor units.
        let roundUp: Int64?
        let bills: [Int64]

        var exponent: Int { BillsplitE2E.exponents[currency]! }
        var tipText: String {
            let whole = tipHundredths / 100, fraction = tipHundredths % 100
            if fraction == 0 { return String(whole) }
            return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }

        var arguments: [String] {
            var arguments = ["-", "--currency", currency, "--tip", tipText, "--format", "json", "--no-save"]
            if let weights {
                arguments += ["--weights", weights.map(String.init).joined(separator: ",")]
            } else {
                arguments += ["--people", String(people)]
            }
            if let roundUp { arguments += ["--round-up", BillsplitE2E.plain(roundUp, exponent: exponent)] }
            return arguments
        }

        var description: String { "billsplit " + arguments.joined(separator: " ") }
    }

    static let seed: UInt64 = 0xB111_5B11_7000_0001
    static let billsPerBatch = 600

    /// Fixed batches for the cases the issue names, then random ones.
    static func batches() -> [Batch] {
        var random = BillsplitRandom(seed: seed)
        func bills() -> [Int64] {
            (0..<billsPerBatch).map { index in
                switch index {
                case 0: return 0
                case 1: return 1
                default:
                    // Every magnitude from 1 to 10^13 minor units, equally often.
                    let digits = random.int(1...13)
                    var limit: Int64 = 1
                    for _ in 0..<digits { limit *= 10 }
                    return Int64(random.below(UInt64(limit)))
                }
            }
        }
        var batches: [Batch] = []
        // One currency of each exponent, with tips that round half up.
        let fixed: [(String, Int64, Int)] = [("JPY", 25, 6), ("USD", 1250, 7), ("KWD", 1250, 3)]
        for (currency, tip, people) in fixed {
            batches.append(Batch(currency: currency, tipHundredths: tip, people: people, weights: nil, roundUp: nil, bills: bills()))
        }
        let currencies = ["JPY", "USD", "KWD", "NOK", "EUR", "BHD", "KRW"]
        for _ in 0..<1 {
            batches.append(Batch(
                currency: random.pick(currencies), tipHundredths: Int64(random.int(0...5000)), people: random.int(1...20),
                weights: nil, roundUp: nil, bills: bills()))
        }
        // Uneven splits: the total is split by largest remainder, ties to the earlier person.
        for _ in 0..<1 {
            let count = random.int(1...20)
            var weights = (0..<count).map { _ in Int64(random.int(0...1000)) }
            if !weights.contains(where: { $0 > 0 }) { weights[0] = 1 }
            batches.append(Batch(
                currency: random.pick(currencies), tipHundredths: Int64(random.int(0...5000)), people: count,
                weights: weights, roundUp: nil, bills: bills()))
        }
        // Round-up to a unit: each share the smallest multiple of it not below the exact share.
        for unit: Int64 in [5] {
            let currency = random.pick(["JPY", "USD", "KWD"])
            batches.append(Batch(
                currency: currency, tipHundredths: Int64(random.int(0...5000)), people: random.int(1...20),
                weights: nil, roundUp: unit, bills: bills()))
        }
        return batches
    }

    /// The exact split of `total` by `weights`: largest remainder, ties to the earlier.
    static func expectedShares(_ total: Int64, weights: [Int64]) -> [Int64] {
        let sum = weights.reduce(0, +)
        var shares = weights.map { total * $0 / sum }
        let remainders = weights.map { total * $0 % sum }
        var spare = total - shares.reduce(0, +)
        for index in remainders.indices.sorted(by: { remainders[$0] != remainders[$1] ? remainders[$0] > remainders[$1] : $0 < $1 }) {
            guard spare > 0 else { break }
            shares[index] += 1
            spare -= 1
        }
        return shares
    }

    /// What is wrong with one output line, or nil.
    static func check(_ line: String, bill: Int64, batch: Batch) -> String? {
        guard let data = line.data(using: .utf8),
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return "not a JSON object" }
        let exponent = batch.exponent
        func amount(_ key: String) -> Int64? { (json[key] as? String).flatMap { BillsplitE2E.minorUnits($0, exponent: exponent) } }
        guard json["currency"] as? String == batch.currency else { return "wrong currency" }
        guard let printedBill = amount("bill"), let tip = amount("tip"), let total = amount("total") else {
            return "bill, tip or total missing or not a plain decimal string with \(exponent) decimals"
        }
        guard let shareTexts = json["shares"] as? [String] else { return "shares missing" }
        let shares = shareTexts.compactMap { BillsplitE2E.minorUnits($0, exponent: exponent) }
        guard shares.count == shareTexts.count else { return "a share is not a plain decimal string" }
        guard printedBill == bill else { return "bill \(printedBill) ≠ \(bill)" }
        guard (json["tipPercent"] as? NSNumber)?.doubleValue == Double(batch.tipHundredths) / 100 else { return "wrong tipPercent" }
        guard json["people"] as? Int == batch.people, shares.count == batch.people else { return "wrong number of people or shares" }
        // The tip: bill × percent / 100 to the minor unit, half up (no overflow: bill < 10^13, tip ≤ 5000).
        let expectedTip = (bill * batch.tipHundredths + 5_000) / 10_000
        guard tip == expectedTip else { return "tip \(tip) ≠ round-half-up(\(bill) × \(batch.tipText)%) = \(expectedTip)" }
        guard shares.reduce(0, +) == total else { return "sum of shares \(shares.reduce(0, +)) ≠ total \(total)" }

        if let unit = batch.roundUp {
            guard let extra = amount("extraTip") else { return "extraTip missing" }
            guard total == bill + tip + extra else { return "total ≠ bill + tip + extraTip" }
            let exact = expectedShares(bill + tip, weights: Array(repeating: 1, count: batch.people))
            for (share, exactShare) in zip(shares, exact) {
                guard share % unit == 0, share >= exactShare, share - exactShare < unit else {
                    return "share \(share) is not \(exactShare) rounded up to a multiple of \(unit)"
                }
            }
            return nil
        }
        guard total == bill + tip else { return "total \(total) ≠ bill + tip \(bill + tip)" }
        guard json["extraTip"] == nil else { return "extraTip without --round-up" }
        if let weights = batch.weights {
            guard shares == expectedShares(total, weights: weights) else { return "not the largest-remainder split by \(weights)" }
        } else {
            guard let largest = shares.first, let smallest = shares.last, largest - smallest <= 1 else {
                return "shares differ by more than one minor unit"
            }
            guard zip(shares, shares.dropFirst()).allSatisfy({ $0 >= $1 }) else { return "a larger share after a smaller one" }
        }
        return nil
    }

    @Test func sharesAddUpOverThousandsOfRandomBills() throws {
        let batches = Self.batches()
        var checked = 0
        var failures: [String] = []
        for batch in batches {
            let sandbox = try Sandbox()
            let input = batch.bills.map { BillsplitE2E.plain($0, exponent: batch.exponent) }.joined(separator: "\n") + "\n"
            let result = try BillsplitE2E.run(sandbox, batch.arguments, stdin: input)
            #expect(result.status == 0, "\(batch): \(result.stderr.prefix(500))")
            #expect(!result.killedBySignal)
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            #expect(lines.count == batch.bills.count, "\(batch)")
            for (line, bill) in zip(lines, batch.bills) {
                checked += 1
                if let problem = Self.check(line, bill: bill, batch: batch) {
                    failures.append("\(batch), bill \(BillsplitE2E.plain(bill, exponent: batch.exponent)): \(problem)\n  \(line)")
                }
            }
        }
        #expect(checked >= 3_600)
        #expect(failures.isEmpty, "\(failures.count) bad lines (seed \(Self.seed)); the first:\n\(failures.prefix(10).joined(separator: "\n"))")
    }

    /// The checker itself must catch wrong lines, or the test above proves nothing.
    @Test func theCheckerRejectsWrongLines() {
        let batch = Batch(currency: "USD", tipHundredths: 1250, people: 3, weights: nil, roundUp: nil, bills: [10_000])
        let good = #"{"currency":"USD","bill":"100.00","tipPercent":12.5,"tip":"12.50","total":"112.50","people":3,"shares":["37.50","37.50","37.50"]}"#
        #expect(Self.check(good, bill: 10_000, batch: batch) == nil)
        let bad = [
            good.replacingOccurrences(of: #""37.50","37.50","37.50""#, with: #""37.51","37.50","37.49""#),
            good.replacingOccurrences(of: #""37.50","37.50","37.50""#, with: #""37.49","37.51","37.50""#),
            good.replacingOccurrences(of: #""tip":"12.50""#, with: #""tip":"12.49""#),
            good.replacingOccurrences(of: #""total":"112.50""#, with: #""total":"112.5""#),
            good.replacingOccurrences(of: #""bill":"100.00""#, with: #""bill":100.00"#),
        ]
        for line in bad { #expect(Self.check(line, bill: 10_000, batch: batch) != nil, "\(line)") }
        #expect(Self.expectedShares(1_000, weights: [3, 3, 1]) == [429, 428, 143])
        #expect(Self.expectedShares(10_000, weights: [1, 1, 1]) == [3_334, 3_333, 3_333])
    }
}

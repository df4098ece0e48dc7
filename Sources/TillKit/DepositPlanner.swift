// What to leave in the drawer as the float and what to bank. The float is made from the
// smallest notes and coins that can make it exactly: working from the largest
// denomination down, each takes as few pieces as still leave the rest makeable by the
// smaller ones. Rolls are never broken: they go to the bank.

import MoneyKit
import MoneyKitStorage

/// What to leave in the drawer and what to bank, piece by piece.
public struct DepositPlan: Equatable, Sendable {
    /// Pieces to leave in the drawer, by item.
    public var keep: [TillItem: Int64]
    /// Pieces to bank, by item (rolls included).
    public var bank: [TillItem: Int64]
    /// The float the plan leaves (less than asked when it cannot be made exactly).
    public var floatMade: Int64
    /// Whether the float made is exactly the float asked for.
    public var exact: Bool
}

/// Plans the float from the smallest pieces that make it (see the top of this file).
public enum DepositPlanner {
    /// The largest float up to this many minor units is planned exactly; larger floats are
    /// planned greedily (the table grows with the float).
    public static let exactLimit: Int64 = 5_000_000

    /// A plan for any count: total (never traps), whatever the float and the quantities.
    public static func plan(_ summary: TillSummary) -> DepositPlan {
        let loose = summary.loose.filter { $0.quantity > 0 }.sorted { $0.item.minorUnits > $1.item.minorUnits }
        let target = max(0, summary.float.minorUnits)
        var keep: [TillItem: Int64] = [:]
        var bank: [TillItem: Int64] = [:]
        for roll in summary.rolls where roll.quantity > 0 { bank[roll.item] = roll.quantity }
        // A float of all the loose cash or more: everything loose stays (rolls still go).
        let looseTotal = summary.looseTotal.minorUnits
        if target >= looseTotal {
            for line in loose { keep[line.item] = line.quantity }
            return DepositPlan(keep: keep, bank: bank, floatMade: looseTotal, exact: target == looseTotal)
        }
        // From here target < looseTotal, so every amount below is at most looseTotal and
        // fits: the summary added the lines with checked arithmetic.
        let makeable = target <= exactLimit ? reachable(loose, upTo: target) : nil
        // When the float cannot be made exactly, plan the closest amount below it that can.
        var goal = target
        if let makeable, let row = makeable.first, !row[Int(target)] {
            goal = Int64(row.lastIndex(of: true) ?? 0)
        }
        // smallerValue[i]: the value of the lines after i (their sum never exceeds looseTotal).
        var smallerValue = [Int64](repeating: 0, count: loose.count + 1)
        for index in stride(from: loose.count - 1, through: 0, by: -1) {
            smallerValue[index] = (try? CheckedCount.sum(smallerValue[index + 1], loose[index].value.minorUnits, what: "the loose value")) ?? looseTotal
        }
        var remaining = goal
        for (index, line) in loose.enumerated() {
            let value = line.item.minorUnits
            var take: Int64 = 0
            if let makeable {
                // As few of this as keep the rest makeable by the smaller ones
                // (candidate × value ≤ remaining: no overflow).
                let most = min(line.quantity, remaining / value)
                take = most
                var candidate: Int64 = 0
                while candidate <= most {
                    if makeable[index + 1][Int(remaining - candidate * value)] { take = candidate; break }
                    candidate += 1
                }
            } else {
                // Greedy for huge floats: the smaller pieces first would need the table.
                let needed = max(0, remaining - smallerValue[index + 1])
                take = min(line.quantity, CheckedCount.ceilingQuotient(needed, value), remaining / value)
            }
            keep[line.item] = take
            remaining -= take * value  // take ≤ remaining / value
            if line.quantity - take > 0 { bank[line.item] = line.quantity - take }
        }
        return DepositPlan(keep: keep.filter { $0.value > 0 }, bank: bank, floatMade: goal - remaining, exact: goal == target && remaining == 0)
    }

    /// `table[i][a]`: whether amount `a` can be made from `lines[i...]` with the
    /// quantities there (bounded subset sum, one table row per denomination).
    public static func reachable(_ lines: [TillLine], upTo target: Int64) -> [[Bool]] {
        let size = Int(target) + 1
        var table = Array(repeating: [Bool](), count: lines.count + 1)
        var row = [Bool](repeating: false, count: size)
        row[0] = true
        table[lines.count] = row
        for index in stride(from: lines.count - 1, through: 0, by: -1) {
            let value = Int(lines[index].item.minorUnits)
            let count = Int(min(lines[index].quantity, Int64(size)))
            var next = row
            // used[a]: pieces of this denomination used to reach a in this pass.
            var used = [Int](repeating: 0, count: size)
            if value < size {
                for amount in value..<size where !next[amount] && next[amount - value] && used[amount - value] < count {
                    next[amount] = true
                    used[amount] = used[amount - value] + 1
                }
            }
            row = next
            table[index] = row
        }
        return table
    }
}

/// The deposit plan as a report: the lines to leave and to bank, in the count's order,
/// with their values, the float made and the deposit.
public struct DepositReport: Sendable {
    /// One line to keep or bank.
    public struct Entry: Sendable {
        /// The count's line it comes from (token, label, kind).
        public let line: TillLine
        /// Units (notes, coins or rolls) of the line.
        public let quantity: Int64
        /// The value of `quantity` units.
        public let value: Money
    }

    /// The count planned.
    public let summary: TillSummary
    /// The plan, by item.
    public let plan: DepositPlan
    /// The lines to leave in the drawer, in the count's order.
    public let keep: [Entry]
    /// The lines to bank (rolls always), in the count's order.
    public let bank: [Entry]
    /// The float the plan leaves.
    public let floatMade: Money
    /// What is banked: the total less the float made.
    public let deposit: Money

    /// Plans `summary`: total for any count, it never traps.
    public init(_ summary: TillSummary) {
        self.summary = summary
        plan = DepositPlanner.plan(summary)
        func entries(_ pieces: [TillItem: Int64]) -> [Entry] {
            summary.lines.compactMap { line in
                guard let quantity = pieces[line.item], quantity > 0 else { return nil }
                let pieces = try? CheckedCount.product(line.piecesPerUnit, quantity, what: "pieces")
                let value = pieces.flatMap { try? Money(minorUnits: line.item.minorUnits, currency: summary.currency).multiplied(by: $0) } ?? line.value
                return Entry(line: line, quantity: quantity, value: value)
            }
        }
        keep = entries(plan.keep)
        bank = entries(plan.bank)
        floatMade = Money(minorUnits: plan.floatMade, currency: summary.currency)
        deposit = (try? summary.total - floatMade) ?? summary.total
    }

    /// Whether the float asked for is made exactly.
    public var exact: Bool { plan.exact }
    /// How far the float made is below the float asked for (0 when exact).
    public var gap: Money { (try? summary.float - floatMade) ?? summary.float }
}

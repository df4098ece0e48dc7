// What every report adds up, checked by every change before it is kept (issue 26, item
// 16): a change accepted that makes every later report fail is refused itself. Two
// accounts of one currency each near the largest amount made every 'list', 'table',
// 'chart' and the dashboard fail (their total is beyond the range of amounts); two
// deposits near it made every 'returns' fail.
//
// A report adds the values of a currency's accounts in force at an instant (a total), the
// money moved into and out of them, and sets a total against a goal. Each of those stays
// an amount when, per currency, the largest value of each account in magnitude, every
// deposit and withdrawal and every goal add up to at most the largest amount (`limit`).
// Each store's `change` measures the currencies before and after its body
// (PortfolioRepository.magnitudes, one query) and refuses a change that takes a currency
// beyond `limit`; a currency already beyond it (a store written before this rule) may
// still be brought back, never pushed further. One account may still hold any amount
// (PortfolioLimits.values), so a value that swings from near the largest amount to near
// the smallest still makes a change over that period out of range, which the reports
// that show changes refuse on their own (changeOutOfRange), as they refuse a total in a
// store written before this rule (totalOutOfRange).

import MoneyKit

/// The bound on what a currency's accounts hold and move, together.
public enum PortfolioTotalsBudget {
    /// The largest amount: 92233720368547758.07 in a two-decimal currency.
    public static let limit: Int64 = .max

    /// The use of each currency (by code): the sum of its magnitudes, in 64 unsigned bits
    /// (each magnitude is below 2^63), UInt64.max when even that does not hold it.
    public static func use(of magnitudes: [(currency: String, magnitude: Int64)]) -> [String: UInt64] {
        var use: [String: UInt64] = [:]
        for (currency, magnitude) in magnitudes {
            let (sum, overflow) = use[currency, default: 0].addingReportingOverflow(UInt64(max(0, magnitude)))
            use[currency] = overflow ? .max : sum
        }
        return use
    }

    /// Refuses a change that leaves a currency beyond `limit` and above where it was.
    /// - Throws: `PortfolioError.beyondTotalsBudget` naming the first such currency (by code).
    public static func requireWithin(after: [String: UInt64], before: [String: UInt64]) throws(PortfolioError) {
        for code in after.keys.sorted() {
            guard let used = after[code], used > UInt64(limit), used > before[code] ?? 0 else { continue }
            guard let currency = Currency(code: code) else { continue }
            throw .beyondTotalsBudget(currency)
        }
    }
}

extension PortfolioRepository {
    /// The use of each currency now (see `PortfolioTotalsBudget`).
    /// - Throws: `StoreError` when the store cannot be read.
    package func totalsBudgetUse() throws -> [String: UInt64] {
        PortfolioTotalsBudget.use(of: try magnitudes())
    }

    /// Runs `body` (a change's writes) and refuses what it leaves when a currency ends
    /// beyond the budget and above `before`: call inside the change's transaction, so a
    /// refusal rolls everything back.
    /// - Throws: what `body` throws; `PortfolioError.beyondTotalsBudget`; `StoreError`.
    package func keepingTotalsInRange<Result>(_ body: () throws -> Result) throws -> Result {
        let before = try totalsBudgetUse()
        let result = try body()
        try PortfolioTotalsBudget.requireWithin(after: try totalsBudgetUse(), before: before)
        return result
    }
}

extension PortfolioRepository {
    /// What the reports may have to add up, read through the other lookups (the stores
    /// here answer with one query of their own).
    /// - Throws: `StoreError` when the store cannot be read.
    public func magnitudes() throws -> [(currency: String, magnitude: Int64)] {
        let currencies = Dictionary(try accounts().map { ($0.id, $0.currency.code) }, uniquingKeysWith: { first, _ in first })
        var largest: [Int64: Int64] = [:]
        // Values lie within ±Int64.max (PortfolioLimits.values): a magnitude always fits.
        try forEachUpdate { largest[$0.accountID] = max(largest[$0.accountID] ?? 0, Int64($0.value.magnitude)) }
        var result: [(currency: String, magnitude: Int64)] = largest.compactMap { id, magnitude in
            currencies[id].map { ($0, magnitude) }
        }
        try forEachContribution { contribution in
            if let code = currencies[contribution.accountID] { result.append((code, Int64(contribution.amount.magnitude))) }
        }
        for goal in try goals() { result.append((goal.currency.code, goal.amount)) }
        return result
    }
}

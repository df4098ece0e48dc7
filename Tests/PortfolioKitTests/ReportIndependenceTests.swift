// A report's row depends only on its own accounts (issue 26, item 6): over random stores
// (a seeded generator, so a failure is reproducible from its seed), every row of a report
// filtered to one currency (returns, table, chart) equals the same row unfiltered, and
// equals the row of a store that holds only that currency's accounts (returns, table,
// list, chart, goals, the dashboard's changes). Before the fix, returns took the start of
// its range from the earliest record of any currency, so a EUR row changed with the GBP
// accounts beside it.

import Foundation
import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

/// SplitMix64: a small seeded generator, the same numbers on every platform.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A random store as the operations that make it, so it can be replayed whole or in part.
struct RandomStore {
    enum Operation {
        case add(name: String, currency: Currency, at: Int64, initial: Int64?)
        case update(name: String, at: Int64, value: Int64)
        case move(name: String, at: Int64, amount: Int64)
        case close(name: String, at: Int64)
        case accountGoal(name: String, amount: Int64, by: Int64?)
        case totalGoal(currency: Currency, amount: Int64, by: Int64?)
    }

    static let currencies: [Currency] = [.gbp, .eur, .usd]
    static let first = local(2022, 1, 1), last = local(2026, 1, 1)
    /// The instant every report is made at.
    static let now = local(2026, 3, 1)

    var operations: [Operation] = []
    var currencyOf: [String: Currency] = [:]

    init(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        func instant() -> Int64 { Int64.random(in: Self.first..<Self.last, using: &random) }
        // Whole days at midnight now and then, so that flows and values share instants.
        func someInstant() -> Int64 {
            let at = instant()
            return Bool.random(using: &random) ? Period.day.start(containing: at) ?? at : at
        }
        let accountCount = Int.random(in: 1...5, using: &random)
        var names: [String] = []
        for index in 0..<accountCount {
            let name = "A\(index)"
            let currency = Self.currencies.randomElement(using: &random) ?? .gbp
            names.append(name)
            currencyOf[name] = currency
            let initial: Int64? = Int.random(in: 0..<4, using: &random) == 0 ? nil : Int64.random(in: 0...1_000_000, using: &random)
            operations.append(.add(name: name, currency: currency, at: someInstant(), initial: initial))
        }
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            guard let name = names.randomElement(using: &random) else { break }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: operations.append(.update(name: name, at: someInstant(), value: Int64.random(in: 0...2_000_000, using: &random)))
            case 4..<8:
                let amount = Int64.random(in: 1...500_000, using: &random)
                operations.append(.move(name: name, at: someInstant(), amount: Bool.random(using: &random) ? amount : -amount))
            case 8: operations.append(.close(name: name, at: someInstant()))
            default:
                let by: Int64? = Bool.random(using: &random) ? someInstant() : nil
                let amount = Int64.random(in: 1...3_000_000, using: &random)
                if Bool.random(using: &random) {
                    operations.append(.accountGoal(name: name, amount: amount, by: by))
                } else {
                    operations.append(.totalGoal(currency: currencyOf[name] ?? .gbp, amount: amount, by: by))
                }
            }
        }
    }

    /// The store made of the operations on accounts in `currency` (nil: all of them).
    /// An operation the rules refuse (a close before a later update) is left out, in both.
    func portfolio(only currency: Currency? = nil) -> Portfolio {
        let portfolio = memoryPortfolio()
        for operation in operations {
            switch operation {
            case .add(let name, let code, let at, let initial):
                guard currency == nil || code == currency else { continue }
                _ = try? portfolio.addAccount(name: name, currency: code, at: at, initial: initial.map { Money(minorUnits: $0, currency: code) })
            case .update(let name, let at, let value):
                guard let code = currencyOf[name], currency == nil || code == currency else { continue }
                _ = try? portfolio.addUpdate(named: name, at: at) { Money(minorUnits: value, currency: $0) }
            case .move(let name, let at, let amount):
                guard let code = currencyOf[name], currency == nil || code == currency else { continue }
                _ = try? portfolio.addContribution(named: name, at: at, withdrawal: amount < 0) { Money(minorUnits: amount.magnitude == 0 ? 1 : Int64(amount.magnitude), currency: $0) }
            case .close(let name, let at):
                guard let code = currencyOf[name], currency == nil || code == currency else { continue }
                _ = try? portfolio.close(named: name, at: at)
            case .accountGoal(let name, let amount, let by):
                guard let code = currencyOf[name], currency == nil || code == currency else { continue }
                _ = try? portfolio.setGoal(named: name, by: by) { Money(minorUnits: amount, currency: $0) }
            case .totalGoal(let code, let amount, let by):
                guard currency == nil || code == currency else { continue }
                _ = try? portfolio.setTotalGoal(currency: code, fallback: code, by: by) { Money(minorUnits: amount, currency: $0) }
            }
        }
        return portfolio
    }
}

@Suite struct ReportIndependenceTests {
    /// Ten random portfolios in the README's test command, thirty in Tests/Reliability/run.sh
    /// (MONEYKIT_RELIABILITY=1, the switch of ReliabilityLoops.size, which this target cannot see).
    static let seeds: [UInt64] = Array(1...(ProcessInfo.processInfo.environment["MONEYKIT_RELIABILITY"] == "1" ? 30 : 10))

    /// Each report's rows of `currency`, as text that names every field (doubles exactly).
    static func returnsRows(_ portfolio: Portfolio, filter: Currency?, of currency: Currency, period: Period?, from: Int64?) throws -> [String] {
        let views = try ReturnsReport.views(of: portfolio, name: nil, currency: filter, to: RandomStore.now)
        let report = try ReturnsReport(views: views, period: period, from: from, to: RandomStore.now)
        return report.rows.filter { $0.currency == currency }.map { String(describing: $0) }
    }

    /// The table's columns of `currency` per period label: each account's value by name, and the total.
    /// The table's rows of `currency` by period label; `isEmpty` when none of its accounts has a value then.
    static func tableRows(_ portfolio: Portfolio, filter: Currency?, of currency: Currency, period: Period, from: Int64?) throws -> [String: (text: String, isEmpty: Bool)] {
        let table = try PeriodTable(repository: portfolio.repository, period: period, currency: filter, from: from, to: RandomStore.now, now: RandomStore.now)
        var rows: [String: (text: String, isEmpty: Bool)] = [:]
        for row in table.rows {
            let columns = table.accounts.indices.filter { table.accounts[$0].currency == currency }
            let accounts = columns.map { "\(table.accounts[$0].name)=\(row.values[$0].map(String.init) ?? "-")" }
            let total = table.currencies.firstIndex(of: currency).flatMap { row.totals[$0] }
            rows[row.label] = ("\(row.end) \(accounts.sorted()) total=\(total.map(String.init) ?? "-")", total == nil && columns.allSatisfy { row.values[$0] == nil })
        }
        return rows
    }

    static func chartPoints(_ portfolio: Portfolio, filter: Currency?, of currency: Currency, from: Int64?) throws -> String {
        let chart = try ChartReport(portfolio: portfolio, accountName: nil, currency: filter, from: from, to: RandomStore.now)
        return String(describing: chart.panels.first { $0.currency == currency }?.points ?? [])
    }

    static func listRows(_ portfolio: Portfolio, of currency: Currency) throws -> [String] {
        let rows = try portfolio.accountRows(includeClosed: true, now: RandomStore.now).filter { $0.account.currency == currency }
        let totals = try Portfolio.totals(rows)
        return rows.map { "\($0.account.name) \(String(describing: $0.current?.value)) \($0.current?.at ?? 0) \($0.updateCount) \($0.isActive)" }.sorted()
            + totals.map { "total \($0.value)" }
    }

    static func goalRows(_ portfolio: Portfolio, of currency: Currency) throws -> [String] {
        try portfolio.goalProgress(now: RandomStore.now).filter { $0.goal.currency == currency }.map {
            "\(String(describing: $0.accountName)) \($0.goal.amount) \(String(describing: $0.goal.by)) \($0.value) \($0.remaining) \($0.percent) \($0.status)"
        }.sorted()
    }

    static func dashboardChanges(_ portfolio: Portfolio, of currency: Currency) throws -> [String] {
        let accounts = try portfolio.repository.accounts()
        let changes = try CurrentChanges(repository: portfolio.repository, accounts: accounts, now: RandomStore.now)
        let ofAccounts = accounts.filter { $0.currency == currency }.map { "\($0.name) \(String(describing: changes.accounts[$0.id]))" }.sorted()
        return ofAccounts + ["total \(String(describing: changes.totals[currency]))"]
    }

    @Test(arguments: seeds)
    func aRowOfACurrencyIsTheSameFilteredUnfilteredAndAlone(seed: UInt64) throws {
        let store = RandomStore(seed: seed)
        let whole = store.portfolio()
        var random = SeededRandom(seed: seed ^ 0xA5A5)
        // Without --from, and from a random instant (inside or before the records).
        let froms: [Int64?] = [nil, Int64.random(in: RandomStore.first - 86_400 * 400..<RandomStore.last, using: &random)]
        for currency in Set(store.currencyOf.values).sorted() {
            let alone = store.portfolio(only: currency)
            for from in froms {
                for period in [nil, Period.month, .quarter, .year] {
                    let unfiltered = try Self.returnsRows(whole, filter: nil, of: currency, period: period, from: from)
                    #expect(unfiltered == (try Self.returnsRows(whole, filter: currency, of: currency, period: period, from: from)), "returns, seed \(seed), \(currency), \(String(describing: period)), from \(String(describing: from))")
                    #expect(unfiltered == (try Self.returnsRows(alone, filter: nil, of: currency, period: period, from: from)), "returns alone, seed \(seed), \(currency), \(String(describing: period)), from \(String(describing: from))")
                }
                for period in [Period.month, .year] {
                    let unfiltered = try Self.tableRows(whole, filter: nil, of: currency, period: period, from: from)
                    let filtered = try Self.tableRows(whole, filter: currency, of: currency, period: period, from: from)
                    #expect(unfiltered.mapValues(\.text) == filtered.mapValues(\.text), "table, seed \(seed), \(currency)")
                    // Alone, the table may start later (at this currency's first record):
                    // every row it has is the same, and the rows before hold nothing of it.
                    let aloneRows = try Self.tableRows(alone, filter: nil, of: currency, period: period, from: from)
                    for (label, row) in unfiltered {
                        if let other = aloneRows[label] {
                            #expect(row.text == other.text, "table alone, seed \(seed), \(currency), \(label)")
                        } else {
                            #expect(row.isEmpty, "table alone, seed \(seed), \(currency), \(label): \(row.text)")
                        }
                    }
                    #expect(Set(aloneRows.keys).isSubset(of: Set(unfiltered.keys)), "table alone, seed \(seed), \(currency)")
                }
                let chart = try Self.chartPoints(whole, filter: nil, of: currency, from: from)
                #expect(chart == (try Self.chartPoints(whole, filter: currency, of: currency, from: from)), "chart, seed \(seed), \(currency)")
                #expect(chart == (try Self.chartPoints(alone, filter: nil, of: currency, from: from)), "chart alone, seed \(seed), \(currency)")
            }
            #expect(try Self.listRows(whole, of: currency) == Self.listRows(alone, of: currency), "list, seed \(seed), \(currency)")
            #expect(try Self.goalRows(whole, of: currency) == Self.goalRows(alone, of: currency), "goals, seed \(seed), \(currency)")
            #expect(try Self.dashboardChanges(whole, of: currency) == Self.dashboardChanges(alone, of: currency), "dashboard, seed \(seed), \(currency)")
        }
    }

    /// The case: a EUR account beside an older GBP one. The EUR rows of 2024 are
    /// the same with and without --currency EUR, and start at the EUR account's first record.
    @Test func theEuroRowsDoNotStartAtTheFirstPoundRecord() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2023, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2023, 1, 1))
        try portfolio.add("Depot", "5000", at: local(2024, 3, 1), currency: .eur)
        try portfolio.move("Depot", "5000", at: local(2024, 3, 1))
        try portfolio.move("Depot", "1000", at: local(2024, 8, 1))
        try portfolio.set("Depot", "6000", at: local(2024, 8, 1))
        try portfolio.set("Depot", "6600", at: local(2024, 12, 31))
        let to = local(2025, 1, 1) - 1
        let all = try ReturnsReport(views: ReturnsReport.views(of: portfolio, name: nil, currency: nil, to: to), period: .year, from: nil, to: to)
        let euros = try ReturnsReport(views: ReturnsReport.views(of: portfolio, name: nil, currency: .eur, to: to), period: .year, from: nil, to: to)
        let unfiltered = all.rows.filter { $0.currency == .eur }
        #expect(unfiltered.map(\.label) == ["2024"])
        #expect(unfiltered.map { String(describing: $0) } == euros.rows.map { String(describing: $0) })
        #expect(unfiltered.first?.from == local(2024, 3, 1))
        // The pound rows still start in 2023.
        #expect(all.rows.filter { $0.currency == .gbp }.map(\.label) == ["2023", "2024"])
    }
}

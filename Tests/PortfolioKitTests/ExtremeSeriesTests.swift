// Random updates of two accounts, half of them at the edges of Int64: the portfolio
// series is exactly the running total, or (when a total is beyond the range of amounts)
// the error naming the currency; each account's own series never fails.

import MoneyKit
import Testing
@testable import PortfolioKit

/// SplitMix64, as the end-to-end tests draw their random cases.
struct KitRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15  // wrapping: SplitMix64 works modulo 2^64
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9  // wrapping: SplitMix64 works modulo 2^64
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB  // wrapping: SplitMix64 works modulo 2^64
        return z ^ (z >> 31)
    }
}

@Suite struct ExtremeSeriesTests {
    @Test(arguments: 1...40)
    func randomExtremeUpdatesGiveExactSeriesOrAClearError(seed: Int) throws {
        var random = KitRandom(state: UInt64(seed) * 0x9E37)
        let edges: [Int64] = [.max, .min + 1, .max - 1, 0, 1, -1, .max / 2, .min / 2]
        // A store written before changes were held to what the reports can add up
        // (PortfolioTotalsBudget): its reports give a total or a clear error, never a wrong one.
        let repository = MemoryPortfolioRepository()
        repository.checksTotalsBudget = false
        let portfolio = Portfolio(repository: repository)
        var current: [String: Int64] = [:]
        var expected: [(at: Int64, total: Int64?)] = []
        for step in 0..<10 {
            let name = random.next() % 2 == 0 ? "A" : "B"
            let cents = random.next() % 2 == 0 ? edges[Int(random.next() % UInt64(edges.count))]
                                               : Int64(bitPattern: random.next()) / Int64(1 << (random.next() % 40))
            let at = utc("2024-01-01T00:00:00Z") + Int64(step) * 86_400
            if current[name] == nil {
                _ = try portfolio.addAccount(name: name, currency: .gbp, at: at, initial: Money(minorUnits: cents, currency: .gbp))
            } else {
                _ = try portfolio.addUpdate(named: name, at: at) { _ in Money(minorUnits: cents, currency: .gbp) }
            }
            current[name] = cents
            let values = Array(current.values)
            let sum = values.count == 1 ? (values[0], false) : values[0].addingReportingOverflow(values[1])
            let total: Int64? = sum.1 ? nil : sum.0
            if expected.isEmpty || expected.last?.total != total || total == nil { expected.append((at, total)) }
        }
        let now = utc("2024-02-01T00:00:00Z")
        let series = ValueSeries(repository: portfolio.repository, accounts: try portfolio.repository.accounts())
        if expected.allSatisfy({ $0.total != nil }) {
            let points = try series.portfolioSeries(currency: .gbp, to: now)
            #expect(points.map(\.at) == expected.map(\.at), "seed \(seed)")
            #expect(points.map(\.value) == expected.map { $0.total ?? 0 }, "seed \(seed)")
            _ = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now)
        } else {
            #expect(throws: PortfolioError.totalOutOfRange(.gbp)) { try series.portfolioSeries(currency: .gbp, to: now) }
            #expect(throws: PortfolioError.totalOutOfRange(.gbp)) { try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now) }
        }
        // The table and the dashboard sample some instants: a total or the same error.
        for report in [{ _ = try PeriodTable(repository: portfolio.repository, period: .day, currency: nil, from: nil, to: now, now: now) },
                       { _ = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69) }] as [() throws -> Void] {
            do { try report() } catch let error as PortfolioError { #expect(error == .totalOutOfRange(.gbp), "seed \(seed)") }
        }
        for name in current.keys {
            let detail = try portfolio.detail(named: name, now: now)
            #expect(detail.series.last?.value == current[name], "seed \(seed) \(name)")
            _ = try ChartReport(portfolio: portfolio, accountName: name, currency: nil, from: nil, to: now)
        }
    }

    @Test(arguments: 1...20)
    func randomExtremeUpdatesAreKeptOnlyWhileEveryReportAddsUp(seed: Int) throws {
        var random = KitRandom(state: UInt64(seed) * 0x51ED)
        let edges: [Int64] = [.max, .min + 1, .max - 1, 0, 1, -1, .max / 2, .min / 2, .max / 4]
        let portfolio = memoryPortfolio()
        for step in 0..<10 {
            let name = random.next() % 2 == 0 ? "A" : "B"
            let cents = random.next() % 2 == 0 ? edges[Int(random.next() % UInt64(edges.count))]
                                               : Int64(bitPattern: random.next()) / Int64(1 << (random.next() % 40))
            let at = utc("2024-01-01T00:00:00Z") + Int64(step) * 86_400
            let before = try StoreContents(portfolio.repository)
            do {
                if try portfolio.repository.accounts().contains(where: { $0.name == name }) {
                    _ = try portfolio.addUpdate(named: name, at: at) { _ in Money(minorUnits: cents, currency: .gbp) }
                } else {
                    _ = try portfolio.addAccount(name: name, currency: .gbp, at: at, initial: Money(minorUnits: cents, currency: .gbp))
                }
            } catch PortfolioError.beyondTotalsBudget(.gbp) {
                #expect(try StoreContents(portfolio.repository) == before, "seed \(seed): a refused change stores nothing")
            }
        }
        // Whatever was kept, every total is in range; only a change over a period of one
        // account swinging between the edges may be beyond it (and is refused as such).
        let now = utc("2024-02-01T00:00:00Z")
        _ = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now)
        _ = try Portfolio.totals(try portfolio.accountRows(includeClosed: true, now: now))
        for report in [{ _ = try PeriodTable(repository: portfolio.repository, period: .day, currency: nil, from: nil, to: now, now: now) },
                       { _ = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69) }] as [() throws -> Void] {
            do { try report() } catch let error as PortfolioError { #expect(error == .changeOutOfRange(.gbp), "seed \(seed)") }
        }
    }
}

// The value of an account between updates is the last update plus the money moved since
// (issue 26, item 7), as the journal exports book it and hledger's roi counts it; and
// the money-weighted rate of any loss short of everything is found (item 8).

import MoneyKit
import MoneyKitPlatform
import Testing
@testable import PortfolioKit

@Suite struct ReturnsValueSinceTests {
    /// Deposit 1000 with a value of 1000 on 1 January, 500 in on 1 February, 100 out on
    /// 10 February, valued 1420 on 20 February: 1000 → 1500 → 1400 → 1420.
    static func issueCase() throws -> Portfolio {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "500", at: local(2024, 2, 1))
        try portfolio.move("ISA", "100", at: local(2024, 2, 10), withdrawal: true)
        try portfolio.set("ISA", "1420", at: local(2024, 2, 20))
        return portfolio
    }

    @Test func theValueBeforeAFlowCountsTheMoneyMovedSinceTheLastValue() throws {
        let portfolio = try Self.issueCase()
        let to = local(2024, 3, 1) - 1
        let row = try #require(try ReturnsTests.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: to).rows.first)
        let time = try #require(row.timeWeighted)
        // 1500/1500 × 1400/1400 × 1420/1400 − 1: only the last piece grew (hledger roi: 1.43 %).
        #expect(abs(time.period - (1420.0 / 1400 - 1)) < 1e-12, "\(time)")
        #expect(String(format2(time.period * 100)) == "1.43")
        #expect(row.startValue == 0 && row.endValue == 142_000 && row.gain == 2_000)
        // The money-weighted rate solves −1000·v^t₀ − 500·v^t₁ + 100·v^t₂ + 1420·v^t₃ = 0,
        // the years counted from the second before the period (the start value's instant).
        let money = try #require(row.moneyWeighted)
        let years = { (instant: Int64) in (Double(instant) - Double(local(2024, 1, 1) - 1)) / ReturnMath.yearSeconds }
        let npv = -1000 * pow(1 + money.annualised, -years(local(2024, 1, 1))) - 500 * pow(1 + money.annualised, -years(local(2024, 2, 1))) + 100 * pow(1 + money.annualised, -years(local(2024, 2, 10)))
            + 1420 * pow(1 + money.annualised, -years(to))
        #expect(abs(npv) < 1e-9, "\(money)")
    }

    @Test func moneyMovedAfterTheLastValueIsInTheEndValue() throws {
        // Without a value after the 500 put in, the end value is 1000 + 500: the deposit
        // is not a loss of 500, and no growth is claimed for it.
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.set("ISA", "1100", at: local(2024, 6, 1))
        try portfolio.move("ISA", "500", at: local(2024, 7, 1))
        let row = try #require(try ReturnsTests.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: local(2025, 1, 1) - 1).rows.first)
        #expect(row.endValue == 160_000 && row.gain == 10_000)
        #expect(abs((row.timeWeighted?.period ?? 0) - 0.1) < 1e-12)
        #expect(row.notes.contains(.flowAfterLastValue(at: local(2024, 7, 1))))
        // A period that starts after the deposit starts from 1600 too.
        let later = try #require(try ReturnsTests.report(portfolio, name: "ISA", from: local(2024, 8, 1), to: local(2025, 1, 1) - 1).rows.first)
        #expect(later.startValue == 160_000 && later.endValue == 160_000 && later.gain == 0)
    }

    @Test func anUpdateAtAFlowsInstantIncludesIt() throws {
        // The value recorded with the deposit is the value after it: 1000 + 500 in, valued 1550.
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "500", at: local(2024, 7, 1))
        try portfolio.set("ISA", "1550", at: local(2024, 7, 1))
        try portfolio.set("ISA", "1705", at: local(2024, 12, 1))
        let row = try #require(try ReturnsTests.report(portfolio, name: "ISA", from: local(2024, 1, 1), to: local(2025, 1, 1) - 1).rows.first)
        // 1000 → 1000 just before (no value since), 1550 just after, 1705 at the end.
        #expect(abs((row.timeWeighted?.period ?? 0) - (1705.0 / 1550 - 1)) < 1e-12)
        #expect(row.notes.isEmpty)
    }

    // MARK: the money-weighted solver (item 8)

    @Test func aLossOfEightyPercentInAMonthHasASolution() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.move("ISA", "1000", at: local(2024, 1, 1))
        try portfolio.set("ISA", "200", at: local(2024, 1, 31))
        let report = try ReturnsTests.report(portfolio, name: "ISA", period: .month, from: nil, to: local(2024, 2, 1) - 1)
        let row = try #require(report.rows.first)
        let money = try #require(row.moneyWeighted, "\(row.notes)")
        // −80 % over the month, less a hair: the period runs from the second before the
        // deposit (the start value's instant), so the deposit grows for a second less.
        #expect(abs(money.period - -0.8) < 1e-6, "\(money)")
        #expect(money.annualised > -1.000_000_1 && money.annualised < -0.999_999)
        #expect(!row.notes.contains(.noMoneyWeightedSolution))
        let time = try #require(row.timeWeighted)
        #expect(abs(time.period - -0.8) < 1e-12)
    }

    @Test func aLossOfNearlyEverythingInADayHasASolution() throws {
        // 1 − 10⁻⁶ lost in one day: (10⁻⁶)^365 a year is far below what a Double holds
        // beside 1, yet the rate over the day is exact.
        let day = 86_400 / ReturnMath.yearSeconds
        let growth = try #require(ReturnMath.xirrGrowth([(0, -1_000_000), (day, 1)]))
        #expect(abs(RealMath.expm1(growth * day) - -0.999_999) < 1e-12)
        #expect(ReturnMath.xirr([(0, -1_000_000), (day, 1)]) == -1)
    }

    @Test func aGainOfAThousandfoldInAnHourHasASolution() throws {
        let hour = 3_600 / ReturnMath.yearSeconds
        let growth = try #require(ReturnMath.xirrGrowth([(0, -1), (hour, 1_000)]))
        #expect(abs(RealMath.expm1(growth * hour) - 999) < 1e-6)
    }

    /// Net present value at yearly log growth `growth`, scaled so no term overflows, and the
    /// size of its terms: the root's test is relative to the terms.
    static func scaledNPV(_ flows: [(years: Double, amount: Double)], growth: Double) -> (value: Double, size: Double) {
        let reference = growth < 0 ? flows.map(\.years).max() ?? 0 : flows.map(\.years).min() ?? 0
        var value = 0.0, size = 0.0
        for flow in flows {
            let term = flow.amount * RealMath.exp(-growth * (flow.years - reference))
            value += term
            size += abs(term)
        }
        return (value, size)
    }

    @Test func everySignChangeOfRandomCashFlowsIsSolved() throws {
        var random = SeededRandom(seed: 26_08)
        // Growths from −10⁶ to 10⁶ a year, finer near 0: where the test sees a sign change,
        // the solver must find a root (NPV ≈ 0 relative to its terms).
        var probes: [Double] = [0]
        var step = 1e-3
        while step < 1e6 {
            probes += [step, -step]
            step *= 1.2
        }
        probes.sort()
        var solved = 0
        for trial in 0..<1_000 {
            let spans: [Double] = [1.0 / 365, 31.0 / 365, 1, 10, 40]
            let span = spans.randomElement(using: &random) ?? 1
            var flows: [(years: Double, amount: Double)] = [(0, -Double.random(in: 0...10_000, using: &random))]
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let amount = Double.random(in: 1...10_000, using: &random)
                flows.append((Double.random(in: 0...span, using: &random), Bool.random(using: &random) ? -amount : amount))
            }
            flows.append((span, Double.random(in: 0...20_000, using: &random) * (Int.random(in: 0..<10, using: &random) == 0 ? 0.0001 : 1)))
            flows.sort { $0.years < $1.years }
            let signs = probes.map { Self.scaledNPV(flows, growth: $0).value.sign }
            let changes = zip(signs, signs.dropFirst()).contains { $0 != $1 }
            let growth = ReturnMath.xirrGrowth(flows)
            if changes {
                let found = try #require(growth, "trial \(trial): \(flows)")
                let npv = Self.scaledNPV(flows, growth: found)
                #expect(abs(npv.value) <= 1e-9 * npv.size, "trial \(trial): \(flows) at \(found)")
                solved += 1
            } else if let growth {
                // Found where the probes saw none (a root between two): still a root.
                let npv = Self.scaledNPV(flows, growth: growth)
                #expect(abs(npv.value) <= 1e-9 * npv.size, "trial \(trial): \(flows) at \(growth)")
            }
        }
        // The generator gives a sign change in most trials: the test tests something.
        #expect(solved > 500)
    }
}

/// `value` with two decimals, rounded half away from zero, as the text report shows a percent.
private func format2(_ value: Double) -> String {
    let hundredths = Int64((value * 100).rounded())
    let magnitude = hundredths.magnitude
    return (hundredths < 0 ? "-" : "") + "\(magnitude / 100)." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
}

private func pow(_ base: Double, _ exponent: Double) -> Double { RealMath.exp(exponent * RealMath.log1p(base - 1)) }

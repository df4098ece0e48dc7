// Checked arithmetic, percentages of an amount, and rounding to a cash unit.

import Testing
import MoneyKit

private func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: .usd) }

/// Reads an amount for a table row; the parser has its own tests.
private func money(_ text: String, _ code: String) throws -> Money {
    try Money.parse(text, currency: currency(code))
}

@Suite("Arithmetic")
struct ArithmeticTests {
    @Test func addsSubtractsMultipliesAndNegates() throws {
        #expect(try usd(1250) + usd(75) == usd(1325))
        #expect(try usd(1250) - usd(2000) == usd(-750))
        #expect(try usd(333).multiplied(by: 3) == usd(999))
        #expect(try usd(-250).multiplied(by: -4) == usd(1000))
        #expect(try usd(310).negated() == usd(-310))
        #expect(try usd(.max).negated() == usd(-.max))
        #expect(try usd(.max) + usd(.min) == usd(-1))
        #expect(try usd(.min) - usd(.min) == usd(0))
    }

    struct Overflow: Sendable, CustomTestStringConvertible {
        let name: String
        let operation: @Sendable () throws -> Money
        var testDescription: String { name }
    }

    @Test("results beyond Int64 minor units throw overflow instead of trapping", arguments: [
        Overflow(name: "Int64.max + 1") { try usd(.max) + usd(1) },
        Overflow(name: "Int64.min + (−1)") { try usd(.min) + usd(-1) },
        Overflow(name: "Int64.min − 1") { try usd(.min) - usd(1) },
        Overflow(name: "0 − Int64.min") { try usd(0) - usd(.min) },
        Overflow(name: "Int64.max − (−1)") { try usd(.max) - usd(-1) },
        Overflow(name: "Int64.max × 2") { try usd(.max).multiplied(by: 2) },
        Overflow(name: "Int64.min × −1") { try usd(.min).multiplied(by: -1) },
        Overflow(name: "−Int64.min") { try usd(.min).negated() },
        Overflow(name: "sum past Int64.max") { try Money.sum([usd(.max), usd(-1), usd(2)], currency: .usd) },
    ])
    func overflowThrows(_ overflow: Overflow) {
        let error = #expect(throws: MoneyError.self) { try overflow.operation() }
        #expect(error?.errorCase == .overflow)
    }

    @Test func differentCurrenciesDoNotCombine() {
        let dollars = usd(100)
        let euros = Money(minorUnits: 100, currency: .eur)
        #expect(throws: MoneyError.currencyMismatch("USD", "EUR")) { try dollars + euros }
        #expect(throws: MoneyError.currencyMismatch("EUR", "USD")) { try euros - dollars }
        #expect(throws: MoneyError.currencyMismatch("USD", "EUR")) { try Money.sum([dollars, euros], currency: .usd) }
        #expect(throws: MoneyError.currencyMismatch("USD", "EUR")) { try Money.sum([euros], currency: .usd) }
    }

    @Test func sumOfAmounts() throws {
        #expect(try Money.sum([usd(1), usd(2), usd(-10)], currency: .usd) == usd(-7))
        #expect(try Money.sum([Money](), currency: .jpy) == .zero(.jpy))
    }

    @Test func ordering() {
        #expect(usd(-1) < usd(0))
        #expect(usd(5) < usd(10))
        #expect(!(usd(10) < usd(10)))
        // Different currencies order by code, whatever the amounts.
        #expect(Money(minorUnits: 1_000_000, currency: .eur) < usd(1))
        #expect([usd(3), .zero(.eur), usd(-2)].sorted() == [.zero(.eur), usd(-2), usd(3)])
    }
}

@Suite("Percentage")
struct PercentageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let amount: String
        let code: String
        let percent: String
        let rule: RoundingRule
        let result: String
        init(_ percent: String, of amount: String, _ code: String, _ rule: RoundingRule = .halfUp, is result: String) {
            self.amount = amount
            self.code = code
            self.percent = percent
            self.rule = rule
            self.result = result
        }
        var testDescription: String { "\(percent)% of \(amount) \(code), \(rule) → \(result)" }
    }

    @Test("percentage of an amount, rounded to the minor unit", arguments: [
        Case("15", of: "10.05", "USD", is: "1.51"),  // 1.5075
        Case("15", of: "-10.05", "USD", is: "-1.51"),
        Case("12.5", of: "100.00", "USD", is: "12.50"),
        Case("12.5", of: "80.00", "USD", is: "10.00"),
        Case("12.5", of: "10.01", "USD", is: "1.25"),  // 1.25125
        Case("12.5", of: "1.001", "KWD", is: "0.125"),  // 0.125125
        // Ties: half up goes away from zero, half even to the even neighbour.
        Case("12.5", of: "0.20", "USD", .halfUp, is: "0.03"),  // 0.025
        Case("12.5", of: "0.20", "USD", .halfEven, is: "0.02"),
        Case("12.5", of: "0.28", "USD", .halfUp, is: "0.04"),  // 0.035
        Case("12.5", of: "0.28", "USD", .halfEven, is: "0.04"),
        Case("12.5", of: "-0.20", "USD", .halfUp, is: "-0.03"),
        Case("12.5", of: "-0.20", "USD", .halfEven, is: "-0.02"),
        Case("12.5", of: "-0.28", "USD", .halfEven, is: "-0.04"),
        Case("10", of: "145", "JPY", .halfUp, is: "15"),  // 14.5
        Case("10", of: "145", "JPY", .halfEven, is: "14"),
        Case("10", of: "155", "JPY", .halfEven, is: "16"),  // 15.5
        Case("10", of: "-145", "JPY", .halfUp, is: "-15"),
        // Not ties: both rules give the nearest.
        Case("15", of: "10.05", "USD", .halfEven, is: "1.51"),
        Case("10", of: "0.14", "USD", .halfEven, is: "0.01"),  // 0.014
        Case("10", of: "0.16", "USD", .halfEven, is: "0.02"),  // 0.016
        // The directed rules on 0.025 and −0.025.
        Case("12.5", of: "0.20", "USD", .down, is: "0.02"),
        Case("12.5", of: "-0.20", "USD", .down, is: "-0.02"),
        Case("12.5", of: "0.20", "USD", .up, is: "0.03"),
        Case("12.5", of: "-0.20", "USD", .up, is: "-0.03"),
        Case("12.5", of: "0.20", "USD", .ceiling, is: "0.03"),
        Case("12.5", of: "-0.20", "USD", .ceiling, is: "-0.02"),
        Case("12.5", of: "0.20", "USD", .floor, is: "0.02"),
        Case("12.5", of: "-0.20", "USD", .floor, is: "-0.03"),
        // Whole, zero, more than 100 and negative percentages.
        Case("0", of: "99.99", "USD", is: "0.00"),
        Case("100", of: "99.99", "USD", is: "99.99"),
        Case("250", of: "2.00", "USD", is: "5.00"),
        Case("-10", of: "1.00", "USD", is: "-0.10"),
        Case("0.001", of: "1000000.00", "USD", is: "10.00"),
    ])
    func percentageOfAmount(_ testCase: Case) throws {
        let amount = try money(testCase.amount, testCase.code)
        let percentage = try Percentage(parsing: testCase.percent)
        let result = try amount.percentage(percentage, rounding: testCase.rule)
        #expect(result == (try money(testCase.result, testCase.code)))
    }

    @Test func defaultRuleIsHalfUp() throws {
        let amount = usd(20)  // 12.5 % of 0.20 is 0.025, a tie
        #expect(try amount.percentage(Percentage(parsing: "12.5")) == usd(3))
    }

    @Test func percentageThatOverflowsThrows() {
        let error = #expect(throws: MoneyError.self) { try usd(.max).percentage(Percentage(200)) }
        #expect(error?.errorCase == .overflow)
    }

    #if os(Linux) || os(macOS) || os(Windows)
    /// Runs in a child process (an exit test): a trap would end the whole test run.
    @Test("a percentage with 17 or 18 decimals throws or rounds, never traps")
    func percentageWithManyDecimalsDoesNotTrap() async {
        await #expect(processExitsWith: .success) {
            for text in ["0.00000000000000001", "0.000000000000000001"] {
                let percentage = try Percentage(parsing: text)  // DecimalText accepts up to 18 decimals
                _ = try? Money(minorUnits: 10000, currency: .usd).percentage(percentage)
            }
        }
    }
    #endif

    @Test("percentage text is read strictly", arguments: [
        ("12.5%", 125, 1, "12.5"),
        ("12.5", 125, 1, "12.5"),
        (" 12.5 % ", 125, 1, "12.5"),
        ("15", 15, 0, "15"),
        ("15%", 15, 0, "15"),
        ("12.50%", 125, 1, "12.5"),  // trailing zeros are dropped
        ("100.00", 100, 0, "100"),
        ("0.5%", 5, 1, "0.5"),
        ("-3", -3, 0, "-3"),
        (".25%", 25, 2, "0.25"),
        ("10", 10, 0, "10"),
        ("12,5", 125, 1, "12.5"),  // a decimal comma, as amounts print in many locales
        ("1,5%", 15, 1, "1.5"),
        (",25 %", 25, 2, "0.25"),
    ] as [(String, Int64, Int, String)])
    func parsesPercentage(input: String, significand: Int64, scale: Int, description: String) throws {
        let percentage = try Percentage(parsing: input)
        #expect(percentage.value == DecimalText(significand: significand, scale: scale))
        #expect(percentage.description == description)
    }

    @Test("bad percentage text is refused", arguments: ["", "%", "abc%", "12.5%%", "1,2,5%", "1.5,0", "1,5.0", "1e2%", "12.5.1", "%12"])
    func rejectsPercentage(_ input: String) {
        let error = #expect(throws: MoneyError.self) { try Percentage(parsing: input) }
        #expect(error?.errorCase == .invalidAmount)
    }

    @Test func wholePercentage() {
        #expect(Percentage(15).description == "15")
        #expect(Percentage(15) == (try? Percentage(parsing: "15%")))
    }

    @Test func isWithinRange() throws {
        #expect(try Percentage(parsing: "12.5").isWithin(0...100))
        #expect(try Percentage(parsing: "100.00").isWithin(0...100))
        #expect(try Percentage(parsing: "0").isWithin(0...100))
        #expect(try !Percentage(parsing: "100.01").isWithin(0...100))
        #expect(try !Percentage(parsing: "-0.5").isWithin(0...100))
    }
}

@Suite("Rounding to a multiple")
struct RoundingToMultipleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let amount: String
        let code: String
        let unit: Int64
        let rule: RoundingRule
        let result: String
        init(_ amount: String, _ code: String, to unit: Int64, _ rule: RoundingRule = .halfUp, is result: String) {
            self.amount = amount
            self.code = code
            self.unit = unit
            self.rule = rule
            self.result = result
        }
        var testDescription: String { "\(amount) \(code) to \(unit), \(rule) → \(result)" }
    }

    @Test("rounded(toMultipleOf:)", arguments: [
        Case("12.49", "NOK", to: 100, is: "12.00"),
        Case("12.50", "NOK", to: 100, is: "13.00"),
        Case("12.51", "NOK", to: 100, is: "13.00"),
        Case("-12.50", "NOK", to: 100, is: "-13.00"),
        Case("12.50", "NOK", to: 100, .halfEven, is: "12.00"),
        Case("13.50", "NOK", to: 100, .halfEven, is: "14.00"),
        Case("-12.50", "NOK", to: 100, .halfEven, is: "-12.00"),
        Case("12.01", "NOK", to: 100, .up, is: "13.00"),
        Case("12.99", "NOK", to: 100, .down, is: "12.00"),
        Case("0.07", "CHF", to: 5, is: "0.05"),
        Case("0.08", "CHF", to: 5, is: "0.10"),
        Case("1.02", "CHF", to: 5, is: "1.00"),
        Case("1.03", "CHF", to: 5, is: "1.05"),
        Case("-1.03", "CHF", to: 5, is: "-1.05"),
        Case("-1.02", "CHF", to: 5, .floor, is: "-1.05"),
        Case("-1.04", "CHF", to: 5, .ceiling, is: "-1.00"),
        Case("12.34", "USD", to: 1, is: "12.34"),
        Case("1234", "JPY", to: 1000, is: "1000"),
    ])
    func roundedToMultiple(_ testCase: Case) throws {
        let amount = try money(testCase.amount, testCase.code)
        let rounded = try amount.rounded(toMultipleOf: testCase.unit, rule: testCase.rule)
        #expect(rounded == (try money(testCase.result, testCase.code)))
    }

    @Test("roundedForCash uses the currency's cash unit", arguments: [
        ("99.49", "NOK", "99.00"),
        ("99.50", "NOK", "100.00"),
        ("-0.50", "NOK", "-1.00"),
        ("19.97", "CHF", "19.95"),
        ("19.98", "CHF", "20.00"),
        ("4.97", "CAD", "4.95"),
        ("4.98", "CAD", "5.00"),
        ("12.34", "USD", "12.34"),  // no cash rounding: unchanged
        ("12.34", "EUR", "12.34"),
        ("1235", "JPY", "1235"),
    ])
    func roundedForCash(amount: String, code: String, result: String) throws {
        #expect(try money(amount, code).roundedForCash() == money(result, code))
    }

    @Test func roundedForCashTakesARule() throws {
        #expect(try money("12.50", "NOK").roundedForCash(rule: .halfEven) == money("12.00", "NOK"))
        #expect(try money("12.01", "NOK").roundedForCash(rule: .ceiling) == money("13.00", "NOK"))
    }

    @Test("the unit must be positive", arguments: [0, -5, Int64.min])
    func nonPositiveUnit(_ unit: Int64) {
        let error = #expect(throws: MoneyError.self) { try usd(100).rounded(toMultipleOf: unit) }
        #expect(error?.errorCase == .invalidArgument)
    }

    @Test func roundingPastTheLimitThrows() throws {
        let error = #expect(throws: MoneyError.self) { try usd(.max).rounded(toMultipleOf: 100, rule: .up) }
        #expect(error?.errorCase == .overflow)
        let negative = #expect(throws: MoneyError.self) { try usd(.min).rounded(toMultipleOf: 100, rule: .up) }
        #expect(negative?.errorCase == .overflow)
        #expect(try usd(.max).rounded(toMultipleOf: 100, rule: .down) == usd(.max - 7))
    }
}

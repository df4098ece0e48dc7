// Money.parse: the strict reader of amounts typed by people or found in files.

import Testing
import MoneyKit

/// Which case of `MoneyError` was thrown, ignoring the associated texts (whose wording
/// is for people, not for tests).
enum MoneyErrorCase: Equatable, Sendable {
    case invalidAmount, tooManyDecimals, overflow, currencyMismatch, unknownCurrency, withdrawnCurrency, invalidArgument
}

extension MoneyError {
    var errorCase: MoneyErrorCase {
        switch self {
        case .invalidAmount, .ambiguousSeparator: return .invalidAmount
        case .tooManyDecimals: return .tooManyDecimals
        case .overflow: return .overflow
        case .currencyMismatch: return .currencyMismatch
        case .unknownCurrency: return .unknownCurrency
        case .withdrawnCurrency: return .withdrawnCurrency
        case .invalidArgument: return .invalidArgument
        }
    }
}

func currency(_ code: String) -> Currency {
    guard let found = Currency(code: code) else { fatalError("test uses unknown currency \(code)") }
    return found
}

/// The input as the parser quotes it back: without surrounding whitespace.
private func trimmed(_ text: String) -> String {
    String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
}

struct GoodAmount: Sendable, CustomTestStringConvertible {
    let input: String
    let code: String
    let minorUnits: Int64
    init(_ input: String, _ code: String, _ minorUnits: Int64) {
        self.input = input
        self.code = code
        self.minorUnits = minorUnits
    }
    var testDescription: String { "\"\(input)\" \(code) → \(minorUnits)" }
}

struct BadAmount: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case invalidAmount
        case ambiguous
        case tooManyDecimals(allowed: Int)
        case overflow
    }
    let input: String
    let code: String
    let expected: Expected
    init(_ input: String, _ code: String, _ expected: Expected) {
        self.input = input
        self.code = code
        self.expected = expected
    }
    var testDescription: String { "\"\(input)\" \(code) → \(expected)" }
}

@Suite("Money parsing")
struct MoneyParsingTests {
    static let goodAmounts: [GoodAmount] = [
        GoodAmount("12", "USD", 1200),
        GoodAmount("12.5", "USD", 1250),
        GoodAmount("12.50", "USD", 1250),
        GoodAmount("-3.10", "USD", -310),
        GoodAmount("0.07", "USD", 7),
        GoodAmount("1234567.89", "USD", 123_456_789),
        GoodAmount(".5", "USD", 50),
        GoodAmount("-.05", "USD", -5),
        GoodAmount("+4", "USD", 400),
        GoodAmount("0", "USD", 0),
        GoodAmount("-0.00", "USD", 0),
        GoodAmount("007.10", "USD", 710),
        GoodAmount("$12.50", "USD", 1250),
        GoodAmount("US$1", "USD", 100),
        GoodAmount("USD 12.50", "USD", 1250),
        GoodAmount("usd 7", "USD", 700),
        GoodAmount("USD12", "USD", 1200),
        GoodAmount("-$3.10", "USD", -310),
        GoodAmount("$.5", "USD", 50),
        GoodAmount("12.50", "USD", 1250),
        GoodAmount("500", "JPY", 500),
        GoodAmount("¥500", "JPY", 500),
        GoodAmount("1.234", "KWD", 1234),
        GoodAmount("1.2345", "CLF", 12345),
        GoodAmount("£20", "GBP", 2000),
        GoodAmount("€0.01", "EUR", 1),
        GoodAmount("kr 20", "NOK", 2000),
        GoodAmount("KSh 50", "KES", 5000),
        GoodAmount("  12.50  ", "USD", 1250),
        GoodAmount("\t-3.10\n", "USD", -310),
        GoodAmount("92233720368547758.07", "USD", Int64.max),
        GoodAmount("-92233720368547758.07", "USD", -Int64.max),
        GoodAmount("9223372036854775807", "JPY", Int64.max),
        // Written as the tools print them (issue 13, item 17): see AmountNotationTests.
        GoodAmount("1,5", "USD", 150),
        GoodAmount("1,000.00", "USD", 100_000),
        GoodAmount("1 000", "USD", 100_000),
        GoodAmount("12 USD", "USD", 1200),
    ]

    static let badAmounts: [BadAmount] = [
        // A point before exactly three digits could group thousands: see NotationTable.
        BadAmount("12.345", "USD", .ambiguous),
        BadAmount("12.500", "USD", .ambiguous),
        BadAmount("1234.501", "USD", .tooManyDecimals(allowed: 2)),
        // Never more decimals than the currency has, zeros included (issue 26, item 1).
        BadAmount("12.000000", "USD", .tooManyDecimals(allowed: 2)),
        BadAmount("500.0", "JPY", .tooManyDecimals(allowed: 0)),
        BadAmount("0.500", "USD", .tooManyDecimals(allowed: 2)),
        BadAmount("1.5", "JPY", .tooManyDecimals(allowed: 0)),
        BadAmount("1.2345", "KWD", .tooManyDecimals(allowed: 3)),
        BadAmount("0.00001", "CLF", .tooManyDecimals(allowed: 4)),
        BadAmount("12abc", "USD", .invalidAmount),
        BadAmount("1e3", "USD", .invalidAmount),
        BadAmount("1E3", "USD", .invalidAmount),
        BadAmount("NaN", "USD", .invalidAmount),
        BadAmount("inf", "USD", .invalidAmount),
        BadAmount("", "USD", .invalidAmount),
        BadAmount("   ", "USD", .invalidAmount),
        BadAmount("--5", "USD", .invalidAmount),
        BadAmount(".", "USD", .invalidAmount),
        BadAmount("-", "USD", .invalidAmount),
        BadAmount("+-5", "USD", .invalidAmount),
        BadAmount("- 5", "USD", .invalidAmount),
        BadAmount("5-", "USD", .invalidAmount),
        BadAmount("12.", "USD", .invalidAmount),
        BadAmount("1_000", "USD", .invalidAmount),
        BadAmount("$", "USD", .invalidAmount),
        BadAmount("USD", "USD", .invalidAmount),
        BadAmount("$$12", "USD", .invalidAmount),
        BadAmount("€12", "USD", .invalidAmount),
        BadAmount("EUR 12", "USD", .invalidAmount),
        BadAmount("£12", "EUR", .invalidAmount),
        BadAmount("0x10", "USD", .invalidAmount),
        BadAmount("١٢", "USD", .invalidAmount),
        BadAmount("１２", "USD", .invalidAmount),
        BadAmount("½", "USD", .invalidAmount),
        BadAmount("12%", "USD", .invalidAmount),
        BadAmount("12..5", "USD", .invalidAmount),
        BadAmount("1.2.3", "USD", .invalidAmount),
        BadAmount("92233720368547758.08", "USD", .overflow),
        BadAmount("-92233720368547758.09", "USD", .overflow),
        BadAmount("99999999999999999999", "USD", .overflow),
        BadAmount("92233720368547758.1", "USD", .overflow),
        BadAmount("100000000000000000", "USD", .overflow),
        BadAmount("9223372036854775808", "JPY", .overflow),
    ]

    @Test("reads a good amount", arguments: goodAmounts)
    func readsGoodAmount(_ good: GoodAmount) throws {
        let money = try Money.parse(good.input, currency: currency(good.code))
        #expect(money.minorUnits == good.minorUnits)
        #expect(money.currency.code == good.code)
    }

    @Test("rejects a bad amount with the right error, naming the input", arguments: badAmounts)
    func rejectsBadAmount(_ bad: BadAmount) throws {
        let error = try #require(throws: MoneyError.self) {
            try Money.parse(bad.input, currency: currency(bad.code))
        }
        let quoted = trimmed(bad.input)
        #expect(error.description.contains("'\(quoted)'"), "description should quote the input: \(error)")
        switch (bad.expected, error) {
        case (.invalidAmount, .invalidAmount(let input, let reason)):
            #expect(input == quoted)
            #expect(!reason.isEmpty)
        case (.tooManyDecimals(let allowed), .tooManyDecimals(let input, let code, let actualAllowed)):
            #expect(input == quoted)
            #expect(code == bad.code)
            #expect(actualAllowed == allowed)
        case (.overflow, .overflow):
            break
        case (.ambiguous, .ambiguousSeparator(let input, _, _, _, _)):
            #expect(input == quoted)
        default:
            Issue.record("expected \(bad.expected), got \(error)")
        }
    }

    @Test("the tables cover at least 40 inputs")
    func tableSize() {
        #expect(Self.goodAmounts.count + Self.badAmounts.count >= 40)
    }

    struct Plain: Sendable, CustomTestStringConvertible {
        let minorUnits: Int64
        let code: String
        let text: String
        var testDescription: String { "\(minorUnits) \(code) → \(text)" }
    }

    @Test("plainString writes exactly the currency's decimals", arguments: [
        Plain(minorUnits: 1234, code: "USD", text: "12.34"),
        Plain(minorUnits: -5, code: "USD", text: "-0.05"),
        Plain(minorUnits: 0, code: "USD", text: "0.00"),
        Plain(minorUnits: 500, code: "JPY", text: "500"),
        Plain(minorUnits: -500, code: "JPY", text: "-500"),
        Plain(minorUnits: 1234, code: "KWD", text: "1.234"),
        Plain(minorUnits: 7, code: "CLF", text: "0.0007"),
        Plain(minorUnits: 123_456_789, code: "USD", text: "1234567.89"),
        Plain(minorUnits: .max, code: "USD", text: "92233720368547758.07"),
        Plain(minorUnits: .min, code: "USD", text: "-92233720368547758.08"),
    ])
    func plainString(_ plain: Plain) {
        let money = Money(minorUnits: plain.minorUnits, currency: currency(plain.code))
        #expect(money.plainString == plain.text)
        #expect(money.description == "\(plain.text) \(plain.code)")
    }

    @Test("parse reads back what plainString writes, for 5,000 random amounts")
    func plainStringRoundTrip() throws {
        var generator = SplitMix64(seed: 0x5EED_0001)
        for caseNumber in 0..<5000 {
            let currency = Currency.all.randomElement(using: &generator)!
            var minorUnits = generator.amount()
            if minorUnits == .min { minorUnits += 1 }  // see minimumAmountRoundTrip
            let money = Money(minorUnits: minorUnits, currency: currency)
            let parsed = try Money.parse(money.plainString, currency: currency)
            try #require(parsed == money, "case \(caseNumber): \(money.plainString) read back as \(parsed)")
        }
    }

    @Test("the smallest amount (Int64.min minor units) reads back from its own text")
    func minimumAmountRoundTrip() throws {
        let money = Money(minorUnits: .min, currency: .usd)
        let parsed = try Money.parse(money.plainString, currency: .usd)
        #expect(parsed == money)
    }

    @Test("trailing zeros beyond the currency's decimals are refused as such, never as an overflow", arguments: [
        "92233720368547758.070", "1.0000000000000000000", "1.0000000000000000000000000000",
    ])
    func trailingZerosNearTheLimit(input: String) throws {
        #expect(throws: MoneyError.tooManyDecimals(input: input, currency: "USD", allowed: 2)) {
            try Money.parse(input, currency: .usd)
        }
    }
}

/// A plain decimal takes a short path through Money.parse; the same number followed by
/// the currency's code takes the full reading. Both must agree, value or error alike.
/// The edges (every count of decimals from none to more than the currency has, trailing
/// zeros, both signs, zero, the largest amounts and just beyond) and a seeded sample of
/// random amounts; the full reading costs about half a millisecond, so the 2,000 random
/// amounts per currency run only in Tests/Reliability/run.sh.
@Test(arguments: ["USD", "JPY", "KWD", "NOK", "CLF"])
func plainDecimalsReadAsTheFullReadingDoes(code: String) throws {
    let currency = try #require(Currency(code: code))
    var texts: [String] = []
    for sign in ["", "-"] {
        for whole in ["0", "7", "1234567", "92233720368547758", "922337203685477580"] {
            texts.append(sign + whole)
            for decimals in 1...5 {
                texts.append(sign + whole + "." + String("9876543".prefix(decimals)))
                texts.append(sign + whole + "." + String("1000000".prefix(decimals)))
            }
        }
    }
    let randomCount = ReliabilityScale.size(quick: 150, full: 2_000)
    var generator = SplitMix64(seed: 0x4D4B_5041_5253)
    for _ in 0..<randomCount {
        let whole = String(generator.next() % 10_000_000)
        let decimals = Int(generator.next() % 6)
        let fraction = String(String(generator.next()).prefix(decimals))
        let sign = generator.next() % 4 == 0 ? "-" : ""
        texts.append(sign + whole + (fraction.isEmpty ? "" : "." + fraction))
    }
    for text in texts {
        let plain = Result { () throws(MoneyError) -> Money in try Money.parse(text, currency: currency) }
        let full = Result { () throws(MoneyError) -> Money in try Money.parse(text + " " + code, currency: currency) }
        switch (plain, full) {
        case (.success(let a), .success(let b)): #expect(a == b, "\(text) \(code)")
        case (.failure(let a), .failure(let b)): #expect(a.errorCase == b.errorCase, "\(text) \(code): \(a) against \(b)")
        default: Issue.record("\(text) \(code): \(plain) against \(full)")
        }
    }
}

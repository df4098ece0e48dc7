// A count's arithmetic: sections, totals, how it stands against the float and the
// expected cash, labels, and the refusal of what does not fit.

import MoneyKit
import Testing
import TillKit

@Suite struct TillSummaryTests {
    static func summary(_ words: [String], float: String = "0", expected: String? = nil, currency: Currency = Fixture.gbp) throws -> TillSummary {
        var state = TillState()
        let set = Fixture.set(currency)
        for word in words {
            let parts = word.split(separator: "=").map(String.init)
            state.quantities[try DenominationToken.parse(parts[0], set: set, currency: currency), default: 0] += Int64(parts[1]) ?? 0
        }
        state.floatMinorUnits = Fixture.money(float, currency).minorUnits
        return try TillSummary(state: state, set: set, currency: currency, expected: expected.map { Fixture.money($0, currency) })
    }

    @Test func sectionsSubtotalsAndPieces() throws {
        let summary = try Self.summary(["20=4", "0.50=14", "roll:1=2"], float: "100")
        #expect(summary.looseTotal == Fixture.money("87"))
        #expect(summary.rollTotal == Fixture.money("40"))
        #expect(summary.total == Fixture.money("127"))
        #expect(summary.loosePieces == 18)
        #expect(summary.rollPieces == 40)
        #expect(summary.counted.map(\.token) == ["20", "0.50", "roll:1"])
        #expect(summary.standing == .deposit(Fixture.money("27")))
        #expect(!summary.isShort)
        // Every denomination is a line, counted or not; loose before rolls.
        #expect(summary.lines.count > summary.counted.count)
        #expect(summary.lines.firstIndex { $0.item.kind == .roll }.map { index in summary.lines[index...].allSatisfy { $0.item.kind == .roll } } == true)
    }

    /// (float, expected, standing, over/short, short?): the cases TillcountCountTests
    /// checks through `show --check`.
    static let standings: [(String, String?, Standing, String?, Bool)] = [
        ("100", nil, .deposit(Fixture.money("27")), nil, false),
        ("127", nil, .deposit(Fixture.money("0")), nil, false),
        ("130", nil, .short(Fixture.money("3")), nil, true),
        ("100", "127", .deposit(Fixture.money("27")), "0.00", false),
        ("100", "130", .deposit(Fixture.money("27")), "-3.00", true),
        ("100", "120", .deposit(Fixture.money("27")), "7.00", false),
    ]

    @Test(arguments: standings)
    func depositOrShortAgainstFloatAndExpected(float: String, expected: String?, standing: Standing, overShort: String?, short: Bool) throws {
        let summary = try Self.summary(["20=4", "0.50=14", "roll:1=2"], float: float, expected: expected)
        #expect(summary.standing == standing)
        #expect(summary.overShort?.plainString == overShort)
        #expect(summary.isShort == short)
    }

    @Test func anOverflowingCountIsRefusedNotWrapped() throws {
        #expect(throws: TillError.self) { try Self.summary(["0.01=9223372036854775807", "0.02=1"]) }
        #expect(throws: TillError.self) { try Self.summary(["roll:1=9223372036854775807"]) }
        let largest = try Self.summary(["0.01=9223372036854775807"])
        #expect(largest.total.minorUnits == Int64.max)
        #expect(largest.loosePieces == Int64.max)
        // total − expected must fit.
        var state = TillState()
        state.quantities[TillItem(kind: .coin, minorUnits: 1)] = Int64.max
        do {
            _ = try TillSummary(state: state, set: Fixture.set(Fixture.gbp), currency: Fixture.gbp, expected: Money(minorUnits: Int64.min, currency: Fixture.gbp))
            Issue.record("an expected amount out of range was accepted")
        } catch {
            guard case .expectedOutOfRange = error else { Issue.record("\(error)"); return }
        }
    }

    @Test func aCountedRollWithNoDefinitionIsAnError() throws {
        var state = TillState()
        state.quantities[TillItem(kind: .roll, minorUnits: 7)] = 2
        #expect(throws: TillError.rollNoLongerDefined(quantity: 2, token: "roll:0.07")) {
            try TillSummary(state: state, set: Fixture.set(Fixture.gbp), currency: Fixture.gbp)
        }
    }

    @Test func aRollKeepsTheSizeItWasCountedWith() throws {
        var state = TillState()
        state.quantities[TillItem(kind: .roll, minorUnits: 100)] = 1
        state.rollDefinitions[100] = CoinRoll(coinMinorUnits: 100, count: 25, packaging: .bag)
        let summary = try TillSummary(state: state, set: state.countingSet(Fixture.set(Fixture.gbp)), currency: Fixture.gbp)
        #expect(summary.total == Fixture.money("25"))
        #expect(summary.counted.first?.label == "£1 bag of 25")
    }

    @Test(arguments: ["GBP", "USD", "EUR", "JPY", "NOK", "CHF"])
    func labelsUseTheSameSymbolAsAmounts(code: String) throws {
        let currency = try #require(Currency(code: code))
        let set = Fixture.set(currency)
        let note = try #require(set.denominations.first { $0.kind == .note })
        let label = TillSummary.label(TillItem(kind: .note, minorUnits: note.minorUnits), set: set, currency: currency)
        let amount = Money(minorUnits: note.minorUnits, currency: currency).plainString
        #expect(!label.isEmpty)
        #expect(label != amount, "\(code): a note is named with its symbol, not as a bare amount")
    }

    @Test func quantityByValueCountsWholePiecesOnly() throws {
        let set = Fixture.set(Fixture.gbp)
        let coin = TillItem(kind: .coin, minorUnits: 20)
        #expect(try QuantityByValue.quantity(of: coin, worth: Fixture.money("12.40"), text: "12.40", set: set, currency: Fixture.gbp) == 62)
        #expect(throws: TillError.valueNotWhole(text: "12.50", label: "20p", below: Fixture.money("12.40"), above: Fixture.money("12.60"))) {
            try QuantityByValue.quantity(of: coin, worth: Fixture.money("12.50"), text: "12.50", set: set, currency: Fixture.gbp)
        }
        #expect(throws: TillError.negativeValue(text: "-1")) {
            try QuantityByValue.quantity(of: coin, worth: Fixture.money("-1"), text: "-1", set: set, currency: Fixture.gbp)
        }
        let roll = TillItem(kind: .roll, minorUnits: 100)
        #expect(try QuantityByValue.quantity(of: roll, worth: Fixture.money("40"), text: "40", set: set, currency: Fixture.gbp) == 2)
        #expect(throws: TillError.valueDenominationTooLarge) {
            try QuantityByValue.quantity(of: TillItem(kind: .roll, minorUnits: Int64.max), worth: Fixture.money("1"), text: "1",
                                         set: DenominationSet(currencyCode: "GBP", denominations: [], rolls: [CoinRoll(coinMinorUnits: Int64.max, count: 2)], hasStandardRolls: false, rollNote: nil),
                                         currency: Fixture.gbp)
        }
    }

    @Test func notePlaceholdersAreFilledWhenTheLineIsAdded() throws {
        let deposit = try Self.summary(["20=4", "0.50=14", "roll:1=2"], float: "100")
        let moment = NoteMoment(time: "2026-01-02 17:30")
        #expect(try NotePlaceholders.fill("Closed at {time}: {total}, {discrepancy}", state: TillState(), summary: deposit, moment: moment)
            == "Closed at 2026-01-02 17:30: £127.00, deposit £27.00")
        let short = try Self.summary(["20=1"], float: "23")
        #expect(try NotePlaceholders.fill("{discrepancy}{discrepancy}", state: TillState(), summary: short, moment: moment)
            == "short by £3.00short by £3.00")
        // An unknown placeholder, or an unclosed one, is refused: never kept raw.
        #expect(throws: TillError.self) { try NotePlaceholders.fill("{unknown}", state: TillState(), summary: short, moment: moment) }
        #expect(throws: TillError.self) { try NotePlaceholders.fill("{total", state: TillState(), summary: short, moment: moment) }
        #expect(try NotePlaceholders.fill("", state: TillState(), summary: short, moment: moment) == "")
    }
}

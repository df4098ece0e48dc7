// A blind count leaves the expected cash, the sales and over/short out of the standing
// (so no renderer can show them); a tolerance flags over/short beyond it, either way, and
// decides `show --check`.

import Foundation
import MoneyKit
import Testing
import TillKit

@Suite struct TillBlindToleranceTests {
    /// £215 counted, float £100, sales £120: expected £220, short by £5.
    static func till() throws -> (Till, InMemoryTillRepository) {
        let (till, live, _) = try TillExpectedCashTests.till()
        _ = try TillExpectedCashTests.record(till, .sale, "120")
        return (till, live)
    }

    @Test func aBlindCountHidesTheExpectedCashSalesAndOverShort() throws {
        let (till, live) = try Self.till()
        let open = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        #expect(open.summary.overShort == Fixture.money("-5"))
        // Blind for one command.
        let once = try till.standing(Fixture.choice()) { _ in StandingRequest(blind: true) }
        #expect(once.isBlind)
        #expect(once.summary.expected == nil && once.summary.overShort == nil && once.cash == nil)
        #expect(once.isBeyondTolerance == nil)
        #expect(once.summary.total == Fixture.money("215"), "the count itself stays")
        #expect(!live.state.isBlind, "--blind is not kept")
        // Blind for the till: kept, undoable, and stronger than --expected.
        #expect(try till.setBlind(true, action: "blind on"))
        #expect(try !till.setBlind(true, action: "blind on"), "no step when nothing changes")
        let blind = try till.standing(Fixture.choice()) { _ in StandingRequest(expected: Fixture.money("1"), tolerance: Fixture.money("0")) }
        #expect(blind.isBlind && blind.summary.expected == nil && blind.isBeyondTolerance == nil)
        #expect(try till.undo(skipped: { _, _ in }) == .liveCount(action: "blind on"))
        #expect(!live.state.isBlind)
        // clear keeps the setting.
        try till.setBlind(true, action: "blind on")
        try till.clear(keepNotes: false, action: "clear")
        #expect(live.state.isBlind)
    }

    @Test func aToleranceFlagsOverOrShortBeyondItEitherWay() throws {
        let pound = try Tolerance(Fixture.money("1"))
        #expect(!pound.isExceeded(by: Fixture.money("1")))
        #expect(!pound.isExceeded(by: Fixture.money("-1")))
        #expect(pound.isExceeded(by: Fixture.money("1.01")))
        #expect(pound.isExceeded(by: Fixture.money("-1.01")))
        let none = try Tolerance(Fixture.money("0"))
        #expect(!none.isExceeded(by: Fixture.money("0")))
        #expect(none.isExceeded(by: Fixture.money("-0.01")))
        // The extremes compare without overflowing.
        let largest = try Tolerance(Money(minorUnits: Int64.max, currency: Fixture.gbp))
        #expect(!largest.isExceeded(by: Money(minorUnits: Int64.min + 1, currency: Fixture.gbp)))
        #expect(none.isExceeded(by: Money(minorUnits: Int64.min, currency: Fixture.gbp)))
        #expect(throws: TillError.negativeTolerance) { try Tolerance(Fixture.money("-0.01")) }
    }

    @Test func theTillsToleranceIsKeptAndAGivenOneStandsForIt() throws {
        let (till, live) = try Self.till()
        let set = try till.setTolerance(action: "tolerance 10", currency: Fixture.choice()) { _ in Fixture.money("10") }
        #expect(set?.amount == Fixture.money("10"))
        #expect(live.state.toleranceMinorUnits == 1000)
        let within = try till.standing(Fixture.choice()) { _ in StandingRequest() }
        #expect(within.isBeyondTolerance == false)
        #expect(within.check == .passed, "£5 short is within £10")
        let given = try till.standing(Fixture.choice()) { _ in StandingRequest(tolerance: Fixture.money("4.99")) }
        #expect(given.isBeyondTolerance == true)
        #expect(given.check == .failed)
        #expect(throws: TillError.negativeTolerance) {
            try till.setTolerance(action: "tolerance -1", currency: Fixture.choice()) { _ in Fixture.money("-1") }
        }
        #expect(live.state.toleranceMinorUnits == 1000, "nothing stored")
        #expect(try till.setTolerance(action: "tolerance off", currency: Fixture.choice()) { _ in nil } == nil)
        #expect(live.state.toleranceMinorUnits == nil)
        _ = try till.undo(skipped: { _, _ in })
        #expect(live.state.toleranceMinorUnits == 1000)
    }

    /// (float, expected, tolerance, verdict): without an expected cash the float decides;
    /// with one, only being short of it; with a tolerance, being beyond it either way.
    static let checks: [(String, String?, String?, TillCheck)] = [
        ("100", nil, nil, .passed),
        ("216", nil, nil, .failed),
        ("216", nil, "5", .failed),          // no expected cash: the tolerance has nothing to judge
        ("100", "215", nil, .passed),
        ("100", "216", nil, .failed),
        ("300", "200", nil, .passed),        // short of the float, over the expected (drops): passes
        ("100", "200", nil, .passed),        // over by £15, no tolerance
        ("100", "200", "15", .passed),
        ("100", "200", "14.99", .failed),    // over beyond the tolerance
        ("100", "216", "1", .passed),
        ("100", "216.01", "1", .failed),
    ]

    @Test(arguments: checks)
    func theCheckVerdict(float: String, expected: String?, tolerance: String?, verdict: TillCheck) throws {
        let (till, _, _) = Fixture.till()
        _ = try till.setFloat(action: "float", currency: Fixture.choice()) { _ in Fixture.money(float) }
        try Fixture.add(till, "20=10", "5=3")
        let standing = try till.standing(Fixture.choice()) { _ in
            StandingRequest(expected: expected.map { Fixture.money($0) }, tolerance: tolerance.map { Fixture.money($0) })
        }
        #expect(standing.check == verdict)
    }
}

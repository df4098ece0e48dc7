// A blind count: the expected cash, the cash sales and over/short stay hidden in show,
// report (every format), movements, sales and the counting screen, until the count is
// saved; save then says over/short. --check and {expected} are refused, as they would tell.

import Foundation
import Testing

@Suite struct TillcountBlindTests {
    /// The figures that must not show on a blind count of TillcountExpectedTests.shift.
    static let hidden = ["219.90", "4.90", "312.40"]

    static func assertHidden(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for figure in hidden {
            #expect(!text.contains(figure), "\(what) shows \(figure):\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func aBlindTillHidesTheExpectedCashEverywhereUntilSaved() throws {
        let till = try TillcountExpectedTests.shift()
        try till.ok("tolerance", "1")
        let set = try till.ok("blind", "on")
        #expect(set.stderr.contains("Blind"))
        #expect(try till.ok("blind").stdout == "on\n")
        let shown = try till.ok("show").stdout
        Self.assertHidden(shown, "show")
        #expect(shown.range(of: #"(?m)^Expected\s+hidden\s+blind count: shown once saved$"#, options: .regularExpression) != nil, "\(shown)")
        // What a blind till still shows: the lines, total, float, deposit, and the other movements.
        #expect(shown.range(of: #"(?m)^Total\s+£215\.00$"#, options: .regularExpression) != nil)
        #expect(shown.range(of: #"(?m)^Deposit\s+£115\.00$"#, options: .regularExpression) != nil)
        let json = try till.showJSON()
        #expect(json["blind"] as? Bool == true)
        for key in ["expected", "overShort", "sales", "beyondTolerance"] { #expect(json[key] == nil, "show json has \(key)") }
        #expect(json["total"] as? String == "215.00")
        for format in ["json", "csv", "tsv"] {
            Self.assertHidden(try till.ok("show", "--format", format).stdout, "show --format \(format)")
        }
        for format in ["text", "json", "csv", "markdown", "html"] {
            Self.assertHidden(try till.ok("report", "--format", format).stdout, "report --format \(format)")
        }
        #expect(try till.ok("report", "--format", "csv").stdout.contains("blind,,,true"))
        let movements = try till.ok("movements").stdout
        Self.assertHidden(movements, "movements")
        #expect(movements.contains("milk") && movements.contains("£12.50"), "paid-outs stay visible")
        let movementsJSON = try TillcountJSON.object(try till.ok("movements", "--format", "json").stdout)
        #expect(movementsJSON["expected"] is NSNull && movementsJSON["sales"] is NSNull)
        Self.assertHidden(try till.ok("movements", "--format", "csv").stdout, "movements csv")
        // Readings that would tell are refused (64), and change nothing.
        let before = till.stateBytes()
        for arguments in [["sales"], ["show", "--check"], ["note", "{expected}"]] {
            let result = try till.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("blind"), "\(result.stderr)")
            Self.assertHidden(result.stdout + result.stderr, "\(arguments)")
        }
        #expect(till.stateBytes() == before)
        // A sale recorded on a blind till: undo does not tell it afterwards.
        try till.ok("sales", "77.77")
        let undone = try till.ok("undo")
        #expect(undone.stderr.hasPrefix("Undid: sales (amount hidden: blind till)."), "\(undone.stderr)")
        #expect(!undone.stderr.contains("77.77"))
        #expect(till.stateBytes().map { !String(decoding: $0, as: UTF8.self).contains("77.77") } == true)
        // Saving files the expected cash and says over/short.
        let saved = try till.ok("save")
        #expect(saved.stderr == "Saved count 1. Expected £219.90: short by £4.90, ! beyond tolerance (£1.00)\n")
        #expect(try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)["overShort"] as? String == "-4.90")
        // Off again (undoable).
        try till.ok("blind", "off")
        #expect(try till.showJSON()["expected"] as? String == "219.90")
        try till.ok("undo")
        #expect(try till.ok("blind").stdout == "on\n")
        #expect(try till.run("blind", "maybe").status == 64)
    }

    @Test func blindForOneCommand() throws {
        let till = try TillcountExpectedTests.shift()
        Self.assertHidden(try till.ok("show", "--blind").stdout, "show --blind")
        Self.assertHidden(try till.ok("show", "--blind", "--format", "json").stdout, "show --blind json")
        Self.assertHidden(try till.ok("report", "--blind", "--format", "json").stdout, "report --blind json")
        let given = try till.ok("show", "--blind", "--expected", "300", "--format", "json").stdout
        #expect(!given.contains("300") && !given.contains("overShort"), "even a given expected figure stays hidden")
        #expect(try till.run("show", "--blind", "--check").status == 64)
        #expect(try till.showJSON()["expected"] as? String == "219.90", "--blind is not kept")
    }

    /// The counting screen in-process (TillcountScreenTests.count, a scripted screen):
    /// blind for one command with --blind, which is not kept.
    @Test func theCountingScreenIsBlindForOneCommand() throws {
        let till = try TillcountExpectedTests.shift()
        let (result, _) = try TillcountScreenTests.count(till, arguments: ["--blind"], [
            .check { screen in
                #expect(screen.contains("Expected hidden (blind)"), "the blind bar:\n\(screen)")
                Self.assertHidden(screen, "count --blind")
            },
            .type("q"),
        ])
        #expect(result.status == 0)
        #expect(try till.ok("blind").stdout == "off\n", "--blind is not kept")
    }

    @Test func theCountingScreenHidesTheExpectedCashWhenBlind() throws {
        let till = try TillcountExpectedTests.shift()
        // Not blind: the bar shows the expected cash and over/short.
        let (plain, _) = try TillcountScreenTests.count(till, [.says("Expected £219.90 short by £4.90"), .type("q")])
        #expect(plain.status == 0)
        try till.ok("blind", "on")
        let (result, _) = try TillcountScreenTests.count(till, [
            .check { screen in
                #expect(screen.contains("Expected hidden (blind)"), "the blind bar:\n\(screen)")
                Self.assertHidden(screen, "the counting screen")
                #expect(screen.contains("Total £215.00"))
            },
            // s saves, and only then says over/short.
            .type("s"),
            .says("Saved as count 1"), .says("Expected £219.90: short by £4.90"),
            .type("q"),
        ])
        #expect(result.status == 0)
        #expect(try TillcountJSON.object(try till.ok("history", "show", "1", "--format", "json").stdout)["expected"] as? String == "219.90")
    }
}

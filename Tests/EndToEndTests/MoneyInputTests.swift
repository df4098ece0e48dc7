// Issue 13, items 17 and 19, through the built tools: amounts typed as the tools print
// them (decimal comma, grouping, the symbol after), the ambiguous `1,500` refused with
// both readings named, in every tool that reads money; and withdrawn ISO 4217 codes
// (BGN since 2026-01-01) refused for new amounts (64) while stores holding them read.

import Foundation
import MoneyKitFormatting
import Testing
@testable import billsplit

@Suite struct MoneyInputTests {
    static let ambiguity = "the ',' could separate thousands or decimals\nhint: write 1500 or 1 500 if you mean thousands, 1.5 if you mean decimals"

    // MARK: billsplit

    @Test("billsplit reads a decimal comma, grouping and the symbol after, as it prints them", arguments: [
        "1847,50", "1 847,50", "1\u{00A0}847,50\u{00A0}kr", "1.847,50", "1,847.50", "kr 1 847,50", "1847.50",
    ])
    func billsplitReadsWhatItPrints(_ amount: String) throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, [amount, "--currency", "NOK", "--no-save", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try BillsplitE2E.jsonObject(result.stdout)["bill"] as? String == "1847.50")
    }

    @Test("billsplit's own text output reads back as its input")
    func billsplitRoundTrip() throws {
        let sandbox = try Sandbox()
        let first = try BillsplitE2E.run(sandbox, ["1847.5", "--currency", "NOK", "--no-save", "--tip", "0"])
        #expect(first.status == 0, "\(first.stderr)")
        let printed = try #require(first.stdout.split(separator: "\n").first { $0.hasPrefix("Bill") })
        let amount = printed.dropFirst("Bill".count).trimmingCharacters(in: .whitespaces)
        #expect(amount == "1\u{00A0}847,50\u{00A0}kr")
        let again = try BillsplitE2E.run(sandbox, [amount, "--currency", "NOK", "--no-save", "--format", "json"])
        #expect(try BillsplitE2E.jsonObject(again.stdout)["bill"] as? String == "1847.50", "\(again.stderr)")
    }

    @Test("billsplit refuses 1,500 naming both readings, on the command line and in batch mode")
    func billsplitRefusesAmbiguousComma() throws {
        let sandbox = try Sandbox()
        let single = try BillsplitE2E.run(sandbox, ["1,500", "--currency", "NOK", "--no-save"])
        #expect(single.status == 65)
        #expect(single.stderr.contains("invalid amount '1,500': " + Self.ambiguity), "\(single.stderr)")
        #expect(single.stdout.isEmpty)
        let batch = try BillsplitE2E.run(sandbox, ["-", "--currency", "NOK", "--format", "csv"], stdin: "12,5\n1 847,50 kr\n1,500\n")
        #expect(batch.status == 65)
        #expect(batch.stderr.contains("'1,500'"), "\(batch.stderr)")
        let good = try BillsplitE2E.run(sandbox, ["-", "--currency", "NOK", "--format", "csv", "--tip", "0"], stdin: "12,5\n1 847,50 kr\n0,05\n")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stdout.contains("12.50") && good.stdout.contains("1847.50") && good.stdout.contains("0.05"), "\(good.stdout)")
    }

    @Test("in a currency without decimals a lone comma before three digits groups: ¥1,500 is 1500")
    func billsplitYen() throws {
        let sandbox = try Sandbox()
        let result = try BillsplitE2E.run(sandbox, ["¥1,500", "--currency", "JPY", "--no-save", "--format", "json"])
        #expect(try BillsplitE2E.jsonObject(result.stdout)["bill"] as? String == "1500", "\(result.stderr)")
    }

    // MARK: tillcount

    @Test("tillcount reads a decimal comma for the float, --expected, --value and a coin token")
    func tillcountDecimalComma() throws {
        let till = try TillcountSandbox(currency: "EUR")
        try till.ok("float", "10,50")
        #expect(try till.ok("float").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "10.50")
        try till.ok("add", "0,50=3")
        #expect(try till.total() == "1.50")
        try till.ok("add", "0,20", "--value", "1,20")
        #expect(try till.total() == "2.70")
        let before = till.stateBytes()
        let refused = try till.run("float", "1,500")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("the float: invalid amount '1,500': " + Self.ambiguity), "\(refused.stderr)")
        #expect(till.stateBytes() == before, "a refused float must leave the count untouched")
    }

    // MARK: portfolio

    @Test("portfolio add, update and import read a decimal comma; 1,500 is refused and nothing changes")
    func portfolioDecimalComma() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Sparing", "1 847,50 kr", "--currency", "NOK", "--date", "2025-01-01")
        try box.ok("update", "Sparing", "1.900,25", "--date", "2025-02-01")
        let csv = "date,account,value,currency\n2025-03-01,Sparing,\"2 000,75\",NOK\n"
        try box.ok("import", "-", stdin: csv)
        let exported = try box.ok("export").stdout
        #expect(exported.contains(",Sparing,1847.50,NOK") && exported.contains(",Sparing,1900.25,NOK") && exported.contains(",Sparing,2000.75,NOK"), "\(exported)")
        // Ambiguous, and an unquoted comma in a CSV row (which splits the field): refused, nothing stored.
        let refused = try box.fails(65, "update", "Sparing", "1,500")
        #expect(refused.stderr.contains("invalid amount '1,500': " + Self.ambiguity), "\(refused.stderr)")
        let line = try box.fails(65, "import", "-", stdin: "2025-04-01,Sparing,\"1,500\",NOK\n")
        #expect(line.stderr.contains("line 1: invalid amount '1,500': the ',' could separate thousands or decimals (write 1500 or 1 500"), "\(line.stderr)")
        try box.fails(65, "import", "-", stdin: "2025-04-01,Sparing,2000,75,NOK\n")
        try box.fails(65, "import", "-", stdin: "2025-04-01,Sparing,2000,75\n")
        #expect(try box.ok("export").stdout == exported)
    }

    // MARK: withdrawn currencies (item 19)

    static let withdrawnMessage = "currency 'BGN' was withdrawn on 2026-01-01; it was replaced by EUR"

    @Test("a withdrawn currency is refused for new amounts in every tool, with usage status 64", arguments: [
        ["billsplit", "10", "--currency", "BGN", "--no-save"],
        ["billsplit", "10", "-c", "bgn", "--no-save"],
        ["tillcount", "currency", "BGN"],
        ["tillcount", "show", "--currency", "BGN"],
        ["tillcount", "total", "--currency", "BGN", "20"],
        ["portfolio", "add", "Lev", "10", "--currency", "BGN"],
        ["portfolio", "add", "Guilder", "10", "--currency", "ANG"],
    ])
    func withdrawnRefused(_ command: [String]) throws {
        let sandbox = try Sandbox()
        let environment = sandbox.environment.merging([
            "PORTFOLIO_DB": sandbox.path("p.sqlite"), "TILLCOUNT_STATE": sandbox.path("count.json"),
            "TILLCOUNT_DB": sandbox.path("history.sqlite"), "TILLCOUNT_DENOMINATIONS": sandbox.path("d.json"),
        ]) { $1 }
        let result = try ToolProcess.run(command[0], Array(command.dropFirst()), environment: environment)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("error: currency '") && result.stderr.contains("was withdrawn"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: amounts already stored in"), "\(result.stderr)")
        if command.contains("BGN") || command.contains("bgn") { #expect(result.stderr.contains(Self.withdrawnMessage)) }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("p.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("count.json")))
    }

    @Test("a live count and saved history in BGN still show, save and report")
    func tillcountStoreInBGN() throws {
        let till = try TillcountSandbox(currency: "EUR")
        try till.ok("add", "20=2", "0.50=3")
        try till.ok("float", "10.50")
        let state = String(decoding: try #require(till.stateBytes()), as: UTF8.self)
        try till.writeState(state.replacingOccurrences(of: "\"EUR\"", with: "\"BGN\""))
        let shown = try till.showJSON()
        #expect(shown["currency"] as? String == "BGN")
        #expect(try till.ok("show").stdout.contains("41,50"))
        try till.ok("save", "--label", "lev")
        #expect(try till.ok("history").stdout.contains("лв."))
        try till.ok("report")
    }

    @Test("a portfolio account in BGN still lists, shows and exports")
    func portfolioStoreInBGN() throws {
        guard SQLiteShell.available else { return }
        let box = try PortfolioBox()
        try box.ok("add", "Lev", "100", "--currency", "EUR", "--date", "2025-01-01")
        _ = try SQLiteShell.query(box.database, "UPDATE accounts SET currency = 'BGN'")
        #expect(try box.ok("list").stdout.contains("лв."))
        try box.ok("show", "Lev")
        #expect(try box.ok("export").stdout.contains(",Lev,100.00,BGN"))
        // An export of a store holding BGN imports again (a backup restores).
        let other = try PortfolioBox()
        try other.ok("import", "-", stdin: try box.ok("export").stdout)
        #expect(try other.ok("export").stdout.contains(",Lev,100.00,BGN"))
    }

    @Test("billsplit preferences holding BGN still read")
    func billsplitPreferencesInBGN() throws {
        let sandbox = try Sandbox()
        try BillsplitE2E.writePreferences(BillsplitE2E.preferencesPath(sandbox), content: "{\"currency\": \"BGN\"}")
        let result = try BillsplitE2E.run(sandbox, ["10", "--no-save", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try BillsplitE2E.jsonObject(result.stdout)["currency"] as? String == "BGN")
    }
}

/// The billsplit screen takes ',' as the decimal mark too (issue 13, item 17): in-process,
/// the screen's reducer and frame (BillsplitScreenDriver).
@Suite struct SplitScreenDecimalCommaTests {
    @Test func aTypedCommaIsTheDecimalMark() throws {
        var screen = try BillsplitScreenDriver(currency: "KWD", tip: 0)
        screen.expectShows("billsplit KWD")
        // The screen reads as --amount does (issue 26, item 2): a comma before one or
        // two digits can only mark the decimals.
        screen.type("1,5")
        #expect(screen.state.bill.text == "1,5", "the field keeps what was typed")
        let result = try #require(SplitScreen.result(for: screen.state))
        #expect(result.request.bill.formatted(localeIdentifier: "en_US").hasSuffix("1.500"), "\(result.request.bill)")
        #expect(screen.screen.contains { $0.hasPrefix("Total") && $0.contains("1.500") }, "\(screen.screen)")
        screen.press(.enter)
        #expect(screen.left == true)
    }
}

// tillcount denominations for the currencies added in issue 15 (item 14), and the weight
// column, weight note and source it shows for every currency (item 11).

import Foundation
import MoneyKit
import Testing

@Suite struct TillcountCurrenciesTests {
    static let added = ["CNY", "HKD", "SGD", "KRW", "INR", "THB", "IDR", "PHP", "MYR", "TWD", "MXN", "BRL", "CLP",
                        "PLN", "CZK", "HUF", "TRY", "ZAR", "AED", "SAR", "ILS"]

    @Test(arguments: added)
    func everyAddedCurrencyListsNotesCoinsAndItsRemarks(code: String) throws {
        let till = try TillcountSandbox()
        let result = try till.ok("denominations", "--currency", code, "--format", "json")
        let object = try TillcountJSON.object(result.stdout)
        #expect(object["currency"] as? String == code)
        let rows = try #require(object["denominations"] as? [[String: Any]])
        #expect(rows.contains { $0["kind"] as? String == "note" })
        #expect(rows.contains { $0["kind"] as? String == "coin" })
        // No published roll standard: said in the data, and no rolls.
        #expect(object["standardRolls"] as? Bool == false)
        #expect((object["rollNote"] as? String)?.hasPrefix("Roll sizes: not") == true, "\(object["rollNote"] ?? "")")
        #expect(!rows.contains { $0["kind"] as? String == "roll" })
        #expect((object["weightNote"] as? String)?.hasPrefix("Coin weights:") == true)
        #expect(!((object["source"] as? String) ?? "").isEmpty)
        // Every token reads back as what it names.
        let tokens = try till.ok("denominations", "--currency", code, "--tokens").stdout.split(separator: "\n").map(String.init)
        #expect(tokens == rows.compactMap { $0["token"] as? String })
        let quantities = tokens.map { $0 + "=1" }
        let total = try till.run(["total", "--currency", code, "--format", "plain"] + quantities)
        #expect(total.status == 0, "\(code): \(total.stderr)")
    }

    @Test func theTextListShowsGramsRollRemarkWeightNoteAndSource() throws {
        let till = try TillcountSandbox()
        let text = try till.ok("denominations", "--currency", "EUR").stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("GRAMS") == true, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("2 ") && $0.hasSuffix(" 8.5") }, "\(text)")
        #expect(lines.contains { $0.hasPrefix("0.01 ") && $0.hasSuffix(" 2.3") }, "\(text)")
        // A roll's weight is its coins': 25 × €2 = 212.5 g.
        #expect(lines.contains { $0.hasPrefix("roll:2 ") && $0.hasSuffix(" 212.5") }, "\(text)")
        #expect(text.contains("Coin weights: the European Central Bank."))
        #expect(text.contains("Source: The European Central Bank"))
        let inr = try till.ok("denominations", "--currency", "INR").stdout
        #expect(inr.contains("Roll sizes: not standardised"))
        #expect(inr.contains("₹10 note") && inr.contains("₹10 coin"))
    }

    @Test func theHelpNamesEveryBuiltInSet() throws {
        let help = try TillcountSandbox().ok("denominations", "--help").stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("Built-in sets: \(DenominationSet.builtInCurrencyCodes.joined(separator: ", ")); any other"), "\(help)")
    }

    @Test func theCSVListHasAGramsColumnEmptyForNotes() throws {
        let till = try TillcountSandbox()
        let csv = try till.ok("denominations", "--currency", "USD", "--format", "csv").stdout
        let lines = csv.split(separator: "\n").map(String.init)
        #expect(lines.first == "token,kind,label,pieces,value,grams")
        #expect(lines.contains("100,note,$100,1,100.00,"))
        #expect(lines.contains("0.10,coin,10¢,1,0.10,2.268"))
    }

    @Test func rightToLeftLabelsCarryNoEscapedDirectionMarks() throws {
        let till = try TillcountSandbox()
        for code in ["AED", "SAR", "ILS"] {
            let text = try till.ok("denominations", "--currency", code).stdout
            #expect(!text.contains("\\u{200F}") && !text.contains("\u{200F}"), "\(code): \(text)")
        }
    }

    @Test func aWeighingInANewCurrencyCountsItsCoins() throws {
        // 4 × ₩500 at 7.7 g each.
        let till = try TillcountSandbox(currency: "KRW")
        try till.ok("set", "500", "--grams", "30.8")
        #expect(try till.quantities() == ["500": 4])
        #expect(try till.total() == "2000")
    }
}

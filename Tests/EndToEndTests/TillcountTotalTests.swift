// tillcount total (a count that is not kept) and tillcount denominations (the tokens,
// the rolls, and the user's own denominations file).

import Foundation
import Testing

@Suite struct TillcountTotalTests {
    @Test func totalFromTheCommandLine() throws {
        let till = try TillcountSandbox()
        let text = try till.ok("total", "--currency", "GBP", "20=4", "0.50=14", "roll:1=2")
        #expect(text.stdout.contains("Loose notes and coins"))
        #expect(text.stdout.range(of: #"(?m)^\s+50p\s+0\.50\s+14\s+£7\.00$"#, options: .regularExpression) != nil)
        #expect(text.stdout.hasSuffix("\nTotal  £127.00\n"), "\(text.stdout)")
        #expect(!text.stdout.contains("Float"))
        let plain = try till.ok("total", "--currency", "GBP", "20=4", "0.50=14", "roll:1=2", "--format", "plain")
        #expect(plain.stdout == "127.00\n")
        // Repeated tokens add up; aliases count as their denomination.
        #expect(try till.ok("total", "--currency", "GBP", "20=1", "£20=2", "50p=2", "0.50=1", "--format", "plain").stdout == "61.50\n")
        #expect(try till.ok("total", "--currency", "USD", "1=1", "coin:1=1", "25c=4", "--format", "plain").stdout == "3.00\n")
    }

    @Test func totalIsStateless() throws {
        let till = try TillcountSandbox()
        try till.ok("total", "--currency", "GBP", "20=4", "--format", "plain")
        try till.ok("total", "20=4", stdin: "")
        #expect(!till.stateExists, "total created the live count file")
        #expect(!FileManager.default.fileExists(atPath: till.dbPath))

        try till.ok("add", "5=1", "--currency", "GBP")
        let before = try #require(till.stateBytes())
        try till.ok("total", "--currency", "GBP", "20=4", "--float", "10")
        try till.ok("total", "--currency", "EUR", "20=4")  // another currency than the live count's is fine
        _ = try till.run(["total", "--currency", "GBP"], stdin: "20 1\n")
        #expect(till.stateBytes() == before)
        #expect(try till.quantities() == ["5": 1])
    }

    @Test func totalFromStandardInput() throws {
        let till = try TillcountSandbox()
        let input = "20 4\n0.50=14\n\n# a comment\n  roll:1\t2  \n50p 2\n"
        let plain = try till.ok("total", "--currency", "GBP", "--format", "plain", stdin: input)
        #expect(plain.stdout == "128.00\n")
        let json = try TillcountJSON.object(try till.ok("total", "--currency", "GBP", "--format", "json", stdin: input).stdout)
        #expect(json["total"] as? String == "128.00")
        #expect(try TillcountJSON.quantities(json) == ["20": 4, "0.50": 16, "roll:1": 2])
        #expect(try till.ok("total", "--currency", "GBP", "--format", "plain", stdin: "").stdout == "0.00\n")
        #expect(!till.stateExists)
    }

    @Test(arguments: [("20 4 5\n", 65, "line 1"), ("20 4\n20\n", 65, "line 2"), ("20=x\n", 65, "invalid quantity"),
                      ("25 1\n", 65, "did you mean"), ("20 -1\n", 65, "invalid quantity")])
    func badStandardInput(input: String, status: Int32, message: String) throws {
        let till = try TillcountSandbox()
        let result = try till.run(["total", "--currency", "GBP"], stdin: input)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func totalFormatsAndFloat() throws {
        let till = try TillcountSandbox()
        let csv = try till.ok("total", "--currency", "GBP", "20=4", "roll:0.20=1", "--format", "csv").stdout
        #expect(csv == "token,kind,quantity,value\n20,note,4,80.00\nroll:0.20,roll,1,10.00\n")
        let tsv = try till.ok("total", "--currency", "GBP", "20=4", "--format", "tsv").stdout
        #expect(tsv == "token\tkind\tquantity\tvalue\n20\tnote\t4\t80.00\n")
        let json = try TillcountJSON.object(try till.ok("total", "--currency", "GBP", "20=4", "--float", "100", "--format", "json").stdout)
        #expect(json["difference"] as? String == "-20.00")
        let text = try till.ok("total", "--currency", "GBP", "20=4", "--float", "100").stdout
        #expect(text.range(of: #"(?m)^Short by\s+£20\.00$"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^Float\s+£100\.00$"#, options: .regularExpression) != nil)
        let noQuantity = try till.run("total", "--currency", "GBP", "20")
        #expect(noQuantity.status == 64)
        #expect(noQuantity.stderr.contains("expected TOKEN=QTY, got '20'"))
    }

    @Test func totalTakesValue() throws {
        // The spec lists --value for total ("set 0.20 --value 12.40 is 62 coins").
        let till = try TillcountSandbox()
        let result = try till.run("total", "--currency", "GBP", "0.20", "--value", "12.40", "--format", "plain")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "12.40\n")
    }

    // MARK: denominations

    @Test func denominationsListsTokensKindsAndRolls() throws {
        let till = try TillcountSandbox()
        let csv = try till.ok("denominations", "--currency", "GBP", "--format", "csv").stdout.split(separator: "\n").map(String.init)
        // Issue 15 (item 11) added the grams column: empty for notes, a coin's or roll's weight.
        #expect(csv.first == "token,kind,label,pieces,value,grams")
        #expect(csv.dropFirst().first == "50,note,£50,1,50.00,")
        #expect(csv.contains("0.50,coin,50p,1,0.50,8"))
        #expect(csv.contains("roll:2,roll,£2 bag of 10,10,20.00,120"))
        #expect(csv.contains("roll:0.01,roll,1p bag of 100,100,1.00,356"))
        #expect(csv.count == 1 + 12 + 8)

        let tokens = try till.ok("denominations", "--currency", "USD", "--tokens").stdout
        #expect(tokens == ["100", "50", "20", "10", "5", "2", "1", "coin:1", "0.50", "0.25", "0.10", "0.05", "0.01",
                           "roll:1", "roll:0.50", "roll:0.25", "roll:0.10", "roll:0.05", "roll:0.01"].map { $0 + "\n" }.joined())
        let alias = try till.ok("denoms", "--currency", "USD", "--tokens").stdout
        #expect(alias == tokens)

        let text = try till.ok("denominations", "--currency", "EUR").stdout
        #expect(text.range(of: #"^TOKEN\s+KIND\s+LABEL\s+PIECES\s+VALUE\s+GRAMS\n"#, options: .regularExpression) != nil)
        #expect(text.range(of: #"(?m)^roll:0\.50\s+roll\s+50c roll of 40\s+40\s+20\.00\s+312$"#, options: .regularExpression) != nil)

        let tsv = try till.ok("denominations", "--currency", "JPY", "--format", "tsv").stdout
        #expect(tsv.contains("500\tcoin\t¥500\t1\t500\t7.1\n"))
        #expect(tsv.contains("roll:500\troll\t¥500 roll of 50\t50\t25000\t355\n"))
    }

    @Test func denominationsDefaultToTheLiveCountsCurrency() throws {
        let till = try TillcountSandbox(currency: "CHF")
        let tokens = try till.ok("denominations", "--tokens").stdout
        #expect(tokens.hasPrefix("1000\n200\n100\n"))
    }

    @Test func nokHasNoStandardRolls() throws {
        let till = try TillcountSandbox()
        let json = try TillcountJSON.object(try till.ok("denominations", "--currency", "NOK", "--format", "json").stdout)
        #expect(json["currency"] as? String == "NOK")
        #expect(json["standardRolls"] as? Bool == false)
        #expect((json["rollNote"] as? String)?.contains("No standard roll sizes") == true)
        let entries = try #require(json["denominations"] as? [[String: Any]])
        #expect(entries.count == 9)
        #expect(!entries.contains { $0["kind"] as? String == "roll" })
        let text = try till.ok("denominations", "--currency", "NOK").stdout
        #expect(text.contains("No standard roll sizes are published for Norwegian coins"))

        try till.ok("currency", "NOK")
        let roll = try till.run("add", "roll:20=1")
        #expect(roll.status == 66)
        #expect(roll.stderr.contains("no roll size is known for the 20 kr coin in NOK"))
        #expect(roll.stderr.contains("denominations file"))
    }

    @Test func aUserDenominationsFileAddsANOKRoll() throws {
        let till = try TillcountSandbox(currency: "NOK")
        try till.writeDenominations("""
            {"format": "tillcount-denominations", "version": 1, "content": {"NOK": {
              "rolls": [{"coin": "20", "count": 25}],
              "add": [{"kind": "coin", "value": "0.50", "label": "50 øre"}],
              "remove": [{"kind": "note", "value": "1000"}]}}}
            """)
        try till.ok("add", "roll:20=1")
        try till.ok("add", "0.50=3")
        let json = try till.showJSON()
        #expect(try TillcountJSON.quantities(json) == ["roll:20": 1, "0.50": 3])
        #expect(json["rollTotal"] as? String == "500.00")
        #expect(json["total"] as? String == "501.50")
        let text = try till.ok("show").stdout
        #expect(text.contains("20 kr roll of 25"))
        #expect(text.contains("50 øre"))

        let listed = try TillcountJSON.object(try till.ok("denominations", "--format", "json").stdout)
        #expect(listed["standardRolls"] as? Bool == true)
        let entries = try #require(listed["denominations"] as? [[String: Any]])
        #expect(entries.contains { $0["token"] as? String == "roll:20" && ($0["pieces"] as? NSNumber)?.intValue == 25 && $0["value"] as? String == "500.00" })
        #expect(!entries.contains { $0["token"] as? String == "1000" })
        let removed = try till.run("add", "1000")
        #expect(removed.status == 65)
        // The file changes NOK only.
        let gbp = try till.ok("denominations", "--currency", "GBP", "--tokens").stdout
        #expect(gbp.hasPrefix("50\n20\n"))
        // The stateless total sees the user's roll too.
        #expect(try till.ok("total", "--currency", "NOK", "roll:20=2", "--format", "plain").stdout == "1000.00\n")
    }
}

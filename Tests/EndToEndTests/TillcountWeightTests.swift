// tillcount set/add/sub/total TOKEN --grams G [--tare G] (issue 15, item 11): coins counted
// from their official weight; a weight that is not a whole count within the tolerance,
// a note or roll, a coin without a known weight and a bad weight are refused with their
// exit code and message, the live count untouched.

import Foundation
import Testing

@Suite struct TillcountWeightTests {
    @Test func setCountsTwentyPenceCoinsFromTheirWeight() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let result = try till.ok("set", "0.20", "--grams", "310")
        #expect(result.stderr.contains("310 g: 62 × 20p (5 g each)"), "\(result.stderr)")
        #expect(try till.quantities() == ["0.20": 62])
        #expect(try till.total() == "12.40")
        // add and sub weigh too; a tare comes off first.
        try till.ok("add", "0.20", "--grams", "62", "--tare", "12")
        #expect(try till.quantities() == ["0.20": 72])
        try till.ok("sub", "20p", "--grams", "50.4")
        #expect(try till.quantities() == ["0.20": 62])
        // One undo step per weighing.
        try till.ok("undo")
        #expect(try till.quantities() == ["0.20": 72])
    }

    @Test func aWeightThatIsNoWholeCountIsRefusedWithTheCountsAround() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.ok("set", "0.20=3")
        let before = try #require(till.stateBytes())
        let result = try till.run("set", "0.20", "--grams", "312.3")
        #expect(result.status == 65)
        #expect(result.stderr.contains("tillcount: error: 312.3 g is not a whole number of 20p coins (5 g each): it is between 62 coins (310 g) and 63 coins (315 g)"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: a weight must be within ±1.25 g of a whole count"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(till.stateBytes() == before)
        // Within the tolerance: the nearest count (62 coins weigh 310 g; 311 g is within ±1.25 g).
        try till.ok("set", "0.20", "--grams", "311")
        #expect(try till.quantities() == ["0.20": 62])
    }

    @Test func weightsAreReadExactlyToTheMilligram() throws {
        // 1000 US dimes weigh exactly 2268 g (2.268 g each); 22.68 g is ten.
        let till = try TillcountSandbox(currency: "USD")
        try till.ok("set", "0.10", "--grams", "2268")
        #expect(try till.quantities() == ["0.10": 1000])
        try till.ok("set", "0.10", "--grams", "22,68")
        #expect(try till.quantities() == ["0.10": 10])
    }

    @Test func notesRollsBadWeightsAndWrongCombinationsAreRefused() throws {
        let till = try TillcountSandbox(currency: "GBP")
        let before = till.stateBytes()
        let cases: [([String], Int32, String)] = [
            (["set", "20", "--grams", "10"], 64, "--grams counts loose coins, and 20 is a note (£20)"),
            (["set", "roll:1", "--grams", "175"], 64, "--grams counts loose coins, and roll:1 is a roll (£1 bag of 20)"),
            (["set", "0.20", "--grams", "31O"], 65, "invalid weight '31O' for --grams"),
            (["set", "0.20", "--grams", "1.2345"], 65, "invalid weight '1.2345' for --grams"),
            (["set", "0.20", "--grams", "-5"], 65, "invalid weight '-5' for --grams"),
            // 5,000 could be 5000 g or 5 g (issue 26, item 3): refused, not one coin.
            (["set", "0.20", "--grams", "5,000"], 65, "invalid weight '5,000' for --grams: the ',' could separate thousands or decimals"),
            (["set", "0.20", "--grams", "50", "--tare", "60"], 65, "the tare (60 g) is heavier than the weight (50 g)"),
            (["set", "0.20", "--tare", "60"], 64, "--tare goes with --grams"),
            (["set", "0.20", "--grams", "50", "--value", "2"], 64, "--grams and --value cannot be given together"),
            (["set", "0.20", "0.10", "--grams", "50"], 64, "--grams goes with exactly one TOKEN and no =QTY"),
            (["set", "0.20=3", "--grams", "50"], 64, "--grams goes with exactly one TOKEN and no =QTY"),
            (["set", "0.30", "--grams", "50"], 65, "no note or coin '0.30' in GBP"),
        ]
        for (arguments, status, message) in cases {
            let result = try till.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(till.stateBytes() == before, "\(arguments) changed the live count")
        }
    }

    @Test func theUSDollarNoteIsNotWeighedButItsCoinIs() throws {
        let till = try TillcountSandbox(currency: "USD")
        let note = try till.run("set", "1", "--grams", "81")
        #expect(note.status == 64)
        #expect(note.stderr.contains("--grams counts loose coins, and 1 is a note ($1 note)"), "\(note.stderr)")
        #expect(note.stderr.contains("hint: weigh the coin as coin:1"), "\(note.stderr)")
        try till.ok("set", "coin:1", "--grams", "81")
        #expect(try till.quantities() == ["coin:1": 10])
    }

    @Test func aCoinWithoutAWeightSaysHowToGiveOneAndTheFileGivesIt() throws {
        let till = try TillcountSandbox(currency: "KES")
        let result = try till.run("set", "5", "--grams", "37.5")
        #expect(result.status == 66)
        #expect(result.stderr.contains("no weight is known for the Ksh 5 coin in KES, so it cannot be counted by weight"), "\(result.stderr)")
        #expect(result.stderr.contains(#"{"weights": [{"coin": "5", "grams": "5.00"}]}"#), "\(result.stderr)")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"KES": {"weights": [{"coin": "5", "grams": "3.75"}]}}}"#)
        try till.ok("set", "5", "--grams", "37.5")
        #expect(try till.quantities() == ["5": 10])
        // The file's weight shows in the list.
        let list = try till.ok("denominations", "--format", "json")
        let rows = try #require(try TillcountJSON.object(list.stdout)["denominations"] as? [[String: Any]])
        #expect(rows.first { $0["token"] as? String == "5" }?["grams"] as? String == "3.75")
        #expect(rows.first { $0["token"] as? String == "10" }?["grams"] is NSNull)
    }

    @Test func aBadWeightInTheFileIsRefusedNamingIt() throws {
        let till = try TillcountSandbox(currency: "GBP")
        try till.writeDenominations(#"{"format": "tillcount-denominations", "version": 1, "content": {"GBP": {"weights": [{"coin": "0.30", "grams": "5"}]}}}"#)
        let result = try till.run("set", "0.20", "--grams", "310")
        #expect(result.status == 65)
        #expect(result.stderr.contains(till.denominationsPath), "\(result.stderr)")
        #expect(result.stderr.contains("GBP: weights[0]: there is no 0.30 coin in GBP"), "\(result.stderr)")
    }

    @Test func totalWeighsWithoutTouchingTheLiveCount() throws {
        let till = try TillcountSandbox(currency: "EUR")
        let before = till.stateBytes()
        let result = try till.ok("total", "--currency", "EUR", "2", "--grams", "85", "--format", "plain")
        #expect(result.stdout == "20.00\n")
        #expect(result.stderr.contains("85 g: 10 × 2 € (8.5 g each)"), "\(result.stderr)")
        #expect(till.stateBytes() == before)
    }

    @Test func helpDescribesCountingByWeight() throws {
        let till = try TillcountSandbox()
        let help = try till.ok("set", "--help").stdout
        #expect(help.contains("--grams GRAMS"))
        #expect(help.contains("--tare GRAMS"))
        // Help text is wrapped: compare it with its line breaks as spaces.
        let flowing = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains("never more than a quarter of a coin"))
        #expect(flowing.contains("(5,000) could be 5000 g or 5 g"))
    }
}

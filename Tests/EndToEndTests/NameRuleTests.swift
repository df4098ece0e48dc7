// The one name rule in the tools that keep named things (tally's counters, portfolio's
// accounts): letter case does not tell names apart, names are stored in NFC, control
// characters and names over 100 characters are refused, and names stored before the
// rule stay readable.

import Foundation
import Testing

@Suite struct TallyNameRuleTests {
    @Test func letterCaseFindsTheCounterAndCannotMakeASecond() throws {
        let box = try TallyBox()
        try box.ok("new", "Cars")
        #expect(try box.ok("inc", "cars") == "1")
        #expect(try box.ok("get", "CARS") == "1")
        let twin = try box.run("new", "CARS")
        #expect(twin.status == 65)
        #expect(twin.stderr.contains("'Cars'") && twin.stderr.contains("another case"))
        // The undo step names the stored counter, so undo restores it.
        try box.ok("undo")
        #expect(try box.count("Cars") == 0)
        // A counter may take its own name in another case.
        try box.ok("rename", "cars", "CARS")
        #expect(try box.ok("list", "--names") == "CARS")
        try box.ok("new", "Vans")
        let clash = try box.run("rename", "Vans", "cars")
        #expect(clash.status == 65)
        #expect(try box.ok("rm", "-f", "vans", "VANS").isEmpty)
        #expect(try box.ok("list", "--names") == "CARS")
    }

    @Test func namesAreStoredInNFC() throws {
        let box = try TallyBox()
        try box.ok("new", "Cafe\u{301}")
        let stored = try box.stored()
        #expect(stored.map { Array($0.name.unicodeScalars) } == [Array("Caf\u{E9}".unicodeScalars)])
        #expect(try box.ok("inc", "CAF\u{C9}") == "1")
    }

    static let refused: [(String, Int32)] = [
        ("a\nb", 65), ("tab\there", 65), ("\u{1B}]0;title\u{7}", 65), ("abc\u{202E}", 65),
        (String(repeating: "n", count: 101), 65), ("", 64), ("  ", 64), (" lead", 64), ("trail ", 64),
    ]

    @Test(arguments: refused)
    func refusedNamesChangeNothing(name: String, status: Int32) throws {
        let box = try TallyBox()
        try box.ok("new", "kept")
        let before = box.storeBytes()
        for arguments in [["new", name], ["rename", "kept", name]] {
            let result = try box.run(arguments: arguments)
            #expect(result.status == status, "tally \(arguments.map(\.debugDescription))")
            #expect(result.stderr.contains("counter name"))
            #expect(!result.stderr.contains("\u{1B}"))
        }
        #expect(box.storeBytes() == before)
    }

    @Test func importRefusesABadNameAndACaseTwin() throws {
        let box = try TallyBox()
        try box.ok("new", "Cars")
        let before = box.storeBytes()
        let newline = try box.run("import", "-", stdin: "name,count\n\"a\nb\",1\n")
        #expect(newline.status == 65)
        #expect(newline.stderr.contains("control"))
        let twins = try box.run("import", "-", stdin: "name,count\nbikes,1\nBIKES,2\n")
        #expect(twins.status == 65)
        #expect(twins.stderr.contains("two cases"))
        let clash = try box.run("import", "-", stdin: "name,count\ncars,5\n")
        #expect(clash.status == 65)
        #expect(box.storeBytes() == before)
        // --on-clash replace replaces the stored counter of the same name in another case.
        try box.ok("import", "--on-clash", "replace", "-", stdin: "name,count\ncars,5\n")
        #expect(try box.ok("list", "--names") == "cars")
        #expect(try box.count("cars") == 5)
        try box.ok("undo")
        #expect(try box.ok("list", "--names") == "Cars")
    }

    @Test func aNameStoredBeforeTheRuleStaysReadableAndOneLine() throws {
        let box = try TallyBox()
        try box.writeStore(
            #"{"format":"tally","version":1,"content":{"counters":[{"name":"two\nlines","count":3,"start":0,"step":1,"pinned":false,"created":"2026-01-01T00:00:00Z","serial":1},{"name":"a","count":1,"start":0,"step":1,"pinned":false,"created":"2026-01-01T00:00:00Z","serial":2},{"name":"A","count":2,"start":0,"step":1,"pinned":false,"created":"2026-01-01T00:00:00Z","serial":3}],"nextSerial":4,"undo":[]}}"#)
        let names = try box.ok("list", "--names").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(names.contains("two\\nlines"))
        #expect(names.count == 3)
        #expect(try box.ok("get", "two\nlines") == "3")
        // Exact names still find each of two stored names that differ only in case.
        #expect(try box.ok("inc", "a") == "2")
        #expect(try box.ok("inc", "A") == "3")
    }

    /// Issue 26, item 27: "ab" with an invisible character in it is refused, naming it; one
    /// stored before the rule is shown escaped, U+061C included.
    @Test func invisibleCharactersMakeNoSecondAb() throws {
        let box = try TallyBox()
        try box.ok("new", "ab")
        for scalar in ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}", "\u{061C}"] {
            let result = try box.run("new", "a\(scalar)b")
            #expect(result.status == 65, "U+\(String(scalar.unicodeScalars.first?.value ?? 0, radix: 16))")
            #expect(result.stderr.contains("invisible characters"), "\(result.stderr)")
        }
        #expect(try box.ok("list", "--names") == "ab")
        let old = try TallyBox()
        try old.writeStore(
            #"{"format":"tally","version":1,"content":{"counters":[{"name":"a\u061cb","count":3,"start":0,"step":1,"pinned":false,"created":"2026-01-01T00:00:00Z","serial":1}],"nextSerial":2,"undo":[]}}"#)
        #expect(try old.ok("list", "--names") == "a\\u{061C}b")
        #expect(!(try old.ok("list")).unicodeScalars.contains("\u{061C}"))
    }

    /// Issue 26, item 28: names are one name under Unicode case folding, on a store whose
    /// keys an older tally made (lower case) too: read as they are, recomputed by the
    /// first change.
    @Test func caseFoldingMakesOneName() throws {
        let box = try TallyBox()
        try box.ok("new", "ΟΔΟΣ")
        let twin = try box.run("new", "οδος")
        #expect(twin.status == 65)
        #expect(twin.stderr.contains("another case"), "\(twin.stderr)")
        #expect(try box.ok("inc", "οδοσ") == "1")
        try box.ok("new", "Straße")
        #expect(try box.run("new", "STRASSE").status == 65)
        guard SQLiteShell.available else { return }
        // As an older tally left it: lower-cased keys, no rule recorded.
        _ = try SQLiteShell.query(box.databasePath, "UPDATE counters SET match_key = 'straße' WHERE name = 'Straße'; DELETE FROM meta WHERE key = 'match_key_rule'")
        #expect(try SQLiteShell.query(box.databasePath, "SELECT match_key FROM counters WHERE name = 'Straße'") == "straße")
        #expect(try box.ok("get", "STRASSE") == "0")
        #expect(try SQLiteShell.query(box.databasePath, "SELECT count(*) FROM meta WHERE key = 'match_key_rule'") == "0", "a read changes nothing")
        #expect(try box.ok("inc", "strasse") == "1")
        #expect(try SQLiteShell.query(box.databasePath, "SELECT match_key FROM counters WHERE name = 'Straße'") == "strasse")
        #expect(try SQLiteShell.query(box.databasePath, "SELECT value FROM meta WHERE key = 'match_key_rule'") == "2")
    }
}

@Suite struct PortfolioNameRuleTests {
    @Test func oneNameInAnyCaseAndForm() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Cafe\u{301} fund", "100", "-c", "GBP")
        #expect(try box.sqlite("SELECT hex(name) FROM accounts") == "436166C3A92066756E64")
        try box.ok("update", "CAF\u{C9} FUND", "120")
        let twin = try box.run("add", "caf\u{E9} Fund", "5")
        #expect(twin.status == 65)
        #expect(twin.stderr.contains("already exists"))
        // Unicode case folding, not lower case (issue 26, item 28).
        try box.ok("add", "ΟΔΟΣ", "1")
        #expect(try box.run("add", "οδος", "1").status == 65)
        try box.ok("update", "οδοσ", "2")
    }

    static let refused: [(String, Int32)] = [
        ("tab\there", 65), ("a\nb", 65), (String(repeating: "n", count: 101), 65), (" lead", 64),
    ]

    @Test(arguments: refused)
    func refusedNames(name: String, status: Int32) throws {
        let box = try PortfolioBox()
        try box.ok("add", "kept", "1", "-c", "GBP")
        #expect(try box.run("add", name, "1").status == status)
        #expect(try box.run("rename", "kept", name).status == status)
        #expect(try box.sqlite("SELECT group_concat(name) FROM accounts") == "kept")
    }
}

/// With no currency given or saved and a locale without a region (C.UTF-8, the test
/// sandbox's), every tool uses USD; a locale with a region gives its currency.
@Suite struct DefaultCurrencyTests {
    @Test func everyToolFallsBackToUSD() throws {
        let sandbox = try Sandbox()
        let bill = try ToolProcess.run("billsplit", ["10", "--tip", "0", "--format", "json"], environment: sandbox.environment)
        #expect(bill.status == 0)
        #expect(bill.stdout.contains("\"USD\""))
        let portfolio = try PortfolioBox()
        try portfolio.ok("add", "Savings", "10", environment: ["LANG": "C.UTF-8"])
        #expect(try portfolio.sqlite("SELECT currency FROM accounts") == "USD")
        let till = try TillcountSandbox()
        let shown = try till.showJSON()
        #expect(shown["currency"] as? String == "USD")
    }

    @Test func aLocaleWithARegionGivesItsCurrency() throws {
        let portfolio = try PortfolioBox()
        try portfolio.ok("add", "Savings", "10", environment: ["LANG": "en_GB.UTF-8"])
        #expect(try portfolio.sqlite("SELECT currency FROM accounts") == "GBP")
        let sandbox = try Sandbox()
        let bill = try ToolProcess.run(
            "billsplit", ["10", "--tip", "0", "--format", "json"], environment: sandbox.environment.merging(["LC_ALL": "nb_NO.UTF-8"]) { $1 })
        #expect(bill.stdout.contains("\"NOK\""))
    }
}

// portfolio import and export: CSV in (accounts created as needed, all or nothing,
// errors naming their line), CSV and JSON out, and an exact round trip.

import Foundation
import Testing

@Suite struct PortfolioTransferTests {
    static let rows = """
        2025-01-01,Alpha,100,GBP
        2025-01-02,Beta,50.5,USD
        2025-02-01,alpha,120
        2025-02-01 09:15,"Gamma, the third",7

        """

    @Test(arguments: [true, false])
    func importCreatesAccountsAsNeededWithOrWithoutAHeader(header: Bool) throws {
        let box = try PortfolioBox()
        let file = box.sandbox.path("in.csv")
        try ((header ? "date,account,value,currency\n" : "") + Self.rows).write(toFile: file, atomically: true, encoding: .utf8)
        let result = try box.ok("import", file)
        #expect(result.stderr.contains("Imported 4 updates, 3 new accounts."))
        let list = try box.list()
        #expect(list.names == ["Alpha", "Beta", "Gamma, the third"])
        #expect(list.account("Alpha")?.value == "120.00")
        #expect(list.account("Alpha")?.updates == 2)
        #expect(list.account("Beta")?.currency == "USD")
        #expect(list.account("Gamma, the third")?.currency == "GBP", "no currency column: the locale's, else GBP")
        #expect(list.totals == ["GBP": "127.00", "USD": "50.50"])
        #expect(try box.show("Gamma, the third")["created"] as? String == "2025-02-01T09:15:00+00:00")
    }

    @Test func importReadsStandardInputAndAddsToExistingAccounts() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Alpha", "90", "--date", "2024-12-01")
        let result = try box.ok("import", "-", stdin: "Date,Account,Value\r\n2025-01-01,ALPHA,100\r\n\r\n2025-03-01,Delta,3\r\n")
        #expect(result.stderr.contains("Imported 2 updates, 1 new account."))
        let list = try box.list()
        #expect(list.names == ["Alpha", "Delta"])
        #expect(list.account("Alpha")?.updates == 2)
        #expect(list.totals == ["GBP": "103.00"])
        #expect(try box.ok("import", "-", stdin: "").stderr.contains("Imported 0 updates."))
    }

    @Test func importIsAllOrNothing() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Alpha", "90", "--date", "2024-12-01")
        try box.ok("add", "Spare", "--date", "2024-12-01")
        let listBefore = try box.ok("list", "--all", "--format", "json").stdout
        let exportBefore = try box.ok("export").stdout
        let input = """
            date,account,value,currency
            2025-01-01,Alpha,100
            2025-01-02,New account,5,EUR
            2025-01-03,Spare,1
            2025-01-04,Alpha,oops
            2025-01-05,Alpha,130
            2025-01-06,Later account,9

            """
        let result = try box.fails(65, "import", "-", stdin: input)
        #expect(result.stderr.contains("line 5"))
        #expect(try box.ok("list", "--all", "--format", "json").stdout == listBefore)
        #expect(try box.ok("export").stdout == exportBefore)
        if let count = try box.sqlite("SELECT count(*) FROM accounts") { #expect(count == "2") }
    }

    @Test(arguments: [
        ("2025-01-01,A,1\n2025-01-02,A,2\n2025-02-30,A,3\n", 3, "invalid date '2025-02-30'"),
        ("date,account,value\n2025-01-01,A,12.345\n", 2, "more decimals than the 2 allowed"),
        ("2025-01-01,A,1\n2025-01-01,B,1,GBP\n2025-01-01,C,1,USD\n2025-01-01,D,1,XYZ\n", 4, "unknown currency 'XYZ'"),
        ("2025-01-01,A,1\n2025-01-01,A\n", 2, "got 2 fields"),
        ("2025-01-01,A,1,GBP,extra\n", 1, "unknown kind 'extra'"),
        ("2025-01-01,A,1,GBP,,extra\n", 1, "got 6 fields"),
        ("date,account,value\n\n2025-01-01,A,abc\n", 3, "not a number"),
        ("2025-01-01,A,1,USD\n2025-01-02,a,2,GBP\n", 2, "is in USD, not GBP"),
        ("2025-01-01,,1\n", 1, "name is empty"),
        ("27/07/2025,A,1\n", 1, "invalid date"),
    ])
    func importErrorsNameTheirLine(input: String, line: Int, message: String) throws {
        let box = try PortfolioBox()
        let result = try box.fails(65, "import", "-", stdin: input)
        #expect(result.stderr.contains("standard input: line \(line): "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try box.list(all: true).accounts.isEmpty)

        let file = box.sandbox.path("named.csv")
        try input.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try box.fails(65, "import", file).stderr.contains("\(file): line \(line): "))
    }

    @Test func importOfAMissingFileIsNoInput() throws {
        let box = try PortfolioBox()
        let result = try box.fails(66, "import", box.sandbox.path("missing.csv"))
        #expect(result.stderr.contains("missing.csv"))
    }

    @Test func exportThenImportIntoANewDatabaseRoundTrips() throws {
        let box = try PortfolioBox()
        try box.ok("add", #"Odd, "quoted" name"#, "10", "--date", "2025-01-01 09:00")
        try box.ok("update", #"odd, "quoted" name"#, "11", "--date", "2025-01-01 09:00")  // a tie
        try box.ok("add", "Empty", "--date", "2025-01-03", "--currency", "EUR")  // no updates
        try box.ok("add", "Gone", "5", "--date", "2025-01-02", "--currency", "USD")
        try box.ok("update", "Gone", "7.25", "--date", "2025-02-02T10:00:00+02:00")
        try box.ok("close", "Gone", "--date", "2025-03-01", "--withdraw")  // closed
        try box.ok("add", "Yen", "1000", "--currency", "JPY", "--date", "2025-01-04")
        try box.ok("update", "Yen", "1200", "--date", "2099-01-01")  // in the future
        try box.ok("add", "Shut and empty", "--date", "2025-01-05")
        try box.ok("close", "Shut and empty", "--date", "2025-01-06")

        let first = try box.ok("export")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        // The close's withdrawal (--withdraw) brings the kind column.
        #expect(lines.first == "date,account,value,currency,kind")
        #expect(lines.contains("2025-01-03T00:00:00+00:00,Empty,,EUR,"))
        #expect(lines.contains("2025-03-01T00:00:00+00:00,Gone,7.25,USD,withdrawal"))
        #expect(lines.contains("2025-03-01T00:00:00+00:00,Gone,closed,USD,"))
        #expect(lines.contains(#"2025-01-01T09:00:00+00:00,"Odd, ""quoted"" name",11.00,GBP,"#))

        // An explicit --db is created only in a folder that exists.
        try FileManager.default.createDirectory(atPath: box.sandbox.path("copy"), withIntermediateDirectories: true)
        let copy = box.sandbox.path("copy/new.sqlite")
        let imported = try box.run(["--db", copy, "import", "-"], stdin: first.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        let second = try box.run(["--db", copy, "export"])
        #expect(second.status == 0)
        #expect(second.stdout == first.stdout)
        let listCopy = try box.run(["--db", copy, "list", "--all", "--format", "json"]).stdout
        #expect(listCopy == (try box.ok("list", "--all", "--format", "json").stdout))
        let copied = try PortfolioList(try #require(try JSONSerialization.jsonObject(with: Data(listCopy.utf8)) as? [String: Any]))
        #expect(copied.account("Gone")?.active == false)
        #expect(copied.account("Shut and empty")?.active == false)
        #expect(copied.account("Empty")?.updates == 0)
        #expect(copied.account(#"Odd, "quoted" name"#)?.value == "11.00")
        #expect(copied.account("Yen")?.value == "1000")
    }

    /// Exports, imports into a new database and exports again: (first, second, names in the copy).
    static func roundTrip(_ box: PortfolioBox) throws -> (String, String, String) {
        let first = try box.ok("export").stdout
        let copy = box.sandbox.path("copy.sqlite")
        let imported = try box.run(["--db", copy, "import", "-"], stdin: first)
        #expect(imported.status == 0, "\(imported.stderr)")
        return (first, try box.run(["--db", copy, "export"]).stdout, try box.run(["--db", copy, "list", "--names"]).stdout)
    }

    // A tab is refused in a new name (the name rule), so it is not among them.
    @Test(arguments: ["Plain", "Comma, name", #"Say "cheese""#, "Café €", "日本 ファンド", "100", "-5"])
    func namesRoundTrip(name: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "--date", "2025-01-01", "--", name, "1")
        let (first, second, names) = try Self.roundTrip(box)
        #expect(second == first)
        #expect(names == name + "\n")
    }

    @Test(arguments: ["=SUM fund", "@home", "+Plus", "-Minus", "'quoted"])
    func namesThatExportEscapesRoundTrip(name: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "--date", "2025-01-01", "--", name, "1")
        #expect(try box.ok("list", "--names").stdout == name + "\n")
        let (first, second, names) = try Self.roundTrip(box)
        #expect(second == first)
        #expect(names == name + "\n")
    }

    @Test(arguments: [" Padded", "Padded ", " "])
    func namesWithOuterSpacesAreRefused(name: String) throws {
        let box = try PortfolioBox()
        let result = try box.run(["add", "--", name, "1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("name"))
        #expect(try box.run(["list", "--names"]).stdout.isEmpty)
    }

    @Test func exportAsJSON() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("update", "Saver", "150", "--date", "2025-02-01")
        try box.ok("close", "Saver", "--date", "2025-03-01", "--withdraw")
        try box.ok("add", "Empty", "--date", "2025-01-05", "--currency", "EUR")
        let json = try #require(try box.json("export", "--format", "json") as? [String: Any])
        #expect(json["format"] as? String == "portfolio-export")
        #expect(json["version"] as? Int == 1)
        let accounts = try #require(json["accounts"] as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["Empty", "Saver"])
        let saver = try #require(accounts.last)
        #expect(saver["closed"] as? String == "2025-03-01T00:00:00+00:00")
        #expect(saver["created"] as? String == "2025-01-01T00:00:00+00:00")
        #expect((saver["updates"] as? [[String: String]]) == [
            ["date": "2025-01-01T00:00:00+00:00", "value": "100.00"], ["date": "2025-02-01T00:00:00+00:00", "value": "150.00"],
        ])
        #expect((accounts.first?["updates"] as? [Any])?.isEmpty == true)
        #expect(accounts.first?["currency"] as? String == "EUR")
        try box.fails(64, "export", "--format", "xml")
    }
}

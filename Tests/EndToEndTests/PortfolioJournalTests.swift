// portfolio export --format hledger|ledger|beancount read by the real tools: hledger's
// balance equals portfolio list to the minor unit (Ledger's too, and bean-check accepts
// the Beancount file with the same balances); import reads the journal back, and
// export → import → export gives the same bytes. The tests that need hledger are skipped
// where it is not installed, unless MONEYKIT_REQUIRE_HLEDGER=1 (.ci/run sets it and
// installs hledger, ledger and beancount), where a missing tool fails them.

import Foundation
import Testing

enum PlainTextAccounting {
    static let hledger = "/usr/bin/hledger"
    static let ledger = "/usr/bin/ledger"
    static let beanCheck = "/usr/bin/bean-check"
    static let beanQuery = "/usr/bin/bean-query"
    static var required: Bool { ProcessInfo.processInfo.environment["MONEYKIT_REQUIRE_HLEDGER"] == "1" }
    static func installed(_ tool: String) -> Bool { required || FileManager.default.isExecutableFile(atPath: tool) }
    static let skipReason: Comment = "hledger is not installed: skipped (apt-get install hledger ledger beancount; .ci/run installs them and sets MONEYKIT_REQUIRE_HLEDGER=1)"

    /// Runs an installed tool in the sandbox's environment; expects exit 0.
    static func run(_ tool: String, _ arguments: [String], in box: PortfolioBox, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        // hledger reads files in the locale's encoding: a UTF-8 one (C.UTF-8 is always there).
        let result = try ToolProcess.run(tool, arguments, environment: box.environment.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 })
        #expect(result.status == 0, "\(tool) \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The journal account of each portfolio name, from the account directives and their ; name: comments.
    static func accountNames(_ journal: String) -> [String: String] {
        var names: [String: String] = [:]
        var current: String?
        for line in journal.split(separator: "\n") {
            if line.hasPrefix("account ") { current = String(line.dropFirst(8)) }
            if let current, line.hasPrefix("    ; name: \""), line.hasSuffix("\"") {
                let quoted = line.dropFirst("    ; name: \"".count).dropLast()
                names[quoted.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\u{2C}", with: ",").replacingOccurrences(of: "\\\\", with: "\\")] = current
            }
        }
        return names
    }
}

@Suite(.serialized) struct PortfolioJournalTests {
    /// Names with spaces, a colon, a semicolon, quotes and Unicode; four currencies (0, 2 and 3
    /// decimals); several updates a day; a negative value; a closed account; an empty one.
    func filledBox() throws -> PortfolioBox {
        let box = try PortfolioBox(timeZone: "Europe/London")
        try box.ok("add", "Easy saver", "1200", "--date", "2025-05-01 08:00")
        try box.ok("update", "Easy saver", "1250.50", "--date", "2025-05-01 21:30")
        try box.ok("update", "Easy saver", "1300.07", "--date", "2025-06-15")
        try box.ok("add", "ISA: shares; \"growth\"", "9999.99", "--currency", "USD", "--date", "2025-03-01")
        try box.ok("add", "Spar Över-ä 貯金", "123456", "--currency", "JPY", "--date", "2025-04-01")
        try box.ok("add", "Dinar", "1.234", "--currency", "KWD", "--date", "2025-04-02")
        try box.ok("add", "Loan", "-500.25", "--date", "2025-04-03")
        try box.ok("add", "Old", "50", "--date", "2025-01-01")
        try box.ok("close", "Old", "--date", "2025-02-01", "--withdraw")
        try box.ok("add", "Later", "--date", "2025-07-01")
        // Money moved: between two updates, and after an account's last update (its value stays).
        try box.ok("withdraw", "Easy saver", "100", "--date", "2025-06-01")
        try box.ok("deposit", "ISA: shares; \"growth\"", "500", "--date", "2025-08-01")
        // Before the account's first value, as 'deposit' advises (Beancount opens it then).
        try box.ok("deposit", "Dinar", "1", "--date", "2025-03-15")
        return box
    }

    /// `portfolio list`: each active account with a value, as "1234.56 GBP".
    func listed(_ box: PortfolioBox) throws -> [String: String] {
        var values: [String: String] = [:]
        for row in try box.list().accounts where row.active {
            if let value = row.value { values[row.name] = "\(value) \(row.currency)" }
        }
        return values
    }

    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.hledger), PlainTextAccounting.skipReason))
    func hledgerBalanceEqualsPortfolioListToTheMinorUnit() throws {
        let box = try filledBox()
        let journal = try box.ok("export", "--format", "hledger").stdout
        let file = box.sandbox.path("out.journal")
        try journal.write(toFile: file, atomically: true, encoding: .utf8)
        let csv = try PlainTextAccounting.run(PlainTextAccounting.hledger, ["-f", file, "balance", "assets", "-O", "csv"], in: box)
        var balances: [String: String] = [:]
        var total = ""
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if fields.first == "total" { total = fields.last ?? "" } else if fields.count == 2 { balances[fields[0]] = fields[1] }
        }
        let names = PlainTextAccounting.accountNames(journal)
        let expected = try listed(box)
        #expect(expected.count == 5)
        #expect(Set(balances.keys) == Set(expected.keys.compactMap { names[$0] }), "\(csv)")
        for (name, value) in expected { #expect(balances[names[name] ?? ""] == value, "\(name)") }
        // The totals per commodity, too.
        let totals = try box.list().totals
        #expect(Set(total.components(separatedBy: ", ")) == Set(totals.map { "\($1) \($0)" }), "\(csv)")
    }

    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.ledger), PlainTextAccounting.skipReason))
    func ledgerBalanceEqualsPortfolioList() throws {
        let box = try filledBox()
        let journal = try box.ok("export", "--format", "ledger").stdout
        let file = box.sandbox.path("out.ledger")
        try journal.write(toFile: file, atomically: true, encoding: .utf8)
        // --pedantic: every account, commodity and metadata tag is declared.
        let text = try PlainTextAccounting.run(PlainTextAccounting.ledger, ["--pedantic", "-f", file, "--flat", "--no-total", "balance", "^assets:"], in: box)
        var balances: [String: String] = [:]
        for line in text.split(separator: "\n") {
            // "      1300.07 GBP  assets:Easy saver"
            let trimmed = line.drop { $0 == " " }
            guard let gap = trimmed.range(of: "  ") else { continue }
            balances[String(trimmed[gap.upperBound...])] = String(trimmed[..<gap.lowerBound])
        }
        let names = PlainTextAccounting.accountNames(journal)
        let expected = try listed(box)
        #expect(Set(balances.keys) == Set(expected.keys.compactMap { names[$0] }), "\(text)")
        for (name, value) in expected { #expect(balances[names[name] ?? ""] == value, "\(name)") }
    }

    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.beanCheck), PlainTextAccounting.skipReason))
    func beanCheckAcceptsTheBeancountFileAndItsBalancesAreTheList() throws {
        let box = try filledBox()
        let file = box.sandbox.path("out.beancount")
        try box.ok("export", "--format", "beancount").stdout.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try PlainTextAccounting.run(PlainTextAccounting.beanCheck, [file], in: box)
        let csv = try PlainTextAccounting.run(PlainTextAccounting.beanQuery, ["-f", "csv", file, "SELECT account, str(sum(number)) AS total, currency WHERE account ~ '^Assets:' GROUP BY account, currency"], in: box)
        var values = Set<String>()
        // bean-query ends its CSV lines with CR LF (one Character in Swift).
        for line in csv.split(whereSeparator: \.isNewline).dropFirst() {
            // Decimal('1.234') exactly, not rounded for display.
            let fields = line.split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "Decimal('", with: "").replacingOccurrences(of: "')", with: "")
            }
            if fields.count == 3, !(Double(fields[1]) == 0) { values.insert("\(fields[1]) \(fields[2])") }
        }
        #expect(values == Set(try listed(box).values), "\(values.sorted()) from \(csv)")
    }

    @Test(arguments: ["hledger", "ledger"])
    func exportImportExportGivesTheSameJournal(format: String) throws {
        let box = try filledBox()
        let first = try box.ok("export", "--format", format)
        let copy = try PortfolioBox(timeZone: "Europe/London", database: "copy.sqlite")
        let file = copy.sandbox.path("in.\(format == "hledger" ? "journal" : "ledger")")
        try first.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        // Read by its name (*.journal, *.ledger), no --format needed.
        let imported = try copy.ok("import", file)
        #expect(imported.stderr.contains("Imported 8 updates, 7 new accounts, 1 close, 4 deposits or withdrawals."), "\(imported.stderr)")
        #expect(try copy.ok("export", "--format", format).stdout == first.stdout)
        #expect(try copy.ok("export").stdout == (try box.ok("export").stdout), "the CSV export agrees too")
        // Again from standard input, with --format: everything is already there.
        #expect(try copy.ok("import", "--format", format, "-", stdin: first.stdout).stderr.contains("Imported 0 updates."))
    }

    @Test func aBadJournalIsRefusedNamingEveryBadLineAndNothingIsCreated() throws {
        let box = try PortfolioBox()
        let file = box.sandbox.path("bad.journal")
        try """
            2025-01-01 ok
                assets:Saver  = 100.00 GBP
                equity:valuation

            2025-01-02 transfer
                assets:Saver  20.00 GBP
                assets:Cash

            2025-01-03 symbol
                assets:Saver  = £120.00

            """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try box.fails(65, "import", file)
        #expect(result.stderr.contains("portfolio: error: \(file): 2 lines have errors; nothing was imported"), "\(result.stderr)")
        #expect(result.stderr.contains("\(file): line 6: a posting with an amount but no balance assignment"))
        #expect(result.stderr.contains("\(file): line 10: invalid amount '£120.00'"))
        #expect(!FileManager.default.fileExists(atPath: box.database))
        // The same file as CSV (forced) is a CSV error, not a journal read.
        #expect(try box.fails(65, "import", "--format", "csv", file).stderr.contains("line 1"))
        #expect(try box.fails(64, "import", "--format", "beancount", file).stderr.contains("--format"))
    }

    // MARK: decimal marks as hledger decides them (issue 26, item 4)

    /// A commodity directive's sample fixes EUR's decimal mark: hledger and portfolio both
    /// read `1.500 EUR` as fifteen hundred; without the directive portfolio refuses it.
    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.hledger), PlainTextAccounting.skipReason))
    func aCommodityDirectiveDecidesTheMarkForHledgerAndPortfolioAlike() throws {
        let box = try PortfolioBox()
        let body = "2025-01-01 valuation\n    assets:Fund  = 1.500 EUR\n    equity:valuation\n"
        let file = box.sandbox.path("marks.journal")
        try ("commodity 1.000,00 EUR\n\n" + body).write(toFile: file, atomically: true, encoding: .utf8)
        let hledger = try PlainTextAccounting.run(PlainTextAccounting.hledger, ["-f", file, "balance", "assets", "-N", "-O", "json"], in: box)
        #expect(hledger.replacingOccurrences(of: " ", with: "").contains("\"floatingPoint\":1500\n"), "\(hledger)")
        try box.ok("import", file)
        #expect(try box.list().account("Fund")?.value == "1500.00")
        let bare = try PortfolioBox(database: "bare.sqlite")
        let refused = try bare.fails(65, "import", "--format", "hledger", "-", stdin: body)
        #expect(refused.stderr.contains("'1.500' could be 1500 or 1.500"), "\(refused.stderr)")
    }

    // MARK: no name becomes syntax (issue 26, item 14)

    /// Seeded random account names built of what the three formats treat as syntax (tag
    /// commas and colons, comments, brackets, quotes, escapes) between words such as
    /// "type" and "L", plus the two names of the issue.
    static func riskyNames(count: Int, seed: UInt64) -> [String] {
        var generator = TillcountSeededGenerator(seed: seed)
        let pieces = ["type", "L", "Liability", "Cash", "tag", "é", "ß", "貯金", "7", "x", ",", ":", ";", "#", "[", "]", "(", ")", "=", "@", "*",
                      "!", "\"", "\\", "'", "&", "+", "/", "|", "{", "}", "~", "^", "$", "%", "<", ">", "-", "_", ".", "\\u{2C}", "\\n"]
        var names = ["Cash, type: L, x", "Cash, type: Liability"]
        var keys = Set(names.map { $0.lowercased() })
        while names.count < count {
            var name = "N"
            for _ in 0..<Int.random(in: 2...7, using: &generator) {
                if Bool.random(using: &generator) { name += " " }
                name += pieces.randomElement(using: &generator) ?? "x"
            }
            if keys.insert(name.lowercased()).inserted { names.append(name) }
        }
        return names
    }

    /// Every export of accounts with random names reads in hledger, Ledger (--pedantic) and
    /// bean-check with the values portfolio has: no name becomes a tag, a type, a comment or
    /// an account of its own, and the net worth is the sum of the values.
    @Test(.enabled(if: PlainTextAccounting.installed(PlainTextAccounting.hledger), PlainTextAccounting.skipReason))
    func noNameBecomesSyntaxInAnyExport() throws {
        let box = try PortfolioBox()
        let names = Self.riskyNames(count: 14, seed: 0x26_14)
        var csv = "date,account,value,currency,kind\n"
        var total: Int64 = 0
        for (index, name) in names.enumerated() {
            let field = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            let cents = Int64(index + 1) * 10_000 + 25
            total += cents
            // A deposit the day before the first value (Beancount opens the account then).
            csv += "2025-01-01,\(field),5.00,GBP,deposit\n2025-01-02,\(field),\(cents / 100).\(cents % 100),GBP,\n"
        }
        try box.ok("import", "-", stdin: csv)
        let expected = "\(total / 100).\(total % 100) GBP"
        for format in ["hledger", "ledger", "beancount"] {
            let file = box.sandbox.path("names.\(format)")
            try box.ok("export", "--format", format).stdout.write(toFile: file, atomically: true, encoding: .utf8)
            switch format {
            case "hledger":
                // The balance sheet: every account an asset, the net worth their sum.
                let sheet = try PlainTextAccounting.run(PlainTextAccounting.hledger, ["-f", file, "balancesheet", "-O", "csv"], in: box)
                #expect(sheet.contains("\"Net:\",\"\(expected)\""), "\(sheet)")
                #expect(!sheet.contains("\"-"), "no account on the liability side: \(sheet)")
            case "ledger":
                let text = try PlainTextAccounting.run(PlainTextAccounting.ledger, ["--pedantic", "-f", file, "balance", "^assets:"], in: box)
                #expect(text.split(separator: "\n").last?.trimmingCharacters(in: .whitespaces) == expected, "\(text)")
            default:
                _ = try PlainTextAccounting.run(PlainTextAccounting.beanCheck, [file], in: box)
            }
        }
        // Read back, each name is itself again.
        let copy = try PortfolioBox(database: "copy.sqlite")
        try copy.ok("import", "--format", "hledger", "-", stdin: try box.ok("export", "--format", "hledger").stdout)
        #expect(Set(try copy.list().names) == Set(names))
    }
}

// portfolio deposit, withdraw and flows through the binary: what they say and store, what
// they refuse (exit code, message, store unchanged), undo removing a deposit exactly, the
// kind column of export and import (a store copies without loss), and a version 2 store
// made by the code before them: read unchanged, migrated to 3 by its first change.

import Foundation
import Testing

@Suite(.enabled(if: SQLiteShell.available, "needs /usr/bin/sqlite3 to read the tables"))
struct PortfolioContributionTests {
    /// The tables the money rows live in, dumped row by row.
    static func dump(_ box: PortfolioBox) throws -> String {
        try #require(try SQLiteShell.query(box.database, ".dump accounts updates contributions goals"))
    }

    static func seed(_ box: PortfolioBox) throws {
        try box.ok("add", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("deposit", "ISA", "1000", "--date", "2024-01-01")
        try box.ok("withdraw", "ISA", "250.50", "--date", "2024-03-01")
    }

    @Test func depositAndWithdrawAreStoredSignedAndListed() throws {
        let box = try PortfolioBox()
        try box.ok("add", "ISA", "1000", "--date", "2024-01-01")
        let said = try box.ok("deposit", "isa", "1000", "--date", "2024-01-01")
        #expect(said.stderr.hasPrefix("Deposited £1,000.00 into 'ISA' on 1 Jan 2024, 00:00 [contribution 1]."), "\(said.stderr)")
        try box.ok("withdraw", "ISA", "250.50", "--date", "2024-03-01")
        #expect(try box.sqlite("SELECT group_concat(amount) FROM (SELECT amount FROM contributions ORDER BY id)") == "100000,-25050")
        #expect(try box.sqlite("SELECT count(*) FROM updates") == "1", "a deposit is no valuation")
        #expect(try box.csv("flows", "ISA", "--format", "csv", header: "id,date,kind,amount")
                == [["2", "2024-03-01T00:00:00+00:00", "withdrawal", "-250.50"], ["1", "2024-01-01T00:00:00+00:00", "deposit", "1000.00"]])
        let text = try box.ok("flows", "ISA").stdout
        #expect(text.contains("withdrawal") && text.contains("-£250.50"), "\(text)")
        let shown = try box.show("ISA")
        let listed = try #require(shown["contributions"] as? [[String: Any]])
        #expect(listed.map { $0["amount"] as? String } == ["-250.50", "1000.00"])
        #expect(try box.ok("show", "ISA").stdout.contains("Deposits and withdrawals"))
    }

    @Test(arguments: [
        (["deposit", "ISA", "0"], Int32(65), "the amount must be more than zero"),
        (["withdraw", "ISA", "-5"], Int32(65), "the amount must be more than zero"),
        (["deposit", "ISA", "12.345"], Int32(65), "decimal"),
        (["deposit", "Nope", "5"], Int32(66), "no account"),
        (["deposit", "ISA"], Int32(64), "missing AMOUNT"),
        (["deposit", "ISA", "5", "--date", "2024-02-30"], Int32(65), "invalid --date"),
        (["deposit", "Closed", "5", "--date", "2024-07-01"], Int32(65), "was closed on"),
        (["flows", "rm", "ISA", "99", "--force"], Int32(66), "no deposit or withdrawal with id 99"),
    ])
    func badInputIsRefusedAndStoresNothing(arguments: [String], status: Int32, message: String) throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        try box.ok("add", "Closed", "5", "--date", "2024-01-01")
        try box.ok("close", "Closed", "--date", "2024-06-01", "--withdraw")
        let before = try Self.dump(box)
        let result = try box.fails(status, arguments)
        #expect(result.stderr.lowercased().contains(message.lowercased()), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("portfolio: error: "), "\(result.stderr)")
        #expect(try Self.dump(box) == before)
    }

    @Test func undoOfADepositRemovesItExactly() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let before = try Self.dump(box)
        try box.ok("deposit", "ISA", "75", "--date", "2024-05-01")
        #expect(try Self.dump(box) != before)
        let undone = try box.ok("undo")
        #expect(undone.stderr == "Undid: deposit £75.00 into 'ISA' on 1 May 2024, 00:00 [contribution 3] (1 deposit or withdrawal removed).\n")
        #expect(try Self.dump(box) == before)
        // A deleted one comes back with its id; an rm brings back the account's money rows.
        try box.ok("flows", "rm", "ISA", "1", "--force")
        try box.ok("undo")
        #expect(try Self.dump(box) == before)
        try box.ok("rm", "ISA", "--force")
        #expect(try box.sqlite("SELECT count(*) FROM contributions") == "0")
        try box.ok("undo")
        #expect(try Self.dump(box) == before)
    }

    // MARK: export and import

    @Test func exportAndImportCarryDepositsWithdrawalsAndGoals() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        try box.ok("add", "Bare", "--date", "2024-02-01")
        try box.ok("goal", "ISA", "5000", "--by", "2030-06-30")
        try box.ok("goal", "--total", "9000")
        let exported = try box.ok("export").stdout
        #expect(exported.hasPrefix("date,account,value,currency,kind\n"), "\(exported)")
        #expect(exported.contains("2024-01-01T00:00:00+00:00,ISA,1000.00,GBP,deposit\n"))
        #expect(exported.contains("2024-03-01T00:00:00+00:00,ISA,250.50,GBP,withdrawal\n"))
        #expect(exported.contains("2024-01-01T00:00:00+00:00,ISA,1000.00,GBP,\n"), "a value's kind is empty")
        #expect(exported.hasSuffix("2030-06-30T23:59:59+00:00,ISA,5000.00,GBP,goal\n,,9000.00,GBP,goal\n"), "\(exported)")
        // Into a new store (whose default currency differs: the column is read) and out
        // again: the same bytes; importing it again changes nothing.
        let copy = try PortfolioBox()
        let imported = try copy.ok("import", "-", stdin: exported, environment: ["LANG": "en_US.UTF-8"])
        #expect(imported.stderr.contains("2 goals, 2 deposits or withdrawals"), "\(imported.stderr)")
        #expect(try copy.ok("export").stdout == exported)
        #expect(try copy.ok("import", "-", stdin: exported).stderr.contains("Imported 0 updates."))
        #expect(try copy.sqlite("SELECT count(*) FROM contributions") == "2")
        // JSON lists them per account, signed.
        let json = try #require(try box.json("export", "--format", "json") as? [String: Any])
        let isa = try #require((json["accounts"] as? [[String: Any]])?.first { $0["name"] as? String == "ISA" })
        #expect((isa["contributions"] as? [[String: Any]])?.map { $0["amount"] as? String } == ["1000.00", "-250.50"])
    }

    @Test func aStoreWithoutMoneyRowsExportsAsBefore() throws {
        let box = try PortfolioBox()
        try box.ok("add", "ISA", "1000", "--date", "2024-01-01")
        #expect(try box.ok("export").stdout == "date,account,value,currency\n2024-01-01T00:00:00+00:00,ISA,1000.00,GBP\n")
    }

    @Test(arguments: [
        ("2024-01-01,ISA,5,GBP,bonus\n", "unknown kind 'bonus'"),
        ("2024-01-01,ISA,0,GBP,deposit\n", "must be more than zero"),
        ("2024-01-01,ISA,-5,GBP,withdrawal\n", "must be more than zero"),
        ("2024-01-01,ISA,,GBP,deposit\n", "needs an amount"),
        ("2024-01-01,ISA,5,GBP,deposit,extra\n", "got 6 fields"),
        ("2024-01-01,Nope,5,GBP,goal\n", "no account 'Nope'"),
        (",,5,,goal\n", "needs its currency"),
        (",ISA,0,GBP,goal\n", "more than zero"),
        (",ISA,5,USD,goal\n", "'ISA' is in GBP, not USD"),
        ("someday,ISA,5,GBP,goal\n", "invalid date 'someday' for a goal"),
    ])
    func badKindRowsAreRefusedAndNothingIsImported(csv: String, message: String) throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        let before = try Self.dump(box)
        let result = try box.fails(65, "import", "-", stdin: "2024-01-01,ISA,1000,GBP,deposit\n" + csv)
        #expect(result.stderr.contains("line 2: ") && result.stderr.contains(message), "\(result.stderr)")
        #expect(try Self.dump(box) == before)
    }

    // MARK: the schema

    /// What the code before deposits made: schema version 2 (the undo journal), marked as
    /// portfolio's, with one undo step recorded.
    static let versionTwoSchema = PortfolioUndoTests.versionOneSchema.replacingOccurrences(of: "PRAGMA user_version = 1;", with: """
        CREATE TABLE undo_steps (id INTEGER PRIMARY KEY, command TEXT NOT NULL, description TEXT NOT NULL, at INTEGER NOT NULL);
        CREATE TABLE undo_accounts (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE, id INTEGER NOT NULL, name TEXT NOT NULL,
            currency TEXT NOT NULL, created_at INTEGER NOT NULL, closed_at INTEGER, update_count INTEGER NOT NULL,
            PRIMARY KEY (step_id, id)) WITHOUT ROWID;
        CREATE TABLE undo_updates (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE, id INTEGER NOT NULL, account_id INTEGER NOT NULL,
            at INTEGER NOT NULL, value INTEGER NOT NULL, PRIMARY KEY (step_id, id)) WITHOUT ROWID;
        CREATE TABLE undo_created (
            step_id INTEGER NOT NULL REFERENCES undo_steps(id) ON DELETE CASCADE,
            table_name TEXT NOT NULL CHECK (table_name IN ('accounts', 'updates')),
            first_id INTEGER NOT NULL, last_id INTEGER NOT NULL CHECK (last_id >= first_id),
            PRIMARY KEY (step_id, table_name, first_id)) WITHOUT ROWID;
        INSERT INTO undo_steps (id, command, description, at) VALUES (1, 'update', 'update ''Old ISA'' to £1,250.50', 1706745600);
        INSERT INTO undo_created (step_id, table_name, first_id, last_id) VALUES (1, 'updates', 17, 17);
        PRAGMA user_version = 2;
        """)

    @Test func aVersionTwoStoreIsReadUnchangedAndMigratedByItsFirstChange() throws {
        let box = try PortfolioBox()
        _ = try SQLiteShell.query(box.database, Self.versionTwoSchema)
        #expect(try box.sqlite("PRAGMA user_version") == "2")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        // Reads, the new ones among them, leave it byte for byte at version 2.
        for arguments in [["list"], ["export"], ["flows", "Old ISA"], ["returns"], ["goal"], ["show", "Old ISA"], ["undo", "--dry-run"]] {
            let result = try box.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        #expect(try box.ok("returns", "Old ISA", "--format", "json").stdout.contains("only the change in value is known"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)

        // The first change migrates it: nothing lost, the old undo step still undoable.
        let before = try PortfolioUndoTests.dump(box)
        try box.ok("deposit", "Old ISA", "100", "--date", "2024-02-02")
        #expect(try box.sqlite("PRAGMA user_version") == "5")
        #expect(try box.sqlite("SELECT count(*) FROM contributions") == "1")
        #expect(try PortfolioUndoTests.dump(box) == before)
        try box.ok("undo")
        #expect(try box.sqlite("SELECT count(*) FROM contributions") == "0")
        #expect(try box.ok("undo").stderr == "Undid: update 'Old ISA' to £1,250.50 (1 update removed).\n")
        #expect(try box.list().account("Old ISA")?.value == "1200.00")
        #expect(try box.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try box.sqlite("PRAGMA foreign_key_check") == "")
    }

    @Test func aNewerStoreIsRefusedUntouched() throws {
        let box = try PortfolioBox()
        try Self.seed(box)
        _ = try SQLiteShell.query(box.database, "PRAGMA user_version = 6")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: box.database))
        for arguments in [["deposit", "ISA", "5"], ["returns"], ["goal", "ISA", "10"], ["flows", "ISA"]] {
            let result = try box.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("newer"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: box.database)) == bytes)
    }
}

extension PortfolioBox {
    /// `ok` with the arguments as an array (parameterised tests).
    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments)
        #expect(result.status == 0 && !result.killedBySignal, "portfolio \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)",
                sourceLocation: sourceLocation)
        return result
    }

    /// `fails` with the arguments as an array (parameterised tests).
    @discardableResult
    func fails(_ status: Int32, _ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> ToolResult {
        let result = try run(arguments, stdin: stdin)
        #expect(result.status == status && !result.killedBySignal,
                "portfolio \(arguments.joined(separator: " ")) → \(result.status), expected \(status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }
}

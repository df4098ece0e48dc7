// portfolio's commands through the real binary: dashboard, add, update, list, show,
// close, reopen, rename, rm and updates, with their errors and exit statuses.

import Foundation
import Testing

@Suite struct PortfolioCommandTests {
    // MARK: dashboard

    @Test func dashboardOnAnEmptyStoreSaysHowToStart() throws {
        let box = try PortfolioBox()
        // A store the user named must be there to be read (issue 26, item 36): made empty.
        try box.ok("db", "init")
        for arguments in [[], ["dashboard"]] {
            let result = try box.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("No accounts yet.\n"))
            #expect(result.stdout.contains("portfolio add NAME VALUE"))
            #expect(result.stdout.contains("portfolio demo"))
        }
    }

    @Test func dashboardIsTheDefaultAndShowsTotalsPerCurrency() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Easy saver", "1200", "--date", "2025-01-01", "--currency", "GBP")
        try box.ok("add", "Brokerage", "300.50", "--date", "2025-01-02", "--currency", "USD")
        try box.ok("add", "ISA", "45.25", "--date", "2025-01-03", "--currency", "GBP")
        try box.ok("add", "Old account", "999", "--date", "2025-01-01")
        try box.ok("close", "Old account", "--date", "2025-02-01", "--withdraw")
        let byDefault = try box.ok()
        let named = try box.ok("dashboard")
        for output in [byDefault.stdout, named.stdout] {
            let lines = output.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Portfolio") == true)
            // Each total line goes on with its change this month and this year.
            #expect(lines.contains("Total GBP  £1,245.25  month's change £0.00 (0.0%)  year's change £0.00 (0.0%)"))
            #expect(lines.contains("Total USD  $300.50  month's change $0.00 (0.0%)  year's change $0.00 (0.0%)"))
            #expect(lines.filter { $0.hasPrefix("Total ") }.count == 2)
            #expect(output.contains("Easy saver"))
            #expect(output.contains("Brokerage"))
            #expect(!output.contains("Old account"), "a closed account is not on the dashboard")
            #expect(output.contains("Portfolio (GBP)"))
            #expect(output.contains("Portfolio (USD)"))
        }
        let ascii = try box.ok("dashboard", "--ascii")
        #expect(!ascii.stdout.portfolioHasBlocks)
        #expect(byDefault.stdout.portfolioHasBlocks)
    }

    // MARK: add

    @Test func addCreatesAnAccountWhoseInitialValueIsItsFirstUpdate() throws {
        let box = try PortfolioBox()
        let added = try box.ok("add", "Easy saver", "1200", "--date", "2025-07-27", "--currency", "GBP")
        #expect(added.stderr.contains("Added 'Easy saver' (GBP)"))
        try box.ok("add", "Dollars", "5", "-d", "2025-07-27", "-c", "usd")
        try box.ok("add", "Empty", "--date", "2025-07-27")
        let list = try box.list()
        #expect(list.names == ["Dollars", "Easy saver", "Empty"])
        let saver = try #require(list.account("Easy saver"))
        #expect(saver.currency == "GBP")
        #expect(saver.value == "1200.00")
        #expect(saver.active)
        #expect(saver.updates == 1)
        #expect(list.account("Dollars")?.currency == "USD")
        let empty = try #require(list.account("Empty"))
        #expect(empty.value == nil)
        #expect(empty.updates == 0)
        #expect(list.totals == ["GBP": "1200.00", "USD": "5.00"])
        let show = try box.show("easy SAVER")
        #expect(show["created"] as? String == "2025-07-27T00:00:00+00:00")
    }

    @Test(arguments: [("C.UTF-8", "USD"), ("POSIX", "USD"), ("en", "USD"), ("en_US.UTF-8", "USD"), ("de_DE.UTF-8", "EUR"), ("en_GB.UTF-8", "GBP")])
    func addDefaultsToTheLocalesCurrency(lang: String, currency: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Account", "10", "--date", "2025-01-01", environment: ["LANG": lang])
        #expect(try box.list().account("Account")?.currency == currency)
    }

    @Test(arguments: ["Saver", "saver", "SAVER", "sAvEr"])
    func addRefusesADuplicateNameIgnoringCase(duplicate: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "10", "--date", "2025-01-01")
        let result = try box.fails(65, "add", duplicate, "20", "--date", "2025-01-02")
        #expect(result.stderr.contains("already exists"))
        let list = try box.list()
        #expect(list.names == ["Saver"])
        #expect(list.account("Saver")?.updates == 1)
        #expect(list.totals["GBP"] == "10.00")
    }

    @Test func addRefusesAnEmptyName() throws {
        let box = try PortfolioBox()
        try box.fails(64, "add", "", "10")
        try box.fails(64, "add", "   ", "10")
        #expect(try box.list().accounts.isEmpty)
    }

    // MARK: update

    @Test func updateRecordsANewValue() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        let update = try box.ok("update", "saver", "150.75", "--date", "2025-02-01")
        #expect(update.stderr.contains("£150.75"))
        try box.ok("set", "Saver", "175", "--date", "2025-03-01")  // the alias
        let saver = try #require(try box.list().account("Saver"))
        #expect(saver.value == "175.00")
        #expect(saver.updates == 3)
        try box.fails(64, "update", "Saver")  // no VALUE
    }

    @Test func updateOfAnUnknownAccountSuggestsTheClosestName() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Easy Saver", "100", "--date", "2025-01-01")
        try box.ok("add", "Pension", "100", "--date", "2025-01-01")
        let result = try box.fails(66, "update", "Easy Savr", "5")
        #expect(result.stderr.contains("no account named 'Easy Savr'"))
        #expect(result.stderr.contains("did you mean 'Easy Saver'?"))
        #expect(try box.list().account("Easy Saver")?.updates == 1)
        for command in [["show", "Pensoin"], ["close", "Pensoin"], ["chart", "Pensoin"], ["updates", "Pensoin"], ["rm", "Pensoin", "--force"]] {
            let other = try box.run(command)
            #expect(other.status == 66, "\(command)")
            #expect(other.stderr.contains("did you mean 'Pension'?"), "\(command)")
        }
    }

    // MARK: list

    @Test func listInEveryFormat() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "1000", "--date", "2025-01-01")
        try box.ok("update", "Saver", "1200", "--date", "2025-02-01")
        try box.ok("add", "Dollars", "75.5", "--date", "2025-01-05", "--currency", "USD")
        try box.ok("add", "Shut", "300", "--date", "2025-01-01")
        try box.ok("close", "Shut", "--date", "2025-03-01", "--withdraw")

        let json = try box.list()
        #expect(json.names == ["Dollars", "Saver"])
        #expect(json.totals == ["GBP": "1200.00", "USD": "75.50"])
        for row in json.accounts {
            #expect(row.keys.isSuperset(of: ["name", "currency", "value", "active", "updates"]))
        }
        #expect(json.account("Saver")?.updates == 2)

        let csv = try box.csv("list", "--format", "csv", header: "name,currency,value,active,updates,lastUpdate")
        #expect(csv == [["Dollars", "USD", "75.50", "true", "1", "2025-01-05T00:00:00+00:00"],
                        ["Saver", "GBP", "1200.00", "true", "2", "2025-02-01T00:00:00+00:00"]])

        let tsv = try box.ok("list", "--format", "tsv").stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(tsv.first == ["name", "currency", "value", "active", "updates", "lastUpdate"])
        #expect(tsv.dropFirst().map { $0.first } == ["Dollars", "Saver"])

        let text = try box.ok("list").stdout
        #expect(text.contains("ACCOUNT"))
        #expect(text.contains("£1,200.00"))
        #expect(text.contains("Total GBP  £1,200.00"))
        #expect(text.contains("Total USD  $75.50"))
        #expect(!text.contains("Shut"))

        #expect(try box.ok("list", "--names").stdout == "Dollars\nSaver\n")
        #expect(try box.ok("ls", "--all", "--names").stdout == "Dollars\nSaver\nShut\n")
    }

    @Test func listAllShowsClosedAccountsOutsideTheTotals() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Open", "100", "--date", "2025-01-01")
        try box.ok("add", "Shut", "300", "--date", "2025-01-01")
        try box.ok("close", "Shut", "--date", "2025-03-01", "--withdraw")
        let all = try box.list(all: true)
        #expect(all.names == ["Open", "Shut"])
        #expect(all.account("Shut")?.active == false)
        #expect(all.account("Shut")?.value == "300.00")
        #expect(all.account("Open")?.active == true)
        #expect(all.totals == ["GBP": "100.00"])
        let text = try box.ok("list", "--all").stdout
        #expect(text.contains("Shut (closed)"))
        #expect(text.contains("Total GBP  £100.00"))
    }

    @Test func listOnAnEmptyStore() throws {
        let box = try PortfolioBox()
        try box.ok("db", "init")
        let text = try box.ok("list")
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.contains("No accounts yet"))
        let json = try box.list()
        #expect(json.accounts.isEmpty)
        #expect(json.totals.isEmpty)
    }

    // MARK: show

    @Test func showAnAccountAsTextAndJSON() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Stocks & Shares ISA", "18500", "--date", "2025-05-01 08:00")
        try box.ok("update", "Stocks & Shares ISA", "20011.90", "--date", "2025-08-01 08:00")
        let json = try box.show("stocks & shares isa")
        #expect(json["name"] as? String == "Stocks & Shares ISA")
        #expect(json["currency"] as? String == "GBP")
        #expect(json["value"] as? String == "20011.90")
        #expect(json["active"] as? Bool == true)
        #expect(json["closed"] is NSNull)
        let updates = try #require(json["updates"] as? [[String: Any]])
        #expect(updates.map { $0["date"] as? String } == ["2025-08-01T08:00:00+00:00", "2025-05-01T08:00:00+00:00"])
        #expect(updates.map { $0["value"] as? String } == ["20011.90", "18500.00"])
        #expect(updates.map { $0["current"] as? Bool } == [true, false])

        let text = try box.ok("show", "Stocks & Shares ISA").stdout
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Stocks & Shares ISA  GBP") == true)
        #expect(lines.contains("Value  £20,011.90"))
        #expect(text.contains("1 Aug 2025, 08:00"))
        #expect(text.contains("current"))
        #expect(text.portfolioHasBlocks, "the account's chart")
        #expect(!(try box.ok("show", "Stocks & Shares ISA", "--ascii").stdout.portfolioHasBlocks))
    }

    // MARK: close and reopen

    @Test func closeTakesTheAccountOutOfTheTotalAndReopenBringsItBack() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Keep", "100", "--date", "2025-01-01")
        try box.ok("add", "Leave", "250", "--date", "2025-01-01")
        #expect(try box.list().totals == ["GBP": "350.00"])

        try box.ok("close", "leave", "--date", "2025-02-01", "--withdraw")
        let afterClose = try box.list()
        #expect(afterClose.names == ["Keep"])
        #expect(afterClose.totals == ["GBP": "100.00"])
        #expect(try box.show("Leave")["closed"] as? String == "2025-02-01T00:00:00+00:00")
        #expect(try box.fails(65, "close", "Leave").stderr.contains("already closed"))
        let late = try box.fails(65, "update", "Leave", "300", "--date", "2025-03-01")
        #expect(late.stderr.contains("was closed"))
        try box.ok("update", "Leave", "260", "--date", "2025-01-15")  // before the close: allowed

        try box.ok("reopen", "Leave")
        let reopened = try box.list()
        #expect(reopened.names == ["Keep", "Leave"])
        // Its close stays in its history: worth 0 from then until a new value is recorded.
        #expect(reopened.totals == ["GBP": "100.00"])
        try box.ok("update", "Leave", "260")
        #expect(try box.list().totals == ["GBP": "360.00"])
        #expect(try box.show("Leave")["closed"] is NSNull)
        #expect(try box.fails(65, "reopen", "Leave").stderr.contains("not closed"))
    }

    // MARK: rename

    @Test func renameKeepsTheHistory() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Old name", "100", "--date", "2025-01-01")
        try box.ok("update", "Old name", "120", "--date", "2025-02-01")
        try box.ok("rename", "old NAME", "New name")
        let list = try box.list()
        #expect(list.names == ["New name"])
        #expect(list.account("New name")?.updates == 2)
        #expect(list.account("New name")?.value == "120.00")
        try box.fails(66, "show", "Old name")
        try box.ok("mv", "New name", "NEW NAME")  // alias; a change of letter case only
        #expect(try box.list().names == ["NEW NAME"])
    }

    @Test(arguments: ["Other", "other", "OTHER"])
    func renameToAnExistingNameIsRefused(target: String) throws {
        let box = try PortfolioBox()
        try box.ok("add", "Mine", "1", "--date", "2025-01-01")
        try box.ok("add", "Other", "2", "--date", "2025-01-01")
        let result = try box.fails(65, "rename", "Mine", target)
        #expect(result.stderr.contains("already exists"))
        #expect(try box.list().names == ["Mine", "Other"])
    }

    // MARK: rm

    @Test func rmNeedsForceOffATerminalAndThenDeletesEverything() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Doomed", "100", "--date", "2025-01-01")
        try box.ok("update", "Doomed", "200", "--date", "2025-02-01")
        try box.ok("update", "Doomed", "300", "--date", "2025-03-01")
        try box.ok("add", "Stays", "50", "--date", "2025-01-01")

        let refused = try box.fails(64, "rm", "Doomed")
        #expect(refused.stderr.contains("--force"))
        #expect(try box.list().names == ["Doomed", "Stays"])

        let deleted = try box.ok("rm", "doomed", "--force")
        #expect(deleted.stderr.contains("3 updates"))
        let list = try box.list(all: true)
        #expect(list.names == ["Stays"])
        #expect(list.totals == ["GBP": "50.00"])
        try box.fails(66, "show", "Doomed")
        #expect(!(try box.ok("export").stdout.contains("Doomed")))
        if let count = try box.sqlite("SELECT count(*) FROM updates") { #expect(count == "1") }

        // The same name again is a new account with none of the old updates.
        try box.ok("add", "Doomed", "7", "--date", "2025-04-01")
        #expect(try box.list().account("Doomed")?.updates == 1)
        try box.ok("delete", "Doomed", "-f")  // the alias and the short flag
        #expect(try box.list().names == ["Stays"])
    }

    // MARK: updates

    @Test func updatesListsTheUpdatesWithTheirIdsNewestFirst() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("add", "Other", "1", "--date", "2025-01-01")
        try box.ok("update", "Saver", "200", "--date", "2025-02-01 09:30")
        let json = try #require(try box.json("updates", "list", "Saver", "--format", "json") as? [[String: Any]])
        #expect(json.map { $0["id"] as? Int } == [3, 1])
        #expect(json.map { $0["value"] as? String } == ["200.00", "100.00"])
        #expect(json.map { $0["date"] as? String } == ["2025-02-01T09:30:00+00:00", "2025-01-01T00:00:00+00:00"])
        let text = try box.ok("updates", "saver").stdout.split(separator: "\n").map(String.init)
        #expect(text.count == 3)
        #expect(text[0].contains("ID"))
        #expect(text[1].hasPrefix(" 3") && text[1].contains("1 Feb 2025, 09:30") && text[1].contains("£200.00"))
        #expect(text[2].hasPrefix(" 1") && text[2].contains("£100.00"))
        #expect(try box.csv("updates", "Saver", "--format", "csv", header: "id,date,value").map(\.first) == ["3", "1"])
    }

    @Test func deletingAnUpdateRecalculatesTheValues() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Saver", "100", "--date", "2025-01-01")
        try box.ok("update", "Saver", "200", "--date", "2025-02-01")
        try box.ok("update", "Saver", "300", "--date", "2025-03-01")
        let ids = try #require(try box.json("updates", "Saver", "--format", "json") as? [[String: Any]]).compactMap { $0["id"] as? Int }
        let latest = try #require(ids.first)
        #expect(try box.list().account("Saver")?.value == "300.00")

        try box.fails(64, "updates", "rm", "Saver", String(latest))  // no --force off a terminal
        #expect(try box.list().account("Saver")?.value == "300.00")

        try box.ok("updates", "rm", "Saver", String(latest), "--force")
        let saver = try #require(try box.list().account("Saver"))
        #expect(saver.value == "200.00", "the current value falls back to the previous update")
        #expect(saver.updates == 2)
        #expect(try box.csv("chart", "Saver", "--format", "csv").last == ["2025-02-01T00:00:00+00:00", "200.00"])
        #expect(try box.csv("table", "--from", "2025-03-01", "--to", "2025-03-31", "--format", "csv").first?[2] == "200.00")

        let again = try box.fails(66, "updates", "rm", "Saver", String(latest), "--force")
        #expect(again.stderr.contains("no update with id \(latest)"))
        try box.fails(66, "updates", "rm", "Saver", "999", "--force")
    }

    @Test func anUpdateIdOfAnotherAccountIsNotDeleted() throws {
        let box = try PortfolioBox()
        try box.ok("add", "Mine", "100", "--date", "2025-01-01")
        try box.ok("add", "Theirs", "200", "--date", "2025-01-01")
        let theirs = try #require(try box.json("updates", "Theirs", "--format", "json") as? [[String: Any]]).first?["id"] as? Int
        try box.fails(66, "updates", "rm", "Mine", String(try #require(theirs)), "--force")
        #expect(try box.list().totals == ["GBP": "300.00"])
    }
}

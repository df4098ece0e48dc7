// The SQLite adapter through the kit: every change is one undo step that undo reverts to
// the exact rows (ids, values, times, counts), the same as the in-memory adapter; and a
// store holding values no command accepts (written by another program) is refused by
// every report as corrupt, never a crash.

import Foundation
import MoneyKit
import MoneyKitPlatform
import MoneyKitSQLite
import MoneyKitStorage
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite

/// A portfolio in a fresh SQLite file, removed after the test.
final class SQLiteBox {
    let folder: String
    let repository: SQLitePortfolioRepository
    var portfolio: Portfolio { Portfolio(repository: repository) }

    init() throws {
        folder = NSTemporaryDirectory() + "portfolio-kit-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        repository = try SQLitePortfolioRepository(path: folder + "/p.sqlite", access: .write(createFolders: false))
    }

    deinit {
        repository.close()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Every account with its updates and count, and how many undo steps there are.
    func snapshot() throws -> String {
        var text = ""
        for account in try repository.accounts() {
            text += "\(account) count=\(try repository.updateCount(of: account))\n"
            for update in try repository.updates(of: account) { text += "  \(update)\n" }
        }
        return text + "steps=\(try repository.undoStepCount())"
    }
}

func utc(_ text: String) -> Int64 { Instant.parse(text) ?? 0 }

@Suite struct SQLiteRepositoryTests {
    /// Alpha: three updates; Closed: closed; Spare: no updates, in EUR (the end-to-end seed).
    static func seed(_ portfolio: Portfolio) throws {
        try portfolio.add("Alpha", "100", at: utc("2024-01-01T09:00:00Z"))
        try portfolio.set("Alpha", "150.25", at: utc("2024-02-01T09:00:00Z"))
        try portfolio.set("Alpha", "175", at: utc("2024-03-01T09:00:00Z"))
        try portfolio.add("Closed", "50", at: utc("2024-01-05T09:00:00Z"))
        _ = try portfolio.close(named: "Closed", at: utc("2024-06-01T00:00:00Z"))
        try portfolio.add("Spare", nil, at: utc("2024-01-07T09:00:00Z"), currency: Currency(code: "EUR") ?? .gbp)
    }

    /// Each change, and what undo says it reverted.
    static var changes: [(name: String, change: (Portfolio) throws -> Void, undid: String)] { [
        ("add", { try $0.add("New", "5", at: utc("2024-04-01T00:00:00Z")) }, "add 'New' (1 account and 1 update removed)"),
        ("add bare", { try $0.add("Bare", nil, at: utc("2024-04-01T00:00:00Z"), currency: .usd) }, "add 'Bare' (1 account removed)"),
        ("update", { try $0.set("Alpha", "200", at: utc("2024-04-01T00:00:00Z")) },
         "update 'Alpha' to \(Portfolio.money(200_00, .gbp)) on \(Instant.dateTime(utc("2024-04-01T00:00:00Z"))) [update 5] (1 update removed)"),
        ("update before", { try $0.set("alpha", "1", at: utc("2023-01-01T00:00:00Z")) },
         "update 'Alpha' to \(Portfolio.money(1_00, .gbp)) on \(Instant.dateTime(utc("2023-01-01T00:00:00Z"))) [update 5] (1 update removed)"),
        ("updates rm", { try $0.deleteUpdate(id: 2, of: $0.account(named: "Alpha")) }, "updates rm 'Alpha' 2 (1 update restored)"),
        ("close", { _ = try $0.close(named: "Alpha", at: utc("2024-05-01T00:00:00Z")) }, "close 'Alpha' on \(Instant.dateTime(utc("2024-05-01T00:00:00Z")))"),
        ("close withdraw", { _ = try $0.close(named: "Alpha", at: utc("2024-05-01T00:00:00Z"), holding: .withdraw) },
         "close 'Alpha' on \(Instant.dateTime(utc("2024-05-01T00:00:00Z"))), withdrawing \(Portfolio.money(175_00, .gbp)) (1 deposit or withdrawal removed)"),
        // Its close stays in its history: the 0 recorded at the close goes with the reopen.
        ("reopen", { _ = try $0.reopen(named: "Closed") }, "reopen 'Closed' (closed on \(Instant.dateTime(utc("2024-06-01T00:00:00Z")))) (1 update removed)"),
        ("rename", { try $0.rename(named: "Alpha", to: "Beta") }, "rename 'Alpha' to 'Beta'"),
        ("rename closed", { try $0.rename(named: "Closed", to: "Shut") }, "rename 'Closed' to 'Shut'"),
        ("rm", { _ = try $0.delete($0.account(named: "Alpha")) }, "rm 'Alpha' and its 3 updates (1 account and 3 updates restored)"),
        ("rm empty", { _ = try $0.delete($0.account(named: "Spare")) }, "rm 'Spare' and its 0 updates (1 account restored)"),
        ("demo-like bulk", { portfolio in
            try portfolio.repository.write("import") { change in
                let alpha = try portfolio.account(named: "Alpha")
                let fresh = try change.createAccount(name: "Fresh", currency: .gbp, at: utc("2024-04-02T00:00:00Z"))
                try change.addUpdates([(alpha, utc("2024-04-01T00:00:00Z"), 180_00), (fresh, utc("2024-04-02T00:00:00Z"), 1_00), (fresh, utc("2024-04-03T00:00:00Z"), 2_00)])
                try change.setClosed(try portfolio.account(named: "Spare"), at: utc("2024-04-04T00:00:00Z"))
                change.description = "import"
            }
        }, "import (1 account and 3 updates removed)"),
    ] }

    @Test(arguments: 0..<13)
    func undoRevertsAChangeExactly(index: Int) throws {
        let (name, change, undid) = Self.changes[index]
        for box in [try SQLiteBox()] {
            try Self.seed(box.portfolio)
            let before = try box.snapshot()
            try change(box.portfolio)
            #expect(try box.snapshot() != before, "\(name): the change changed nothing")
            #expect(try box.repository.undoStepCount() == 7, "\(name): one step per change")
            let outcome = try box.portfolio.undo()
            #expect(outcome.step.description + (outcome.effect.map { " (\($0))" } ?? "") == undid, "\(name)")
            #expect(try box.snapshot() == before, "\(name)")
        }
        // The in-memory adapter does the same.
        let memory = memoryPortfolio()
        try Self.seed(memory)
        let accounts = try memory.repository.accounts()
        try change(memory)
        let outcome = try memory.undo()
        #expect(outcome.step.description + (outcome.effect.map { " (\($0))" } ?? "") == undid, "\(name) in memory")
        #expect(try memory.repository.accounts() == accounts)
    }

    /// Rows no command stores (written past the CHECKs, as a store made before them may
    /// hold): an instant outside the years 0001–9999 or a value of Int64.min.
    static let storedExtremes: [(at: String, value: String)] = [
        ("-9223372036854775808", "9223372036854775807"), ("9223372036854775807", "-9223372036854775808"),
        ("-9223372036854775808", "-9223372036854775808"), ("0", "-9223372036854775808"),
        ("-62135596801", "1"), ("253402300800", "-5"), ("1735689600", "-9223372036854775808"),
    ]

    @Test(arguments: storedExtremes.indices)
    func storedExtremesAreRefusedByEveryReport(index: Int) throws {
        let stored = Self.storedExtremes[index]
        let box = try SQLiteBox()
        try box.portfolio.add("E", nil, at: utc("2024-01-01T00:00:00Z"), currency: .usd)
        try box.portfolio.add("F", "5", at: utc("2024-01-01T00:00:00Z"), currency: .usd)
        try box.repository.database.execute(
            "PRAGMA ignore_check_constraints = ON; INSERT INTO updates(account_id, at, value) SELECT id, \(stored.at), \(stored.value) FROM accounts WHERE name = 'E'; UPDATE accounts SET update_count = 1 WHERE name = 'E';")
        let path = box.folder + "/p.sqlite"
        // Refused when opened (the first or last instant), else when the row is read.
        let reader: SQLitePortfolioRepository
        do {
            reader = try SQLitePortfolioRepository(path: path, access: .read)
        } catch let error as StoreError {
            guard case .corrupt = error else { Issue.record("\(stored): \(error)"); return }
            return
        }
        defer { reader.close() }
        let portfolio = Portfolio(repository: reader)
        let now = utc("2025-06-01T00:00:00Z")
        let reports: [(String, () throws -> Void)] = [
            ("rows", { _ = try portfolio.accountRows(includeClosed: true, now: now) }),
            ("detail", { _ = try portfolio.detail(named: "E", now: now) }),
            ("table", { _ = try PeriodTable(repository: reader, period: .year, currency: nil, from: nil, to: now, now: now) }),
            ("chart", { _ = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now) }),
            ("chart E", { _ = try ChartReport(portfolio: portfolio, accountName: "E", currency: nil, from: nil, to: now) }),
            ("dashboard", { _ = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69) }),
            ("export", { try reader.forEachUpdate { _ in } }),
        ]
        for (name, report) in reports {
            do {
                try report()
                Issue.record("\(stored) \(name): an impossible row was read")
            } catch let error as StoreError {
                guard case .corrupt = error else { Issue.record("\(stored) \(name): \(error)"); continue }
            }
        }
    }

    /// Rows a store made before the CHECKs may hold, and what the refusal names.
    static let unusableRows: [(sql: String, fault: String)] = [
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 1735689600, -9223372036854775808);", "update 7"),
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 9223372036854775807, 5);", "update 7"),
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, -70000000000, 5);", "update 7"),
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 1735689600, 'lots');", "update 7"),
        ("INSERT INTO updates (id, account_id, at, value) VALUES (7, 1, 1735689600, 1.5);", "update 7"),
        ("UPDATE accounts SET currency = 'XYZ';", "unknown currency"),
        ("UPDATE accounts SET created_at = 999999999999999;", "account 1"),
        ("UPDATE accounts SET closed_at = 'soon';", "account 1"),
        ("UPDATE accounts SET name = '';", "empty name"),
    ]

    @Test(arguments: unusableRows.indices)
    func aRowTheCodeCannotUseIsRefusedByEveryReportNamingIt(index: Int) throws {
        let (sql, fault) = Self.unusableRows[index]
        let box = try SQLiteBox()
        try box.portfolio.add("A", nil, at: 1_735_689_600)
        try box.repository.database.execute("PRAGMA ignore_check_constraints = ON; " + sql)
        let path = box.folder + "/p.sqlite"
        func expectRefused(_ what: String, _ body: () throws -> Void) {
            do {
                try body()
                Issue.record("\(sql) \(what): read")
            } catch let error as StoreError {
                guard case .corrupt(let file, let reason) = error else { Issue.record("\(sql) \(what): \(error)"); return }
                #expect(file == path && reason.contains(fault), "\(sql) \(what): \(reason)")
            } catch {
                Issue.record("\(sql) \(what): \(error)")
            }
        }
        // Refused when the store opens (the first or last instant), else where the row is read.
        let reader: SQLitePortfolioRepository
        do {
            reader = try SQLitePortfolioRepository(path: path, access: .read)
        } catch {
            expectRefused("open") { throw error }
            return
        }
        defer { reader.close() }
        let portfolio = Portfolio(repository: reader)
        let now = utc("2025-06-01T00:00:00Z")
        expectRefused("dashboard") { _ = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69) }
        expectRefused("list") { _ = try portfolio.accountRows(includeClosed: true, now: now) }
        expectRefused("show") { _ = try portfolio.detail(named: "A", now: now) }
        expectRefused("export") {
            for account in try reader.accounts() { _ = try reader.updates(of: account) }
            try reader.forEachUpdate { _ in }
        }
        expectRefused("chart") { _ = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now) }
        expectRefused("table") { _ = try PeriodTable(repository: reader, period: .month, currency: nil, from: nil, to: now, now: now) }
    }

    /// The seam: the same history in either adapter gives the same reports.
    @Test(arguments: DemoSet.allCases)
    func bothAdaptersGiveTheSameReports(set: DemoSet) throws {
        let now = utc("2025-09-20T12:00:00Z")
        let box = try SQLiteBox()
        let memory = memoryPortfolio()
        for portfolio in [box.portfolio, memory] {
            _ = try portfolio.fillDemo(set, now: now)
            let first = try portfolio.repository.accounts()[0]
            try portfolio.set(first.name, "1234.56", at: now - 86_400)
            _ = try portfolio.close(named: try portfolio.repository.accounts()[1].name, at: now - 3_600)
        }
        func reports(_ portfolio: Portfolio) throws -> [String] {
            let rows = try portfolio.accountRows(includeClosed: true, now: now)
            let table = try PeriodTable(repository: portfolio.repository, period: .month, currency: nil, from: nil, to: now, now: now)
            let chart = try ChartReport(portfolio: portfolio, accountName: nil, currency: nil, from: nil, to: now)
            let dashboard = try Dashboard(portfolio: portfolio, now: now, maxColumns: 69)
            return [
                "\(rows.map { ($0.account, $0.current, $0.updateCount, $0.isActive) })",
                "\(try Portfolio.totals(rows))",
                "\(table.rows.map { ($0.label, $0.end, $0.values, $0.totals) })",
                "\(chart.from) \(chart.panels.map(\.points))",
                "\(dashboard.first) \(dashboard.charts.map(\.points)) \(dashboard.rows.map { dashboard.trend(of: $0.account) })",
                "\(try portfolio.detail(named: rows[0].account.name, now: now).series)",
            ]
        }
        #expect(try reports(box.portfolio) == reports(memory))
    }
}

// portfolio's contract: the same bodies run against every adapter (memory, SQLite,
// PostgreSQL where its server is installed). The rules give the same answers on each;
// every change is one step, reverted exactly (the same ids, values and times); a failed
// change leaves no step and no trace; the newest 100 steps are kept.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct PortfolioAdapterContractTests {
    @Test(arguments: PortfolioBackend.available)
    func theUpdatesInForceAtManyInstantsAreALookupEach(_ backend: PortfolioBackend) throws {
        // PostgreSQL answers in one query, the others by lookups or a pass: every answer the
        // same as a lookup per instant, ties (the later entered wins) and gaps included.
        let portfolio = Portfolio(repository: try backend.makeStore())
        let start = local(2024, 1, 1)
        try portfolio.add("Alpha", "1", at: start + 3_600)
        try portfolio.set("Alpha", "2", at: start + 86_400)
        try portfolio.set("Alpha", "3", at: start + 86_400)
        for number in 2..<14 {
            let at: Int64 = start + Int64(number) * 86_400 + Int64(number % 3)
            try portfolio.set("Alpha", "\(number * 10)", at: at)
        }
        try portfolio.add("Late", "7", at: start + 20 * 86_400)
        try portfolio.add("Empty", nil, at: start)
        let accounts = try portfolio.repository.accounts()
        let day: Int64 = 86_400
        let daily: [Int64] = (0..<18).map { start + Int64($0) * day - 1 }
        let sparse: [Int64] = (0..<3).map { start + Int64($0) * 20 * day }
        let askings: [[Int64]] = [[start - 1], daily, sparse, []]
        for ends in askings {
            let inForce = try portfolio.repository.updatesInForce(of: accounts, at: ends)
            #expect(inForce.count == accounts.count)
            for (index, account) in accounts.enumerated() {
                #expect(try inForce[index] == ends.map { try portfolio.repository.latestUpdate(of: account, atOrBefore: $0) }, "\(backend) \(account.name)")
            }
        }
        #expect(try portfolio.repository.updatesInForce(of: [], at: [start]) == [])
    }

    @Test(arguments: PortfolioBackend.available)
    func eachChangeIsOneStepRevertedExactly(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        let account = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        let before = try portfolio.repository.updates(of: account)
        try portfolio.set("Saver", "250", at: local(2025, 2, 1))
        #expect(try portfolio.undoPreview().description.hasPrefix("update 'Saver' to "))
        let outcome = try portfolio.undo()
        #expect(outcome.step.command == "update")
        #expect(outcome.updatesRemoved == 1)
        #expect(outcome.effect == "1 update removed")
        #expect(try portfolio.repository.updates(of: account) == before)
    }

    @Test(arguments: PortfolioBackend.available)
    func undoingADeleteBringsBackTheAccountWithItsIds(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        let account = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.set("Saver", "110", at: local(2025, 2, 1))
        let updates = try portfolio.repository.updates(of: account)
        #expect(try portfolio.delete(account) == 2)
        #expect(try portfolio.undoPreview().description == "rm 'Saver' and its 2 updates")
        let outcome = try portfolio.undo()
        #expect(outcome.effect == "1 account and 2 updates restored")
        #expect(try portfolio.repository.accounts() == [account])
        #expect(try portfolio.repository.updates(of: account) == updates)
    }

    @Test(arguments: PortfolioBackend.available)
    func renameCloseAndReopenAreUndoneToTheirFormerState(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        let account = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.rename(named: "Saver", to: "Rainy day")
        _ = try portfolio.close(named: "Rainy day", at: local(2025, 3, 1))
        #expect(try portfolio.undoPreview().description.hasPrefix("close 'Rainy day' on "))
        _ = try portfolio.undo()
        #expect(try portfolio.repository.accounts().map(\.closedAt) == [nil])
        let renamed = try portfolio.undo()
        #expect(renamed.step.description == "rename 'Saver' to 'Rainy day'")
        #expect(renamed.effect == nil)
        #expect(try portfolio.repository.accounts() == [account])
    }

    @Test(arguments: PortfolioBackend.available)
    func aFailedChangeLeavesNothingAndNoStep(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        let steps = try portfolio.repository.latestUndoStep()
        #expect(throws: PortfolioError.nameTaken(existing: "Saver")) { try portfolio.add("saver", "1", at: local(2025, 1, 2)) }
        #expect(try portfolio.repository.latestUndoStep() == steps)
        _ = try portfolio.undo()
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undoPreview() }
    }

    @Test(arguments: PortfolioBackend.available)
    func onlyTheLastHundredChangesAreKept(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        try portfolio.add("Saver", "0", at: local(2025, 1, 1))
        for day in 1...(PortfolioUndo.limit + 5) {
            try portfolio.set("Saver", "\(day)", at: local(2025, 1, 1) + Int64(day) * 60)
        }
        for _ in 0..<PortfolioUndo.limit { _ = try portfolio.undo() }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
        // The five oldest updates (and the account) stay.
        #expect(try portfolio.repository.updateCount(of: portfolio.account(named: "Saver")) == 6)
    }

    @Test(arguments: PortfolioBackend.available)
    func theDemoIsOneStep(_ backend: PortfolioBackend) throws {
        let portfolio = Portfolio(repository: try backend.makeStore())
        let (accounts, updates) = try portfolio.fillDemo(.one, now: local(2025, 9, 1))
        #expect(accounts == 7)
        #expect(updates == 42)
        #expect(throws: PortfolioError.demoNeedsEmptyStore) { try portfolio.fillDemo(.two, now: local(2025, 9, 1)) }
        let outcome = try portfolio.undo()
        #expect(outcome.step.description == "demo set 1")
        #expect(outcome.effect == "7 accounts and 42 updates removed")
        #expect(try portfolio.repository.accounts().isEmpty)
    }

    @Test(arguments: PortfolioBackend.available)
    func theRulesGiveTheSameAnswersOnEveryAdapter(_ backend: PortfolioBackend) throws {
        let store = try backend.makeStore()
        let portfolio = Portfolio(repository: store)
        try PortfolioPostgresRepositoryTests.fill(portfolio)
        let reference = try PortfolioBackend.sqlite.makeStore()
        try PortfolioPostgresRepositoryTests.fill(Portfolio(repository: reference))
        #expect(try StoreContents(store) == StoreContents(reference))
        let saver = try portfolio.account(named: "rainy DAY")
        #expect(try store.latestUpdate(of: saver, atOrBefore: local(2025, 2, 1))?.value == 11100)
        #expect(try store.latestUpdate(of: saver, atOrBefore: local(2024, 12, 31)) == nil)
        #expect(try store.latestUpdate(of: saver, atOrAfter: local(2025, 1, 2))?.value == 11100)
        #expect(try store.updateCount(of: saver) == 3)
        #expect(try store.updateCount(accountID: saver.id, at: local(2025, 2, 1), value: 11000) == 1)
        #expect(try store.latestInstant(accountID: saver.id) == local(2025, 2, 1))
        #expect(try store.firstInstant() == local(2025, 1, 1))
        #expect(try store.accounts().map(\.name) == ["Dollars", "ISA", "Rainy day"])
        #expect(throws: PortfolioError.nameTaken(existing: "ISA")) { try portfolio.add("isa", "1", at: local(2025, 5, 1)) }
        // Undo walks back through the same steps on each: the delete, the rename, the close…
        for _ in 0..<4 { _ = try portfolio.undo() }
        _ = try Portfolio(repository: reference).undo()
        _ = try Portfolio(repository: reference).undo()
        _ = try Portfolio(repository: reference).undo()
        _ = try Portfolio(repository: reference).undo()
        #expect(try StoreContents(store) == StoreContents(reference))
        #expect(try store.accounts().map(\.name).contains("Saver"))
    }

    @Test(arguments: PortfolioBackend.available)
    func undoRestoresADeletedAccountWithItsIdsAndMoney(_ backend: PortfolioBackend) throws {
        let store = try backend.makeStore()
        let portfolio = Portfolio(repository: store)
        try PortfolioPostgresRepositoryTests.fill(portfolio)
        let isa = try portfolio.account(named: "ISA")
        let updates = try store.updates(of: isa), contributions = try store.contributions(of: isa), goals = try store.goals()
        #expect(try portfolio.delete(isa) == 2)
        #expect(try store.goals().count == goals.count - 1)
        let outcome = try portfolio.undo()
        #expect(outcome.effect == "1 account and 2 updates and 1 deposit or withdrawal restored")
        #expect(try store.updates(of: isa) == updates)
        #expect(try store.contributions(of: isa) == contributions)
        #expect(try store.goals() == goals)
    }

    @Test(arguments: PortfolioBackend.available)
    func everyStepIsRevertedToTheSameIdsValuesAndCounts(_ backend: PortfolioBackend) throws {
        let store = try backend.makeStore()
        let portfolio = Portfolio(repository: store)
        var states = [try Snapshot(store)]
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        states.append(try Snapshot(store))
        try portfolio.set("Saver", "120", at: local(2025, 2, 1))
        states.append(try Snapshot(store))
        let saver = try portfolio.account(named: "Saver")
        try store.write("import") { change in
            try change.addUpdates(of: [saver]) { body in
                for day in 0..<300 { try body(0, local(2025, 3, 1) + Int64(day) * 86_400, Int64(day)) }
            }
        }
        states.append(try Snapshot(store))
        _ = try portfolio.addContribution(named: "Saver", at: local(2025, 2, 2), withdrawal: false) { try Money.parse("50", currency: $0) }
        states.append(try Snapshot(store))
        _ = try portfolio.setGoal(named: "Saver", by: nil) { try Money.parse("1000", currency: $0) }
        states.append(try Snapshot(store))
        _ = try portfolio.setGoal(named: "Saver", by: local(2030, 1, 1)) { try Money.parse("2000", currency: $0) }
        states.append(try Snapshot(store))
        try portfolio.deleteUpdate(id: try store.updates(of: saver)[1].id, of: saver)
        states.append(try Snapshot(store))
        _ = try portfolio.delete(saver)
        states.append(try Snapshot(store))
        #expect(try store.accounts().isEmpty)
        for expected in states.dropLast().reversed() {
            _ = try portfolio.undo()
            #expect(try Snapshot(store) == expected)
        }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
    }

    @Test(arguments: PortfolioBackend.available)
    func whatIsGoneOrTakenIsRefusedByName(_ backend: PortfolioBackend) throws {
        let store = try backend.makeStore()
        let portfolio = Portfolio(repository: store)
        let saver = try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        try portfolio.add("ISA", "5", at: local(2025, 1, 1))
        #expect(throws: PortfolioError.renameTaken(existing: "ISA")) {
            try store.write("rename") { change in try change.rename(saver, to: "ISA") }
        }
        #expect(throws: PortfolioError.updateGone(account: "Saver", id: 999)) {
            try store.write("updates rm") { change in try change.deleteUpdate(id: 999, of: saver) }
        }
        #expect(throws: PortfolioError.contributionGone(account: "Saver", id: 999)) {
            try store.write("flows rm") { change in try change.deleteContribution(id: 999, of: saver) }
        }
        _ = try portfolio.delete(saver)
        let before = try Snapshot(store)
        for write in [{ (change: any PortfolioChange) in _ = try change.addUpdate(to: saver, at: local(2025, 2, 1), value: 1) },
                      { change in _ = try change.addContribution(to: saver, at: local(2025, 2, 1), amount: 1) },
                      { change in try change.setClosed(saver, at: local(2025, 2, 1)) },
                      { change in try change.delete(saver) }] {
            #expect(throws: PortfolioError.accountGone("Saver")) { try store.write("change") { change in try write(change) } }
        }
        #expect(try Snapshot(store) == before)
        #expect(try store.latestUndoStep()?.command == "rm")
    }
}

/// Everything a store holds, with its ids and counts: what undo must give back exactly.
struct Snapshot: Equatable {
    var accounts: [Account]
    var counts: [Int64]
    var updates: [Update] = []
    var contributions: [Contribution] = []
    var goals: [Goal]

    init(_ store: any PortfolioRepository) throws {
        accounts = try store.accounts()
        counts = try accounts.map { try store.updateCount(of: $0) }
        goals = try store.goals()
        var updates: [Update] = [], contributions: [Contribution] = []
        try store.forEachUpdate { updates.append($0) }
        try store.forEachContribution { contributions.append($0) }
        self.updates = updates
        self.contributions = contributions
    }
}

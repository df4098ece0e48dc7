// Undo through the repository: every change is one step, reverted exactly (the same ids,
// values and times), a failed change leaves no step and no trace.

import MoneyKit
import Testing
@testable import PortfolioKit

@Suite struct PortfolioKitUndoTests {
    @Test func eachChangeIsOneStepRevertedExactly() throws {
        let portfolio = memoryPortfolio()
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

    @Test func undoingADeleteBringsBackTheAccountWithItsIds() throws {
        let portfolio = memoryPortfolio()
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

    @Test func renameCloseAndReopenAreUndoneToTheirFormerState() throws {
        let portfolio = memoryPortfolio()
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

    @Test func aFailedChangeLeavesNothingAndNoStep() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "100", at: local(2025, 1, 1))
        let steps = try portfolio.repository.latestUndoStep()
        #expect(throws: PortfolioError.nameTaken(existing: "Saver")) { try portfolio.add("saver", "1", at: local(2025, 1, 2)) }
        #expect(try portfolio.repository.latestUndoStep() == steps)
        _ = try portfolio.undo()
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undoPreview() }
    }

    @Test func onlyTheLastHundredChangesAreKept() throws {
        let portfolio = memoryPortfolio()
        try portfolio.add("Saver", "0", at: local(2025, 1, 1))
        for day in 1...(PortfolioUndo.limit + 5) {
            try portfolio.set("Saver", "\(day)", at: local(2025, 1, 1) + Int64(day) * 60)
        }
        for _ in 0..<PortfolioUndo.limit { _ = try portfolio.undo() }
        #expect(throws: PortfolioError.nothingToUndo) { try portfolio.undo() }
        // The five oldest updates (and the account) stay.
        #expect(try portfolio.repository.updateCount(of: portfolio.account(named: "Saver")) == 6)
    }

    @Test func theDemoIsOneStep() throws {
        let portfolio = memoryPortfolio()
        let (accounts, updates) = try portfolio.fillDemo(.one, now: local(2025, 9, 1))
        #expect(accounts == 7)
        #expect(updates == 42)
        #expect(throws: PortfolioError.demoNeedsEmptyStore) { try portfolio.fillDemo(.two, now: local(2025, 9, 1)) }
        let outcome = try portfolio.undo()
        #expect(outcome.step.description == "demo set 1")
        #expect(outcome.effect == "7 accounts and 42 updates removed")
        #expect(try portfolio.repository.accounts().isEmpty)
    }
}

// `portfolio db copy`: the whole store (accounts with their creation and close, every
// update, deposit and withdrawal, every goal) from one repository into another, through
// the repository protocol alone, so any two backends work (SQLite → PostgreSQL,
// PostgreSQL → SQLite, either to itself). The source is read in one snapshot; the target
// is written in one change (all or nothing), and only when it holds nothing: a copy never
// merges into a store. Ids are the target's own; the order of updates (time, then entry)
// is kept, so which of two updates at one instant wins is kept too. The undo history stays
// behind: the copy is one step in the target ('portfolio undo' there takes it back).

import MoneyKit

/// Copies a whole portfolio between repositories.
public enum PortfolioStoreCopy {
    /// What a copy carried.
    public struct Summary: Equatable, Sendable {
        /// Accounts copied.
        public var accounts = 0
        /// Value updates copied.
        public var updates = 0
        /// Deposits and withdrawals copied.
        public var contributions = 0
        /// Goals copied.
        public var goals = 0

        /// "3 accounts, 120 updates, 2 deposits or withdrawals and 1 goal".
        public var text: String {
            func counted(_ count: Int, _ one: String, _ many: String) -> String { "\(count) \(count == 1 ? one : many)" }
            return [counted(accounts, "account", "accounts"), counted(updates, "update", "updates"),
                    counted(contributions, "deposit or withdrawal", "deposits or withdrawals")].joined(separator: ", ")
                + " and " + counted(goals, "goal", "goals")
        }
    }

    /// Copies everything in `source` into `target`, which must hold nothing.
    /// - Throws: `PortfolioError.copyTargetNotEmpty`; the stores' errors (nothing is then written).
    public static func copy(from source: any PortfolioRepository, to target: any PortfolioRepository, description: String) throws -> Summary {
        var accounts: [Account] = []
        var updates: [(account: Int, at: Int64, value: Int64)] = []
        var contributions: [(account: Int, at: Int64, amount: Int64)] = []
        var goals: [Goal] = []
        try source.read { _ in
            accounts = try source.accounts()
            let index = Dictionary(accounts.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            try source.forEachUpdate { update in
                guard let position = index[update.accountID] else { return }
                updates.append((position, update.at, update.value))
            }
            try source.forEachContribution { contribution in
                guard let position = index[contribution.accountID] else { return }
                contributions.append((position, contribution.at, contribution.amount))
            }
            goals = try source.goals().filter { goal in goal.accountID.map { index[$0] != nil } ?? true }
        }
        return try target.write("copy") { change in
            guard try target.accounts().isEmpty, try target.goals().isEmpty else {
                throw PortfolioError.copyTargetNotEmpty(location: target.location)
            }
            var made: [Account] = []
            var newIDs: [Int64: Int64] = [:]
            for account in accounts {
                let copy = try change.createAccount(name: account.name, currency: account.currency, at: account.createdAt)
                made.append(copy)
                newIDs[account.id] = copy.id
            }
            try change.addUpdates(of: made) { body in
                for update in updates { try body(update.account, update.at, update.value) }
            }
            if !contributions.isEmpty {
                try change.addContributions(contributions.map { (made[$0.account], $0.at, $0.amount) })
            }
            for (position, account) in accounts.enumerated() {
                if let closed = account.closedAt { try change.setClosed(made[position], at: closed) }
            }
            for goal in goals {
                _ = try change.setGoal(accountID: goal.accountID.flatMap { newIDs[$0] }, currency: goal.currency, amount: goal.amount, by: goal.by)
            }
            var summary = Summary()
            summary.accounts = accounts.count
            summary.updates = updates.count
            summary.contributions = contributions.count
            summary.goals = goals.count
            change.description = "\(description) (\(summary.text))"
            return summary
        }
    }
}

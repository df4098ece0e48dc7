// The adapters portfolio's contract tests run on (memory, SQLite, PostgreSQL), and what a
// store holds, compared across them.

import Foundation
import MoneyKit
import MoneyKitPlatform
import PostgresTestSupport
import Testing
@testable import PortfolioKit
@testable import PortfolioSQLite
@testable import PortfolioPostgres

/// An adapter a scenario runs on.
enum PortfolioBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqlite, postgres

    var testDescription: String { rawValue }

    /// The adapters this run has: PostgreSQL where its server programs are installed (or required).
    static var available: [PortfolioBackend] {
        PostgresTestCluster.shouldRun ? allCases : [.memory, .sqlite]
    }

    /// A new, empty store of this adapter, changed by `actor`.
    func makeStore(actor: String = "ann@host-a") throws -> any PortfolioRepository {
        switch self {
        case .memory:
            return MemoryPortfolioRepository()
        case .sqlite:
            let folder = NSTemporaryDirectory() + "portfolio-pg-kit-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return try SQLitePortfolioRepository(path: folder + "/portfolio.sqlite", access: .write(createFolders: false))
        case .postgres:
            return PostgresPortfolioRepository(connectionText: try sharedCluster().newDatabase("portfolio"), actor: actor)
        }
    }
}

/// What a store holds, without its ids (a copy gives new ones).
struct StoreContents: Equatable {
    var accounts: [String] = []
    var updates: [String] = []
    var contributions: [String] = []
    var goals: [String] = []

    init(_ store: any PortfolioRepository) throws {
        let accounts = try store.accounts()
        let names = Dictionary(uniqueKeysWithValues: accounts.map { ($0.id, $0.name) })
        self.accounts = accounts.map { "\($0.name) \($0.currency.code) \($0.createdAt) \($0.closedAt.map(String.init) ?? "open")" }
        try store.forEachUpdate { updates.append("\(names[$0.accountID] ?? "?") \($0.at) \($0.value)") }
        try store.forEachContribution { contributions.append("\(names[$0.accountID] ?? "?") \($0.at) \($0.amount)") }
        goals = try store.goals().map { "\($0.accountID.flatMap { names[$0] } ?? "total") \($0.currency.code) \($0.amount) \($0.by.map(String.init) ?? "-")" }
    }
}

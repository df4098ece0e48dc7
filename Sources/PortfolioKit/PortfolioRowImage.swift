// A row of portfolio's store as undo keeps it: the row as it was before a step first
// touched it, kept in the undo journal every kit shares as a JSON object (the table's
// column names as keys, integers as numbers, null for no value) and read back through
// the same checks as a row of the store (PortfolioRowCheck), so that undo never puts back
// what the store's rows could not hold.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// A row of one of portfolio's tables, as undo keeps it and puts it back.
package enum PortfolioRowImage: Equatable, Sendable {
    /// An account with the update count stored beside it.
    case account(Account, updateCount: Int64)
    case update(Update)
    case contribution(Contribution)
    case goal(Goal)

    /// The table the row belongs to.
    package var table: PortfolioUndoTable {
        switch self {
        case .account: return .accounts
        case .update: return .updates
        case .contribution: return .contributions
        case .goal: return .goals
        }
    }

    /// The row's id.
    package var id: Int64 {
        switch self {
        case .account(let account, _): return account.id
        case .update(let update): return update.id
        case .contribution(let contribution): return contribution.id
        case .goal(let goal): return goal.id
        }
    }

    /// The row's columns in the table's order (`PortfolioUndoTable.columnNames`): an
    /// integer, a text or nil each.
    package var columns: [PortfolioColumnValue] {
        switch self {
        case let .account(account, count):
            return [.integer(account.id), .text(account.name), .text(account.currency.code), .integer(account.createdAt),
                    account.closedAt.map(PortfolioColumnValue.integer) ?? .null, .integer(count)]
        case .update(let update): return [.integer(update.id), .integer(update.accountID), .integer(update.at), .integer(update.value)]
        case .contribution(let row): return [.integer(row.id), .integer(row.accountID), .integer(row.at), .integer(row.amount)]
        case .goal(let goal):
            return [.integer(goal.id), goal.accountID.map(PortfolioColumnValue.integer) ?? .null, .text(goal.currency.code),
                    .integer(goal.amount), goal.by.map(PortfolioColumnValue.integer) ?? .null]
        }
    }

    /// The row as the journal keeps it.
    package var json: JSONValue {
        .object(zip(table.columnNames, columns).map { name, value in
            switch value {
            case .integer(let number): return (name, .integer(number))
            case .text(let text): return (name, .string(text))
            case .null: return (name, .null)
            }
        })
    }

    /// The row of `table` the journal kept as `json`, checked as a row of the store.
    /// - Throws: `StoreError.corrupt` naming `location` when it is not such a row.
    package init(_ table: PortfolioUndoTable, json: JSONValue, in location: String) throws(StoreError) {
        var columns: [PortfolioColumnValue] = []
        for name in table.columnNames {
            switch json[name] {
            case .number(let text)?:
                guard let number = Int64(text) else { columns.append(.text(text)); continue }  // refused below
                columns.append(.integer(number))
            case .string(let text)?: columns.append(.text(text))
            case .null?: columns.append(.null)
            default:
                throw .corrupt(path: location, reason: "the undo record of \(table.rowKind) \(json["id"].map { $0.serialized() } ?? "?") has no \(name)")
            }
        }
        try self.init(table, columns: columns, in: location)
    }

    /// The row of `table` whose columns (in `columnNames`' order) are `columns`, checked as
    /// a row of the store (PortfolioRowCheck): what an adapter read.
    /// - Throws: `StoreError.corrupt` naming `location` when it is not such a row.
    package init(_ table: PortfolioUndoTable, columns: [PortfolioColumnValue], in location: String) throws(StoreError) {
        let what = "the undo record of \(table.rowKind) \(columns.first.map { "\($0)" } ?? "?")"
        func fault(_ name: String) -> StoreError { .corrupt(path: location, reason: "\(what): \(name) is of the wrong type") }
        func value(_ name: String) -> PortfolioColumnValue {
            table.columnNames.firstIndex(of: name).flatMap { $0 < columns.count ? columns[$0] : nil } ?? .null
        }
        func integer(_ name: String) throws(StoreError) -> Int64 {
            guard case .integer(let number) = value(name) else { throw fault(name) }
            return number
        }
        func optionalInteger(_ name: String) throws(StoreError) -> Int64? {
            if value(name) == .null { return nil }
            return try integer(name)
        }
        func text(_ name: String) throws(StoreError) -> String {
            guard case .text(let text) = value(name) else { throw fault(name) }
            return text
        }
        do throws(StoreError) {
            switch table {
            case .accounts:
                let count = try integer("update_count")
                guard count >= 0 else { throw .corrupt(path: location, reason: "\(what) has an update count of \(count)") }
                self = .account(try PortfolioRowCheck.account(id: try integer("id"), name: try text("name"), currencyCode: try text("currency"),
                                                              createdAt: try integer("created_at"), closedAt: try optionalInteger("closed_at"),
                                                              in: location), updateCount: count)
            case .updates:
                self = .update(try PortfolioRowCheck.update(id: try integer("id"), accountID: try integer("account_id"), at: try integer("at"),
                                                            value: try integer("value"), in: location))
            case .contributions:
                self = .contribution(try PortfolioRowCheck.contribution(id: try integer("id"), accountID: try integer("account_id"),
                                                                        at: try integer("at"), amount: try integer("amount"), in: location))
            case .goals:
                self = .goal(try PortfolioRowCheck.goal(id: try integer("id"), accountID: try optionalInteger("account_id"),
                                                        currencyCode: try text("currency"), amount: try integer("amount"),
                                                        by: try optionalInteger("by_at"), in: location))
            }
        } catch {
            // A fault of the row's values (PortfolioRowCheck) is named as the record's.
            guard case .corrupt(_, let reason) = error, !reason.hasPrefix(what) else { throw error }
            throw .corrupt(path: location, reason: "\(what) is not a valid \(table.rowKind): \(reason)")
        }
    }
}

/// One column of a row image: what an adapter reads and binds.
package enum PortfolioColumnValue: Equatable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case text(String)
    case null

    /// The value as a backend binds it: `integer`, `text` or `null`.
    package func bound<Value>(integer: (Int64) -> Value, text: (String) -> Value, null: Value) -> Value {
        switch self {
        case .integer(let number): return integer(number)
        case .text(let string): return text(string)
        case .null: return null
        }
    }

    /// The value as a message shows it.
    package var description: String {
        switch self {
        case .integer(let number): return String(number)
        case .text(let text): return "'\(text)'"
        case .null: return "null"
        }
    }
}

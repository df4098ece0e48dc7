// Every update in time order (at, then id), in a store with no index in that order
// (schema version 5: SQLitePortfolioRepository.swift says why). Each account's updates come
// in that order from the covering index (account_id, at, id, value) alone; a heap holds
// each account's next update and hands out the earliest, so the whole history streams
// with one row per account in memory and no sort. A store of very many accounts would
// hold that many statements open: beyond `mergedAccountsLimit`, SQLite sorts instead.

import PortfolioKit
import MoneyKitSQLite

/// The updates of a store in time order, merged from its accounts' own orders.
struct SQLiteTimeOrderMerge {
    /// Up to this many accounts are merged, one statement each; a store with more is read
    /// by one query that SQLite sorts (a temporary B-tree, slower, the same order).
    static let mergedAccountsLimit = 512

    let repository: SQLitePortfolioRepository

    /// Calls `body` with every update, earliest first, the lower id first at one instant.
    /// - Throws: what `body` throws; `StoreError` when the store cannot be read or holds a
    ///   row the code cannot use.
    func forEachUpdate(_ body: (Update) throws -> Void) throws {
        let database = repository.database
        var accountIDs: [Int64] = []
        try database.prepare("SELECT id FROM accounts ORDER BY id").forEachRow { accountIDs.append($0.int64(0)) }
        guard accountIDs.count <= Self.mergedAccountsLimit else {
            try database.prepare("SELECT id, account_id, at, value FROM updates ORDER BY at, id").forEachRow { row in
                try body(try repository.checkedUpdate(row, accountID: nil))
            }
            return
        }
        var cursors: [SQLiteStatement] = []
        var heap = UpdateHeap()
        for accountID in accountIDs {
            let statement = try database.prepare("SELECT id, at, value FROM updates WHERE account_id = ? ORDER BY at, id")
            try statement.bind([.integer(accountID)])
            if let row = try statement.nextRow() {
                heap.insert(try repository.checkedUpdate(row, accountID: accountID), cursor: cursors.count)
            }
            cursors.append(statement)
        }
        while let (update, cursor) = heap.first {
            try body(update)
            if let row = try cursors[cursor].nextRow() {
                heap.replaceFirst(with: try repository.checkedUpdate(row, accountID: update.accountID), cursor: cursor)
            } else {
                heap.removeFirst()
            }
        }
    }
}

/// A binary min-heap of updates by (at, id), each with the cursor it came from.
private struct UpdateHeap {
    private var entries: [(update: Update, cursor: Int)] = []

    /// The earliest update and its cursor.
    var first: (Update, Int)? { entries.first.map { ($0.update, $0.cursor) } }

    private func precedes(_ left: Int, _ right: Int) -> Bool {
        let a = entries[left].update, b = entries[right].update
        return a.at < b.at || (a.at == b.at && a.id < b.id)
    }

    mutating func insert(_ update: Update, cursor: Int) {
        entries.append((update, cursor))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Puts `update` in the first entry's place (its cursor's next row) and restores the order.
    mutating func replaceFirst(with update: Update, cursor: Int) {
        entries[0] = (update, cursor)
        siftDown()
    }

    mutating func removeFirst() {
        let last = entries.removeLast()
        guard !entries.isEmpty else { return }
        entries[0] = last
        siftDown()
    }

    private mutating func siftDown() {
        var parent = 0
        let count = entries.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            var smallest = left
            if left + 1 < count, precedes(left + 1, left) { smallest = left + 1 }
            guard precedes(smallest, parent) else { return }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

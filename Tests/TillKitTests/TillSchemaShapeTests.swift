// tillcount's SQLite schema is pinned (SQLiteSchemaShape.swift): a store at the newest
// version with that shape opens without its schema being rebuilt. A migration added or
// changed fails this test until the pin beside the migrations is what they build.

import MoneyKitSQLite
import Testing
@testable import TillSQLite

@Test func tillcountsSchemaShapeIsPinned() throws {
    let built = try SQLiteSchemaShape.built(SQLiteTillHistory.schema)
    #expect(SQLiteTillHistory.schema.shape == built, "pin it beside the migrations as: shape: \(built)")
}

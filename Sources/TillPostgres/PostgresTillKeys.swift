// Tills filed on PostgreSQL before names were compared by Unicode case folding keep the
// key the first rule gave them (NFC, lower case): 'Straße' under 'straße', where its key
// is now 'strasse', which 'STRASSE' and 'strasse' also give. Such a till is found under
// every spelling by a read (`storedKey`), and its first change moves it to its current key
// (`rekey`): its row of tills, its undo steps in the journal and its saved counts
// together, in that change's transaction, so the primary key and the keys that refer to it
// never disagree (a read never changes a store). tally does the same for its counters'
// match keys (PostgresTallySession.updateMatchKeys); tills are few, so the tills table is
// looked through only when no row has the till's current key.

import TillKit
import MoneyKitPostgres
import MoneyKitPlatform

enum PostgresTillKeys {
    /// The key the till `name`'s row is kept under: its current key when a row has it,
    /// else the key of the row whose till folds to the same key (filed under the first
    /// rule); nil when the till has no row.
    /// - Throws: the connection's errors.
    static func storedKey(of name: TillName, on connection: PostgresConnection) throws -> String? {
        if try connection.scalarInteger("SELECT count(*) FROM tillcount.tills WHERE till_key = $1", [.text(name.key)]) ?? 0 > 0 {
            return name.key
        }
        for row in try connection.query("SELECT till_key, till FROM tillcount.tills ORDER BY till_key") {
            guard let key = row.text(0), let till = row.text(1) else { continue }
            if TillName(stored: till).key == name.key { return key }
        }
        return nil
    }

    /// Whether `key` is one a row of the till `name` may be kept under: its current key,
    /// or the key the first rule gave its spelling (not re-keyed yet).
    static func isKey(_ key: String, of name: TillName) -> Bool {
        key == name.key || key == name.legacyKey
    }

    /// Moves the till `name` from its first rule's key to its current one, when it is kept
    /// under such a key; call in a change, before its row is read. Returns whether it moved.
    /// - Throws: the connection's errors (then the change stores nothing).
    @discardableResult
    static func rekey(_ name: TillName, on connection: PostgresConnection) throws -> Bool {
        guard let stale = try storedKey(of: name, on: connection), stale != name.key else { return false }
        let keys: [PostgresValue] = [.text(name.key), .text(stale)]
        // The old row locked first: another change re-keying it waits, then finds it gone.
        guard try !connection.query("SELECT till_key FROM tillcount.tills WHERE till_key = $1 FOR UPDATE", [.text(stale)]).isEmpty else {
            return false
        }
        // New row, then the rows that refer to the key, then the old row.
        try connection.execute("""
            INSERT INTO tillcount.tills (till_key, till, currency, float, notes, updated, count)
            SELECT $1::text, till, currency, float, notes, updated, count FROM tillcount.tills WHERE till_key = $2
            """, keys)
        // The till's undo steps: their actors ("KEY\tPERSON") and the live count's records.
        try connection.execute(
            "UPDATE tillcount.journal_steps SET actor = $1::text || substr(actor, length($2::text) + 1) WHERE starts_with(actor, $2::text || E'\\t')", keys)
        try connection.execute("UPDATE tillcount.journal_records SET key = $1 WHERE kind = 'live' AND key = $2", keys)
        // Saved counts too, but for a Z number the current key has already (a count saved
        // under it meanwhile): that one keeps the old key, which the Z numbering still reads.
        try connection.execute("""
            UPDATE tillcount.counts c SET till_key = $1 WHERE c.till_key = $2
            AND (c.z_number IS NULL OR NOT EXISTS (
                SELECT 1 FROM tillcount.counts n WHERE n.till_key = $1 AND n.z_number = c.z_number))
            """, keys)
        try connection.execute("DELETE FROM tillcount.tills WHERE till_key = $1", [.text(stale)])
        return true
    }
}

// What tally needs from a store: the document as it is, and changes to it made one at a
// time. The JSON file adapter (the default) and the in-memory adapter implement it; a
// shared store (PostgreSQL) would be a third.

/// A store of one TallyDocument.
///
/// `load` sees one consistent state and changes nothing (a store that does not exist yet
/// reads as an empty document). `change` runs its body on the latest state, under an
/// exclusive lock or in a transaction, and keeps what the body leaves only when it
/// returns; when it throws, nothing is stored. Two changes at once never lose an update.
/// A store whose content breaks `TallyDocument.checkInvariants` is refused, never used.
public protocol TallyRepository {
    /// The document as it is; an empty one when the store does not exist yet.
    /// - Throws: the store's errors (unreadable, not a tally store, broken invariants).
    func load() throws -> TallyDocument
    /// Runs `body` on the latest document and keeps what it leaves, only when it returns.
    /// - Throws: what `body` throws (nothing is kept), or the store's errors.
    func change<Result>(_ body: (inout TallyDocument) throws -> Result) throws -> Result
}

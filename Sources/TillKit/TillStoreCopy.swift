// `tillcount db copy`: a whole store copied into an empty or new one, through the
// repository protocols only, so files → PostgreSQL, PostgreSQL → files and PostgreSQL →
// PostgreSQL are one code path. Copied: every till's live count (lines, float, notes,
// movements, blind, tolerance, its name) and every visible saved count with its lines,
// id, time, till, kind, Z number, label and added notes, and the audit trail (TillAudit).
// Left behind: the undo stacks and the counts 'history rm' has hidden (they exist only for
// undo).

import MoneyKit

/// A history a store can be copied into: it says what it already holds and files saved
/// counts exactly as they are.
public protocol TillHistoryCopyTarget {
    /// What the store already holds, in words ("2 till(s)"), or nil when it is empty.
    /// - Throws: what the store throws.
    func holdsAnything() throws -> String?
    /// Files `counts` as they are (ids kept) and `audit` in order, in one transaction.
    /// - Throws: what the store throws; nothing is filed then.
    func copyIn(_ counts: [SavedCount], audit: [TillAuditEntry]) throws
}

/// Copies a tillcount store (see the top of this file).
public enum TillStoreCopy {
    /// What was copied.
    public struct Outcome: Equatable, Sendable {
        /// How many tills' live counts.
        public let tills: Int
        /// How many saved counts.
        public let savedCounts: Int
    }

    /// Copies `source` into `target`, which must be empty (`targetName` names it in the
    /// refusal). The saved counts go first, in one transaction; then each till's live count.
    /// - Throws: `TillError.copyTargetNotEmpty`; what the stores throw.
    public static func copy(
        from source: (tills: any TillDirectory, history: any TillHistoryRepository),
        to target: (tills: any TillDirectory, history: any TillHistoryRepository & TillHistoryCopyTarget),
        targetName: String, definitions: (Currency) throws -> DenominationSet
    ) throws -> Outcome {
        if let held = try target.history.holdsAnything() { throw TillError.copyTargetNotEmpty(target: targetName, what: held) }
        let kept = try target.tills.tills()
        if kept.contains(where: { !$0.name.isMain || $0.state != TillState() }) {
            throw TillError.copyTargetNotEmpty(target: targetName, what: "\(kept.count) till(s)")
        }
        let counts = try source.history.countsWithLines(definitions: definitions)
        let audit = try source.history.auditEntries()
        if !counts.isEmpty || !audit.isEmpty { try target.history.copyIn(counts, audit: audit) }
        var copied = 0
        for till in try source.tills.tills() where till.state != TillState() {
            var live = till.state
            live.undo = []
            live.purge = []
            try target.tills.repository(for: till.name).change { state in
                let name = state.tillName
                state = live
                state.tillName = name
            }
            copied += 1
        }
        return Outcome(tills: copied, savedCounts: counts.count)
    }
}

// The audit trail: who turned a till's blind mode on and off, who revealed a blind count
// (saved it, which shows its expected cash and over/short) and who undid what, and when.
// Kept with the saved counts on every store, written in the change's own transaction, and
// never undone: an undo adds its own entry. Read by `tillcount audit`.

import MoneyKitPlatform

/// One entry of the audit trail.
public struct TillAuditEntry: Equatable, Sendable {
    /// What was done.
    public enum Action: String, CaseIterable, Sendable {
        /// Blind mode turned on.
        case blindOn = "blind-on"
        /// Blind mode turned off (the expected cash shown again).
        case blindOff = "blind-off"
        /// A blind count saved: its expected cash and over/short shown.
        case reveal
        /// A change undone; the detail names it.
        case undo
    }

    /// When, ISO 8601 UTC (as a saved count's time).
    public var at: String
    /// The till, as its name is shown.
    public var till: String
    /// Who: the cashier when one is named, else USER@HOST.
    public var who: String
    /// What was done.
    public var action: Action
    /// What it concerned ("saved count 3", the undone change); "" for nothing more.
    public var detail: String

    /// An entry with every field given.
    public init(at: String, till: String, who: String, action: Action, detail: String) {
        self.at = at
        self.till = till
        self.who = who
        self.action = action
        self.detail = detail
    }
}

extension Till {
    /// Adds an entry for `action` on this till to the trail, in `session`'s transaction.
    /// - Throws: what the history throws.
    func audit(_ action: TillAuditEntry.Action, detail: String = "", in session: any TillSession) throws {
        try session.history.appendAudit(TillAuditEntry(at: stamp, till: name.display, who: auditor(), action: action, detail: detail))
    }

    /// The trail, oldest first: of the till `till` when given, from `since` on when given.
    /// - Throws: what the history throws.
    public func auditTrail(till: TillName? = nil, since: Int64? = nil) throws -> [TillAuditEntry] {
        try store.read { session in try session.history.auditEntries() }.filter { entry in
            if let till, TillName(stored: entry.till) != till { return false }
            if let since {
                guard let seconds = Instant.parseISO8601(entry.at), Int64(seconds.rounded(.down)) >= since else { return false }
            }
            return true
        }
    }
}

// One step of tillcount's undo stack. The stack is kept with the live count (newest last;
// in the file store a row of its database, SQLiteTillDirectory), so the live count and
// the history share one order, the true order of the
// commands: a step is either the live count as it was before a change, or a change to
// the history (a save or an rm), which names the history row by a random key.
//
// In the file (format version 3), inside "undo": [...]:
//   {"kind": "count", "action": "add 20=4", "count": {currency, float, lines, notes, updated}}
//   {"kind": "history", "change": "rm", "id": 3, "key": "…32 hex…", "at": "2026-…Z", "action": "history rm 3"}
//   {"kind": "history", "change": "save", "id": null, "key": "…", "at": "…", "action": "save"}
//   {"kind": "history", "change": "label"|"note", "id": 3, "key": "…", "at": "…", "action": "history label 3 Friday"}
// (format version 4: a relabel or a note added to a saved count; the history keeps each
// as a row marked with the step's key, which undo deletes.)
//
// The stack is per till: each till's file keeps its own, so undo reverts the newest step
// made in the till a command runs in. A Z save is final: its step only marks its place, so
// that undo says it passes over it (HistoryReversal.finalCount) instead of silently
// undoing the step before; no undo removes a Z count.
// Format 1 and 2 files hold bare live-count snapshots there (read as "count" steps with no
// action).
//
// A till removed by 'tills rm' (TillRemoval.swift) is a step of the till the command ran in:
//   {"kind": "till", "change": "rm", "till": "Front", "action": "tills rm Front", "count": {the removed till's live count}}
// (read from format version 4 files; a tillcount from before it refuses such a file,
// untouched, for its unknown kind).

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// One step of the undo stack (see the top of this file).
public enum TillUndoStep: Equatable, Sendable {
    /// The live count before a change (its own undo stack left out), and what the change was.
    case count(TillState, action: String?)
    /// A change to the saved history.
    case history(HistoryStep)
    /// A till removed ('tills rm'): undo brings it back.
    case till(TillRemoval)

    /// The key of a history step, nil for a live-count step.
    public var historyKey: String? {
        if case .history(let step) = self { return step.key }
        return nil
    }
}

/// A save or an rm, as the undo stack keeps it: what undo needs to find the history row
/// the command made or deleted (its `key`, stored in the row as saved_by or deleted_by).
public struct HistoryStep: Equatable, Sendable {
    /// What the command did to the history.
    public enum Change: String, Sendable {
        /// Filed the live count: undo deletes the row it made.
        case save
        /// Deleted (hid) a saved count: undo brings it back.
        case rm
        /// Relabelled a saved count: undo brings the label before back.
        case label
        /// Added a note to a saved count: undo takes it away.
        case note

        /// Whether the step names an existing saved count (all but save).
        public var namesCount: Bool { self != .save }
    }

    /// Save or rm.
    public let change: Change
    /// The saved count deleted, relabelled or noted; nil for a save, whose id exists only once its row does.
    public let id: Int64?
    /// A random mark, unique to this step, written into the history row.
    public let key: String
    /// When the command ran: the saved count's saved_at (save), its deleted_at (rm).
    public let at: String
    /// What undo says it reverted: the command as typed ("history rm 3").
    public let action: String

    /// A new step with a fresh random key, stamped `at` (ISO 8601; the system clock's
    /// now unless given).
    public init(change: Change, id: Int64?, action: String, at: String = Instant.iso8601UTC(Instant.preciseNow())) {
        self.change = change
        self.id = id
        self.key = Self.randomKey()
        self.at = at
        self.action = action
    }

    /// A step as read back from the file.
    public init(change: Change, id: Int64?, key: String, at: String, action: String) {
        self.change = change
        self.id = id
        self.key = key
        self.at = at
        self.action = action
    }

    /// 128 random bits as 32 lowercase hex digits (the system's random source).
    public static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return String((0..<32).map { _ in digits[Int(generator.next() % 16)] })
    }

    /// A key as written by `randomKey`, or one made the same way: 1 to 64 lowercase hex digits.
    public static func isValidKey(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension TillUndoStep {
    /// Reads one entry of "undo" in a file of `version`.
    /// - Throws: `StoredContentError` naming what is malformed.
    public init(json: JSONValue, place: String, version: Int) throws(StoredContentError) {
        guard version >= 3 else {
            self = .count(try TillState(snapshot: json, place: place), action: nil)
            return
        }
        let fields = try JSONFields(json, place: place)
        var action: String?
        if let text = fields.optional("action") {
            guard let string = text.stringValue else { throw StoredContentError("'action' in \(place) is not a string") }
            action = string
        }
        switch try fields.string("kind") {
        case "count":
            guard let snapshot = fields.value("count") else { throw StoredContentError("missing 'count' in \(place)") }
            self = .count(try TillState(snapshot: snapshot, place: "\(place).count"), action: action)
        case "till":
            guard try fields.string("change") == "rm" else { throw StoredContentError("\(place) has an unknown change (rm)") }
            let name = try fields.string("till")
            guard !name.isEmpty else { throw StoredContentError("'till' in \(place) is not a till name") }
            guard let snapshot = fields.value("count") else { throw StoredContentError("missing 'count' in \(place)") }
            self = .till(TillRemoval(
                name: TillName(stored: name), state: try TillState(snapshot: snapshot, place: "\(place).count"), action: action ?? "tills rm \(name)"))
        case "history":
            guard let change = HistoryStep.Change(rawValue: try fields.string("change")) else {
                throw StoredContentError("\(place) has an unknown change (save, rm, label or note)")
            }
            var id: Int64?
            if let value = fields.optional("id") {
                guard let number = value.int64Value, number >= 1 else { throw StoredContentError("'id' in \(place) is not a saved count's id") }
                id = number
            }
            if change.namesCount, id == nil { throw StoredContentError("\(place) names no saved count: it has no 'id'") }
            let key = try fields.string("key")
            guard HistoryStep.isValidKey(key) else { throw StoredContentError("'key' in \(place) is not 1 to 64 lowercase hex digits") }
            self = .history(HistoryStep(
                change: change, id: id, key: key, at: try fields.string("at"), action: action ?? change.rawValue))
        default:
            throw StoredContentError("\(place) has an unknown kind (count, history or till)")
        }
    }

    /// The step as the file keeps it.
    public var json: JSONValue {
        switch self {
        case .count(let snapshot, let action):
            return .object([
                ("kind", .string("count")), ("action", action.map(JSONValue.string) ?? .null), ("count", snapshot.snapshotJSON),
            ])
        case .history(let step):
            return .object([
                ("kind", .string("history")), ("change", .string(step.change.rawValue)), ("id", step.id.map(JSONValue.integer) ?? .null),
                ("key", .string(step.key)), ("at", .string(step.at)), ("action", .string(step.action)),
            ])
        case .till(let removal):
            return .object([
                ("kind", .string("till")), ("change", .string("rm")), ("till", .string(removal.name.display)),
                ("action", .string(removal.action)), ("count", removal.state.snapshotJSON),
            ])
        }
    }
}

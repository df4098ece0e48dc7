// Storing imported counters: what happens when a name already exists (a clash, compared
// as the name rule compares names: in any letter case), all in one change and one undo
// step (one change group, holding each counter's log as the input gave it, or one
// "import" event for a counter given without one).

import MoneyKitStorage

/// What to do with an imported counter whose name exists.
public enum ClashPolicy: String, CaseIterable, Sendable {
    /// Import nothing and list the clashes.
    case error
    /// Keep the existing counter.
    case skip
    /// Overwrite the existing counter.
    case replace
    /// Import under "NAME (2)", "NAME (3)", … whichever is free first.
    case rename
}

/// What an import did.
public struct ImportSummary: Equatable, Sendable {
    /// New counters (renamed ones included).
    public var added: Int
    /// Existing counters overwritten.
    public var replaced: Int
    /// Existing counters kept, their imported namesakes left out.
    public var skipped: Int
    /// Counters imported under another name, in input order.
    public var renamed: [Renaming]

    /// A counter imported under another name than it had.
    public struct Renaming: Equatable, Sendable {
        /// Its name in the input.
        public var from: String
        /// The name it was stored under.
        public var to: String

        /// A renaming from one name to another.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// A summary with these figures.
    public init(added: Int, replaced: Int, skipped: Int, renamed: [Renaming]) {
        self.added = added
        self.replaced = replaced
        self.skipped = skipped
        self.renamed = renamed
    }

    /// Every counter stored: added and replaced.
    public var imported: Int { added + replaced }
}

extension Tally {
    /// Stores `incoming` (from `CounterImport.read`) as one change, undone by one undo.
    /// `source` names the input in errors.
    /// - Throws: `TallyError.importRepeatsName` when the input names a counter twice;
    ///   `.importClashes` when a name exists and `policy` is `error`; `.noSerialLeft`; the
    ///   repository's errors. Nothing is stored when it throws.
    public func importCounters(_ incoming: [ImportedCounter], source: String, onClash policy: ClashPolicy) throws -> ImportSummary {
        try CounterImport.checkUnique(incoming, source: source)
        let at = now()
        return try repository.write { store -> ImportSummary in
            var existing: [String: Counter] = [:]
            for counter in try store.allCounters() { existing[ItemName.matchKey(counter.name)] = counter }
            // Each name's key worked out once (NFC and lower case).
            let keys = incoming.map { ItemName.matchKey($0.name) }
            let clashes = incoming.indices.filter { existing[keys[$0]] != nil }.map { incoming[$0].name }
            if policy == .error, !clashes.isEmpty {
                throw TallyError.importClashes(source: source, names: clashes)
            }
            var summary = ImportSummary(added: 0, replaced: 0, skipped: 0, renamed: [])
            var replaced: [Counter] = []
            var toInsert: [ImportedCounter] = []
            var taken = Set(existing.keys).union(keys)
            for (index, var counter) in incoming.enumerated() {
                if let stored = existing[keys[index]] {
                    switch policy {
                    case .skip:
                        summary.skipped += 1
                        continue
                    case .replace:
                        summary.replaced += 1
                        replaced.append(stored)
                    case .rename, .error:
                        let original = counter.name
                        counter.name = Self.freeName(for: original, taken: taken)
                        taken.insert(ItemName.matchKey(counter.name))
                        summary.renamed.append(.init(from: original, to: counter.name))
                        summary.added += 1
                    }
                } else {
                    summary.added += 1
                }
                toInsert.append(counter)
            }
            guard !toInsert.isEmpty else { return summary }
            // One change group: one undo reverts the whole import.
            try store.begin("import \(toInsert.count) counter\(toInsert.count == 1 ? "" : "s")", at: at)
            for counter in replaced { try store.delete(counter) }
            // The counters, then their logs, each written together (in input order).
            var made: [Counter] = []
            made.reserveCapacity(toInsert.count)
            for counter in toInsert { made.append(counter.counter(serial: try store.takeSerial())) }
            try store.insert(made)
            var events: [CounterEvent] = []
            events.reserveCapacity(made.count)
            for (counter, stored) in zip(toInsert, made) {
                guard let log = counter.log else {
                    // No log given (an export before version 2, a list): the import is its log.
                    events.append(CounterEvent(serial: stored.serial, at: at, kind: .import, countBefore: stored.count, countAfter: stored.count))
                    continue
                }
                // A backup restores the log exactly, in this change group: one undo removes it with the counter.
                for var event in log {
                    event.serial = stored.serial
                    events.append(event)
                }
            }
            try store.record(events)
            return summary
        }
    }

    /// "NAME (2)", "NAME (3)", …: the first whose match key is not taken.
    static func freeName(for name: String, taken: Set<String>) -> String {
        var number = 2
        while taken.contains(ItemName.matchKey("\(name) (\(number))")) { number += 1 }
        return "\(name) (\(number))"
    }
}

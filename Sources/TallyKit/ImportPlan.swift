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
            // The input's own names (a derived counter's sources are looked up there first).
            var inputKeys: [String] = []
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
                inputKeys.append(keys[index])
            }
            guard !toInsert.isEmpty else { return summary }
            // One change group: one undo reverts the whole import.
            try store.begin("import \(toInsert.count) counter\(toInsert.count == 1 ? "" : "s")", at: at)
            for counter in replaced { try store.delete(counter) }
            // The counters, then their logs, each written together (in input order); the
            // derived ones after the others, their formulas resolved once their sources are in.
            var made: [Counter] = []
            made.reserveCapacity(toInsert.count)
            for counter in toInsert { made.append(counter.counter(serial: try store.takeSerial())) }
            if toInsert.contains(where: { $0.formula != nil }) || !replaced.isEmpty {
                var plan = DerivedImport(imported: toInsert, made: made, inputKeys: inputKeys, replaced: replaced, existing: existing)
                made = try plan.resolved(in: store, source: source)
            } else {
                try store.insert(made)
            }
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

    /// Stores the counters an import makes whose formulas name other counters: the
    /// stored ones first, then the derived ones with their sources resolved (in the input
    /// first, under the name the input gave, then in the store), and the store's derived
    /// counters whose sources the import replaced pointed at the replacing counters.
    private struct DerivedImport {
        let imported: [ImportedCounter]
        var made: [Counter]
        /// Each imported counter's match key as the input named it.
        let inputKeys: [String]
        let replaced: [Counter]
        /// The store's counters before the import, by match key.
        let existing: [String: Counter]

        /// Stores `made` and returns it with the derived counters' formulas.
        /// - Throws: `TallyError.importBadEntry` for a source found nowhere; `.derivedSource`
        ///   for a source that is derived; the store's errors.
        mutating func resolved(in store: any TallyStoreChange, source: String) throws -> [Counter] {
            var byInputKey: [String: Counter] = [:]
            for (key, counter) in zip(inputKeys, made) { byInputKey[key] = counter }
            try store.insert(made.indices.filter { imported[$0].formula == nil }.map { made[$0] })
            for index in made.indices {
                guard let text = imported[index].formula else { continue }
                var terms: [CounterFormula.Term] = []
                for typed in try CounterFormula.parse(text) {
                    let key = ItemName.matchKey(typed.name)
                    guard let found = byInputKey[key] ?? existing[key].flatMap({ try? store.counter(serial: $0.serial) }) else {
                        throw TallyError.importBadEntry(message: """
                            \(source): '\(made[index].name)' is derived from '\(typed.name)', which is neither in \(source) nor in the store; nothing was imported
                            """)
                    }
                    try found.requireCanBeSource()
                    // One made by this import is derived when the input gave it a formula.
                    if imported.indices.contains(where: { made[$0].serial == found.serial && imported[$0].formula != nil }) {
                        throw TallyError.derivedSource(source: found.name)
                    }
                    terms.append(CounterFormula.Term(serial: found.serial, subtracted: typed.subtracted))
                }
                made[index].formula = CounterFormula(terms: terms)
                made[index] = try store.valued(made[index])
                try store.insert(made[index])
            }
            try repointDerived(in: store)
            return made
        }

        /// The store's derived counters naming a counter the import replaced name the
        /// counter that replaced it (the same name).
        private func repointDerived(in store: any TallyStoreChange) throws {
            guard !replaced.isEmpty else { return }
            var replacing: [Int64: Counter] = [:]
            for old in replaced {
                let key = ItemName.matchKey(old.name)
                if let index = inputKeys.firstIndex(of: key) { replacing[old.serial] = made[index] }
            }
            let madeSerials = Set(made.map(\.serial))
            for listed in try store.derivedCounters() where !madeSerials.contains(listed.serial) {
                guard listed.formula?.terms.contains(where: { replacing[$0.serial] != nil }) == true,
                      // Read again, locked: the list is not, and another change may have moved it.
                      var derived = try store.counter(serial: listed.serial), var formula = derived.formula
                else { continue }
                for index in formula.terms.indices {
                    guard let new = replacing[formula.terms[index].serial] else { continue }
                    try new.requireCanBeSource()
                    formula.terms[index].serial = new.serial
                }
                derived.formula = formula
                try store.update(derived)
            }
        }
    }

    /// "NAME (2)", "NAME (3)", …: the first whose match key is not taken.
    static func freeName(for name: String, taken: Set<String>) -> String {
        var number = 2
        while taken.contains(ItemName.matchKey("\(name) (\(number))")) { number += 1 }
        return "\(name) (\(number))"
    }
}

// Storing imported counters: what happens when a name already exists (a clash, compared
// as the name rule compares names: in any letter case), all in one change and one undo
// step.

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
        return try repository.change { document -> ImportSummary in
            var existing: [String: String] = [:]
            for counter in document.counters { existing[ItemName.matchKey(counter.name)] = counter.name }
            let clashes = incoming.map(\.name).filter { existing[ItemName.matchKey($0)] != nil }
            if policy == .error, !clashes.isEmpty {
                throw TallyError.importClashes(source: source, names: clashes)
            }
            var summary = ImportSummary(added: 0, replaced: 0, skipped: 0, renamed: [])
            var replacedNames: [String] = []
            var toInsert: [ImportedCounter] = []
            var taken = Set(existing.keys).union(incoming.map { ItemName.matchKey($0.name) })
            for var counter in incoming {
                if let stored = existing[ItemName.matchKey(counter.name)] {
                    switch policy {
                    case .skip:
                        summary.skipped += 1
                        continue
                    case .replace:
                        summary.replaced += 1
                        replacedNames.append(stored)
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
            document.recordUndo(
                "import \(toInsert.count) counter\(toInsert.count == 1 ? "" : "s")", before: replacedNames,
                after: toInsert.map(\.name))
            let removing = Set(replacedNames)
            document.counters.removeAll { removing.contains($0.name) }
            for counter in toInsert {
                document.counters.append(counter.counter(serial: try document.takeSerial()))
            }
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

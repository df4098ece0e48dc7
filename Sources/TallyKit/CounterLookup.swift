// Finding a counter by the name typed, in any store, without reading every counter: the
// exact name first, else the one counter whose name matches but for letter case or
// Unicode form (ItemName's rule); only a miss reads the names, for "did you mean".

import MoneyKitStorage

extension TallyStoreReading {
    /// The counter `name` names: exactly, else in another letter case or Unicode form.
    /// - Throws: `TallyError.notFound` or `.ambiguousName`; the store's errors.
    public func requireCounter(named name: String) throws -> Counter {
        if let exact = try counter(exactly: name) { return exact }
        let matches = try counters(matchingKey: ItemName.matchKey(name))
        switch matches.count {
        case 1: return matches[0]
        case 0: throw TallyError.notFound(name, known: try allCounters().map(\.name))
        default: throw TallyError.ambiguousName(name, matches: matches.map(\.name))
        }
    }

    /// Refuses `name` when another counter than `serial` has it, in any letter case.
    /// - Throws: `TallyError.nameTaken`; the store's errors.
    public func requireUnused(_ name: String, except serial: Int64? = nil) throws {
        if let other = try counters(matchingKey: ItemName.matchKey(name)).first(where: { $0.serial != serial }) {
            throw TallyError.nameTaken(name, existing: other.name)
        }
    }

    /// The counters `typed` names, each once, in the order given.
    /// - Throws: `TallyError.notFound` or `.ambiguousName` for the first that names none.
    public func requireCounters(named typed: [String]) throws -> [Counter] {
        var result: [Counter] = []
        for name in typed {
            let found = try requireCounter(named: name)
            if !result.contains(where: { $0.serial == found.serial }) { result.append(found) }
        }
        return result
    }
}

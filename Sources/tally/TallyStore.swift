// tally's storage adapter: where the counters live and the locked changes to them.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

struct TallyStore {
    static let environmentVariable = "TALLY_FILE"
    static let defaultFileName = "counters.json"

    let file: JSONFileStore<TallyDocument>

    /// The store named by `--file`, else `TALLY_FILE`, else `$XDG_DATA_HOME/tally/counters.json`.
    init(invocation: Invocation) throws {
        let paths = XDGPaths(environment: invocation.environment)
        let location = try paths.storeLocation(
            option: invocation.arguments.value("file"), environmentVariable: Self.environmentVariable,
            kind: .data, tool: "tally", fileName: Self.defaultFileName)
        // Compact: read and written on every invocation, a third smaller than pretty.
        file = JSONFileStore(location: location, prettyPrinted: false)
    }

    func load() throws -> TallyDocument { try file.load() }

    /// Runs `change` on the latest document under the lock; saved only if it returns.
    func change<Result>(_ change: (inout TallyDocument) throws -> Result) throws -> Result {
        try file.write(change)
    }
}

extension TallyDocument {
    /// The counter called `name`, or exit 66 with "did you mean" when one is close.
    func counter(named name: String) throws(CLIError) -> Counter {
        counters[try requireIndex(of: name)]
    }

    /// The index of the counter `name` names (exactly, else in another letter case), or
    /// exit 66: not found, or several stored names differ only in case from it.
    func requireIndex(of name: String) throws(CLIError) -> Int {
        switch lookup(name) {
        case .found(let index): return index
        case .missing: throw notFound(name)
        case .ambiguous(let names): throw CLIError.ambiguousName(name, matches: names, things: "counters")
        }
    }

    func notFound(_ name: String) -> CLIError {
        let hint = counters.isEmpty ? "there are no counters yet; create one with 'tally new \(name)'" : nil
        return CLIError.notFound("counter", name, known: counters.map(\.name), hint: hint)
    }

    /// Refuses `name` when another counter has it, in any letter case (the counter at
    /// `renaming` may take its own name in another case).
    func requireUnused(_ name: String, renaming: Int? = nil) throws(CLIError) {
        let key = ItemName.matchKey(name)
        if let other = counters.indices.first(where: { $0 != renaming && ItemName.matchKey(counters[$0].name) == key }) {
            let existing = counters[other].name
            let what = existing == name ? "a counter named '\(name)'" : "a counter named '\(existing)' (the same name in another case)"
            throw CLIError.data("\(what) already exists", hint: "choose another name, or rename the existing one")
        }
    }
}

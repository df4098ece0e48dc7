// tally's storage adapter: where the counters live and the locked changes to them.

import MoneyKit
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
        guard let index = index(of: name) else { throw notFound(name) }
        return counters[index]
    }

    func requireIndex(of name: String) throws(CLIError) -> Int {
        guard let index = index(of: name) else { throw notFound(name) }
        return index
    }

    func notFound(_ name: String) -> CLIError {
        let hint = counters.isEmpty ? "there are no counters yet; create one with 'tally new \(name)'" : nil
        return CLIError.notFound("counter", name, known: counters.map(\.name), hint: hint)
    }

    func requireUnused(_ name: String) throws(CLIError) {
        if index(of: name) != nil {
            throw CLIError.data("a counter named '\(name)' already exists", hint: "choose another name, or rename the existing one")
        }
    }
}

// tillcount's storage adapter: the live count (JSON state file), the history (SQLite)
// and the user's own denominations (JSON config file), each found by option, variable
// or XDG default.

import MoneyKit
import MoneyKitStorage
import MoneyKitCLI
import MoneyKitSQLite

struct TillStore {
    let invocation: Invocation
    let state: JSONFileStore<TillState>
    let historyLocation: StoreLocation
    let denominationsFile: JSONFileStore<DenominationFile>

    init(invocation: Invocation) throws {
        self.invocation = invocation
        let paths = XDGPaths(environment: invocation.environment)
        let arguments = invocation.arguments
        state = JSONFileStore(location: try paths.storeLocation(
            option: arguments.value("state"), environmentVariable: "TILLCOUNT_STATE",
            kind: .state, tool: "tillcount", fileName: "count.json"))
        historyLocation = try paths.storeLocation(
            option: arguments.value("db"), environmentVariable: "TILLCOUNT_DB",
            kind: .data, tool: "tillcount", fileName: "history.sqlite")
        denominationsFile = JSONFileStore(location: try paths.storeLocation(
            option: nil, environmentVariable: "TILLCOUNT_DENOMINATIONS",
            kind: .config, tool: "tillcount", fileName: "denominations.json"))
    }

    /// Changes the live count file under its lock (see JSONFileStore.write). When the
    /// change pushed rm steps off the undo stack, their hidden counts are then purged
    /// from the history, in a transaction of its own (see TillUndo.purge).
    func writeState<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        let (result, purge) = try state.write { state -> (Result, [String]) in
            let result = try body(&state)
            return (result, state.purge)
        }
        TillUndo(store: self).purge(purge)
        return result
    }

    /// The currency asked for with --currency, else `count`'s, else the locale's, else USD.
    func currency(for count: TillState?) throws(CLIError) -> Currency {
        if let code = invocation.arguments.value("currency") {
            return try CurrencyOption.parse(code, commandPath: invocation.arguments.commandPath)
        }
        if let code = count?.currencyCode, let currency = Currency(code: code) { return currency }
        return LocaleCurrency.defaultCurrency(invocation.environment)
    }

    /// The notes, coins and rolls of `currency`: the built-in set with the user's file applied.
    func denominations(for currency: Currency) throws -> DenominationSet {
        let base = DenominationSet.builtIn(for: currency)
            ?? DenominationSet(currencyCode: currency.code, denominations: [], rolls: [], hasStandardRolls: false,
                               rollNote: "MoneyKit knows no denominations for \(currency.code); define them in the denominations file.")
        let file = try denominationsFile.load()
        guard let override = try file.override(for: currency, path: denominationsFile.path) else { return base }
        return base.merging(override)
    }

    /// The history, for reading (never created) unless `access` says otherwise; a write
    /// creates missing folders only at the default location (no --db).
    func history(_ access: SQLiteAccess = .read) throws -> TillHistory {
        var access = access
        // Folders only for the default location, as for every store.
        if case .write = access { access = .write(createFolders: historyLocation.isDefault) }
        return try TillHistory(path: historyLocation.path, access: access)
    }
}

// The JSON adapter of the live count: the state file, changed under its lock, written to a
// private temporary file, fsynced and renamed into place (see JSONFileStore). A till other
// than the default one has a file of its own (see JSONTillDirectory) that keeps the
// till's name: a file that keeps another till's name is refused, never used.

import MoneyKitStorage
import MoneyKitPlatform

/// The live count kept in the JSON state file.
public struct JSONTillRepository: TillRepository {
    /// The state file's store.
    public let store: JSONFileStore<TillState>
    /// The till the file keeps: nil for the default till's file, which names none.
    public let till: TillName?

    /// The live count kept in `store`, for the till `till` (nil: the default till).
    public init(store: JSONFileStore<TillState>, till: TillName? = nil) {
        self.store = store
        self.till = till
    }

    /// The state file, for messages.
    public var path: String { store.path }

    /// The live count, or an empty one when there is no file yet; takes no lock.
    /// - Throws: `StoreError` for a file that cannot be read (corrupt, newer, unreadable,
    ///   or keeping another till).
    public func load() throws -> TillState {
        let state = try store.load()
        try checkTill(state)
        return state
    }

    /// Changes the file under its lock (written to a temporary file, fsynced, renamed).
    /// A till's file is created with the till's name in it; its folder (beside the state
    /// file) is created when missing.
    /// - Throws: `StoreError` (unreadable, busy, cannot create, I/O, another till's file),
    ///   `TillError.changeWouldBreakStore` (see `TillState.checkStorable`), or what `body`
    ///   throws; then the file is unchanged.
    public func change<Result>(_ body: (inout TillState) throws -> Result) throws -> Result {
        if let till, !till.isMain, !store.createsMissingFolders {
            // The tills' folder is ours to make, beside a state file the user named.
            let folder = PosixFile.directory(of: store.path)
            if !PosixFile.isDirectory(folder), PosixFile.isDirectory(PosixFile.directory(of: folder)) {
                try StoreError.mapping(PosixFile.makeDirectories(folder))
            }
        }
        return try store.write { state in
            try checkTill(state)
            if let till, !till.isMain { state.tillName = state.tillName ?? till.display }
            let result = try body(&state)
            try state.checkStorable()  // as the loader will read it, before it is written
            return result
        }
    }

    /// Refuses a file that keeps a till other than this one.
    private func checkTill(_ state: TillState) throws(StoreError) {
        guard let kept = state.tillName.map(TillName.init(stored:)) else { return }
        let expected = till ?? .main
        if kept != expected {
            throw StoreError.corrupt(path: store.path, reason: "it keeps the live count of till '\(kept.display)', not of '\(expected.display)'")
        }
    }
}

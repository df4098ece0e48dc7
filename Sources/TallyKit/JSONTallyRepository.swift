// The default tally store: one JSON file (MoneyKit's JSONFileStore: a lock on the file, a
// private temporary copy, fsync, rename). Its errors are StoreErrors naming the file.

import MoneyKitStorage

/// Counters kept in one JSON file, changed under a lock on the file and replaced atomically.
public struct JSONTallyRepository: TallyRepository {
    /// `TALLY_FILE`: where the file is when no option names it.
    public static let environmentVariable = "TALLY_FILE"
    /// The file's name in the tool's XDG data folder.
    public static let defaultFileName = "counters.json"

    let file: JSONFileStore<TallyDocument>

    /// The store at `location`; its folders are created on the first change only when it
    /// is the default location.
    public init(location: StoreLocation) {
        // Compact: read and written on every invocation, a third smaller than pretty.
        file = JSONFileStore(location: location, prettyPrinted: false)
    }

    /// The file behind the store.
    public var path: String { file.path }

    /// The document in the file; an empty one when there is no file yet. Takes no lock.
    /// - Throws: `StoreError` when the file cannot be read or is no tally store (it is
    ///   never changed then).
    public func load() throws -> TallyDocument { try file.load() }

    /// Runs `body` on the file's latest document under the lock and saves what it leaves.
    /// - Throws: what `body` throws (nothing is saved); `StoreError` when the file cannot
    ///   be read, locked or written.
    public func change<Result>(_ body: (inout TallyDocument) throws -> Result) throws -> Result {
        try file.write(body)
    }
}

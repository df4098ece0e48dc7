// The default tally store: one JSON file (MoneyKit's JSONFileStore: a lock on the file, a
// private temporary copy, fsync, rename). Its errors are StoreErrors naming the file.

import MoneyKitStorage

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

    public func load() throws -> TallyDocument { try file.load() }

    public func change<Result>(_ body: (inout TallyDocument) throws -> Result) throws -> Result {
        try file.write(body)
    }
}

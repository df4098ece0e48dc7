// The persistence protocol: what every tool's storage adapter offers its commands.

/// A store whose contents are read as a whole and changed in transactions.
///
/// `read` sees one consistent state. `write` runs its body under an exclusive lock
/// (or a database transaction) on the latest state and keeps the change only when the
/// body returns; when it throws, nothing is stored. Two processes writing at once never
/// lose an update, and a crash leaves the old state or the new one, never a mix.
public protocol TransactionalStore {
    associatedtype Contents
    /// The file behind the store, for messages.
    var path: String { get }
    func read<Result>(_ body: (Contents) throws -> Result) throws -> Result
    func write<Result>(_ body: (inout Contents) throws -> Result) throws -> Result
}

/// A document kept in a JSON file store: a format name that ties the file to its tool,
/// a format version, and an empty state for a store that does not exist yet.
public protocol StoredDocument: Codable {
    /// Written into the file and checked on reading: `tally`, `billsplit-prefs`.
    static var formatName: String { get }
    /// The version this build writes. A file with a higher version is refused.
    static var formatVersion: Int { get }
    /// The state of a store with no file yet.
    init()
}

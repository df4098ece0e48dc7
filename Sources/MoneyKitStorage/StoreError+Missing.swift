// A read of a store the user named (by an option or a variable) that is not there: an
// error, not an empty store, since a typo in a path would otherwise read as "nothing
// yet". One value, so that a command that offers to create what is missing (tally tap)
// can tell it from a store that cannot be read.

extension StoreError {
    /// What a read of the named store at `path` that does not exist throws (66).
    package static func namedStoreMissing(_ path: String) -> StoreError {
        .unreadable(path: path, reason: "there is no such file (a store is made by the first command that saves something in it)")
    }

    /// Whether this is `namedStoreMissing` (for any path).
    package var isNamedStoreMissing: Bool {
        guard case .unreadable(let path, _) = self else { return false }
        return self == Self.namedStoreMissing(path)
    }
}

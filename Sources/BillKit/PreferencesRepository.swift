// Where billsplit's preferences are kept: the seam between the rules and a store. The
// JSON file (JSONPreferencesRepository) is the tool's; InMemoryPreferencesRepository
// serves tests and apps that keep preferences elsewhere.

/// A store of one `Preferences` value, read whole and changed in one step.
public protocol PreferencesRepository {
    /// Where the preferences are kept (a file's path), for messages.
    var source: String { get }
    /// The saved preferences; empty when nothing was ever saved. Never creates the store.
    /// - Throws: the store's error (`StoreError` for a file) when it cannot be read.
    func load() throws -> Preferences
    /// Replaces the saved preferences with what `change` makes of the latest ones, in one
    /// step (other writers' changes are not lost); creates the store when missing.
    /// - Throws: the store's error when it cannot be read or written; nothing changes then.
    func update(_ change: (inout Preferences) -> Void) throws
}

extension PreferencesRepository {
    /// The saved preferences with where they come from, read with the rules.
    /// - Throws: the store's error from `load()`.
    public func savedSettings() throws -> SavedSettings {
        SavedSettings(try load(), source: source)
    }

    /// Merges `change` into the saved preferences; an empty change touches nothing (a
    /// missing store stays missing).
    /// - Throws: the store's error from `update(_:)`.
    public func remember(_ change: PreferencesChange) throws {
        guard !change.isEmpty else { return }
        try update { preferences in preferences = preferences.merging(change) }
    }

    /// Forgets everything: the next run uses the built-in defaults.
    /// - Throws: the store's error from `update(_:)`.
    public func reset() throws {
        try update { preferences in preferences = Preferences() }
    }
}

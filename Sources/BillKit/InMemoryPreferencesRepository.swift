// Preferences kept in memory: for tests of the rules and for an app that stores them its
// own way. A reference type, so that copies share one store as two runs share a file.

/// A `PreferencesRepository` in memory.
public final class InMemoryPreferencesRepository: PreferencesRepository {
    /// What is saved; nil when nothing ever was.
    public private(set) var preferences: Preferences?
    /// How many times the store was written, so a test can tell "unchanged" from "written
    /// with the same values".
    public private(set) var writeCount = 0
    /// Where the preferences are said to be kept, for messages.
    public let source: String

    /// A store holding `preferences`, or none at all (nil: nothing was ever saved).
    public init(_ preferences: Preferences? = nil, source: String = "memory") {
        self.preferences = preferences
        self.source = source
    }

    /// The saved preferences; empty when nothing was saved.
    /// - Throws: nothing; the protocol allows stores that can fail.
    public func load() throws -> Preferences {
        preferences ?? Preferences()
    }

    /// Applies `change` to the saved preferences (empty ones when nothing was saved).
    /// - Throws: nothing; the protocol allows stores that can fail.
    public func update(_ change: (inout Preferences) -> Void) throws {
        var updated = preferences ?? Preferences()
        change(&updated)
        preferences = updated
        writeCount += 1
    }
}

// Preferences kept in memory: for tests of the rules and for an app that stores them its
// own way. A reference type, so that copies share one store as two runs share a file.

public final class InMemoryPreferencesRepository: PreferencesRepository {
    public private(set) var preferences: Preferences?
    /// How many times the store was written, so a test can tell "unchanged" from "written
    /// with the same values".
    public private(set) var writeCount = 0
    public let source: String

    /// A store holding `preferences`, or none at all (nil: nothing was ever saved).
    public init(_ preferences: Preferences? = nil, source: String = "memory") {
        self.preferences = preferences
        self.source = source
    }

    public func load() throws -> Preferences {
        preferences ?? Preferences()
    }

    public func update(_ change: (inout Preferences) -> Void) throws {
        var updated = preferences ?? Preferences()
        change(&updated)
        preferences = updated
        writeCount += 1
    }
}

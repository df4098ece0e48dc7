// The goal, bounds, tags and last-change instant of an imported counter: read from the
// JSON entry or the CSV row, and checked as the commands check them (the bounds hold the
// start, the count and the goal; each tag follows the tag rule) before anything is stored.

import MoneyKitStorage
import MoneyKitPlatform

/// An imported counter's goal, bounds, tags and last change, checked.
public struct ImportedSettings: Equatable, Sendable {
    /// The goal, or nil.
    public var goal: Int64?
    /// The lowest count allowed, or nil.
    public var minimum: Int64?
    /// The highest count allowed, or nil.
    public var maximum: Int64?
    /// In stored form (`CounterTags.validate`).
    public var tags: [String]
    /// ISO 8601, or nil: the creation time.
    public var updated: String?

    /// Settings with these values (none by default).
    public init(goal: Int64? = nil, minimum: Int64? = nil, maximum: Int64? = nil, tags: [String] = [], updated: String? = nil) {
        self.goal = goal
        self.minimum = minimum
        self.maximum = maximum
        self.tags = tags
        self.updated = updated
    }

    /// The settings as the input gave them, before they are checked.
    struct Given {
        var goal: Int64?
        var minimum: Int64?
        var maximum: Int64?
        var tags: [String]
        var updated: String?

        init(goal: Int64?, minimum: Int64?, maximum: Int64?, tags: [String], updated: String?) {
            self.goal = goal
            self.minimum = minimum
            self.maximum = maximum
            self.tags = tags
            self.updated = updated
        }

        /// From a JSON entry: goal, min, max whole numbers or null; tags a list of strings
        /// (or one string "a,b", as CSV writes them); updated a string.
        init(json fields: JSONFields) throws(StoredContentError) {
            func integer(_ key: String) throws(StoredContentError) -> Int64? {
                fields.optional(key) == nil ? nil : try fields.int64(key)
            }
            var tags: [String] = []
            if let value = fields.optional("tags") {
                if let text = value.stringValue {
                    tags = Self.splitTags(text)
                } else {
                    for item in try fields.array("tags") {
                        guard let tag = item.stringValue else {
                            throw StoredContentError("'tags' in \(fields.place) holds something other than a string")
                        }
                        tags.append(tag)
                    }
                }
            }
            self.init(
                goal: try integer("goal"), minimum: try integer("min"), maximum: try integer("max"), tags: tags,
                updated: fields.optional("updated") == nil ? nil : try fields.string("updated"))
        }

        /// The tags of one CSV field ("a,b"); an empty field holds none.
        static func splitTags(_ field: String) -> [String] {
            field.trimmingSpaces.isEmpty ? [] : field.split(separator: CounterTags.separator, omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// `given` checked against `counter` (its start and count).
    /// - Throws: `TallyError.importInvalidTag`, `.importBadBounds` or `.importBadUpdated`
    ///   naming `place`.
    static func validated(_ given: Given, of counter: ImportedCounter, place: @autoclosure () -> String) throws(TallyError) -> ImportedSettings {
        var tags: [String] = []
        for tag in given.tags {
            switch CounterTags.checked(tag) {
            case .success(let stored): tags.append(stored)
            case .failure(let fault): throw .importInvalidTag(place: place(), tag: tag, fault: fault)
            }
        }
        if let updated = given.updated, Instant.parseISO8601(updated) == nil {
            throw .importBadUpdated(place: place(), text: updated)
        }
        let probe = Counter(
            name: counter.name, count: counter.count, start: counter.start, step: counter.step, pinned: false,
            created: counter.created, serial: 1, goal: given.goal, minimum: given.minimum, maximum: given.maximum,
            // A derived counter's bounds are checked against each other only (see boundsFault).
            formula: counter.formula.map { _ in CounterFormula(terms: []) })
        if let fault = probe.boundsFault { throw .importBadBounds(place: place(), name: counter.name, fault: fault) }
        return ImportedSettings(
            goal: given.goal, minimum: given.minimum, maximum: given.maximum, tags: CounterTags.normalized(tags),
            updated: given.updated)
    }
}

// The tags of a counter: what a tag may be, the one form a counter's tags are kept in, and
// which counters a filter of tags selects.
//
// A tag follows the name rule (ItemName: visible, no control or invisible character, at
// most 100 characters, NFC, compared by case folding) with two differences: the blanks around a typed
// tag are trimmed rather than refused, and a tag holds no comma, so that the tags of a
// counter can be written as one CSV or TSV field, "home,work". Letter case does not tell
// tags apart ("Work" and "work" are one tag; the spelling first given is kept). A
// counter's tags are kept unique and sorted by that rule, so two stores holding the same
// tags hold the same list.

import MoneyKitStorage
import MoneyKitPlatform

/// The rule for tags and the form a counter keeps them in.
public enum CounterTags {
    /// What separates tags in one CSV or TSV field, and what no tag may hold.
    public static let separator: Character = ","

    /// Why a text cannot be a tag.
    public enum Fault: Error, Equatable, Sendable {
        /// What the name rule refuses (an empty tag, a control character, too long).
        case name(ItemName.Fault)
        /// A comma, which separates tags in one field.
        case comma

        /// What is wrong with the tag.
        public var message: String {
            switch self {
            case .name(let fault): return fault.message(for: "a tag")
            case .comma: return "a tag cannot contain a comma (',')"
            }
        }
    }

    /// `typed` as it is stored (trimmed, NFC), or why it cannot be a tag.
    public static func checked(_ typed: String) -> Result<String, Fault> {
        let trimmed = typed.trimmingSpaces
        if trimmed.contains(separator) { return .failure(.comma) }
        switch ItemName.checked(trimmed) {
        case .success(let stored): return .success(stored)
        case .failure(let fault): return .failure(.name(fault))
        }
    }

    /// The key two tags share when they are one tag (NFC, lower case).
    public static func matchKey(_ tag: String) -> String { ItemName.matchKey(tag) }

    /// `tags` (each already checked) unique in any letter case, the first spelling kept,
    /// sorted by match key (then exactly, for a stable order).
    public static func normalized(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var unique: [String] = []
        for tag in tags where seen.insert(matchKey(tag)).inserted { unique.append(tag) }
        return unique.sorted { (matchKey($0), $0) < (matchKey($1), $1) }
    }

    /// The tags as typed (`--tag`, `tally tag NAME T…`), checked and normalized.
    /// - Throws: `TallyError.invalidTag` for the first that the rule refuses.
    public static func validate(_ typed: [String]) throws(TallyError) -> [String] {
        var stored: [String] = []
        for tag in typed {
            switch checked(tag) {
            case .success(let value): stored.append(value)
            case .failure(let fault): throw .invalidTag(tag, fault)
            }
        }
        return normalized(stored)
    }

    /// `existing` with `added` joined; a tag already there (in any case) keeps its spelling.
    public static func adding(_ added: [String], to existing: [String]) -> [String] {
        normalized(existing + added)
    }

    /// `existing` without `removed` (compared in any letter case).
    public static func removing(_ removed: [String], from existing: [String]) -> [String] {
        let keys = Set(removed.map(matchKey))
        return existing.filter { !keys.contains(matchKey($0)) }
    }

    /// Whether `counterTags` hold every one of `required` (in any letter case); true when
    /// `required` is empty.
    public static func holdsAll(_ required: [String], in counterTags: [String]) -> Bool {
        if required.isEmpty { return true }
        let keys = Set(counterTags.map(matchKey))
        return required.allSatisfy { keys.contains(matchKey($0)) }
    }

    /// The fault of a stored list of tags: one the rule refuses, or a list not in the
    /// normalized form (repeated in some case, or unsorted). Nil when the list is sound.
    static func storedFault(_ tags: [String]) -> String? {
        for tag in tags {
            switch checked(tag) {
            case .success(let stored) where stored == tag: continue
            case .success: return "the tag '\(tag)' is not in its stored form (trimmed, NFC)"
            case .failure(let fault): return "the tag '\(tag)' is refused: \(fault.message)"
            }
        }
        if normalized(tags) != tags { return "its tags are repeated or not sorted" }
        return nil
    }
}

extension Tally {
    /// Adds `tags` to the counter `name` (a tag it has, in any case, is kept as it is).
    /// - Throws: `TallyError.invalidTag`; `.notFound` or `.ambiguousName`; the repository's errors.
    @discardableResult
    public func tag(_ name: String, adding tags: [String]) throws -> Counter {
        let added = try CounterTags.validate(tags)
        return try editCounter(name, action: "tag") { counter throws(TallyError) in
            var changed = counter
            changed.tags = CounterTags.adding(added, to: counter.tags)
            return changed
        }
    }

    /// Removes `tags` from the counter `name` (in any letter case); a tag it does not have
    /// is no error.
    /// - Throws: `TallyError.notFound` or `.ambiguousName`; the repository's errors.
    @discardableResult
    public func untag(_ name: String, removing tags: [String]) throws -> Counter {
        try editCounter(name, action: "untag") { counter throws(TallyError) in
            var changed = counter
            changed.tags = CounterTags.removing(tags, from: counter.tags)
            return changed
        }
    }

    /// Replaces the tags of the counter `name` with `tags` (none: clears them).
    /// - Throws: `TallyError.invalidTag`; `.notFound` or `.ambiguousName`; the repository's errors.
    @discardableResult
    public func retag(_ name: String, to tags: [String]) throws -> Counter {
        let replacing = try CounterTags.validate(tags)
        return try editCounter(name, action: "retag") { counter throws(TallyError) in
            var changed = counter
            changed.tags = replacing
            return changed
        }
    }
}

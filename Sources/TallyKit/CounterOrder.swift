// The orders the list can be sorted in, and the tag filter. Pinned counters stay first in
// every order. Within the pinned and the unpinned:
//   name     A to Z, letter case ignored (NFC, lower case), then exactly;
//   count    highest first;
//   created  newest first (the default order);
//   updated  most recently changed first (an unreadable instant last).
// Ties keep the default order: the newest created first, then the later serial.

/// How the list is sorted (pinned first in each).
public enum CounterSort: String, CaseIterable, Sendable {
    /// A to Z, letter case ignored.
    case name
    /// Highest count first.
    case count
    /// Newest first: the default.
    case created
    /// Most recently changed first.
    case updated

    /// Whether `a` lists before `b` in this order.
    public func precedes(_ a: Counter, _ b: Counter) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        switch self {
        case .name:
            let (left, right) = (CounterTags.matchKey(a.name), CounterTags.matchKey(b.name))
            if left != right { return left < right }
            if a.name != b.name { return a.name < b.name }
        case .count:
            if a.count != b.count { return a.count > b.count }
        case .updated:
            let (left, right) = (a.updatedInstant ?? -.infinity, b.updatedInstant ?? -.infinity)
            if left != right { return left > right }
        case .created:
            break
        }
        return Counter.listOrder(a, b)
    }
}

extension Tally {
    /// The counters holding every one of `tags` (all when none), sorted by `sort`.
    /// - Throws: `TallyError.invalidTag` for a tag no counter could hold; the repository's errors.
    public func list(tags: [String], sort: CounterSort = .created) throws -> CounterList {
        let required = try CounterTags.validate(tags)
        let all = try list().rows
        let rows = all.filter { CounterTags.holdsAll(required, in: $0.tags) }
        return CounterList(rows: sort == .created ? rows : rows.sorted(by: sort.precedes), storeCount: all.count)
    }
}

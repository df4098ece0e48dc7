// portfolio's model: accounts valued by timestamped updates. Everything is keyed by
// account id, never by name. An account's value at an instant is its latest update at
// or before it (the later entered, higher id, winning a tie); instants are whole seconds
// since 1970 (UTC), values minor units of the account's currency.

import MoneyKit

/// A savings or investment account.
public struct Account: Equatable, Sendable {
    /// The stored id.
    public let id: Int64
    /// The name as stored (NFC).
    public var name: String
    /// The currency it was created in.
    public let currency: Currency
    /// When it was created.
    public let createdAt: Int64
    /// When it closes (nil: open).
    public var closedAt: Int64?

    /// An account as stored.
    public init(id: Int64, name: String, currency: Currency, createdAt: Int64, closedAt: Int64? = nil) {
        self.id = id
        self.name = name
        self.currency = currency
        self.createdAt = createdAt
        self.closedAt = closedAt
    }

    /// Counts at `now`: never closed, or closed at an instant still to come.
    public func isActive(at now: Int64) -> Bool { closedAt.map { $0 > now } ?? true }
}

/// One recorded value of an account.
public struct Update: Equatable, Sendable {
    /// The stored id.
    public let id: Int64
    /// The id of its account.
    public let accountID: Int64
    /// From when the value holds (seconds since 1970, UTC).
    public let at: Int64
    /// The value in minor units.
    public let value: Int64

    /// An update as stored.
    public init(id: Int64, accountID: Int64, at: Int64, value: Int64) {
        self.id = id
        self.accountID = accountID
        self.at = at
        self.value = value
    }
}

/// A point of a value series: the value in force from `at` on.
public struct SeriesPoint: Equatable, Sendable {
    /// From when the value holds (seconds since 1970, UTC).
    public let at: Int64
    /// The value in minor units.
    public let value: Int64

    /// `value` from `at` on.
    public init(at: Int64, value: Int64) {
        self.at = at
        self.value = value
    }
}

extension Array where Element == SeriesPoint {
    /// The value in force at `instant` (the last point at or before it).
    public func value(at instant: Int64) -> Int64? {
        let index = firstIndex(after: instant)
        return index == 0 ? nil : self[index - 1].value
    }

    /// The index of the first point after `instant` (`count` when there is none), by
    /// binary search: the points are in time order.
    public func firstIndex(after instant: Int64) -> Int {
        partitionPoint(where: { $0.at > instant })
    }
}

// The update in force at many instants for many accounts (a table's period ends, a list's
// now), written once for a store that answers lookup by lookup: per account, one pass over
// its updates when several instants are asked and it holds few updates per instant (a day
// table of a year is 365 lookups; reading a few thousand updates once costs less), else a
// lookup per instant. A server store answers the whole question in one query instead
// (PostgresPortfolioRepository), where each lookup would be a round trip.

extension PortfolioSession {
    /// How many of an account's updates one index lookup is worth: with fewer updates
    /// than this many per instant asked, reading them all once is cheaper than a lookup each.
    static var updatesPerLookup: Int64 { 8 }

    /// The update in force at each of `instants` (ascending) for each of `accounts`, by
    /// lookups or one pass per account (see the top of this file).
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public func updatesInForce(of accounts: [Account], at instants: [Int64]) throws -> [[Update?]] {
        try accounts.map { account in try updatesInForce(of: account, at: instants) }
    }

    /// `updatesInForce(of:at:)` for one account.
    func updatesInForce(of account: Account, at instants: [Int64]) throws -> [Update?] {
        // One instant (a list's now) is one lookup, whatever the account holds.
        guard instants.count > 1, try holdsFewUpdates(account, per: instants.count) else {
            return try instants.map { try latestUpdate(of: account, atOrBefore: $0) }
        }
        let updates = try updates(of: account)  // oldest first, ties in entry order
        var result: [Update?] = []
        result.reserveCapacity(instants.count)
        var next = 0
        var current: Update?
        for instant in instants {
            // The latest update at or before `instant`: the later entered wins a tie.
            while next < updates.count, updates[next].at <= instant {
                current = updates[next]
                next += 1
            }
            result.append(current)
        }
        return result
    }

    /// Whether `account` holds at most `updatesPerLookup` updates per instant of `instants` asked.
    private func holdsFewUpdates(_ account: Account, per asked: Int) throws -> Bool {
        let (limit, overflow) = Int64(asked).multipliedReportingOverflow(by: Self.updatesPerLookup)
        return try overflow || updateCount(of: account) <= limit
    }
}

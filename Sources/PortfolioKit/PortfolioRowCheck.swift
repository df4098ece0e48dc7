// What a row read from a store must hold before the code uses it, one rule for every
// adapter (SQLite and PostgreSQL check their column types first, then hand the values
// here): an account with a name and a known currency, instants within the years the code
// handles, values within what it can add up, no deposit of 0, no goal of 0 or less. A
// row that breaks one is the store's fault (65, naming the store), never a crash later.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// The checks of the rows an adapter reads.
package enum PortfolioRowCheck {
    /// The account of a row, checked.
    /// - Throws: `StoreError.corrupt` naming `location` and the fault.
    package static func account(id: Int64, name: String, currencyCode: String, createdAt: Int64, closedAt: Int64?,
                                in location: String) throws(StoreError) -> Account {
        // Only an empty name is unusable. A control character cannot be typed or imported
        // any more, but a store of an earlier release may hold one: it is shown escaped,
        // never refused, so that store stays readable and exportable.
        if name.isEmpty { throw .corrupt(path: location, reason: "account \(id) has an empty name") }
        guard let currency = Currency(code: currencyCode) else {
            throw .corrupt(path: location, reason: "account \(id) has an unknown currency '\(currencyCode)'")
        }
        for instant in [createdAt] + (closedAt.map { [$0] } ?? []) {
            if let fault = PortfolioLimits.instantFault(instant) {
                throw .corrupt(path: location, reason: "account \(id) ('\(name)'): \(fault) (\(instant))")
            }
        }
        return Account(id: id, name: name, currency: currency, createdAt: createdAt, closedAt: closedAt)
    }

    /// The update of a row, checked.
    /// - Throws: `StoreError.corrupt` naming `location` and the fault.
    package static func update(id: Int64, accountID: Int64, at: Int64, value: Int64, in location: String) throws(StoreError) -> Update {
        if let fault = PortfolioLimits.instantFault(at) { throw .corrupt(path: location, reason: "update \(id): \(fault) (\(at))") }
        if let fault = PortfolioLimits.valueFault(value) { throw .corrupt(path: location, reason: "update \(id): \(fault) (\(value))") }
        return Update(id: id, accountID: accountID, at: at, value: value)
    }

    /// The deposit or withdrawal of a row, checked.
    /// - Throws: `StoreError.corrupt` naming `location` and the fault.
    package static func contribution(id: Int64, accountID: Int64, at: Int64, amount: Int64, in location: String) throws(StoreError) -> Contribution {
        if let fault = PortfolioLimits.instantFault(at) { throw .corrupt(path: location, reason: "contribution \(id): \(fault) (\(at))") }
        if let fault = PortfolioLimits.valueFault(amount) { throw .corrupt(path: location, reason: "contribution \(id): \(fault) (\(amount))") }
        if amount == 0 { throw .corrupt(path: location, reason: "contribution \(id) has an amount of 0") }
        return Contribution(id: id, accountID: accountID, at: at, amount: amount)
    }

    /// The goal of a row, checked.
    /// - Throws: `StoreError.corrupt` naming `location` and the fault.
    package static func goal(id: Int64, accountID: Int64?, currencyCode: String, amount: Int64, by: Int64?,
                             in location: String) throws(StoreError) -> Goal {
        guard let currency = Currency(code: currencyCode) else {
            throw .corrupt(path: location, reason: "goal \(id) has an unknown currency '\(currencyCode)'")
        }
        if amount <= 0 { throw .corrupt(path: location, reason: "goal \(id) has an amount of \(amount)") }
        if let by, let fault = PortfolioLimits.instantFault(by) { throw .corrupt(path: location, reason: "goal \(id): \(fault) (\(by))") }
        return Goal(id: id, accountID: accountID, currency: currency, amount: amount, by: by)
    }
}

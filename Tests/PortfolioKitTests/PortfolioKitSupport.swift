// Shared set-up of the kit's tests: a portfolio in memory, and local instants.

import MoneyKit
import MoneyKitPlatform
@testable import PortfolioKit

/// A portfolio in a MemoryPortfolioRepository.
func memoryPortfolio() -> Portfolio {
    Portfolio(repository: MemoryPortfolioRepository())
}

/// Local midnight (or the given time) of a calendar date, as the tool reads `2025-01-10`.
func local(_ year: Int32, _ month: Int32, _ day: Int32, _ hour: Int32 = 0, _ minute: Int32 = 0, _ second: Int32 = 0) -> Int64 {
    Instant.local(year: year, month: month, day: day, hour: hour, minute: minute, second: second) ?? 0
}

/// An amount in pounds and pence, e.g. `gbp("1234.56")`.
func gbp(_ text: String) throws -> Money { try Money.parse(text, currency: .gbp) }

extension Portfolio {
    /// Adds an account with a first value at `at` (GBP unless told).
    @discardableResult
    func add(_ name: String, _ value: String?, at: Int64, currency: Currency = .gbp) throws -> Account {
        try addAccount(name: name, currency: currency, at: at, initial: try value.map { try Money.parse($0, currency: currency) })
    }

    /// Records `value` for `name` at `at`; returns the update's id.
    @discardableResult
    func set(_ name: String, _ value: String, at: Int64) throws -> Int64 {
        try addUpdate(named: name, at: at) { currency in try Money.parse(value, currency: currency) }.id
    }
}

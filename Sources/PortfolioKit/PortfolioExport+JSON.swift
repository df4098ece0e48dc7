// portfolio's JSON export (`export --format json`), as a value: every account with its
// creation and close, its updates and its deposits and withdrawals (signed: a withdrawal
// negative), dates in ISO 8601, money as plain decimal strings. Format
// "portfolio-export", version 1. Read in the caller's snapshot.

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// portfolio's export formats that are values.
public enum PortfolioExport {
    /// The whole store as the JSON export document.
    /// - Throws: `StoreError` when the store cannot be read or holds a row the code cannot use.
    public static func json(from session: any PortfolioSession) throws -> JSONValue {
        .object([
            ("format", .string("portfolio-export")), ("version", .integer(1)),
            ("accounts", .array(try session.accounts().map { account in
                .object([
                    ("name", .string(account.name)), ("currency", .string(account.currency.code)),
                    ("created", .string(Instant.iso8601(account.createdAt))),
                    ("closed", account.closedAt.map { .string(Instant.iso8601($0)) } ?? .null),
                    ("updates", .array(try session.updates(of: account).map { update in
                        .object([("date", .string(Instant.iso8601(update.at))),
                                 ("value", .string(Money(minorUnits: update.value, currency: account.currency).plainString))])
                    })),
                    ("contributions", .array(try session.contributions(of: account).map { contribution in
                        .object([("date", .string(Instant.iso8601(contribution.at))),
                                 ("amount", .string(Money(minorUnits: contribution.amount, currency: account.currency).plainString))])
                    })),
                ])
            })),
        ])
    }
}

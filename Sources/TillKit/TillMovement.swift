// What went into and out of the till besides the counted cash: cash sales, paid-ins,
// paid-outs, refunds to customers and drops to the safe. They are kept with the live count (entries, oldest
// first, each with its time and reason) so that a person can see, correct and undo each
// one; the expected cash is worked out from them (ExpectedCash.swift).
//
// In the live count file (format version 3 and later, an optional key, absent when empty):
//   movements: [{"kind": "sale"|"paid-in"|"paid-out"|"refund"|"drop", "amount": "12.50",
//                "reason": "milk" (optional), "at": "2026-11-23T10:55:28Z"}]

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform

/// One amount that went into or out of the till (see the top of this file).
public struct TillMovement: Equatable, Sendable {
    /// What kind of movement it is, and how it counts towards the expected cash.
    public enum Kind: String, CaseIterable, Sendable {
        /// Cash taken for sales: adds to the expected cash.
        case sale
        /// Cash put into the till (change from the safe, a refund of a float): adds.
        case paidIn = "paid-in"
        /// Cash taken out to pay for something (milk, a window cleaner): subtracts.
        case paidOut = "paid-out"
        /// Cash given back to a customer for returned goods: subtracts, and is shown apart
        /// from paid-outs (a refund is lost takings, a paid-out an expense).
        case refund
        /// Cash moved to the safe during the shift: subtracts.
        case drop

        /// Whether the kind adds to the expected cash (else it subtracts).
        public var adds: Bool { self == .sale || self == .paidIn }

        /// Whether an entry of this kind needs a reason (a paid-in, a paid-out or a refund).
        public var needsReason: Bool { self == .paidIn || self == .paidOut || self == .refund }

        /// Whether an entry of this kind may be 0 ("no cash sales" is worth recording;
        /// a paid-out of nothing is not).
        public var allowsZero: Bool { self == .sale }
    }

    /// The most entries one live count keeps: every undo step copies them, so the file
    /// stays small. A shift that needs more records running totals instead.
    public static let limit = 1_000
    /// The longest reason, in characters.
    public static let longestReason = 500

    /// Sale, paid-in, paid-out, refund or drop.
    public let kind: Kind
    /// The amount in minor units (0 or more; above 0 unless the kind allows 0).
    public let minorUnits: Int64
    /// Why (required for paid-in and paid-out), nil when none was given.
    public let reason: String?
    /// When it was recorded (ISO 8601, UTC).
    public let at: String

    /// An entry of `minorUnits` of `kind`, recorded `at`.
    public init(kind: Kind, minorUnits: Int64, reason: String?, at: String) {
        self.kind = kind
        self.minorUnits = minorUnits
        self.reason = reason
        self.at = at
    }

    /// The entry's amount in `currency`.
    public func amount(_ currency: Currency) -> Money {
        Money(minorUnits: minorUnits, currency: currency)
    }

    // MARK: the file

    /// The entry as the live count file keeps it (amounts with `exponent` decimals).
    func json(exponent: Int) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("kind", .string(kind.rawValue)),
            ("amount", .string(Money.plainString(minorUnits: minorUnits, exponent: exponent))),
        ]
        if let reason { members.append(("reason", .string(reason))) }
        members.append(("at", .string(at)))
        return .object(members)
    }

    /// Reads an entry at `place`, checking every rule an entry made by a command keeps.
    /// - Throws: `StoredContentError` naming what is wrong.
    init(json: JSONValue, place: String, exponent: Int) throws(StoredContentError) {
        let fields = try JSONFields(json, place: place)
        guard let kind = Kind(rawValue: try fields.string("kind")) else {
            throw StoredContentError("\(place) has an unknown kind (sale, paid-in, paid-out, refund or drop)")
        }
        let text = try fields.string("amount")
        guard let value = try? DecimalText(parsing: text), let minor = try? value.scaled(to: exponent, input: text) else {
            throw StoredContentError("the amount in \(place) is not an amount: '\(text)'")
        }
        guard minor > 0 || (minor == 0 && kind.allowsZero) else {
            throw StoredContentError("the amount in \(place) is \(kind.allowsZero ? "negative" : "not above 0")")
        }
        var reason: String?
        if let given = fields.value("reason") {
            guard let text = given.stringValue, text.count <= Self.longestReason else {
                throw StoredContentError("the reason in \(place) is not a string of at most \(Self.longestReason) characters")
            }
            reason = text
        }
        if kind.needsReason, reason?.trimmingSpaces.isEmpty ?? true { throw StoredContentError("\(place) is a \(kind.rawValue) without a reason") }
        self.init(kind: kind, minorUnits: minor, reason: reason, at: try fields.string("at"))
    }
}

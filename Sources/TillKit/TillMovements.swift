// The rules of recording, correcting and listing the movements of a live count (cash
// sales, paid-ins, paid-outs, drops: TillMovement.swift), and of the till's settings kept
// with it (blind count, tolerance). Each change is one undo step, like every other change
// to the live count; 'clear' empties the movements with the count (Till.clear), and keeps
// the settings.

import MoneyKit
import MoneyKitPlatform

extension Till {
    /// What recording a movement did: the entry, its number in the list (1 and up) and
    /// the currency it was read in.
    public struct RecordedMovement: Sendable {
        /// The entry as kept.
        public let movement: TillMovement
        /// Its number, as `movements` lists it.
        public let number: Int
        /// The count's currency.
        public let currency: Currency
    }

    /// Records `amount` (read in the count's currency) as a movement of `kind`, as one
    /// undo step. With `replacingSales`, every recorded sale is replaced by this one (the
    /// day's figure from the register, entered again).
    /// - Throws: `TillError.movementAmount`, `.reasonRequired`, `.reasonTooLong`,
    ///   `.tooManyMovements`, `.expectedOutOfRange` (nothing is stored), `.currencyMismatch`;
    ///   what `amount` and the repositories throw.
    public func recordMovement(
        _ kind: TillMovement.Kind, reason: String?, replacingSales: Bool = false, action: String,
        currency choice: CurrencyChoice, amount: (Currency) throws -> Money
    ) throws -> RecordedMovement {
        // A reason of blanks is no reason; the blanks around one are not kept.
        let reason = reason.map(\.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 }
        if kind.needsReason && reason == nil { throw TillError.reasonRequired(kind: kind) }
        if let reason, reason.count > TillMovement.longestReason { throw TillError.reasonTooLong(limit: TillMovement.longestReason) }
        return try change(action, adopting: choice) { state -> RecordedMovement in
            let currency = try adoptCurrency(&state, choice)
            let value = try amount(currency)
            guard !value.isNegative, !value.isZero || kind.allowsZero else {
                throw TillError.movementAmount(kind: kind, isZero: value.isZero)
            }
            let at = stamp
            if replacingSales { state.movements.removeAll { $0.kind == .sale } }
            guard state.movements.count < TillMovement.limit else { throw TillError.tooManyMovements(limit: TillMovement.limit) }
            let movement = TillMovement(kind: kind, minorUnits: value.minorUnits, reason: reason, at: at)
            state.movements.append(movement)
            // The expected cash must still add up before anything is kept.
            _ = try ExpectedCash(state: state, currency: currency)
            return RecordedMovement(movement: movement, number: state.movements.count, currency: currency)
        }
    }

    /// Removes the movement numbered `number` (1 and up, as listed), as one undo step.
    /// - Throws: `TillError.noMovement`; what the repositories throw.
    public func removeMovement(_ number: Int64, action: String) throws -> TillMovement {
        try change(action) { state -> TillMovement in
            guard number >= 1, number <= Int64(state.movements.count) else {
                throw TillError.noMovement(number: number, count: state.movements.count)
            }
            return state.movements.remove(at: Int(number) - 1)
        }
    }

    /// Makes the till blind (it hides the expected cash and over/short until a count is
    /// saved) or not, as one undo step; returns whether it changed.
    /// - Throws: what the live repository throws.
    @discardableResult
    public func setBlind(_ blind: Bool, action: String) throws -> Bool {
        // Already so: no step, and no write.
        guard try liveCount().isBlind != blind else { return false }
        return try store.write(action) { session in
            // Asked again in the transaction: someone may have set it meanwhile (no step then).
            guard try session.live(of: name).load().isBlind != blind else { return false }
            _ = try change(in: session, { state in state.isBlind = blind }, named: { _ in action })
            try audit(blind ? .blindOn : .blindOff, in: session)
            return true
        }
    }

    /// Sets the till's tolerance (`amount` read in the count's currency; nil: none), as
    /// one undo step.
    /// - Throws: `TillError.negativeTolerance`, `.currencyMismatch`; what `amount` and the repositories throw.
    public func setTolerance(action: String, currency choice: CurrencyChoice, amount: (Currency) throws -> Money?) throws -> Tolerance? {
        try change(action, adopting: choice) { state -> Tolerance? in
            let currency = try adoptCurrency(&state, choice)
            let tolerance = try amount(currency).map { money throws(TillError) in try Tolerance(money) }
            state.toleranceMinorUnits = tolerance?.amount.minorUnits
            return tolerance
        }
    }
}

extension TillState {
    /// The till's own tolerance in `currency`, when one is set.
    public func tolerance(_ currency: Currency) -> Tolerance? {
        toleranceMinorUnits.flatMap { try? Tolerance(Money(minorUnits: $0, currency: currency)) }
    }
}

// The counting screen's float field (f): the text as typed, read on Enter by the parser of
// `tillcount float` (Money.parse), so that `120,50` is 120.50 on the screen as on the
// command line (issue 26, item 2). A refusal stays on the screen with the field open; no
// character is dropped. A reducer: tested in process.

import MoneyKit
import MoneyKitCLI

struct FloatEntry: Equatable {
    /// The float as typed.
    var field = ScreenField()
    /// Why the last Enter was refused, or that the field is full; nil while none.
    var refusal: String?

    /// What a key came to.
    enum Outcome: Equatable {
        /// Still typing.
        case editing
        /// Enter on a float that reads: set it.
        case set(Money)
        /// Esc: the float is unchanged.
        case cancelled
    }

    /// Applies `key` for a float in `currency`. Enter on nothing sets 0, as before.
    mutating func handle(_ key: Key, currency: Currency) -> Outcome {
        switch field.apply(key) {
        case .changed, .ignored:
            refusal = nil
            return .editing
        case .full:
            refusal = ScreenField.fullMessage
            return .editing
        case .cancelled:
            return .cancelled
        case .submitted:
            do {
                return .set(try Money.parse(field.text.isEmpty ? "0" : field.text, currency: currency))
            } catch {
                refusal = "the float: \(error)" + (error.hint.map { " · " + $0 } ?? "")
                return .editing
            }
        }
    }
}

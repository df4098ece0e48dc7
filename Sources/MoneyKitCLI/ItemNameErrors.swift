// How every tool reports a name that breaks MoneyKit's ItemName rule, so the four read
// alike: a typing slip (empty, edge spaces) is a usage error (64); a name holding a
// control character or too long is bad data (65).

import MoneyKit
import MoneyKitStorage

extension CLIError {
    /// `typed` names several stored things alike but for case (`names`, stored before the
    /// name rule): exit 66, listing them, as for a name not found.
    package static func ambiguousName(_ typed: String, matches names: [String], things: String) -> CLIError {
        let listed = names.map { "'\($0)'" }.joined(separator: ", ")
        return CLIError("'\(typed)' matches several \(things): \(listed)", hint: "give one of them exactly", exitCode: .noInput)
    }

    /// `name` as it is stored (NFC), or the error for why it cannot be a new name.
    /// `what` names it for the message ("a counter name"); `place` (e.g. "file.csv line
    /// 3") prefixes the message when the name came from a file, which makes it bad data.
    package static func checkedName(_ name: String, what: String, place: String? = nil) throws(CLIError) -> String {
        switch ItemName.checked(name) {
        case .success(let stored):
            return stored
        case .failure(let fault):
            throw nameFault(fault, what: what, place: place)
        }
    }

    /// The report of a name ItemName refused with `fault`: 64 for a typing slip (empty,
    /// edge spaces), 65 for what no tool can show or a name from a file (`place`).
    package static func nameFault(_ fault: ItemName.Fault, what: String, place: String? = nil) -> CLIError {
        let message = fault.message(for: what)
        let hint: String? =
            if case .control = fault { "names are shown on terminals and in lists one per line; use visible characters" } else { nil }
        if let place { return CLIError.data("\(place): \(message)", hint: hint) }
        if fault.isUsageSlip { return CLIError.usage(message) }
        return CLIError.data(message, hint: hint)
    }
}

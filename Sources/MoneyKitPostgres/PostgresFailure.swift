// The one mapping of PostgreSQL's SQLSTATE codes to StoreError (and so to exit codes).

import MoneyKitPlatform
import MoneyKitStorage

enum PostgresFailure {
    /// Serialization failure and deadlock: the transaction is worth running again.
    static let retryableStates: Set<String> = ["40001", "40P01"]

    static func storeError(sqlState: String?, message: String, server: String) -> StoreError {
        guard let state = sqlState else { return .io(path: server, reason: message) }
        switch state {
        // Another transaction won (serialization failure, deadlock) or holds a lock we
        // asked not to wait for: try again.
        case "40001", "40P01", "55P03": return .busy(path: server)
        case "53100": return .io(path: server, reason: "the server's disk is full (\(message))")
        case "22003": return .rejected(path: server, reason: "a value is out of range (\(message))")
        // The role lacks a right on the tool's tables (see the GRANTs in the manual).
        case "42501": return .unreadable(path: server, reason: "this role lacks a right (\(message))")
        default:
            // Integrity constraints (23…): a change the schema refuses; data exceptions
            // (22…): a value the column refuses.
            if state.hasPrefix("23") {
                return .rejected(path: server, reason: "the change breaks a rule of the store (\(message))")
            }
            if state.hasPrefix("22") { return .rejected(path: server, reason: message) }
            return .io(path: server, reason: message)
        }
    }
}

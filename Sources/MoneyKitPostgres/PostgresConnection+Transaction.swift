// One transaction per command, run again when PostgreSQL reports a serialization
// failure or a deadlock (another client won): the loser retries, nobody sees the error.

import MoneyKitPlatform
import MoneyKitStorage

/// The isolation level of a transaction.
package enum PostgresIsolation: String, Sendable {
    case readCommitted = "READ COMMITTED"
    case repeatableRead = "REPEATABLE READ"
    case serializable = "SERIALIZABLE"
}

extension PostgresConnection {
    /// Runs `body` in one transaction and commits when it returns; rolls back when it
    /// throws. A serialization failure or deadlock (SQLSTATE 40001, 40P01), in `body` or
    /// at COMMIT, runs the whole transaction again, up to `attempts` times in all, after a
    /// short random pause; `body` must therefore have no effects outside the database.
    /// - Throws: what `body` throws; `StoreError.busy` when every attempt lost;
    ///   `StoreError.connectionLost` (never retried: a COMMIT may have happened).
    package func transaction<Result>(
        isolation: PostgresIsolation = .readCommitted, readOnly: Bool = false, attempts: Int = 5,
        _ body: (PostgresConnection) throws -> Result
    ) throws -> Result {
        if isInTransaction {
            throw StoreError.io(path: server, reason: "a transaction is already open on this connection")
        }
        let begin = "BEGIN ISOLATION LEVEL \(isolation.rawValue)" + (readOnly ? " READ ONLY" : "")
        var attempt = 1
        while true {
            try execute(begin)
            do {
                let result = try body(self)
                try execute("COMMIT")
                return result
            } catch {
                let retryable = isRetryable(error) && attempt < attempts
                // The failure's SQLSTATE outlives the ROLLBACK, for the caller to read.
                let failedState = lastSQLState
                if isConnected, isInTransaction { _ = try? execute("ROLLBACK") }
                lastSQLState = failedState
                guard retryable else { throw error }
                // Spread the retries so that the clients that collided do not collide again.
                PosixFile.pause(milliseconds: Int32(attempt) * 5 + Int32.random(in: 0..<20))
                attempt += 1
            }
        }
    }

    /// Whether `error` is the server saying another transaction won.
    private func isRetryable(_ error: Error) -> Bool {
        guard case StoreError.busy? = error as? StoreError, isConnected else { return false }
        return lastSQLState.map { PostgresFailure.retryableStates.contains($0) } ?? false
    }
}

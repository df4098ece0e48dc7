// MoneyKitPostgres against a real server: bound parameters, transactions and their
// retries, and the errors a tool turns into exit codes (69 unavailable, 75 connection
// lost), never showing a password.

import MoneyKitCLI
import MoneyKitPlatform
import MoneyKitStorage
import PostgresTestSupport
import Testing
@testable import MoneyKitPostgres

@Suite(.postgresCluster, .enabled(if: PostgresTestCluster.shouldRun, PostgresTestCluster.skipReason))
struct PostgresConnectionTests {
    /// A fresh table for one test.
    private func connectionWithTable(_ name: String) throws -> PostgresConnection {
        let connection = try PostgresConnection.open(try sharedCluster().connectionText)
        try connection.execute("DROP TABLE IF EXISTS \(name)")
        try connection.execute("CREATE TABLE \(name) (id bigint PRIMARY KEY, label text, amount bigint NOT NULL)")
        return connection
    }

    @Test func boundParametersKeepTextExactlyAndNulls() throws {
        let connection = try connectionWithTable("bound_values")
        let hostile = "it's'); DROP TABLE bound_values; --"
        #expect(try connection.execute("INSERT INTO bound_values VALUES ($1, $2, $3)", [.integer(1), .text(hostile), .integer(Int64.max)]) == 1)
        #expect(try connection.execute("INSERT INTO bound_values VALUES ($1, $2, $3)", [.integer(2), .null, .integer(Int64.min)]) == 1)
        let rows = try connection.query("SELECT id, label, amount FROM bound_values WHERE id >= $1 ORDER BY id", [.integer(1)])
        #expect(rows.count == 2)
        #expect(rows[0].text(1) == hostile)
        #expect(try rows[0].integer(2) == Int64.max)
        #expect(rows[1].text(1) == nil)
        #expect(try rows[1].integer(2) == Int64.min)
        #expect(try connection.scalarInteger("SELECT count(*) FROM bound_values WHERE label = $1", [.text(hostile)]) == 1)
    }

    @Test func opensFromAURIWithTheSocketInTheQuery() throws {
        let cluster = try sharedCluster()
        let connection = try PostgresConnection.open("postgresql://postgres@/postgres?host=\(cluster.folder)")
        #expect(try connection.scalarInteger("SELECT $1::bigint + 1", [.integer(41)]) == 42)
        #expect(connection.server == "PostgreSQL database 'postgres' on socket \(cluster.folder)/.s.PGSQL.5432")
    }

    @Test func aRefusedChangeIsRejectedAndLeavesTheRowAlone() throws {
        let connection = try connectionWithTable("refused_change")
        try connection.execute("INSERT INTO refused_change VALUES (1, 'a', 5)")
        #expect {
            try connection.execute("INSERT INTO refused_change VALUES (1, 'b', 6)")
        } throws: { error in
            guard case StoreError.rejected(_, let reason)? = error as? StoreError else { return false }
            return reason.contains("breaks a rule")
        }
        #expect(try connection.query("SELECT label FROM refused_change").map { $0.text(0) } == ["a"])
    }

    @Test func aThrowingTransactionRollsBack() throws {
        let connection = try connectionWithTable("rolled_back")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO rolled_back VALUES (1, 'x', 1)")
                throw Stop()
            }
        }
        #expect(!connection.isInTransaction)
        #expect(try connection.scalarInteger("SELECT count(*) FROM rolled_back") == 0)
    }

    @Test func aSerializationFailureRunsTheTransactionAgain() throws {
        let connection = try connectionWithTable("serialized")
        try connection.execute("INSERT INTO serialized VALUES (1, 'n', 0)")
        let rival = try PostgresConnection.open(try sharedCluster().connectionText)
        var attempts = 0
        try connection.transaction(isolation: .repeatableRead) { connection in
            attempts += 1
            _ = try connection.scalarInteger("SELECT amount FROM serialized WHERE id = 1")
            // Another client changes the row after our snapshot, once: our update fails
            // with 40001 and the whole transaction runs again.
            if attempts == 1 { try rival.execute("UPDATE serialized SET amount = amount + 100 WHERE id = 1") }
            try connection.execute("UPDATE serialized SET amount = amount + 1 WHERE id = 1")
        }
        #expect(attempts == 2)
        #expect(try connection.scalarInteger("SELECT amount FROM serialized WHERE id = 1") == 101)
    }

    @Test func serializationFailuresBeyondTheAttemptsAreBusy() throws {
        let connection = try connectionWithTable("always_loses")
        try connection.execute("INSERT INTO always_loses VALUES (1, 'n', 0)")
        let rival = try PostgresConnection.open(try sharedCluster().connectionText)
        var attempts = 0
        #expect {
            try connection.transaction(isolation: .repeatableRead, attempts: 3) { connection in
                attempts += 1
                _ = try connection.scalarInteger("SELECT amount FROM always_loses WHERE id = 1")
                try rival.execute("UPDATE always_loses SET amount = amount + 100 WHERE id = 1")
                try connection.execute("UPDATE always_loses SET amount = amount + 1 WHERE id = 1")
            }
        } throws: { error in
            guard let error = error as? StoreError, case .busy = error else { return false }
            return error.exitCode == .busy
        }
        #expect(attempts == 3)
        #expect(try connection.scalarInteger("SELECT amount FROM always_loses WHERE id = 1") == 300)
    }

    @Test func aConnectionLostInsideATransactionSaysNothingWasSaved() throws {
        let connection = try connectionWithTable("lost_inside")
        let rival = try PostgresConnection.open(try sharedCluster().connectionText)
        let backend = try #require(try connection.scalarInteger("SELECT pg_backend_pid()"))
        #expect {
            try connection.transaction { connection in
                try connection.execute("INSERT INTO lost_inside VALUES (1, 'x', 1)")
                try rival.execute("SELECT pg_terminate_backend($1::int)", [.integer(backend)])
                try connection.execute("INSERT INTO lost_inside VALUES (2, 'y', 2)")
            }
        } throws: { error in
            guard let error = error as? StoreError,
                case .connectionLost(_, _, let mayHaveCommitted) = error else { return false }
            return !mayHaveCommitted && error.exitCode == .busy && error.description.contains("the change was not saved")
        }
        #expect(try rival.scalarInteger("SELECT count(*) FROM lost_inside") == 0)
    }

    @Test func aConnectionLostOnAStatementOfItsOwnMayHaveSaved() throws {
        let connection = try connectionWithTable("lost_autocommit")
        let rival = try PostgresConnection.open(try sharedCluster().connectionText)
        let backend = try #require(try connection.scalarInteger("SELECT pg_backend_pid()"))
        try rival.execute("SELECT pg_terminate_backend($1::int)", [.integer(backend)])
        #expect {
            try connection.execute("INSERT INTO lost_autocommit VALUES (1, 'x', 1)")
        } throws: { error in
            guard let error = error as? StoreError,
                case .connectionLost(_, _, let mayHaveCommitted) = error else { return false }
            return mayHaveCommitted && error.description.contains("may or may not have been saved")
        }
    }

    @Test func aStoppedServerIsUnavailableNamingTheSocket() throws {
        let cluster = try PostgresTestCluster.start()
        let connection = try PostgresConnection.open(cluster.connectionText)
        #expect(try connection.scalarInteger("SELECT 1") == 1)
        connection.close()
        cluster.stop()
        #expect {
            try PostgresConnection.open("postgresql://postgres:Sup3rS3cret@/postgres?host=\(cluster.folder)")
        } throws: { error in
            guard let error = error as? StoreError, case .unavailable = error else { return false }
            let text = error.description
            return error.exitCode == .unavailable && error.exitCode.rawValue == 69
                && text.contains("\(cluster.folder)/.s.PGSQL.5432") && !text.contains("Sup3rS3cret")
        }
    }

    @Test func aPasswordNeverAppearsInErrors() throws {
        let cluster = try sharedCluster()
        let password = "Sup3rS3cret"
        let attempts = [
            "host=\(cluster.folder) password \(password)",  // no "=": libpq refuses it
            "host=\(cluster.folder) password=\(password) nonsense=1",  // an unknown option
            "postgresql://postgres:\(password)@/postgres?host=\(cluster.folder)&bogus=1",
            "postgresql://postgres:\(password)@/postgres?host=\(cluster.folder)&port=1",  // no server there
            "host=\(cluster.folder) user=nobody_here password=\(password) dbname=postgres",  // no such role
        ]
        for text in attempts {
            #expect {
                try PostgresConnection.open(text)
            } throws: { error in
                guard let error = error as? StoreError else { return false }
                let shown = CLIError.from(error)
                return !error.description.contains(password) && !(shown.hint ?? "").contains(password)
                    && [ExitCode.unavailable, .configuration].contains(error.exitCode)
            }
        }
        // A server message echoing a value equal to the password is scrubbed too.
        let connection = try PostgresConnection.open("host=\(cluster.folder) user=postgres password=\(password) dbname=postgres")
        #expect {
            try connection.query("SELECT $1::bigint", [.text(password)])
        } throws: { error in
            guard let error = error as? StoreError else { return false }
            return !error.description.contains(password) && error.description.contains("****")
        }
    }
}

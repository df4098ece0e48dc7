// A store text that carries credentials is never a file name: a URI with a blank before
// it is read as PostgreSQL; a near-miss of the scheme, another scheme's URI, or a keyword
// string libpq refuses is a bad connection string (78). Whatever happens, the password is
// in no message and no process list. No server is needed: the hosts named here do not exist.

import Testing
@testable import MoneyKitPostgres

struct PostgresStoreTextTests {
    static let secret = "SECRET"

    /// Texts a person might type for a shared store, and whether libpq gets to read them.
    enum Reading: Sendable { case postgres, refused }

    static let table: [(String, Reading)] = [
        // Blanks around a URI, or its scheme in capitals: read as meant.
        (" postgresql://pw:SECRET@%2Fnonexistent-moneykit/db", .postgres),
        ("\tpostgres://ann:SECRET@%2Fnonexistent-moneykit/db\n", .postgres),
        ("PostgreSQL://ann:SECRET@%2Fnonexistent-moneykit/db", .postgres),
        ("  host=/nonexistent-moneykit password=SECRET dbname=db", .postgres),
        // One slash short, no slash, the colon missing, the scheme misspelt or shortened.
        ("postgresql:/pw:SECRET@h/db", .refused),
        (" postgresql:/pw:SECRET@h/db", .refused),
        ("postgres:ann:SECRET@h", .refused),
        ("postgresql//ann:SECRET@h/db", .refused),
        ("postgresq://ann:SECRET@h/db", .refused),
        ("postgressql://ann:SECRET@h/db", .refused),
        ("postgre://ann:SECRET@h/db", .refused),
        ("pgsql://ann:SECRET@h/db", .refused),
        ("pg:ann:SECRET@h/db", .refused),
        ("POSTGRES:/ann:SECRET@h", .refused),
        // Another scheme's URI is no file name either.
        ("mysql://ann:SECRET@h/db", .refused),
        // Keyword strings libpq refuses: a mistyped first word, a mistyped password keyword.
        ("hots=h password=SECRET", .refused),
        ("host=h pasword=SECRET", .refused),
        ("host=h dbname=db passwd='SECRET'", .refused),
    ]

    @Test(arguments: table)
    func aTextCarryingAPasswordIsNeverAFileNorShown(text: String, reading: Reading) {
        #expect(PostgresConnectionText.isConnection(text), "read as a file: \(text)")
        #expect(!PostgresConnectionText.redacted(text).contains(Self.secret), "\(PostgresConnectionText.redacted(text))")
        #expect(PostgresConnectionText.passwords(in: text).contains(Self.secret), "\(text)")
        #expect(!scrubbedArgument(text).contains(Self.secret), "the process list would show \(scrubbedArgument(text))")
        #expect(!scrubbedArgument("--file=" + text).contains(Self.secret))
        do {
            let connection = try PostgresConnection.open(text)
            connection.close()
            Issue.record("opened \(text)")
        } catch {
            #expect(!error.description.contains(Self.secret), "\(error)")
            switch (reading, error) {
            case (.postgres, .unavailable), (.refused, .badConnection): break
            default: Issue.record("\(text): expected \(reading), got \(error)")
            }
        }
    }

    @Test func aURIWithBlanksOrCapitalsIsGivenToLibpqAsItReadsThem() {
        #expect(PostgresURIShape.of(" postgresql://ann@h/db\n")?.canonical == "postgresql://ann@h/db")
        #expect(PostgresURIShape.of("POSTGRES://ann@h/db")?.canonical == "postgres://ann@h/db")
        #expect(PostgresURIShape.of("postgresql:///db?host=/tmp")?.isWellFormed == true)
        #expect(PostgresURIShape.of("postgresql:/h/db")?.isWellFormed == false)
        #expect(PostgresURIShape.of("postgres:host")?.isWellFormed == false)
    }

    @Test func aNearMissSaysWhatAPostgreSQLURIIs() {
        for text in ["postgresql:/h/db", "postgres:host", "psql://h/db", "https://example.org/x.db"] {
            do {
                let connection = try PostgresConnection.open(text)
                connection.close()
                Issue.record("opened \(text)")
            } catch {
                guard case .badConnection(_, let reason) = error else { Issue.record("\(text): \(error)"); continue }
                #expect(reason.contains("postgresql:// or postgres://"), "\(reason)")
            }
        }
    }

    @Test func pathsStayPaths() {
        for text in [
            "counters.db", "postgres/shop.db", "./postgres:x", "./postgresql://h", "notes:2024.db", "c:/x",
            "part=1.db", "./password=x", "--name=password", "postgresql", "my password", "",
        ] {
            #expect(!PostgresConnectionText.isConnection(text), "\(text)")
        }
    }

    private func scrubbedArgument(_ text: String) -> String {
        var bytes = Array(text.utf8CString)
        bytes.withUnsafeMutableBufferPointer { buffer in
            _ = PostgresConnectionText.scrubPasswords(inArgument: buffer.baseAddress!)
        }
        return String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

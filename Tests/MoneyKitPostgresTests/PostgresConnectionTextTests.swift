// Passwords hidden in what a user typed: URIs, keyword strings, and the awkward cases.

import Testing
@testable import MoneyKitPostgres

@Suite struct PostgresConnectionTextTests {
    @Test func hidesTheURIPassword() {
        #expect(PostgresConnectionText.redacted("postgresql://ann:s3cret@db.example:5433/shop")
            == "postgresql://ann:****@db.example:5433/shop")
        #expect(PostgresConnectionText.redacted("postgres://ann@db/shop") == "postgres://ann@db/shop")
    }

    @Test func hidesAPasswordWithAnAtSignAndEncodedCharacters() {
        let text = "postgresql://ann:p@ss%2Fword@db/shop?sslmode=require"
        let redacted = PostgresConnectionText.redacted(text)
        #expect(redacted == "postgresql://ann:****@db/shop?sslmode=require")
        #expect(PostgresConnectionText.passwords(in: text).contains("p@ss/word"))
    }

    @Test func hidesTheURIQueryPassword() {
        #expect(PostgresConnectionText.redacted("postgresql:///shop?host=/tmp&password=hunter2&user=ann")
            == "postgresql:///shop?host=/tmp&password=****&user=ann")
    }

    @Test func hidesTheKeywordPassword() {
        #expect(PostgresConnectionText.redacted("host=db password=hunter2 dbname=shop")
            == "host=db password=**** dbname=shop")
        #expect(PostgresConnectionText.redacted("host=db password = 'it''s \\' x' dbname=shop").contains("hunter2") == false)
        let quoted = "host=db password='a b\\'c' dbname=shop"
        #expect(PostgresConnectionText.redacted(quoted) == "host=db password=**** dbname=shop")
        #expect(PostgresConnectionText.passwords(in: quoted).contains("a b'c"))
    }

    @Test func hidesTheRestOfAMalformedKeywordString() {
        // libpq refuses "password hunter2" (no "="): the text after it is hidden too.
        let redacted = PostgresConnectionText.redacted("host=db password hunter2")
        #expect(!redacted.contains("hunter2"))
        #expect(!PostgresConnectionText.redacted("host=db password='hunter2").contains("hunter2"))
    }

    @Test func hidesAPasswordInsideADbnameConnectionString() {
        let redacted = PostgresConnectionText.redacted("dbname='postgresql://ann:hunter2@db/shop' connect_timeout=3")
        #expect(!redacted.contains("hunter2"))
        #expect(redacted.contains("connect_timeout=3"))
    }

    @Test func scrubsEveryKnownPasswordFromAMessage() {
        #expect(PostgresConnectionText.scrubbing("bad value \"hunter2\" near hunter2x", of: ["hunter2"])
            == "bad value \"****\" near ****x")
    }

    @Test func onlyCommitOrAutocommitMayHaveCommitted() {
        #expect(PostgresConnection.mayCommit("COMMIT", wasInTransaction: true))
        #expect(PostgresConnection.mayCommit("  commit", wasInTransaction: true))
        #expect(!PostgresConnection.mayCommit("UPDATE t SET n = n + 1", wasInTransaction: true))
        #expect(PostgresConnection.mayCommit("UPDATE t SET n = n + 1", wasInTransaction: false))
        #expect(!PostgresConnection.mayCommit("BEGIN ISOLATION LEVEL SERIALIZABLE", wasInTransaction: false))
    }
}

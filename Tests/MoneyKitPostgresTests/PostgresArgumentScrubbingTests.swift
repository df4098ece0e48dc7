// Passwords scrubbed from an argument in place, as the process list would show it.

import Testing
@testable import MoneyKitPostgres

struct PostgresArgumentScrubbingTests {
    private func scrubbed(_ text: String) -> (String, Bool) {
        var bytes = Array(text.utf8CString)
        let changed = bytes.withUnsafeMutableBufferPointer { buffer in
            PostgresConnectionText.scrubPasswords(inArgument: buffer.baseAddress!)
        }
        return (String(cString: bytes), changed)
    }

    @Test func aURIPasswordBecomesStarsOfTheSameLength() {
        #expect(scrubbed("postgresql://ann:s3cret@db.example/shop") == ("postgresql://ann:******@db.example/shop", true))
        #expect(scrubbed("--file=postgres://ann:s3cret@db/shop") == ("--file=postgres://ann:******@db/shop", true))
        #expect(scrubbed("postgresql://db/shop?password=hunter2&sslmode=require") == ("postgresql://db/shop?password=*******&sslmode=require", true))
    }

    @Test func aKeywordPasswordBecomesStars() {
        #expect(scrubbed("host=db dbname=shop password=hunter2") == ("host=db dbname=shop password=*******", true))
        // The password as typed, quotes and all, is hidden.
        #expect(scrubbed("host=db password='two words'") == ("host=db password=***********", true))
    }

    @Test func otherArgumentsAreLeftAlone() {
        #expect(scrubbed("postgresql://ann@db/shop") == ("postgresql://ann@db/shop", false))
        #expect(scrubbed("coffee") == ("coffee", false))
        #expect(scrubbed("--name=password") == ("--name=password", false))
        #expect(scrubbed("") == ("", false))
    }
}

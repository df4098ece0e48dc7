// The names of --people: MoneyKit's name rule, no separators, no name twice in any
// letter case, not the word everyone, 1 to 20 of them; lookups ignore letter case.

import Testing
import MoneyKit
import MoneyKitStorage
@testable import BillKit

struct PeopleNamesTests {
    @Test func namesAreReadInOrderWithBlanksAroundThemIgnored() throws {
        let people = try PeopleNames(parsing: "Alice, Bob ,Cara")
        #expect(people.names == ["Alice", "Bob", "Cara"])
        #expect(people.count == 3)
        #expect(people.index(of: "bob") == 1)
        #expect(people.index(of: "CARA") == 2)
        #expect(people.index(of: "Dan") == nil)
    }

    @Test func aNameIsStoredInNFCAndMatchedInEitherForm() throws {
        let decomposed = "Zoe\u{0301}"
        let people = try PeopleNames(parsing: decomposed)
        #expect(people.names == ["Zo\u{00E9}"])
        #expect(people.index(of: "ZO\u{00C9}") == 0)
        #expect(people.index(of: decomposed) == 0)
    }

    @Test(arguments: [
        ("Alice,alice", PeopleNames.NameProblem.duplicate("alice")),
        ("Alice,,Bob", .rule("", .empty)),
        ("Alice;Bob", .separator("Alice;Bob", ";")),
        ("Everyone,Bob", .reserved("Everyone")),
        ("Al\u{1B}[31mice", .rule("Al\u{1B}[31mice", .control("\u{1B}"))),
    ])
    func aBadListNamesItsProblem(text: String, problem: PeopleNames.NameProblem) {
        #expect(throws: BillError.invalidPeopleNames(text, problem)) { try PeopleNames(parsing: text) }
    }

    @Test func twentyPeopleAreAcceptedAndTwentyOneRefused() throws {
        let twenty = (1...20).map { "P\($0)" }.joined(separator: ",")
        #expect(try PeopleNames(parsing: twenty).count == 20)
        let twentyOne = twenty + ",P21"
        #expect(throws: BillError.invalidPeopleNames(twentyOne, .tooMany)) { try PeopleNames(parsing: twentyOne) }
    }

    @Test func aLongNameFollowsTheSharedRule() {
        let long = String(repeating: "a", count: ItemName.maximumCharacters + 1)
        #expect(PeopleNames.checked(long) == .failure(.rule(long, .tooLong)))
        let longest = String(repeating: "a", count: ItemName.maximumCharacters)
        #expect(PeopleNames.checked(longest) == .success(longest))
    }
}

// The names of the people a bill is split among (`--people Alice,Bob,Cara`, the `who`
// column of an itemised bill): MoneyKit's one name rule (ItemName: visible characters, no
// edge spaces or controls, NFC, at most 100 characters), plus what a list of names needs
// here: no comma or semicolon inside a name (they separate names), no name twice (letter
// case does not tell people apart), and not the word `everyone` (an itemised bill's
// keyword for all the people).

import MoneyKit
import MoneyKitPlatform
import MoneyKitStorage

/// The people of a split, by name, in the order given; names match whatever their letter
/// case ("alice" is Alice).
public struct PeopleNames: Equatable, Sendable {
    /// The names as first written (NFC), in order.
    public private(set) var names: [String]
    /// The match key (`ItemName.matchKey`) of each name, in the same order.
    private var keys: [String]

    /// The word of an itemised bill's `who` column that means all the people.
    public static let everyone = "everyone"
    /// The characters that separate names: `,` on the command line, `;` in a bill's `who`.
    public static let separators: Set<Character> = [",", ";"]

    /// No people yet.
    public init() {
        names = []
        keys = []
    }

    /// The people of `--people`: names separated by commas (blanks around them ignored),
    /// `BillRules.peopleRange` of them.
    /// - Throws: `BillError.invalidPeopleNames` naming the name and what is wrong with it.
    public init(parsing text: String) throws(BillError) {
        self.init()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingSpaces
            switch Self.checked(name) {
            case .failure(let problem): throw BillError.invalidPeopleNames(text, problem)
            case .success(let stored):
                guard index(of: stored) == nil else { throw BillError.invalidPeopleNames(text, .duplicate(name)) }
                append(stored)
            }
        }
        guard BillRules.peopleRange.contains(Int64(names.count)) else { throw BillError.invalidPeopleNames(text, .tooMany) }
    }

    /// The number of people.
    public var count: Int { names.count }

    /// Where the person `name` is (any letter case, any Unicode form), or nil.
    public func index(of name: String) -> Int? {
        let key = ItemName.matchKey(name)
        return keys.firstIndex(of: key)
    }

    /// Adds `name` (already checked) at the end.
    public mutating func append(_ name: String) {
        names.append(name)
        keys.append(ItemName.matchKey(name))
    }

    /// `name` as stored (NFC), or why it cannot name a person.
    public static func checked(_ name: String) -> Result<String, NameProblem> {
        if let separator = name.first(where: separators.contains) { return .failure(.separator(name, separator)) }
        switch ItemName.checked(name) {
        case .failure(let fault): return .failure(.rule(name, fault))
        case .success(let stored):
            if ItemName.matchKey(stored) == everyone { return .failure(.reserved(name)) }
            return .success(stored)
        }
    }

    /// Why a text cannot name a person, or a list cannot be the people.
    public enum NameProblem: Error, Equatable, Sendable {
        /// The name breaks MoneyKit's name rule (`ItemName.Fault`).
        case rule(String, ItemName.Fault)
        /// The name holds a comma or semicolon, which separate names.
        case separator(String, Character)
        /// The name is the word `everyone`, which means all the people.
        case reserved(String)
        /// The name is given twice (perhaps in another letter case).
        case duplicate(String)
        /// Fewer or more names than `BillRules.peopleRange` allows.
        case tooMany

        /// What is wrong, in words ("the name 'A;B' holds ';', which separates names").
        public var explanation: String {
            switch self {
            case let .rule(_, fault): return fault.message(for: "a person's name")
            case let .separator(name, character): return "the name '\(name)' holds '\(character)', which separates names"
            case let .reserved(name): return "'\(name)' cannot name a person: '\(PeopleNames.everyone)' means all the people"
            case let .duplicate(name): return "'\(name)' is named twice (letter case does not tell people apart)"
            case .tooMany: return "give \(BillRules.peopleRange.lowerBound) to \(BillRules.peopleRange.upperBound) names"
            }
        }
    }
}

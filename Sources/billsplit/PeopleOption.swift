// `--people`: a number of people (3) or their names (Alice,Bob,Cara: two or more, as a
// list needs its comma), which names the shares and sets their number. Given more than once (-p 3 --people Alice,Bob,Cara), every
// value must agree on the number, and two lists of names must be the same list; a
// disagreement is a usage error, never a silent "last one wins".

import BillKit
import MoneyKit
import MoneyKitCLI

/// What `--people` gave: the number of people and, when named, their names.
struct PeopleGiven: Equatable {
    var count: Int
    var names: PeopleNames?

    /// One value of `--people`: names when it holds a comma (two or more names), else a
    /// number, so that a slip such as `-p x` or `-p 2.5` stays an error, not one person.
    static func parse(_ text: String, commandPath: [String]) throws(CLIError) -> PeopleGiven {
        if !text.contains(",") {
            do {
                let count = try ParsedArguments.integer(text.trimmingSpaces, named: "--people", in: BillRules.peopleRange, commandPath: commandPath)
                return PeopleGiven(count: Int(count), names: nil)
            } catch {
                var error = error
                if error.hint == nil { error.hint = "give a number, or two or more names separated by commas: --people Alice,Bob" }
                throw error
            }
        }
        do throws(BillError) {
            let names = try PeopleNames(parsing: text)
            return PeopleGiven(count: names.count, names: names)
        } catch {
            throw error.cliError(commandPath: commandPath)
        }
    }

    /// Every value of `--people` on the command line, made one; nil when not given.
    static func resolve(_ arguments: ParsedArguments) throws(CLIError) -> PeopleGiven? {
        var given: PeopleGiven?
        for text in arguments.values(BillsplitOptions.people.spec.long) {
            let value = try parse(text, commandPath: arguments.commandPath)
            guard let earlier = given else {
                given = value
                continue
            }
            if earlier.count != value.count || (earlier.names != nil && value.names != nil && earlier.names != value.names) {
                throw BillError.peopleCountsDisagree([earlier.count, value.count]).cliError(commandPath: arguments.commandPath)
            }
            given = PeopleGiven(count: value.count, names: earlier.names ?? value.names)
        }
        return given
    }
}

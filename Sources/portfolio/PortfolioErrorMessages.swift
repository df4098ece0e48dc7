// Every PortfolioError worded for people, with its exit code: the one place where the
// kit's errors become what portfolio prints (the same words and codes as before the kit).

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

enum PortfolioErrorMessages {
    /// Runs `body`, turning a PortfolioError it throws into portfolio's CLIError.
    static func mapping(commandPath: [String], _ body: () throws -> ExitCode) throws -> ExitCode {
        do {
            return try body()
        } catch let error as PortfolioError {
            throw cliError(error, commandPath: commandPath)
        }
    }

    /// The message, hint and exit code of `error`; `commandPath` for a usage error's usage line.
    static func cliError(_ error: PortfolioError, commandPath: [String] = []) -> CLIError {
        switch error {
        case let .noAccount(name, known, missingStore):
            let hint: String?
            if let missingStore {
                hint = "\(missingStore) does not exist yet; create an account with 'portfolio add NAME VALUE'"
            } else {
                hint = known.isEmpty ? "there are no accounts yet; create one with 'portfolio add NAME VALUE'" : nil
            }
            return CLIError.notFound("account", name, known: known, hint: hint)
        case let .ambiguousName(name, matches):
            return CLIError.ambiguousName(name, matches: matches, things: "accounts")
        case let .accountGone(name):
            return CLIError.notFound("account", name)
        case let .nameTaken(existing):
            return CLIError.data("an account named '\(existing)' already exists", hint: "choose another name, or update it with 'portfolio update'")
        case let .renameTaken(existing):
            return CLIError.data("an account named '\(existing)' already exists")
        case let .closed(account, closedAt):
            return CLIError.data("'\(account)' was closed on \(Instant.dateTime(closedAt))", hint: "reopen it first with 'portfolio reopen \(account)'")
        case let .alreadyClosed(account):
            return CLIError.data("'\(account)' is already closed")
        case let .notClosed(account):
            return CLIError.data("'\(account)' is not closed")
        case let .updateAfterClose(account, updateAt, updateID, closeAt):
            return CLIError.data(
                "'\(account)' has an update on \(Instant.dateTime(updateAt)) (update \(updateID)), not before \(Instant.dateTime(closeAt))",
                hint: "close it at or after its last update, or delete that update first with 'portfolio updates rm'")
        case let .contributionAfterClose(account, contributionAt, contributionID, closeAt):
            return CLIError.data(
                "'\(account)' has money moved on \(Instant.dateTime(contributionAt)) (contribution \(contributionID)), after \(Instant.dateTime(closeAt))",
                hint: "close it at or after that date, or delete it first with 'portfolio flows rm'")
        case let .closeHoldsValue(account, value, currency, closeAt):
            // The amount is ours, formatted (an Arabic locale's direction marks kept); the name is escaped.
            return CLIError.data(
                """
                    '\(account)' still holds \(formatted: Portfolio.money(value, currency)) on \
                    \(formatted: Instant.dateTime(closeAt)): closed so, the returns would count it \
                    as lost
                    """,
                hint: "record it as withdrawn at the close with 'portfolio close NAME --withdraw', or record its value first with 'portfolio update NAME 0'")
        case let .noUpdate(account, id):
            return CLIError("'\(account)' has no update with id \(id)", hint: "'portfolio updates \(account)' lists them with their ids", exitCode: .noInput)
        case let .updateGone(account, id):
            return CLIError("account '\(account)' has no update with id \(id)", hint: """
                'portfolio updates \(account)' lists them with their ids
                """, exitCode: .noInput)
        case let .totalOutOfRange(currency):
            let exponent = currency.minorUnitExponent
            let largest = Money.plainString(minorUnits: .max, exponent: exponent)
            let smallest = Money.plainString(minorUnits: .min, exponent: exponent)
            return CLIError.data(
                """
                    the total of the \(currency.code) accounts is out of range (beyond \(smallest) \
                    to \(largest) \(currency.code)); no total is shown rather than a wrong one
                    """,
                hint: "'portfolio show NAME' shows each account's updates; remove a wrong one with 'portfolio updates rm NAME ID'")
        case .valueBeyondLimits:
            return CLIError.data(PortfolioLimits.valueBeyondLimits)
        case let .dateBeyondLimits(text):
            return CLIError.data("the date '\(text)' is outside 0001-01-01 to 9999-12-31")
        case .nothingToUndo:
            return CLIError("nothing to undo", hint: """
                the last \(PortfolioUndo.limit) changes can be undone; none is recorded in this \
                store
                """, exitCode: .noInput)
        case let .undoMismatch(description):
            return CLIError.data("the store no longer matches the last change recorded for undo (\(description)); nothing was undone",
                                 hint: "was it changed by another program? 'portfolio export' shows what it holds")
        case let .undoConflict(description, actor):
            return CLIError.data("\(actor) changed an account of your last change (\(description)) after it; nothing was undone",
                                 hint: "undo reverts only your own changes, never over someone else's; 'portfolio show NAME' shows the account as it is")
        case let .copyTargetNotEmpty(location):
            return CLIError("\(location) already holds a portfolio; db copy fills only an empty or new store, never merges",
                            hint: "copy to a new file or an empty database (or one where 'portfolio db init' made the tables)", exitCode: .cannotCreate)
        case .demoNeedsEmptyStore:
            return CLIError.usage("the store already has accounts; the demo fills an empty one",
                                  hint: "use another file: portfolio --db /tmp/demo.sqlite demo", commandPath: commandPath)
        case .tooManyPeriods:
            return CLIError.usage("too many periods; choose a longer --period or a shorter range", commandPath: commandPath)
        case .fromAfterTo:
            return CLIError.usage("--from is after --to", commandPath: commandPath)
        case let .importFaults(source, shown, count):
            // One bad line as the message itself, several as details under a summary.
            let lines = shown.map { "\(source): line \($0.line): \($0.message)" }
            if count == 1, let only = lines.first { return CLIError.data(only, hint: "nothing was imported") }
            var error = CLIError.data("\(source): \(count) lines have errors; nothing was imported")
            error.details = lines + (count > shown.count ? ["… and \(count - shown.count) more"] : [])
            return error
        case let .importTooLong(source):
            return CLIError.data("\(source): more than \(Int32.max) lines; split the file")
        // Money in and out, and goals (issue 16).
        case .amountNotPositive:
            return CLIError.data("the amount must be more than zero", hint: "a withdrawal is written as a positive amount: portfolio withdraw NAME 250")
        case let .noContribution(account, id), let .contributionGone(account, id):
            return CLIError("""
                '\(account)' has no deposit or withdrawal with id \(id)
                """, hint: """
                'portfolio flows \(account)' lists them with their ids
                """, exitCode: .noInput)
        case let .noGoal(what):
            return CLIError("\(what) has no goal", hint: "'portfolio goal' lists the goals", exitCode: .noInput)
        case let .goalCurrencyNeeded(currencies):
            return CLIError.usage("""
                the accounts are in several currencies \
                (\(currencies.map(\.code).joined(separator: ", "))); name the total's with \
                --currency
                """,
                                  commandPath: commandPath)
        case let .missingRate(currency, target, at):
            return CLIError.data("no rate for \(currency.code) to \(target.code) on \(Instant.date(at)) (--convert-to \(target.code))",
                                 hint: """
                                     give one with --rate \(currency.code)=RATE (1 \(currency.code) \
                                     = RATE \(target.code)), or in --rates FILE a line \
                                     DATE,\(currency.code),RATE dated at or before \
                                     \(Instant.date(at))
                                     """)
        case let .conversionOutOfRange(source, target):
            return CLIError.data("converting \(source.code) to \(target.code) gives an amount out of range; no total is shown rather than a wrong one")
        case let .changeOutOfRange(currency):
            return CLIError.data(
                """
                    a change of a \(currency.code) value over a period is out of range (beyond \
                    ±\(Money.plainString(minorUnits: .max, exponent: currency.minorUnitExponent)) \
                    \(currency.code)); no change is shown rather than a wrong one
                    """,
                hint: "'portfolio show NAME' shows each account's updates; remove a wrong one with 'portfolio updates rm NAME ID'")
        case let .beyondTotalsBudget(currency):
            let limit = Money.plainString(minorUnits: PortfolioTotalsBudget.limit, exponent: currency.minorUnitExponent)
            return CLIError.data(
                """
                    the \(currency.code) accounts would hold and move more than portfolio can add \
                    up: their largest values, money moved and goals together may come to at most \
                    \(limit) \(currency.code), so that every total stays in range
                    """,
                hint: "nothing was changed")
        }
    }
}

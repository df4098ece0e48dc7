// portfolio deposit, withdraw and flows: money put into and taken out of an account,
// recorded apart from its values (PortfolioKit's Contributions.swift). Each is one undo
// step; flows lists them with ids (text, JSON, CSV, TSV) and flows rm deletes one.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

/// The columns of the deposits and withdrawals list, each defined once.
enum ContributionColumns {
    static let id = ReportColumn<ContributionRow>("id", layout: .amount("ID"), value: { .integer($0.contribution.id) })
    static let date = ReportColumn<ContributionRow>("date", layout: .init("DATE", importance: 100), value: { .string(Instant.iso8601($0.contribution.at)) },
                                                    display: { TextTable.Cell(Instant.dateTime($0.contribution.at)) })
    static let kind = ReportColumn<ContributionRow>("kind", layout: .init("KIND", importance: 50), value: { .string($0.contribution.isDeposit ? "deposit" : "withdrawal") })
    /// Signed: a withdrawal is negative.
    static let amount = ReportColumn<ContributionRow>("amount", layout: .amount("AMOUNT"), value: { .string(PortfolioColumns.plain($0.contribution.amount, $0.currency)) },
                                                      display: { TextTable.Cell(formatted: Portfolio.money($0.contribution.amount, $0.currency)) })
    static let list: ReportColumns<ContributionRow> = ReportColumns([id, date, kind, amount])
}

extension PortfolioCommands {
    /// portfolio deposit / withdraw NAME AMOUNT [--date D].
    func contribution(withdrawal: Bool) throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            guard let text = arguments.argument("AMOUNT") else { throw CLIError.usage("missing AMOUNT", commandPath: arguments.commandPath) }
            let at = try dateOption()
            let (account, amount, id) = try portfolio.addContribution(named: name, at: at, withdrawal: withdrawal) { currency in
                try inputs.value(text, currency: currency)
            }
            let verb = withdrawal ? "Withdrew" : "Deposited"
            invocation.say("\(verb) \(formatted: money(amount.minorUnits, account.currency)) \(withdrawal ? "from" : "into") '\(account.name)' on \(Instant.dateTime(at)) [contribution \(id)]. "
                           + "Record its value after the move with: portfolio update NAME VALUE")
            return .ok
        }
    }

    /// portfolio flows NAME: the deposits and withdrawals, newest first, with ids.
    func listContributions() throws -> ExitCode {
        try report { portfolio in
            let (_, rows) = try portfolio.contributionRows(named: name)
            let columns = ContributionColumns.list
            switch OutputFormat.chosen(in: arguments) {
            case .json:
                out.line(JSONValue.array(columns.jsonObjects(rows)).serialized(pretty: true))
            case .text:
                if rows.isEmpty {
                    invocation.err.line("No deposits or withdrawals recorded. Record one with: portfolio deposit NAME AMOUNT")
                    return .ok
                }
                out.table(columns.textTable(rows), maxWidth: invocation.terminal.width, styleHeader: styler.dim)
            case let format:
                for line in columns.delimitedLines(rows, format: format) { out.line(line) }
            }
            return .ok
        }
    }

    /// portfolio flows rm NAME ID.
    func removeContribution() throws -> ExitCode {
        try withStore(.change) { _, portfolio in
            let account = try portfolio.account(named: name)
            guard let id = try arguments.integerArgument("ID", in: 1...Int64.max) else {
                throw CLIError.usage("missing ID", commandPath: arguments.commandPath)
            }
            guard try portfolio.hasContribution(id: id, of: account) else { throw PortfolioError.noContribution(account: account.name, id: id) }
            guard try Confirmation.require("Delete deposit or withdrawal \(id) of '\(account.name)'", invocation: invocation) else {
                invocation.say("Nothing deleted.")
                return .ok
            }
            try portfolio.deleteContribution(id: id, of: account)
            invocation.say("Deleted deposit or withdrawal \(id) of '\(account.name)'. Undo with: portfolio undo")
            return .ok
        }
    }
}

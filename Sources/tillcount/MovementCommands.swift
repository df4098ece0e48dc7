// tillcount sales, paid-in, paid-out, refund, drop, movements (list, rm), blind and tolerance:
// what went into and out of the till, and the till's settings for setting the count
// against it. The rules are TillKit's (TillMovements.swift); these read the arguments and
// say what was done.

import MoneyKit
import MoneyKitStorage
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

struct MovementCommands {
    let context: TillContext

    var arguments: ParsedArguments { context.arguments }
    var rendering: TillRendering { context.rendering }

    // MARK: recording

    /// `tillcount sales [AMOUNT] [--set]`: adds (or with --set replaces) the cash sales;
    /// without AMOUNT prints their total (refused on a blind till: it would tell).
    func sales() throws -> ExitCode {
        guard arguments.argument("AMOUNT") != nil else {
            if arguments.flag(TillcountSpec.replaceSales) {
                throw CLIError.usage("--set needs an AMOUNT", commandPath: arguments.commandPath)
            }
            let count = try context.current()
            if count.state.isBlind { throw Self.blindRefusal("the cash sales stay hidden") }
            let cash = try ExpectedCash(state: count.state, currency: count.currency)
            context.out.line(cash.sales.plainString)
            return .ok
        }
        return try record(.sale, replacingSales: arguments.flag(TillcountSpec.replaceSales))
    }

    /// `tillcount paid-in|paid-out|refund|drop AMOUNT --reason TEXT` (and `sales AMOUNT`).
    func record(_ kind: TillMovement.Kind, replacingSales: Bool = false) throws -> ExitCode {
        guard let text = arguments.argument("AMOUNT") else {
            throw CLIError.usage("missing AMOUNT", commandPath: arguments.commandPath)
        }
        let reason = arguments.text(TillcountSpec.reason)
        // On a blind till undo must not tell the sales later: their step is named without them.
        let isBlind = try context.till.liveCount().isBlind
        let hidesAmount = kind == .sale && isBlind
        var action = hidesAmount ? arguments.commandPath.joined(separator: " ") + " (amount hidden: blind till)" : context.action
        if replacingSales { action += " --set" }
        if let reason, !reason.isEmpty { action += " --reason \(reason)" }
        let recorded = try context.till.recordMovement(
            kind, reason: reason, replacingSales: replacingSales, action: action, currency: context.currencyChoice()
        ) { currency in
            try context.amount(text, currency: currency, what: "the amount")
        }
        let movement = recorded.movement
        let what = replacingSales ? "Cash sales set to" : Self.label(kind)
        let because = movement.reason.map { " (\($0.terminalSafe))" } ?? ""
        context.invocation.err.line("\(what) \(rendering.money(movement.amount(recorded.currency)))\(because): movement \(recorded.number). Undo with: tillcount undo")
        return .ok
    }

    // MARK: listing and correcting

    /// One row of the list: its number, the entry, and whether its amount is hidden.
    struct Row {
        let number: Int
        let movement: TillMovement
        let currency: Currency
        let hidden: Bool

        var amount: Money? { hidden ? nil : movement.amount(currency) }
    }

    static func columns(_ rendering: TillRendering) -> ReportColumns<Row> {
        ReportColumns([
            ReportColumn("number", layout: .amount("#"), value: { .integer(Int64($0.number)) }),
            ReportColumn("kind", layout: .init("KIND", importance: 50), value: { .string($0.movement.kind.rawValue) }),
            ReportColumn("amount", layout: .amount("AMOUNT"), value: { $0.amount.map { .string($0.plainString) } ?? .null },
                         display: { TextTable.Cell($0.amount.map(rendering.money) ?? "(blind)") }),
            ReportColumn("reason", layout: .text("REASON", minimum: 8), value: { $0.movement.reason.map(JSONValue.string) ?? .null }),
            ReportColumn("at", layout: .init("TIME", importance: 100), value: { .string($0.movement.at) },
                         display: { TextTable.Cell(Instant.parseISO8601($0.movement.at).map(Instant.localMinutes) ?? $0.movement.at) }),
        ])
    }

    func list() throws -> ExitCode {
        let count = try context.current()
        let state = count.state
        let cash = try ExpectedCash(state: state, currency: count.currency)
        let rows = state.movements.enumerated().map { index, movement in
            Row(number: index + 1, movement: movement, currency: count.currency, hidden: state.isBlind && movement.kind == .sale)
        }
        let columns = Self.columns(rendering)
        let format = OutputFormat.chosen(in: arguments)
        let out = context.out
        switch format {
        case .json:
            let hidden = state.isBlind
            out.line(JSONValue.object([
                ("currency", .string(count.currency.code)),
                ("movements", .array(columns.jsonObjects(rows))),
                ("sales", hidden ? .null : .string(cash.sales.plainString)),
                ("paidIn", .string(cash.paidIn.plainString)),
                ("paidOut", .string(cash.paidOut.plainString)),
                ("refunds", .string(cash.refunds.plainString)),
                ("drops", .string(cash.drops.plainString)),
                ("float", .string(cash.float.plainString)),
                ("expected", hidden ? .null : .string(cash.expected.plainString)),
                ("blind", .bool(hidden)),
            ]).serialized(pretty: true))
        case .csv, .tsv:
            for line in columns.delimitedLines(rows, format: format) { out.line(line) }
        case .text:
            guard !rows.isEmpty else {
                context.invocation.say("No movements yet. Record them with: tillcount sales|paid-in|paid-out|refund|drop AMOUNT")
                return .ok
            }
            let invocation = context.invocation
            out.table(columns.textTable(rows), maxWidth: invocation.terminal.width, styleHeader: invocation.styler.dim)
            out.line("")
            for (label, amount) in ExpectedRendering.breakdown(cash, blind: state.isBlind) {
                out.line("\(label): \(amount.map(rendering.money) ?? "(blind)")")
            }
        }
        return .ok
    }

    func remove() throws -> ExitCode {
        guard let number = try arguments.integerArgument("NUMBER", in: 1...Int64.max) else {
            throw CLIError.usage("missing NUMBER", commandPath: arguments.commandPath)
        }
        let removed = try context.till.removeMovement(number, action: (arguments.commandPath + [String(number)]).joined(separator: " "))
        let currency = try context.current().currency
        let isBlind = try context.till.liveCount().isBlind
        let blindSale = removed.kind == .sale && isBlind
        let amount = blindSale ? "" : " " + rendering.money(removed.amount(currency))
        context.invocation.err.line("Removed movement \(number): \(removed.kind.rawValue)\(amount). Undo with: tillcount undo")
        return .ok
    }

    // MARK: settings

    func blind() throws -> ExitCode {
        guard let setting = arguments.argument("SETTING") else {
            context.out.line(try context.till.liveCount().isBlind ? "on" : "off")
            return .ok
        }
        let on = setting == "on"
        let changed = try context.till.setBlind(on, action: "blind \(setting)")
        context.invocation.err.line(
            (on ? "Blind: the expected cash and over/short stay hidden until the count is saved." : "Not blind: the expected cash and over/short are shown.")
                + (changed ? " Undo with: tillcount undo" : " (It was already \(setting).)"))
        return .ok
    }

    func tolerance() throws -> ExitCode {
        guard let text = arguments.argument("AMOUNT") else {
            let count = try context.current()
            context.out.line(count.state.tolerance(count.currency)?.amount.plainString ?? "off")
            return .ok
        }
        let set = try context.till.setTolerance(action: context.action, currency: context.currencyChoice()) { currency in
            text == "off" ? nil : try context.amount(text, currency: currency, what: "the tolerance")
        }
        context.invocation.err.line(set.map { "Tolerance \(rendering.money($0.amount)): over or short by more is flagged." } ?? "No tolerance.")
        return .ok
    }

    // MARK: shared

    /// How a kind is named when it is recorded.
    static func label(_ kind: TillMovement.Kind) -> String {
        switch kind {
        case .sale: return "Cash sales"
        case .paidIn: return "Paid in"
        case .paidOut: return "Paid out"
        case .refund: return "Refunded"
        case .drop: return "Dropped to the safe"
        }
    }

    /// The refusal of a reading that would show what a blind till hides.
    static func blindRefusal(_ what: String) -> CLIError {
        CLIError.usage("the till is blind: \(what) until the count is saved",
                       hint: "'tillcount save' prints over/short; 'tillcount blind off' shows the figures again")
    }
}

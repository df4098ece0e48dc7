// The specs of portfolio's money-in-and-out, returns and goal commands (issue 16): deposit,
// withdraw, flows, returns and goal. The command tree (PortfolioCommandTree.tree) lists them.

import MoneyKitPlatform
import MoneyKitCLI
import PortfolioKit

extension PortfolioSpec {
    static let contributionAmount = ArgumentSpec("AMOUNT", help: "How much, more than zero, e.g. 500 or 1234.56 (in the account's currency).")

    static let depositCommand = CommandSpec(
        name: "deposit", abstract: "Record money put into an account (kept apart from its values)",
        discussion: """
            Deposits and withdrawals are the money you put in and take out; updates are what the \
            account is worth. Keeping them apart tells growth from saving: 'portfolio returns' takes \
            them as the cash flows. A deposit does not change the value: record the value after it \
            with 'portfolio update'. Refused (65) at or after the account's close. 'portfolio undo' \
            removes it exactly.
            """,
        options: [date], arguments: [account, contributionAmount])

    static let withdrawCommand = CommandSpec(
        name: "withdraw", abstract: "Record money taken out of an account (kept apart from its values)",
        discussion: """
            The amount is written positive; it is stored, listed (flows, show) and exported as a \
            withdrawal. As with deposit, record the value after it with 'portfolio update'.
            """,
        options: [date], arguments: [account, contributionAmount])

    static let flowsCommand = CommandSpec(
        name: "flows", abstract: "List an account's deposits and withdrawals with their ids, or delete one",
        defaultSubcommand: "list")

    static let flowsListCommand = CommandSpec(
        name: "list", abstract: "An account's deposits and withdrawals, newest first, with ids",
        discussion: """
            Columns id, date, kind (deposit or withdrawal) and amount (a withdrawal negative). \
            'portfolio show NAME' lists them too, below the updates.
            """, aliases: ["ls"],
        options: [format], arguments: [account])

    static let flowsRmCommand = CommandSpec(
        name: "rm", abstract: "Delete one deposit or withdrawal ('portfolio undo' restores it)", aliases: ["delete"],
        options: [StandardOptions.force], arguments: [account, ArgumentSpec("ID", help: "Its id, from 'portfolio flows NAME'.")])

    static let returnsPeriod = TypedOption<Period>.choice(
        .option("period", short: "p", value: "PERIOD", help: """
            One row per month, quarter or year (default: one row for the whole range).
            """, allowed: ["month", "quarter", "year"]))

    static let returnsCommand = CommandSpec(
        name: "returns", abstract: "Money-weighted (XIRR) and time-weighted returns of an account or of the portfolio, per period",
        discussion: """
            Like hledger's roi and Portfolio Performance. For each period (from its first second to its last, both \
            included; the last ends at --to): the value at its start (the one in force just before it), the money put \
            in (IN) and taken out (OUT), the value at its end, the gain (the change in value less the money put in, plus \
            the money taken out), and two rates.

            MWR, the money-weighted return (internal rate of return, XIRR): the one yearly rate at which the start \
            value and each deposit, grown to the end, less each withdrawal, give the end value; MWR/YEAR is that rate \
            (annualised, years of 365 days), MWR/PERIOD the same over the period. It is found by bisection, from a \
            bracket widened outwards from 0% until the net present value changes sign (the root nearest 0% when there \
            are several), so every loss short of everything has a rate, however short the period; the rate is exact \
            to far better than the 0.01 percentage point shown (JSON, CSV and TSV give percents with 4 decimals). Cash \
            flows that have no such rate say so; no rate is then given.

            TWR, the time-weighted return: the period is cut at every instant money moves; each piece grows from the \
            value just after one flow to the value just before the next, and the pieces' growth is chained, so the \
            timing and size of deposits do not count. TWR/PERIOD is over the period, TWR/YEAR annualised. The value \
            of an account at an instant is its last update plus the money moved since it (as the journal exports book \
            it and hledger's roi counts it; an update is taken to include money moved at its own instant): so the \
            value just before money moves is the one the second before, and the value just after adds the money \
            moved (an update at that very instant replaces both). The start and end values are counted the same way. \
            Where no value was recorded at a flow's date, the last earlier one is carried forward, so the growth since \
            it counts in the piece before the flow: record a value with each deposit for exact pieces.

            Without any deposit or withdrawal recorded for an account, growth cannot be told from saving: the row gives \
            the change in value only (END less START), no gain (GAIN "—", null in JSON, empty in CSV and TSV) and no \
            rate, and says so (for the portfolio: when any of its accounts has none). A value that appears with no \
            money put in before it (the opening deposit is missing) gives no gain and no rate either. Without --from, \
            the first row starts at the first value or flow, so START is 0 and that first value counts in the change.

            Without NAME: one set of rows per currency (amounts in different currencies are never added; --currency \
            keeps one). A row depends only on its own accounts: without --from, each currency's rows (or the \
            account's) start at its own first value or flow, so --currency never changes a row. \
            JSON: {"period", "rows": [{"account", "currency", "period", "from", "to", "startValue", \
            "endValue", "deposits", "withdrawals", "change", "gain" (or null), "moneyWeighted": {"annualisedPercent", \
            "periodPercent"} or null, "timeWeighted": {"periodPercent", "annualisedPercent"} or null, "notes"}]}; \
            CSV and TSV: the same, flat (moneyWeightedAnnualised, moneyWeightedPeriod, timeWeightedPeriod, \
            timeWeightedAnnualised in percent, empty when not known).
            """,
        options: [returnsPeriod.spec, from, to, format, currencyFilter],
        arguments: [ArgumentSpec("NAME", help: """
            An account; without it, the portfolio per currency.
            """, optional: true, completion: .dynamic(["list", "--names"]))])

    static let goalCommand = CommandSpec(
        name: "goal", abstract: "Set, remove or list savings goals (an account's, or a currency's total)",
        discussion: """
            'portfolio goal NAME AMOUNT [--by D]' sets the account's goal (replacing the one it has); 'portfolio goal \
            --total AMOUNT [--by D] [--currency CODE]' sets the goal of the total of one currency's active accounts (the \
            currency: --currency, else the one the accounts have, else the default currency; with several, --currency \
            is needed); 'none' as AMOUNT removes a goal. Without arguments: every goal with its progress (--format). \
            Each change is one undo step.

            Progress, here, in 'portfolio show' and on the dashboard: the value now against the goal, in percent; with \
            --by, the saving still needed each month: what remains divided by the whole calendar months left until the \
            date (local time), rounded up to the minor unit so that saving it each month reaches the goal; with less \
            than a whole month left, all that remains. A reached goal says so; a date that has passed says so. JSON: \
            "account" (null for a total), "currency", "goal", "by", "value", "remaining", "percent", "status" \
            (reached, past, saving or open), "monthly" and "monthsLeft" (with status saving).
            """,
        options: [
            .option("total", value: "AMOUNT", help: "The goal of a currency's total instead of an account's ('none' removes it)."),
            .option("by", value: "D", help: "The date to reach it by. \(RangeDateHelp.end)"),
            .option("currency", short: "c", value: "CODE", help: "With --total: which currency's total."),
            format,
        ],
        arguments: [ArgumentSpec("NAME", help: "The account.", optional: true, completion: .dynamic(["list", "--names"])),
                    ArgumentSpec("AMOUNT", help: "The goal, e.g. 10000, or none to remove it.", optional: true)])
}

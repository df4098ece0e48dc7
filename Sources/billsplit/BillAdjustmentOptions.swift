// The options for a tax, the tip's base, a fixed tip and a rounded total, and how one
// run's values become BillKit's BillAdjustments: --tax and --tax-included exclude each
// other, as do --tip and --tip-amount, and --round-up and --round-total (usage, 64).
// Amounts are read in the bill's currency, once that is known.

import BillKit
import MoneyKit
import MoneyKitCLI

extension BillsplitOptions {
    /// `--tax`: added to the bill.
    static let tax = TypedOption<BillTax>(.option(
        "tax", value: "PCT",
        help: """
            Add a tax of PCT percent to the bill, \(BillsplitSpec.range(BillRules.taxRange)) with up \
            to \(BillRules.taxDecimals) decimals (8.875); the tip is on the bill before tax unless \
            --tip-on total.
            """
    )) { text, arguments throws(CLIError) in
        do throws(BillError) { return try BillRules.tax(text, .added) } catch { throw error.cliError(commandPath: arguments.commandPath) }
    }

    /// `--tax-included`: already in the prices, shown and not added.
    static let taxIncluded = TypedOption<BillTax>(.option(
        "tax-included", value: "PCT",
        help: """
            The prices already include a tax (VAT) of PCT percent: its part of the bill is shown, \
            not added; the tip is on the bill as printed unless --tip-on pre-tax.
            """
    )) { text, arguments throws(CLIError) in
        do throws(BillError) { return try BillRules.tax(text, .included) } catch { throw error.cliError(commandPath: arguments.commandPath) }
    }

    /// `--tip-on`: the tip's base.
    static let tipOn = TypedOption<TipBase>.choice(.option(
        "tip-on", value: "BASE",
        help: """
            What the tip percentage applies to: pre-tax (the bill without tax) or total (with tax) \
            (default: pre-tax with --tax, total with --tax-included).
            """,
        allowed: TipBase.allCases.map { $0.rawValue }))

    /// `--tip-amount`: read in the bill's currency once that is known.
    static let tipAmount = TypedOption<String>(.option(
        "tip-amount", value: "AMOUNT", help: "Tip exactly AMOUNT (e.g. 5 or 12.50) instead of a percentage."))

    /// `--round-total`: read in the bill's currency once that is known.
    static let roundTotal = TypedOption<String>(.option(
        "round-total", value: "UNIT",
        help: """
            Round the total to a multiple of UNIT (e.g. 1, 5, 0.50), down or up, whichever leaves \
            the tip closest to the one asked for; the tip takes the difference.
            """))

    /// The options of this file, in the order --help lists them.
    static let adjustmentSpecs = [tax.spec, taxIncluded.spec, tipOn.spec, tipAmount.spec, roundTotal.spec]
}

extension BillOptions {
    /// The tax, tip base, fixed tip and total rounding of `arguments`, amounts in `currency`.
    /// - Throws: `CLIError` (usage) for a bad value or two options that exclude each other.
    static func adjustments(_ arguments: ParsedArguments, currency: Currency) throws(CLIError) -> BillAdjustments {
        let path = arguments.commandPath
        try exclusive(arguments, BillsplitOptions.tax.spec, BillsplitOptions.taxIncluded.spec,
                      hint: "--tax adds a tax to the bill; --tax-included says the prices already include it")
        try exclusive(arguments, BillsplitOptions.tip.spec, BillsplitOptions.tipAmount.spec,
                      hint: "give the tip as a percentage or as an amount")
        try exclusive(arguments, BillsplitOptions.roundUp.spec, BillsplitOptions.roundTotal.spec,
                      hint: "--round-up rounds each share; --round-total rounds the whole bill")
        var tax = try arguments.value(BillsplitOptions.tax)
        if tax == nil { tax = try arguments.value(BillsplitOptions.taxIncluded) }
        let tipOn = try arguments.value(BillsplitOptions.tipOn)
        let tipAmountText = try arguments.value(BillsplitOptions.tipAmount)
        let roundTotalText = try arguments.value(BillsplitOptions.roundTotal)
        do throws(BillError) {
            var adjustments = BillAdjustments(tax: tax, tipOn: tipOn)
            if let tipAmountText { adjustments.tipAmount = try BillRules.tipAmount(tipAmountText, currency: currency) }
            if let roundTotalText { adjustments.roundTotalUnit = try BillRules.roundTotalUnit(roundTotalText, currency: currency) }
            return adjustments
        } catch {
            throw error.cliError(commandPath: path)
        }
    }

    private static func exclusive(_ arguments: ParsedArguments, _ first: OptionSpec, _ second: OptionSpec, hint: String) throws(CLIError) {
        guard arguments.value(first.long) != nil, arguments.value(second.long) != nil else { return }
        throw CLIError.usage("--\(first.long) and --\(second.long) cannot be used together", hint: hint, commandPath: arguments.commandPath)
    }
}

extension BillsplitSpec {
    /// The discussion's paragraph on tax, the tip's base, a fixed tip and a rounded total.
    static let adjustmentDiscussion = """
        Tax and the tip's base: --tax PCT adds a tax of PCT % to the bill; --tax-included \
        PCT says the prices already include one (VAT), whose part of the bill, \
        bill × PCT / (100 + PCT), is shown and not added. The tax is rounded once to the \
        minor unit, half up. The tip is then PCT of its base, rounded once, half up: the \
        bill before tax with --tax, the bill as printed with --tax-included, unless \
        --tip-on says pre-tax (the bill without the tax) or total (with it). --tip-amount \
        gives the tip exactly instead of a percentage. Then total = bill + added tax + tip, \
        split as above. With --round-total UNIT the total becomes the multiple of UNIT just \
        below or just above it whose tip is closest to the tip asked for (the exact \
        percentage of its base, before rounding, or the fixed amount); a tie rounds up; \
        a multiple that would make the tip negative is never chosen (rounding up never \
        does). The tip absorbs the difference, shown as the rounding (extra tip, below \
        zero when rounded down) with the effective tip as a percentage of its base. \
        --tax and --tax-included, --tip and --tip-amount, --round-up and --round-total \
        exclude each other. JSON appends the keys taxPercent and tax, taxIncludedPercent \
        and taxIncluded, tipOn and tipBase, tipAmount, and roundTotal, extraTip and \
        effectiveTipPercent, each only when used (with a fixed tip, tipPercent is its \
        percentage of the base, null for a zero base); CSV and TSV append the same columns \
        after the usual ones. These options apply to every bill of a batch (AMOUNT -). \
        A tax, a fixed tip and a rounding are the bill's own: they are never remembered \
        (a remembered rate would be added, unseen, to the next bill from another place).
        """
}

// How a tax, the tip's base, a fixed tip and a rounded total show: extra rows of the card,
// words of the batch line, keys appended to the JSON object and columns appended to CSV
// and TSV (never reordered). Each shows only when its option was used, so a split
// without them prints byte for byte as before.

import BillKit
import MoneyKit
import MoneyKitStorage
import MoneyKitCLI

extension BillRendering {
    /// The card's tax rows, between the bill and the tip.
    func taxRows(_ result: BillResult) -> [[String]] {
        switch result.request.adjustments.tax {
        case .added(let rate)?: return [["Tax (\(rate)%)", money(result.tax), ""]]
        case .included(let rate)?: return [["Tax included (\(rate)%)", money(result.includedTax), "in the bill, not added"]]
        case nil: return []
        }
    }

    /// "Tip (15%)", or "Tip (fixed)" for a fixed tip.
    func tipLabel(_ result: BillResult) -> String {
        result.request.adjustments.tipAmount == nil ? "Tip (\(result.request.tipPercent)%)" : "Tip (fixed)"
    }

    /// The tip row's note: its base when a tax or --tip-on makes it matter, a fixed tip's
    /// percentage of the base; empty otherwise.
    func tipNote(_ result: BillResult) -> String {
        let adjustments = result.request.adjustments
        var parts: [String] = []
        if adjustments.tipAmount != nil, let percent = result.tipPercent { parts.append("\(percent)%") }
        if adjustments.showsTipBase || adjustments.tipAmount != nil {
            let which = adjustments.tax == nil ? "" : adjustments.effectiveTipOn == .preTax ? " before tax" : " with tax"
            parts.append("of \(money(result.tipBase))\(which)")
        }
        return parts.joined(separator: " ")
    }

    /// The card's row for --round-total: how much the tip changed, to which multiple, and
    /// the effective tip.
    func roundTotalRows(_ result: BillResult) -> [[String]] {
        guard let unit = result.request.adjustments.roundTotalUnit else { return [] }
        let effective = result.effectiveTipPercent.map { "; effective tip \($0)%" } ?? ""
        return [["Rounding", signed(result.roundingExtra), "total to a multiple of \(money(unit))\(effective)"]]
    }

    /// "+$1.12" or "−$0.88": which way the rounding went (`spaced`: "+ $1.12").
    func signed(_ amount: Money, spaced: Bool = false) -> String {
        // A rounding change is at most one unit, far from Int64.min: negating cannot fail.
        let magnitude = amount.isNegative ? (try? amount.negated()) ?? amount : amount
        return (amount.isNegative ? "−" : "+") + (spaced ? " " : "") + money(magnitude)
    }

    /// One line per bill for `billsplit -` when an adjustment is used:
    /// "$125.00 (incl. $25.00 tax) + $18.75 tip (15%) = $143.75: $143.75".
    func adjustedSummaryLine(_ result: BillResult) -> String {
        let adjustments = result.request.adjustments
        var line = money(result.request.bill)
        switch adjustments.tax {
        case .added?: line += " + \(money(result.tax)) tax (\(adjustments.tax?.rate.description ?? "")%)"
        case .included?: line += " (incl. \(money(result.includedTax)) tax, \(adjustments.tax?.rate.description ?? "")%)"
        case nil: break
        }
        line += " + \(money(result.tip)) tip"
        if adjustments.tipAmount == nil {
            line += " (\(result.request.tipPercent)%)"
        } else if let percent = result.tipPercent {
            line += " (fixed, \(percent)%)"
        } else {
            line += " (fixed)"
        }
        if adjustments.roundTotalUnit != nil {
            line += " \(signed(result.roundingExtra, spaced: true)) rounding"
            if let effective = result.effectiveTipPercent { line += " (tip \(effective)%)" }
        } else if result.request.roundUpUnit != nil {
            line += " + \(money(result.roundingExtra)) rounding"
        }
        return line + " = \(money(result.total)): \(perPerson(result))"
    }

    /// The JSON keys of the adjustments used, appended after the others.
    static func adjustmentMembers(_ result: BillResult) -> [(String, JSONValue)] {
        let adjustments = result.request.adjustments
        var members: [(String, JSONValue)] = []
        switch adjustments.tax {
        case .added(let rate)?:
            members += [("taxPercent", .number(rate.description)), ("tax", .string(result.tax.plainString))]
        case .included(let rate)?:
            members += [("taxIncludedPercent", .number(rate.description)), ("taxIncluded", .string(result.includedTax.plainString))]
        case nil: break
        }
        if adjustments.showsTipBase {
            members += [("tipOn", .string(adjustments.effectiveTipOn.rawValue)), ("tipBase", .string(result.tipBase.plainString))]
        }
        if let amount = adjustments.tipAmount { members.append(("tipAmount", .string(amount.plainString))) }
        if let unit = adjustments.roundTotalUnit {
            members += [
                ("roundTotal", .string(unit.plainString)),
                ("extraTip", .string(result.roundingExtra.plainString)),
                ("effectiveTipPercent", result.effectiveTipPercent.map { .number($0.description) } ?? .null),
            ]
        }
        return members
    }

    /// The CSV and TSV columns for a run with `adjustments`: the usual ones, then one group
    /// per adjustment used (tax, included tax, tip base, fixed tip, rounded total), in
    /// that order. The same for every line of a batch, as the options are.
    static func delimitedColumns(_ adjustments: BillAdjustments) -> ReportColumns<BillResult> {
        var columns = delimitedColumns.columns
        switch adjustments.tax {
        case .added?:
            columns += [
                .scriptOnly("taxPercent") { .number($0.request.adjustments.tax?.rate.description ?? "0") },
                .scriptOnly("tax") { .string($0.tax.plainString) },
            ]
        case .included?:
            columns += [
                .scriptOnly("taxIncludedPercent") { .number($0.request.adjustments.tax?.rate.description ?? "0") },
                .scriptOnly("taxIncluded") { .string($0.includedTax.plainString) },
            ]
        case nil: break
        }
        if adjustments.showsTipBase {
            columns += [
                .scriptOnly("tipOn") { .string($0.request.adjustments.effectiveTipOn.rawValue) },
                .scriptOnly("tipBase") { .string($0.tipBase.plainString) },
            ]
        }
        if adjustments.tipAmount != nil {
            columns.append(.scriptOnly("tipAmount") { .string($0.request.adjustments.tipAmount?.plainString ?? "") })
        }
        if adjustments.roundTotalUnit != nil {
            columns += [
                .scriptOnly("roundTotal") { .string($0.request.adjustments.roundTotalUnit?.plainString ?? "") },
                .scriptOnly("effectiveTipPercent") { $0.effectiveTipPercent.map { .number($0.description) } ?? .null },
            ]
        }
        return ReportColumns(columns)
    }
}

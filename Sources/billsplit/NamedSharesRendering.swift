// The shares of one bill by name (--people Alice,Bob,Cara): a table of person, weight
// (only for an uneven split) and what each pays, for the card and the screen. A share
// beyond the names given (the screen's + adds people) is "Person N".

import BillKit
import MoneyKit
import MoneyKitCLI

extension BillRendering {
    /// The label of share `index`: its name, else "Person N".
    static func label(_ index: Int, names: [String]) -> String {
        index < names.count ? names[index] : "Person \(index + 1)"
    }

    /// One row per share, by name; the table escapes the names it shows.
    func namedShares(_ result: BillResult, names: [String]) -> [String] {
        let weighted = !result.request.isEqualSplit
        var columns: [TextTable.Column] = [.text("person", importance: 100)]
        if weighted { columns.append(.amount("weight")) }
        columns.append(.amount("pays"))
        var table = TextTable(columns: columns)
        for (index, (weight, share)) in zip(result.request.weights, result.shares).enumerated() {
            table.append([Self.label(index, names: names)] + (weighted ? [String(weight)] : []) + [money(share)])
        }
        return table.render(maxWidth: width, styleHeader: styler.dim)
    }
}

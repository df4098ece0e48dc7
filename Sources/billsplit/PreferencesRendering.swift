// `billsplit prefs` for people (a table: setting, value, saved or default, then the file)
// and for scripts (one JSON object: the currency a string, the numbers numbers).

import BillKit
import MoneyKitStorage
import MoneyKitCLI

enum PreferencesRendering {
    static func label(_ setting: PreferenceSetting) -> String {
        switch setting {
        case .currency: return "Currency"
        case .tipPercent: return "Tip %"
        case .customTipPercent: return "Custom tip %"
        case .people: return "People"
        }
    }

    static func text(_ report: PreferencesReport) -> [String] {
        var table = TextTable(columns: [.init("setting"), .init("value"), .init("source")], showsHeader: false)
        for entry in report.entries {
            table.append([label(entry.setting), entry.value, entry.isSaved ? "saved" : "default"])
        }
        return table.render() + ["File: \(report.source.terminalSafe)"]
    }

    /// The numbers as JSON numbers; a hand-edited value that is no plain number ("15%")
    /// stays a string, so the output is always valid JSON.
    static func json(_ report: PreferencesReport) -> JSONValue {
        .object(report.entries.map { entry in
            (entry.setting.rawValue, entry.setting != .currency && isPlainNumber(entry.value) ? .number(entry.value) : .string(entry.value))
        } + [("file", .string(report.source))])
    }

    /// `15`, `12.5`, `-3`: a valid JSON number without exponent.
    static func isPlainNumber(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first, parts.count <= 2, !whole.isEmpty, whole == "0" || whole.first != "0" else { return false }
        return parts.allSatisfy { part in !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

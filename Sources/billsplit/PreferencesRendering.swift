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

    static func json(_ report: PreferencesReport) -> JSONValue {
        .object(report.entries.map { entry in
            (entry.setting.rawValue, entry.setting == .currency ? .string(entry.value) : .number(entry.value))
        } + [("file", .string(report.source))])
    }
}

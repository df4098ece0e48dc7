// `billsplit items FILE|-`: reads an itemised bill (CSV item,amount,who), asks BillKit who
// pays what, and prints it in the chosen format. A bill with a bad line prints nothing;
// the preferences are read for the defaults and never changed.

import BillKit
import MoneyKit
import MoneyKitCLI
import MoneyKitStorage

extension BillsplitCommands {
    /// `billsplit items FILE|-`.
    func items() throws -> ExitCode {
        let options = try BillOptions.resolve(invocation, saved: try repository.savedSettings())
        let path = arguments.argument(BillsplitSpec.itemsFile.name) ?? "-"
        let source = path == "-" ? "standard input" : path
        var people = PeopleNames()
        if let given = try PeopleGiven.resolve(arguments) {
            guard let names = given.names else {
                throw BillError.itemsNeedPeopleNames(given.count).cliError(commandPath: arguments.commandPath)
            }
            people = names
        }
        let format = try arguments.value(BillsplitSpec.itemsFormat) ?? .text
        var reader = ItemisedBillReader(currency: options.currency, people: people)
        try CSVReader.forEachRecord(path: path, source: source, standardInput: invocation.input) { fields, line in reader.read(fields, line: line) }
        let result: ItemisedResult
        do throws(BillError) {
            let bill = try reader.finish()
            result = try ItemisedSplitter.split(bill, charges: BillRequest(
                bill: .zero(options.currency), tipPercent: options.tip, weights: [1], adjustments: options.adjustments))
        } catch {
            throw error.itemisedBillError(source: source)
        }
        switch format {
        case .text:
            let rendering = ItemsRendering(localeIdentifier: options.localeIdentifier, styler: invocation.styler, width: invocation.terminal.width)
            for line in rendering.text(result) { out.line(line) }
        case .json: out.line(ItemsRendering.json(result).serialized(pretty: true))
        case .csv, .tsv: for line in ItemsRendering.delimitedLines(result, format: format) { out.line(line) }
        }
        return .ok
    }
}

// tillcount total: a count that is not kept. TOKEN=QTY pairs on the command line, or
// TOKEN=QTY / TOKEN QTY lines on standard input; --format plain prints the total alone.

import MoneyKit
import MoneyKitPlatform
import MoneyKitCLI
import TillKit

struct TotalCommand {
    let context: TillContext

    func run() throws -> ExitCode {
        let arguments = context.arguments
        let currency = try context.currencyChoice().currency(for: nil)
        let set = try context.till.denominations.denominations(for: currency)
        var total = LooseTotal(currency: currency)
        var words = arguments.arguments("TOKEN")
        var source = "the command line"
        if words.isEmpty {
            source = "standard input"
            var lineNumber = 0
            while let line = context.invocation.input.readLine() {
                lineNumber += 1
                let text = line.trimmingSpaces
                if text.isEmpty || text.hasPrefix("#") { continue }
                let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if parts.count == 2, !text.contains("=") {
                    words.append("\(parts[0])=\(parts[1])")
                } else if parts.count == 1, text.contains("=") {
                    words.append(text)
                } else {
                    throw CLIError.data("standard input, line \(lineNumber): expected TOKEN=QTY or TOKEN QTY, got '\(text)'")
                }
            }
        }
        if let weighed = try WeighedCoins(arguments: arguments).request(set: set, currency: currency) {
            words = ["\(weighed.request.token)=\(weighed.request.quantity)"]
            context.invocation.err.line(WeighedCoins.describe(weighed.weighing).terminalSafe)
        } else if let valueText = arguments.text(TillcountSpec.value) {
            // total 0.20 --value 12.40: one token, its quantity from the amount.
            guard words.count == 1, !words[0].contains("=") else {
                throw CLIError.usage("--value goes with exactly one TOKEN and no =QTY", commandPath: arguments.commandPath)
            }
            let item = try DenominationToken.parse(words[0], set: set, currency: currency)
            let value = try context.amount(valueText, currency: currency, what: "--value")
            words = ["\(words[0])=\(try QuantityByValue.quantity(of: item, worth: value, text: valueText, set: set, currency: currency))"]
        }
        for word in words {
            guard let equals = word.lastIndex(of: "=") else {
                throw CLIError.usage("expected TOKEN=QTY, got '\(word)' (from \(source))", commandPath: arguments.commandPath)
            }
            let item = try DenominationToken.parse(String(word[..<equals]), set: set, currency: currency)
            guard let quantity = Int64(word[word.index(after: equals)...]), quantity >= 0 else {
                throw CLIError.data("invalid quantity in '\(word)': expected a whole number of 0 or more")
            }
            try total.add(item, quantity: quantity, word: word)
        }
        let floatText = arguments.text(TillcountSpec.totalFloat)
        if let floatText { total.setFloat(try context.amount(floatText, currency: currency, what: "--float")) }
        let summary = try total.summary(set: set)
        let out = context.out
        switch try arguments.value(TillcountSpec.totalFormat) ?? .text {
        case .plain: out.line(summary.total.plainString)
        case .json: out.line(TillRendering.json(summary).serialized(pretty: true))
        case .csv: for line in TillColumns.lines.delimitedLines(summary.counted, format: .csv) { out.line(line) }
        case .tsv: for line in TillColumns.lines.delimitedLines(summary.counted, format: .tsv) { out.line(line) }
        case .text:
            let rendering = context.rendering
            if floatText == nil {
                for line in rendering.table(summary, showAll: false).prefix(while: { !$0.isEmpty }) { out.line(line) }
                out.line("")
                out.line("Total  \(rendering.money(summary.total))")
            } else {
                for line in rendering.table(summary, showAll: false) { out.line(line) }
            }
        }
        return .ok
    }
}
